"""The CSV import format: one file per table, UTF-8, comma-separated, header row first.

`parse_file` turns a file into `(line, row)` pairs of typed values that the database accepts as they
are, or reports `RowError`s naming file, line and reason: reading problems (`csvfile`), bad cells
(`cells`), rules across a row (a dispatch counts up, a return down; a document is not issued after it
expires) and the same natural key twice in one file. References between files (a movement's client
code …) are checked later, against the database, by `backend.importer.load`.
"""

from __future__ import annotations

import hashlib
import unicodedata
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from backend.importer.cells import (
    BadValue,
    Converter,
    boolean,
    choice,
    client,
    day,
    integer,
    key,
    moment,
    note,
    plate,
    shown,
    slug,
    text,
)
from backend.importer.csvfile import FileRejected, RowError, read_records
from backend.importer.zones import timezone

__all__ = [
    "COLUMNS",
    "DOC_TYPES",
    "KEYS",
    "MOVEMENT_KINDS",
    "QUANTITY_MAX",
    "Row",
    "RowError",
    "line_fingerprint",
    "note_as_written",
    "parse_file",
]

#: One parsed row: column -> typed value (str, int, bool, date, datetime or None), as the database takes it.
Row = dict[str, Any]

DOC_TYPES = ("SOAT", "TECNOMECANICA", "POLIZA_RC")
MOVEMENT_KINDS = ("opening", "dispatch", "return", "adjustment")
QUANTITY_MAX = 1_000_000  # units in one movement line; far below int4, so sums stay exact
YEAR_MIN, YEAR_MAX = 1900, 2100

# File name -> column -> converter. The columns *are* the documented import format (README).
SPECS: dict[str, dict[str, Converter]] = {
    "companies.csv": {"slug": slug, "name": text(), "timezone": timezone},
    "clients.csv": {"company": slug, "code": client(), "name": text(), "city": text(required=False)},
    "asset_types.csv": {"company": slug, "code": key(upper=True, typed=True), "name": text(), "plural_name": text()},
    "vehicles.csv": {
        "company": slug,
        "plate": plate(),
        "kind": text(required=False),
        "brand_model": text(required=False),
        "model_year": integer(YEAR_MIN, YEAR_MAX, required=False),
        "active": boolean,
    },
    "drivers.csv": {
        "company": slug,
        "document_number": key(typed=True),
        "full_name": text(),
        "phone": text(40, required=False),
        "license_expires_on": day(required=False),
        "vehicle_plate": plate(required=False),
    },
    "vehicle_documents.csv": {
        "company": slug,
        "plate": plate(),
        "doc_type": choice(*DOC_TYPES, upper=True),
        "number": key(),
        "issued_on": day(required=False),
        "expires_on": day(),
    },
    "movements.csv": {
        "company": slug,
        "occurred_at": moment,
        "kind": choice(*MOVEMENT_KINDS),
        "delivery_note": note,
        "client_code": client(),
        "asset_type": key(upper=True, typed=True),
        "quantity": integer(-QUANTITY_MAX, QUANTITY_MAX),
        "vehicle_plate": plate(required=False),
        "driver_document": key(required=False, typed=True),
    },
}
COLUMNS: dict[str, tuple[str, ...]] = {name: tuple(spec) for name, spec in SPECS.items()}
# File name -> the natural key the loader upserts on (movements have none: a repeated line is a second movement).
KEYS: dict[str, tuple[str, ...]] = {
    "companies.csv": ("slug",),
    "clients.csv": ("company", "code"),
    "asset_types.csv": ("company", "code"),
    "vehicles.csv": ("company", "plate"),
    "drivers.csv": ("company", "document_number"),
    "vehicle_documents.csv": ("company", "plate", "doc_type", "number"),
}


def _movement_sign(row: Row) -> None:
    quantity, kind = row["quantity"], row["kind"]
    if quantity == 0:
        raise BadValue("la cantidad ('quantity') es 0: un movimiento mueve al menos una unidad")
    if kind == "dispatch" and quantity < 0:
        raise BadValue(f"un despacho ('dispatch') suma: 'quantity' debe ser positiva, no {quantity}")
    if kind == "return" and quantity > 0:
        raise BadValue(f"una devolución ('return') resta: 'quantity' debe ser negativa, no {quantity}")


def _document_dates(row: Row) -> None:
    if row["issued_on"] is not None and row["issued_on"] > row["expires_on"]:
        raise BadValue(f"'issued_on' ({row['issued_on']}) es posterior a 'expires_on' ({row['expires_on']})")


def line_fingerprint(key: tuple[Any, ...], seen: Counter[tuple[Any, ...]]) -> bytes:
    """A movement line's fingerprint (`backend.importer.load`): its content and its repeat index in the
    file, `seen[key]` (the second identical line is a second movement, recognised again on re-import)."""
    return hashlib.sha256(repr((key, seen[key])).encode()).digest()


def note_as_written(cell: str) -> str | None:
    """A movement's delivery note as imports before the upper-case rule stored it and put it in the line's
    fingerprint (stripped, NFC: «r-1234»); `backend.importer.load` recognises those lines by it."""
    written = unicodedata.normalize("NFC", cell.strip())
    return written or None


ROW_RULES: dict[str, Callable[[Row], None]] = {
    "movements.csv": _movement_sign,
    "vehicle_documents.csv": _document_dates,
}


def parse_file(path: Path, errors: list[RowError]) -> list[tuple[int, Row]]:
    """Parse one CSV file into `(line, row)` pairs; append a `RowError` for every bad row or header.

    Raises nothing for bad content: the caller decides after reading every file.
    """
    name = path.name
    spec, rule, natural_key = SPECS[name], ROW_RULES.get(name), KEYS.get(name, ())
    first_seen: dict[tuple[Any, ...], int] = {}
    rows: list[tuple[int, Row]] = []
    try:
        for line, raw in read_records(path, tuple(spec), errors):
            try:
                row = {column: convert(raw[column], column) for column, convert in spec.items()}
                if name == "movements.csv":
                    row["note_as_written"] = note_as_written(raw["delivery_note"])
                if rule:
                    rule(row)
            except BadValue as exc:
                errors.append(RowError(name, line, str(exc)))
                continue
            if natural_key:
                k = tuple(row[c] for c in natural_key)
                if k in first_seen:
                    said = ", ".join(f"{c}={shown(str(v))}" for c, v in zip(natural_key, k, strict=True))
                    errors.append(RowError(name, line, f"repetido: {said} ya está en la línea {first_seen[k]}"))
                    continue
                first_seen[k] = line
            rows.append((line, row))
    except FileRejected as exc:
        errors.append(exc.error)
        return []
    return rows
