"""A delivery note's header (README, import format): every line of one remisión — the `movements.csv`
lines of one company sharing a `delivery_note` — names the same client, the same day (local date of
`occurred_at`), the same vehicle and the same driver. The PDF and the answers print one of each, so a
note whose lines disagree would print one client's assets on another client's note.

`check_notes` reports each line that disagrees with the first line of its note in the file, or with the
note as the database already holds it (`backend.store.note_headers`); lines whose references already
failed are left out (their error is said once).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from backend.importer.cells import shown
from backend.importer.csvfile import RowError
from backend.store.note_headers import StoredHeader

#: The header fields, in `StoredHeader` order: (the field as the message names it, the column).
FIELDS = (
    ("el cliente", "client_code"),
    ("el día", "occurred_at"),
    ("el vehículo", "vehicle_plate"),
    ("el conductor", "driver_document"),
)
WHY = "una remisión es de un solo cliente, un día, un vehículo y un conductor (otra entrega lleva otro número)"


@dataclass(frozen=True)
class NoteLine:
    """One movement line that carries a note: its file line, company id, note number and header."""

    line: int
    company_id: int
    note: str
    header: tuple[str, date, str | None, str | None]


def _value(value: str | date | None) -> str:
    if value is None:
        return "(vacío)"
    return value.isoformat() if isinstance(value, date) else shown(value)


def _differences(header: StoredHeader, other: StoredHeader) -> str:
    return "; ".join(
        f"{said} ({column}) es {_value(mine)}, no {_value(theirs)}"
        for (said, column), mine, theirs in zip(FIELDS, header, other, strict=True)
        if mine != theirs
    )


def check_notes(
    name: str, lines: list[NoteLine], stored: dict[tuple[int, str], StoredHeader], errors: list[RowError]
) -> None:
    """Append a `RowError` for every line of `lines` whose header differs from its note's."""
    first: dict[tuple[int, str], NoteLine] = {}
    for ln in lines:
        key = (ln.company_id, ln.note)
        if key in stored:
            if diff := _differences(stored[key], ln.header):
                reason = f"la remisión {ln.note} ya está cargada y {diff} como en esta línea: {WHY}"
                errors.append(RowError(name, ln.line, reason))
            continue
        head = first.setdefault(key, ln)
        if head is not ln and (diff := _differences(head.header, ln.header)):
            reason = f"la remisión {ln.note} empieza en la línea {head.line}, donde {diff} como en esta: {WHY}"
            errors.append(RowError(name, ln.line, reason))
