"""Render a delivery note (remisión) as a one-page A4 PDF with fpdf2.

Text is set in Bitstream Vera Sans (the font DejaVu Sans grew from), embedded from the TTF files that
the `reportlab` wheel ships: a pip dependency, so no system font package is needed, and its Latin-1
coverage renders Spanish accents, `ñ`, `¿¡` and `& < > ' _ *` exactly (no markup is interpreted).
Characters the font cannot draw (an emoji in a client name, CJK, most symbols) would be silently
dropped by fpdf2 (it only logs a warning, and it offers no replacement character; its fallback fonts
need a font that has the glyphs, and no pip dependency ships one): `printable` replaces each run of
them with a visible «?» instead (after trying the character's compatibility decomposition, so «№»
prints as «No»). Labels and number/date formats are Spanish.
"""

from __future__ import annotations

import functools
import importlib.util
import re
import unicodedata
from datetime import datetime
from pathlib import Path

from fpdf import FPDF
from fpdf.enums import Align, XPos, YPos
from fpdf.fonts import FontFace

from backend.core import spanish
from backend.core.text import clean_text
from backend.reports.delivery_notes import DeliveryNote

FONT_FAMILY = "VeraSans"


class FontMissing(RuntimeError):
    """The TTF files shipped with the `reportlab` package are not installed."""


@functools.cache
def font_files() -> tuple[Path, Path]:
    """(regular, bold) TTF paths of Bitstream Vera Sans inside the installed `reportlab` package.

    Raises FontMissing when reportlab (a declared dependency) is absent.
    """
    spec = importlib.util.find_spec("reportlab")
    locations = list(spec.submodule_search_locations or []) if spec else []
    for location in locations:
        regular, bold = Path(location, "fonts", "Vera.ttf"), Path(location, "fonts", "VeraBd.ttf")
        if regular.is_file() and bold.is_file():
            return regular, bold
    raise FontMissing("Vera.ttf/VeraBd.ttf not found: install the 'reportlab' package (pip install -e .)")


MISSING_GLYPH = "?"
_MISSING_RUN = re.compile("\0+")


@functools.cache
def drawable_codepoints() -> frozenset[int]:
    """Code points that both the regular and the bold font have a glyph for (fontTools cmap)."""
    from fontTools.ttLib import TTFont  # a dependency of fpdf2

    maps = [set(TTFont(str(path), lazy=True).getBestCmap()) for path in font_files()]
    return frozenset(set.intersection(*maps))


def printable(text: str) -> str:
    """`text` as the PDF can show it: cleaned (`clean_text`, one line), each character the font lacks
    replaced by its compatibility decomposition when the font has all of that, else by «?»; a run of
    such characters (an emoji sequence) becomes a single «?». Example: 'Tienda 🍕🍔 Ñandú' ->
    'Tienda ? Ñandú'."""
    drawable = drawable_codepoints()
    out = []
    for ch in clean_text(text, single_line=True):
        if ord(ch) in drawable:
            out.append(ch)
            continue
        decomposed = unicodedata.normalize("NFKC", ch)
        out.append(decomposed if all(ord(c) in drawable for c in decomposed) else "\0")
    return _MISSING_RUN.sub(MISSING_GLYPH, "".join(out))


def format_int(value: int) -> str:
    """Spanish thousands separator: 12345 -> '12.345', -1200 -> '-1.200'."""
    return spanish.number(value)


def format_datetime(moment: datetime) -> str:
    """'sábado 6 de diciembre de 2025, 12:10' (24-hour clock, in the moment's own timezone)."""
    return f"{spanish.weekday_date(moment.date())}, {moment:%H:%M}"


def _field(pdf: FPDF, label: str, value: str) -> None:
    pdf.set_font(FONT_FAMILY, "B", 10)
    pdf.cell(32, 6, label)
    pdf.set_font(FONT_FAMILY, "", 10)
    pdf.multi_cell(0, 6, printable(value), align=Align.L, new_x=XPos.LMARGIN, new_y=YPos.NEXT)


def render_delivery_note_pdf(note: DeliveryNote) -> bytes:
    """The PDF bytes of `note`: company, number, local date and time, client `[code] name` and city,
    vehicle and driver, one row per asset type (despachado / devuelto) and the totals."""
    regular, bold = font_files()
    pdf = FPDF(orientation="portrait", unit="mm", format="A4")
    pdf.set_title(f"Remisión {note.number} - {clean_text(note.company_name, single_line=True)}")
    pdf.set_author(clean_text(note.company_name, single_line=True))
    pdf.set_lang("es")
    pdf.add_font(FONT_FAMILY, "", regular)
    pdf.add_font(FONT_FAMILY, "B", bold)
    pdf.set_margins(18, 18, 18)
    pdf.set_auto_page_break(True, margin=18)
    pdf.add_page()

    pdf.set_font(FONT_FAMILY, "B", 16)
    pdf.multi_cell(0, 8, printable(note.company_name), align=Align.L, new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.set_font(FONT_FAMILY, "B", 13)
    pdf.cell(0, 9, printable(f"Remisión N.º {note.number}"), new_x=XPos.LMARGIN, new_y=YPos.NEXT)
    pdf.ln(2)

    _field(pdf, "Fecha:", f"{format_datetime(note.local_time)} (hora de {note.timezone})")
    _field(pdf, "Cliente:", f"[{note.client_code}] {note.client_name}")
    _field(pdf, "Ciudad:", note.client_city or "—")
    _field(pdf, "Vehículo:", note.vehicle_plate or "—")
    _field(pdf, "Conductor:", note.driver_name or "—")
    pdf.ln(4)

    pdf.set_font(FONT_FAMILY, "", 10)
    bold_face = FontFace(family=FONT_FAMILY, emphasis="BOLD")
    with pdf.table(
        col_widths=(2, 1, 1),
        text_align=("LEFT", "RIGHT", "RIGHT"),
        align="LEFT",
        width=pdf.epw,
        headings_style=bold_face,
        line_height=7,
    ) as table:
        table.row(("Activo", "Despachado", "Devuelto"))
        for line in note.lines:
            table.row(
                (
                    printable(f"{line.asset_plural_name.capitalize()} ({line.asset_code})"),
                    format_int(line.dispatched),
                    format_int(line.returned),
                )
            )
        total = table.row()
        for text in ("Total", format_int(note.total_dispatched), format_int(note.total_returned)):
            total.cell(text, style=bold_face)
    return bytes(pdf.output())
