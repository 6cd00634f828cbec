"""What a delivery-note (remisión) number is — one definition for the CSV import, `/remision`, the
words path («mándame la remisión R-1234»), the PDF route and the answers.

    note_number("8297")          -> "8297"
    note_number("r-1234")        -> "R-1234"   (letters are kept upper-case, as plates are)
    note_number("FAC-2026-0042") -> "FAC-2026-0042"
    note_number("0042")          -> "0042"     (text: leading zeros kept)
    note_number("-8297"), note_number("8297.5"), note_number("8297abc"), note_number("8 297"),
    note_number("８２９７"), note_number("1" * 13)  -> None

The rule: an optional prefix of 1–8 ASCII letters (with or without a dash after it), then groups of
1–12 ASCII digits joined by single dashes; 24 characters at most. So a sign, decimals, letters after
the digits, a space inside, non-ASCII digits, or a number longer than 12 digits are not note numbers:
a command says how to write one, the import refuses the cell, a lookup finds nothing. Pure, no I/O.
"""

from __future__ import annotations

import re

NOTE_MAX = 24
#: The grammar, upper-case ASCII only (`note_number` upper-cases first).
NOTE_PATTERN = r"(?:[A-Z]{1,8}-?)?[0-9]{1,12}(?:-[0-9]{1,12})*"
_NOTE = re.compile(NOTE_PATTERN)
#: How to write one, for usage and import messages (Spanish).
NOTE_FORM = "dígitos (8297), con un prefijo de letras si lo tiene (R-1234); sin signo, decimales ni espacios"


def note_number(text: str) -> str | None:
    """The canonical delivery-note number `text` is (surrounding spaces ignored, letters upper-case),
    or None when `text` is not one (module docstring)."""
    value = text.strip().upper()
    if len(value) > NOTE_MAX or not value.isascii() or _NOTE.fullmatch(value) is None:
        return None
    return value
