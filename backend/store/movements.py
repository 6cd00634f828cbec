"""SQL of the movement answers: delivery notes' quantities, units moved and note counts in a period.

Same rules as `backend.store.answers`: a connection inside `tenant_transaction`, keyword-only
arguments, periods as inclusive local dates in the company's timezone, typed rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import asyncpg

from backend.store.answers import AssetType, Client, client_row


@dataclass(frozen=True)
class NoteTotal:
    """One delivery note's quantities of one asset type: dispatched and returned (both ≥ 0)."""

    number: str
    day: date
    client: Client
    asset: AssetType
    dispatched: int
    returned: int


_NOTE_TOTALS_SQL = """
SELECT m.delivery_note, (min(m.occurred_at) AT TIME ZONE co.timezone)::date AS day,
       c.id, c.code, c.name, c.city, a.code AS asset_code,
       COALESCE(sum(m.quantity) FILTER (WHERE m.quantity > 0), 0)::bigint AS dispatched,
       COALESCE(-sum(m.quantity) FILTER (WHERE m.quantity < 0), 0)::bigint AS returned
FROM movements m JOIN companies co ON co.id = m.company_id JOIN clients c ON c.id = m.client_id
JOIN asset_types a ON a.id = m.asset_type_id
WHERE m.company_id = fleetops_company_id() AND m.delivery_note IS NOT NULL {where}
GROUP BY m.delivery_note, co.timezone, c.id, a.code
ORDER BY min(m.occurred_at) DESC, m.delivery_note DESC, a.code LIMIT $1"""


def _local_midnight(day: date, timezone: str) -> datetime:
    return datetime.combine(day, time.min, tzinfo=ZoneInfo(timezone))


async def note_totals(
    conn: asyncpg.Connection,
    *,
    assets: list[AssetType],
    timezone: str,
    start: date | None,
    end: date | None,
    client_id: int | None = None,
    number: str | None = None,
    limit: int = 5000,
) -> list[NoteTotal]:
    """Per delivery note and asset type: units dispatched and returned, newest note first, within the
    local dates [start, end] (None: unbounded), of one client or one note number if given. Each
    combination of filters is its own statement (fixed SQL fragments), so the planner always sees the
    time range it can serve from `movements_company_time_idx` / `movements_client_time_idx`."""
    where, args = [], [limit]
    for sql, value in (
        ("m.occurred_at >= ${}", _local_midnight(start, timezone) if start else None),
        ("m.occurred_at < ${}", _local_midnight(end + timedelta(days=1), timezone) if end else None),
        ("m.client_id = ${}", client_id),
        ("m.delivery_note = ${}", number),
    ):
        if value is not None:
            args.append(value)
            where.append(" AND " + sql.format(len(args)))
    rows = await conn.fetch(_NOTE_TOTALS_SQL.format(where="".join(where)), *args)
    by_code = {a.code: a for a in assets}
    return [
        NoteTotal(
            r["delivery_note"],
            r["day"],
            client_row(r),
            by_code[r["asset_code"]],
            int(r["dispatched"]),
            int(r["returned"]),
        )
        for r in rows
    ]


async def moved(
    conn: asyncpg.Connection, *, timezone: str, start: date | None, end: date | None, client_id: int | None = None
) -> dict[str, tuple[int, int]]:
    """Asset code -> (units dispatched, units returned; opening balances and adjustments are neither)
    within the local dates [start, end] (None: unbounded), of one client if given.
    Summed in SQL over every movement: no row cap."""
    rows = await conn.fetch(
        """SELECT a.code AS asset_code,
                  COALESCE(sum(m.quantity) FILTER (WHERE m.kind = 'dispatch'), 0)::bigint AS dispatched,
                  COALESCE(-sum(m.quantity) FILTER (WHERE m.kind = 'return'), 0)::bigint AS returned
           FROM movements m JOIN asset_types a ON a.id = m.asset_type_id
           WHERE m.company_id = fleetops_company_id() AND m.kind IN ('dispatch', 'return')
             AND m.occurred_at >= COALESCE(($1::date)::timestamp AT TIME ZONE $4::text, '-infinity')
             AND m.occurred_at < COALESCE(($2::date + 1)::timestamp AT TIME ZONE $4::text, 'infinity')
             AND ($3::bigint IS NULL OR m.client_id = $3)
           GROUP BY a.code""",
        start,
        end,
        client_id,
        timezone,
    )
    return {r["asset_code"]: (int(r["dispatched"]), int(r["returned"])) for r in rows}


async def note_count(
    conn: asyncpg.Connection,
    *,
    timezone: str,
    start: date | None,
    end: date | None,
    movement: str | None = None,
    asset_code: str | None = None,
) -> int:
    """How many delivery notes (with a dispatch / return line if `movement`, of one asset type if
    `asset_code`) in the local dates [start, end]. Counted in SQL: no row cap."""
    return await conn.fetchval(
        """SELECT count(DISTINCT m.delivery_note) FROM movements m JOIN asset_types a ON a.id = m.asset_type_id
           WHERE m.company_id = fleetops_company_id() AND m.delivery_note IS NOT NULL
             AND ($4::text IS NULL OR m.kind = $4) AND ($5::text IS NULL OR a.code = $5)
             AND m.occurred_at >= COALESCE(($1::date)::timestamp AT TIME ZONE $3::text, '-infinity')
             AND m.occurred_at < COALESCE(($2::date + 1)::timestamp AT TIME ZONE $3::text, 'infinity')""",
        start,
        end,
        timezone,
        movement,
        asset_code,
    )
