"""Reading one import CSV safely: bytes -> header + `(line, cells)` records, or `RowError`s.

Everything that can go wrong below the level of a single value is caught here, with the file and line:
a file over `MAX_FILE_BYTES`, an empty file, bytes that are not UTF-8 (the line of the first bad byte), a
header with a missing or repeated column, a header repeated inside the file (two exports pasted together),
a quote left open, a field over the csv module's size limit, a row with more or fewer cells than the
header, and NUL bytes.
A UTF-8 byte-order mark at the start of the file and CRLF line ends are accepted; so are a semicolon or
a tab as the separator (recognised from the header, as a spreadsheet in Spanish saves «CSV», or named
by a first line `sep=;` as Excel reads it) and column names in any case.
"""

from __future__ import annotations

import codecs
import csv
import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from backend.core.text import clean_text


@dataclass(frozen=True)
class RowError:
    """One rejected row: `file`, 1-based `line` in the file (the header is line 1), `reason` (Spanish)."""

    file: str
    line: int
    reason: str

    def __str__(self) -> str:  # line 0: the file as a whole
        return f"{self.file}, línea {self.line}: {self.reason}" if self.line else f"{self.file}: {self.reason}"


class FileRejected(Exception):
    """The file cannot be read any further; `error` says where and why."""

    def __init__(self, error: RowError) -> None:
        super().__init__(str(error))
        self.error = error


def not_regular_files(directory: Path, names: Iterable[str]) -> list[RowError]:
    """An error for each of `names` in `directory` that exists but is no regular file (a folder, a device,
    a FIFO, whose reading would never end): such a file would otherwise not be imported, without a word."""
    reason = "no es un archivo normal (una carpeta, un dispositivo o una tubería): no se importó nada"
    return [
        RowError(name, 0, reason) for name in names if (directory / name).exists() and not (directory / name).is_file()
    ]


def _utf16(data: bytes) -> bool:
    """A UTF-16 file (Excel's «Texto Unicode», a tab-separated export): its byte-order mark, or ASCII text
    with a NUL byte beside every character of its first line."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    head = data[:200]
    return len(head) >= 8 and (head[1::2].count(0) == len(head[1::2]) or head[0::2].count(0) == len(head[0::2]))


def _decode(name: str, data: bytes) -> str:
    if _utf16(data):
        reason = "el archivo está en UTF-16 («Texto Unicode» de Excel): guárdelo como «CSV UTF-8»"
        raise FileRejected(RowError(name, 1, reason))
    # the BOM is taken off first: decoded with it («utf-8-sig»), a bad byte's offset was counted 3 bytes
    # short, so a UTF-8 file from Excel with one pasted Windows-1252 line named the byte beside it and,
    # when it opened a line, the line before
    body = data.removeprefix(codecs.BOM_UTF8)
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = body.count(b"\n", 0, exc.start) + 1
        byte = body[exc.start : exc.start + 1]
        seen = byte.decode("cp1252", errors="replace")
        looks = f": «{seen}» en Windows-1252" if seen.isprintable() and seen != "\ufffd" else ""
        reason = f"el archivo no está en UTF-8 (byte 0x{byte.hex()} no válido{looks}); guárdelo como «CSV UTF-8»"
        raise FileRejected(RowError(name, line, reason)) from None


def _csv_problem(exc: csv.Error) -> str:
    text = str(exc)
    if "field larger than field limit" in text:
        return f"un campo supera el máximo de {csv.field_size_limit()} caracteres (¿falta cerrar una comilla?)"
    if "unexpected end of data" in text:
        return 'una comilla (") abierta no se cierra antes del fin del archivo'
    if "expected after" in text:
        return "hay texto pegado a una comilla de cierre: encierre todo el campo entre comillas"
    return "el archivo no es un CSV válido desde esta línea"


#: The largest file read: a file is parsed whole, one transaction, at about 17× its size in memory
#: (measured: 16.3 MB of movements, 200,000 lines -> 276 MB peak RSS); 64 MiB is ≈ 800,000 movement lines
#: and ≈ 1.1 GB. Past it the file is refused before reading (it used to be read, then the process killed).
MAX_FILE_BYTES = 64 * 2**20

#: Field separators recognised from the header: the comma of the format, and the semicolon or tab a
#: spreadsheet in Spanish (Excel es-CO) writes when it saves «CSV».
DELIMITERS = (",", ";", "\t")


def _column(cell: str) -> str:
    """A header cell as a column name: cleaned, lower case («Company » -> «company»)."""
    return clean_text(cell, single_line=True).lower()


#: Excel's separator line («sep=;»), which some exports write before the header and Excel reads.
_SEP_LINE = re.compile(r"sep=([,;\t|])", re.IGNORECASE)


def _delimiter(text: str, expected: tuple[str, ...]) -> tuple[str, bool]:
    """(separator, whether the first line is a `sep=X` line naming it); else the separator whose split of
    the first line names the most expected columns (the comma on a tie). A «sep=;» line was read as the
    header: «falta la columna 'company', 'code', 'name', 'city'», every column named but the one missing."""
    first = text.split("\n", 1)[0].removesuffix("\r")
    if said := _SEP_LINE.fullmatch(first.strip(" ")):
        return said[1], True
    return max(DELIMITERS, key=lambda d: len({_column(c) for c in first.split(d)} & set(expected))), False


def _header(name: str, header: list[str], expected: tuple[str, ...], line: int = 1) -> dict[str, int]:
    """Column name -> index, from the header's column names (`_column`), checking that every expected
    column appears exactly once; errors name `line`, the header's."""
    seen: dict[str, int] = {}
    for index, column in enumerate(header):
        if column and column in seen:
            raise FileRejected(
                RowError(
                    name,
                    line,
                    f"la columna '{column}' está repetida en el encabezado (columnas {seen[column] + 1} y {index + 1})",
                )
            )
        seen.setdefault(column, index)
    missing = [c for c in expected if c not in seen]
    if missing:
        raise FileRejected(RowError(name, line, f"falta la columna {', '.join(repr(c) for c in missing)}"))
    return {c: seen[c] for c in expected}


