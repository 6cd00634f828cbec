"""SQL of tallies over movements: a client's saldo as it was at the end of a past day, and the drivers
ranked by the delivery notes they carried in a period. Periods are inclusive local dates in the
company's timezone (see `backend.store` for the common rules)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import asyncpg


@dataclass(frozen=True)
class DriverNotes:
    """A driver and how many delivery notes (distinct numbers) carried it in the period."""

    driver_id: int
    full_name: str
    plate: str | None
    notes: int


async def balances_on(
    conn: asyncpg.Connection, *, client_id: int, day: date, timezone: str, statement_timeout_s: float | None = None
) -> dict[str, int]:
    """Asset code -> the client's saldo at the end of local `day`: every movement (opening, dispatch, return,
    adjustment) up to then, summed in SQL."""
    rows = await conn.fetch(
        """SELECT a.code AS asset_code, sum(m.quantity)::bigint AS balance
           FROM movements m JOIN asset_types a ON a.id = m.asset_type_id
           WHERE m.company_id = fleetops_company_id() AND m.client_id = $1
             AND m.occurred_at < ($2::date + 1)::timestamp AT TIME ZONE $3::text
           GROUP BY a.code""",
        client_id,
        day,
        timezone,
        timeout=statement_timeout_s,
    )
    return {r["asset_code"]: int(r["balance"]) for r in rows}


async def driver_notes(
    conn: asyncpg.Connection,
    *,
    timezone: str,
    start: date | None,
    end: date | None,
    fewest: bool = False,
    statement_timeout_s: float | None = None,
) -> list[DriverNotes]:
    """Drivers by delivery notes carried within the local dates [start, end] (None: unbounded), most first,
    ties by name; drivers with none are left out. `fewest`: fewest first, every driver (0 when none)."""
    rows = await conn.fetch(
        """WITH counted AS (
             SELECT m.driver_id, count(DISTINCT m.delivery_note) AS notes FROM movements m
             WHERE m.company_id = fleetops_company_id() AND m.delivery_note IS NOT NULL
               AND m.occurred_at >= COALESCE(($1::date)::timestamp AT TIME ZONE $3::text, '-infinity')
               AND m.occurred_at < COALESCE(($2::date + 1)::timestamp AT TIME ZONE $3::text, 'infinity')
             GROUP BY m.driver_id)
           SELECT d.id, d.full_name, v.plate, COALESCE(c.notes, 0) AS notes
           FROM drivers d LEFT JOIN counted c ON c.driver_id = d.id LEFT JOIN vehicles v ON v.id = d.vehicle_id
           WHERE $4 OR c.notes IS NOT NULL
           ORDER BY CASE WHEN $4 THEN COALESCE(c.notes, 0) ELSE -c.notes END, d.full_name""",
        start,
        end,
        timezone,
        fewest,
        timeout=statement_timeout_s,
    )
    return [DriverNotes(r["id"], r["full_name"], r["plate"], int(r["notes"])) for r in rows]
