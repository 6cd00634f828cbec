"""One delivery note (remisión): the movements sharing a `delivery_note` number within one company.

The statements filter on the company id as well as relying on row-level security.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from zoneinfo import ZoneInfo

import asyncpg

from backend.core.note_numbers import note_number

_HEADER_SQL = """
SELECT m.occurred_at, co.name AS company_name, co.timezone,
       c.code AS client_code, c.name AS client_name, c.city AS client_city,
       v.plate AS vehicle_plate, d.full_name AS driver_name
FROM movements m
JOIN companies co ON co.id = m.company_id
JOIN clients c ON c.id = m.client_id
LEFT JOIN vehicles v ON v.id = m.vehicle_id
LEFT JOIN drivers d ON d.id = m.driver_id
WHERE m.company_id = $1 AND m.delivery_note = $2
ORDER BY m.occurred_at, m.id
LIMIT 1
"""

_LINES_SQL = """
SELECT a.code, a.name, a.plural_name,
       COALESCE(SUM(m.quantity) FILTER (WHERE m.quantity > 0), 0)::bigint AS dispatched,
       COALESCE(-SUM(m.quantity) FILTER (WHERE m.quantity < 0), 0)::bigint AS returned
FROM movements m
JOIN asset_types a ON a.id = m.asset_type_id
WHERE m.company_id = $1 AND m.delivery_note = $2
GROUP BY a.id, a.code, a.name, a.plural_name
ORDER BY a.code
"""


@dataclass(frozen=True)
class DeliveryNoteLine:
    """One asset type on the note: units dispatched (>= 0) and returned (>= 0, shown positive)."""

    asset_code: str
    asset_name: str
    asset_plural_name: str
    dispatched: int
    returned: int


@dataclass(frozen=True)
class DeliveryNote:
    """A delivery note as printed.

    `occurred_at` is timezone-aware (as stored); `local_time` gives it in the company's `timezone`.
    Client, vehicle and driver are those of the note's earliest movement (a note has one of each in
    well-formed data); `vehicle_plate` / `driver_name` are None when the movement has none.
    """

    number: str
    company_name: str
    timezone: str
    occurred_at: datetime
    client_code: str
    client_name: str
    client_city: str
    vehicle_plate: str | None
    driver_name: str | None
    lines: tuple[DeliveryNoteLine, ...]

    @property
    def local_time(self) -> datetime:
        return self.occurred_at.astimezone(ZoneInfo(self.timezone))

    @property
    def total_dispatched(self) -> int:
        return sum(line.dispatched for line in self.lines)

    @property
    def total_returned(self) -> int:
        return sum(line.returned for line in self.lines)


async def delivery_note(
    conn: asyncpg.Connection, *, company_id: int, number: str, statement_timeout_s: float | None = None
) -> DeliveryNote | None:
    """The note `number` (read by `backend.core.note_numbers.note_number`: «r-1234» is R-1234) of company
    `company_id`, None when it has no such note or `number` is not one; its lines by asset code. Two
    statements, each bounded by `statement_timeout_s` seconds (asyncio.TimeoutError past it)."""
    canonical = note_number(number)
    if canonical is None:
        return None
    number = canonical
    head = await conn.fetchrow(_HEADER_SQL, company_id, number, timeout=statement_timeout_s)
    if head is None:
        return None
    rows = await conn.fetch(_LINES_SQL, company_id, number, timeout=statement_timeout_s)
    lines = tuple(
        DeliveryNoteLine(
            asset_code=r["code"],
            asset_name=r["name"],
            asset_plural_name=r["plural_name"],
            dispatched=int(r["dispatched"]),
            returned=int(r["returned"]),
        )
        for r in rows
    )
    return DeliveryNote(
        number=number,
        company_name=head["company_name"],
        timezone=head["timezone"],
        occurred_at=head["occurred_at"],
        client_code=head["client_code"],
        client_name=head["client_name"],
        client_city=head["client_city"],
        vehicle_plate=head["vehicle_plate"],
        driver_name=head["driver_name"],
        lines=lines,
    )