def read_records(path: Path, expected: tuple[str, ...], errors: list[RowError]) -> Iterator[tuple[int, dict[str, str]]]:
    """`(line, {column: raw cell})` for every non-blank data row of `path`, `line` being where the row
    starts. Rows with a problem of their own are reported in `errors` and skipped; raises `FileRejected`
    when the file cannot be read further (encoding, header, broken quoting)."""
    name = path.name
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise FileRejected(
            RowError(
                name,
                1,
                f"el archivo pesa {size / 2**20:.0f} MB y el máximo es {MAX_FILE_BYTES // 2**20} MB: divídalo "
                "(por ejemplo por meses) e impórtelo por partes",
            )
        )
    text = _decode(name, path.read_bytes())
    if not text.strip():
        raise FileRejected(RowError(name, 1, "el archivo está vacío: debe tener al menos el encabezado"))
    delimiter, sep_line = _delimiter(text, expected)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    line = 0
    try:
        if sep_line:
            next(reader)
        header = [_column(c) for c in next(reader, [])]
        line = reader.line_num
        columns = _header(name, header, expected, line)
        for cells in reader:
            start, line = line + 1, reader.line_num
            if not any(c.strip() for c in cells):
                continue  # blank line
            if "\x00" in "".join(cells):
                where = next(
                    (f"la columna '{c}'" for c, i in columns.items() if i < len(cells) and "\x00" in cells[i]),
                    "un campo",
                )
                errors.append(
                    RowError(name, start, f"{where} contiene un carácter NUL (byte 0): el archivo parece dañado")
                )
            elif len(cells) == len(header) and _column(cells[0]) == header[0] and [_column(c) for c in cells] == header:
                errors.append(RowError(name, start, "el encabezado se repite aquí (¿dos archivos unidos?)"))
            elif len(cells) != len(header):
                errors.append(RowError(name, start, f"la fila tiene {len(cells)} campos y el encabezado {len(header)}"))
            else:
                yield start, {column: cells[index] for column, index in columns.items()}
    except csv.Error as exc:
        raise FileRejected(RowError(name, line + 1, _csv_problem(exc))) from None
