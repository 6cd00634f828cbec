"""Daily balance changes for the balance charts, summed in SQL from `movements`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import asyncpg

from backend.store.asset_types import AssetType


@dataclass(frozen=True)
class DailyDelta:
    """The net units of `asset` that moved on local `day` (positive: more held by clients); the day before
    the window carries everything earlier (the starting balance)."""

    asset: AssetType
    day: date
    delta: int


_DAILY_SQL = """
SELECT a.code, a.name, a.plural_name,
       GREATEST((m.occurred_at AT TIME ZONE co.timezone)::date, $3::date - 1) AS day,
       SUM(m.quantity)::bigint AS delta
FROM movements m
JOIN asset_types a ON a.id = m.asset_type_id
JOIN companies co ON co.id = m.company_id
WHERE m.company_id = $1
  AND ($2::bigint IS NULL OR m.client_id = $2)
  AND ($4::int IS NULL OR m.asset_type_id = $4)
  AND (m.occurred_at AT TIME ZONE co.timezone)::date <= $5::date
GROUP BY a.code, a.name, a.plural_name, day
ORDER BY a.code, day
"""


async def daily_deltas(
    conn: asyncpg.Connection,
    *,
    company_id: int,
    start: date,
    end: date,
    client_id: int | None = None,
    asset_type_id: int | None = None,
    statement_timeout_s: float | None = None,
) -> list[DailyDelta]:
    """Per asset type (code order) and local day up to `end` (inclusive): the net movement of one client
    or the whole company, of every asset type or one; movements before `start` are summed on `start - 1`,
    movements after `end` are left out. Days without movements are absent."""
    rows = await conn.fetch(_DAILY_SQL, company_id, client_id, start, asset_type_id, end, timeout=statement_timeout_s)
    return [DailyDelta(AssetType(r["code"], r["name"], r["plural_name"]), r["day"], int(r["delta"])) for r in rows]
