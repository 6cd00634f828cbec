"""The delivery notes that moved the most (or fewest) units: «¿cuál fue la remisión más grande de noviembre?»."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

import asyncpg

from backend.store.movements import local_midnight


@dataclass(frozen=True)
class NoteSize:
    """A delivery note and the units it moved (of the asset type and movement asked, else all of them)."""

    number: str
    units: int


async def note_sizes(
    conn: asyncpg.Connection,
    *,
    timezone: str,
    start: date | None,
    end: date | None,
    smallest: bool = False,
    asset_code: str | None = None,
    movement: str | None = None,
    client_id: int | None = None,
    vehicle_id: int | None = None,
    driver_id: int | None = None,
    statement_timeout_s: float | None = None,
) -> list[NoteSize]:
    """The delivery notes that moved the most units (`smallest`: the fewest, more than none) within the local
    dates [start, end], of one client, vehicle or driver if given; of `asset_code` and `movement` (dispatch:
    quantities > 0, return: < 0) when given. Every note tied with the first (at most 10)."""
    sign = {"dispatch": "m.quantity > 0", "return": "m.quantity < 0"}.get(movement or "", "true")
    rows = await conn.fetch(
        f"""WITH sizes AS (
              SELECT m.delivery_note, sum(abs(m.quantity)) FILTER (WHERE {sign})::bigint AS units
              FROM movements m JOIN asset_types a ON a.id = m.asset_type_id
              WHERE m.company_id = fleetops_company_id() AND m.delivery_note IS NOT NULL
                AND ($1::timestamptz IS NULL OR m.occurred_at >= $1) AND ($2::timestamptz IS NULL OR m.occurred_at < $2)
                AND ($3::text IS NULL OR a.code = $3) AND ($4::bigint IS NULL OR m.client_id = $4)
                AND ($5::bigint IS NULL OR m.vehicle_id = $5) AND ($6::bigint IS NULL OR m.driver_id = $6)
              GROUP BY m.delivery_note)
           SELECT delivery_note, units FROM sizes
           WHERE units > 0 AND units = (SELECT {"min" if smallest else "max"}(units) FROM sizes WHERE units > 0)
           ORDER BY delivery_note LIMIT 10""",
        local_midnight(start, timezone) if start else None,
        local_midnight(end + timedelta(days=1), timezone) if end else None,
        asset_code,
        client_id,
        vehicle_id,
        driver_id,
        timeout=statement_timeout_s,
    )
    return [NoteSize(r["delivery_note"], int(r["units"])) for r in rows]


@dataclass(frozen=True)
class SizedNote:
    """A delivery note past an amount: its number, local day, client and the units counted."""

    number: str
    day: date
    client_code: str
    client_name: str
    units: int


async def notes_beyond(
    conn: asyncpg.Connection,
    *,
    timezone: str,
    start: date | None,
    end: date | None,
    amount: int,
    above: bool,
    asset_code: str | None = None,
    movement: str | None = None,
    statement_timeout_s: float | None = None,
) -> list[SizedNote]:
    """Every delivery note within the local dates [start, end] whose units (of `asset_code` and `movement`
    when given, as `note_sizes` counts them) are above (`above`) or below `amount`, more than none; the
    largest first (below: the smallest first), then by number. Counted in SQL over every movement."""
    sign = {"dispatch": "m.quantity > 0", "return": "m.quantity < 0"}.get(movement or "", "true")
    rows = await conn.fetch(
        f"""WITH sizes AS (
              SELECT m.delivery_note, min(m.occurred_at) AS at, min(c.code) AS code, min(c.name) AS name,
                     COALESCE(sum(abs(m.quantity)) FILTER (WHERE {sign}), 0)::bigint AS units
              FROM movements m JOIN asset_types a ON a.id = m.asset_type_id JOIN clients c ON c.id = m.client_id
              WHERE m.company_id = fleetops_company_id() AND m.delivery_note IS NOT NULL
                AND ($1::timestamptz IS NULL OR m.occurred_at >= $1) AND ($2::timestamptz IS NULL OR m.occurred_at < $2)
                AND ($3::text IS NULL OR a.code = $3)
              GROUP BY m.delivery_note)
           SELECT delivery_note, (at AT TIME ZONE $6::text)::date AS day, code, name, units FROM sizes
           WHERE units > 0 AND CASE WHEN $5 THEN units > $4 ELSE units < $4 END
           ORDER BY CASE WHEN $5 THEN -units ELSE units END, delivery_note""",
        local_midnight(start, timezone) if start else None,
        local_midnight(end + timedelta(days=1), timezone) if end else None,
        asset_code,
        amount,
        above,
        timezone,
        timeout=statement_timeout_s,
    )
    return [SizedNote(r["delivery_note"], r["day"], r["code"], r["name"], int(r["units"])) for r in rows]
