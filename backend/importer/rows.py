"""The CSV import format: one file per table, UTF-8, comma-separated, header row first.

Each parser turns a file into plain dicts with typed values, or reports `RowError`s naming file, line
and reason. References between files (a movement's client code …) are checked later, against the
database, by `backend.importer.load`.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from backend.text import normalize_plate

# File name -> exact columns, in order. This *is* the documented import format (README).
COLUMNS: dict[str, tuple[str, ...]] = {
    "companies.csv": ("slug", "name", "timezone"),
    "clients.csv": ("company", "code", "name", "city"),
    "asset_types.csv": ("company", "code", "name", "plural_name"),
    "vehicles.csv": ("company", "plate", "kind", "brand_model", "model_year", "active"),
    "drivers.csv": ("company", "document_number", "full_name", "phone", "license_expires_on", "vehicle_plate"),
    "vehicle_documents.csv": ("company", "plate", "doc_type", "number", "issued_on", "expires_on"),
    "movements.csv": (
        "company", "occurred_at", "kind", "delivery_note", "client_code", "asset_type", "quantity",
        "vehicle_plate", "driver_document",
    ),
}
DOC_TYPES = ("SOAT", "TECNOMECANICA", "POLIZA_RC")
MOVEMENT_KINDS = ("opening", "dispatch", "return", "adjustment")
_TRUE = {"true", "1", "si", "sí", "yes", "t"}
_FALSE = {"false", "0", "no", "f"}


@dataclass(frozen=True)
class RowError:
    """One rejected row: `file`, 1-based `line` in the file (the header is line 1), `reason` (Spanish)."""

    file: str
    line: int
    reason: str

    def __str__(self) -> str:
        return f"{self.file}, línea {self.line}: {self.reason}"


class BadValue(ValueError):
    """A cell that does not parse; the message is the reason shown to the operator."""


def _required(value: str, column: str) -> str:
    if not value.strip():
        raise BadValue(f"la columna '{column}' está vacía")
    return value.strip()


def _date(value: str, column: str, *, optional: bool = False) -> date | None:
    if optional and not value.strip():
        return None
    try:
        return date.fromisoformat(_required(value, column))
    except ValueError:
        raise BadValue(f"fecha inválida en '{column}': {value!r} (se espera AAAA-MM-DD)") from None


def _datetime(value: str, column: str) -> datetime:
    try:
        return datetime.fromisoformat(_required(value, column))
    except ValueError:
        raise BadValue(f"fecha y hora inválida en '{column}': {value!r} (se espera AAAA-MM-DDTHH:MM:SS)") from None


def _int(value: str, column: str, *, optional: bool = False) -> int | None:
    if optional and not value.strip():
        return None
    try:
        return int(_required(value, column))
    except ValueError:
        raise BadValue(f"valor no numérico en '{column}': {value!r}") from None


def _bool(value: str, column: str) -> bool:
    v = value.strip().lower()
    if v in _TRUE:
        return True
    if v in _FALSE:
        return False
    raise BadValue(f"valor inválido en '{column}': {value!r} (se espera true/false)")


def _choice(value: str, column: str, choices: tuple[str, ...], *, upper: bool = False) -> str:
    v = value.strip().upper() if upper else value.strip()
    if v not in choices:
        raise BadValue(f"valor desconocido en '{column}': {value!r} (válidos: {', '.join(choices)})")
    return v


def _plate(value: str, column: str, *, optional: bool = False) -> str | None:
    if optional and not value.strip():
        return None
    plate = normalize_plate(_required(value, column))
    if not plate.isalnum() or not plate.isascii():
        raise BadValue(f"placa inválida en '{column}': {value!r}")
    return plate


def _company(r: dict[str, str]) -> dict:
    return {"slug": _required(r["slug"], "slug").lower(), "name": _required(r["name"], "name"),
            "timezone": _required(r["timezone"], "timezone")}


def _client(r: dict[str, str]) -> dict:
    return {"company": _required(r["company"], "company"), "code": _required(r["code"], "code"),
            "name": _required(r["name"], "name"), "city": r["city"].strip()}


def _asset_type(r: dict[str, str]) -> dict:
    return {"company": _required(r["company"], "company"), "code": _required(r["code"], "code").upper(),
            "name": _required(r["name"], "name"), "plural_name": _required(r["plural_name"], "plural_name")}


def _vehicle(r: dict[str, str]) -> dict:
    return {"company": _required(r["company"], "company"), "plate": _plate(r["plate"], "plate"),
            "kind": r["kind"].strip(), "brand_model": r["brand_model"].strip(),
            "model_year": _int(r["model_year"], "model_year", optional=True), "active": _bool(r["active"], "active")}


def _driver(r: dict[str, str]) -> dict:
    return {"company": _required(r["company"], "company"),
            "document_number": _required(r["document_number"], "document_number"),
            "full_name": _required(r["full_name"], "full_name"), "phone": r["phone"].strip(),
            "license_expires_on": _date(r["license_expires_on"], "license_expires_on", optional=True),
            "vehicle_plate": _plate(r["vehicle_plate"], "vehicle_plate", optional=True)}


def _document(r: dict[str, str]) -> dict:
    return {"company": _required(r["company"], "company"), "plate": _plate(r["plate"], "plate"),
            "doc_type": _choice(r["doc_type"], "doc_type", DOC_TYPES, upper=True),
            "number": _required(r["number"], "number"),
            "issued_on": _date(r["issued_on"], "issued_on", optional=True),
            "expires_on": _date(r["expires_on"], "expires_on")}


def _movement(r: dict[str, str]) -> dict:
    return {"company": _required(r["company"], "company"),
            "occurred_at": _datetime(r["occurred_at"], "occurred_at"),
            "kind": _choice(r["kind"], "kind", MOVEMENT_KINDS),
            "delivery_note": r["delivery_note"].strip() or None,
            "client_code": _required(r["client_code"], "client_code"),
            "asset_type": _required(r["asset_type"], "asset_type").upper(),
            "quantity": _int(r["quantity"], "quantity"),
            "vehicle_plate": _plate(r["vehicle_plate"], "vehicle_plate", optional=True),
            "driver_document": r["driver_document"].strip() or None}


PARSERS: dict[str, Callable[[dict[str, str]], dict]] = {
    "companies.csv": _company, "clients.csv": _client, "asset_types.csv": _asset_type,
    "vehicles.csv": _vehicle, "drivers.csv": _driver, "vehicle_documents.csv": _document,
    "movements.csv": _movement,
}


def parse_file(path: Path, errors: list[RowError]) -> list[tuple[int, dict]]:
    """Parse one CSV file into `(line, row)` pairs; append a `RowError` for every bad row or header.

    Raises nothing for bad content: the caller decides after reading every file.
    """
    name = path.name
    expected = COLUMNS[name]
    try:
        text = path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        errors.append(RowError(name, 1, "el archivo no está en UTF-8"))
        return []
    reader = csv.DictReader(io.StringIO(text, newline=""))
    header = tuple(h.strip() for h in (reader.fieldnames or ()))
    missing = [c for c in expected if c not in header]
    if missing:
        errors.append(RowError(name, 1, f"falta la columna {', '.join(repr(c) for c in missing)}"))
        return []
    rows: list[tuple[int, dict]] = []
    for record in _records(reader):
        line, raw = record
        if None in raw or any(v is None for v in raw.values()):
            errors.append(RowError(name, line, "número de columnas distinto al del encabezado"))
            continue
        try:
            rows.append((line, PARSERS[name]({k.strip(): v for k, v in raw.items()})))
        except BadValue as exc:
            errors.append(RowError(name, line, str(exc)))
    return rows


def _records(reader: csv.DictReader) -> Iterator[tuple[int, dict]]:
    for raw in reader:
        if not any((v or "").strip() for v in raw.values() if isinstance(v, str)):
            continue  # blank line
        yield reader.line_num, raw
