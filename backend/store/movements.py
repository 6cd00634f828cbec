"""SQL of the movement answers: delivery notes' quantities, units moved and note counts in a period.

Also which delivery-note numbers exist, who a note's movements name, and a client's latest movements.
Periods are inclusive local dates in the company's timezone (see `backend.store` for the common rules).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import asyncpg

from backend.store.asset_types import AssetType
from backend.store.clients import Client, client_row


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


def local_midnight(day: date, timezone: str) -> datetime:
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
    vehicle_id: int | None = None,
    driver_id: int | None = None,
    limit: int = 5000,
    statement_timeout_s: float | None = None,
) -> list[NoteTotal]:
    """Per delivery note and asset type: units dispatched and returned, newest note first, within the
    local dates [start, end] (None: unbounded), of one client, vehicle, driver or note number if given. Each
    combination of filters is its own statement (fixed SQL fragments), so the planner always sees the
    time range it can serve from `movements_company_time_idx` / `movements_client_time_idx`."""
    where: list[str] = []
    args: list[object] = [limit]
    value: object
    for sql, value in (
        ("m.occurred_at >= ${}", local_midnight(start, timezone) if start else None),
        ("m.occurred_at < ${}", local_midnight(end + timedelta(days=1), timezone) if end else None),
        ("m.client_id = ${}", client_id),
        ("m.delivery_note = ${}", number),
        ("m.vehicle_id = ${}", vehicle_id),
        ("m.driver_id = ${}", driver_id),
    ):
        if value is not None:
            args.append(value)
            where.append(" AND " + sql.format(len(args)))
    rows = await conn.fetch(_NOTE_TOTALS_SQL.format(where="".join(where)), *args, timeout=statement_timeout_s)
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
    conn: asyncpg.Connection,
    *,
    timezone: str,
    start: date | None,
    end: date | None,
    client_id: int | None = None,
    city: str | None = None,
    statement_timeout_s: float | None = None,
) -> dict[str, tuple[int, int]]:
    """Asset code -> (units dispatched, units returned; opening balances and adjustments are neither)
    within the local dates [start, end] (None: unbounded), of one client, or of a city's clients, if given.
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
             AND ($5::text IS NULL OR m.client_id IN (SELECT id FROM clients WHERE city = $5))
           GROUP BY a.code""",
        start,
        end,
        client_id,
        timezone,
        city,
        timeout=statement_timeout_s,
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
    city: str | None = None,
    statement_timeout_s: float | None = None,
) -> int:
    """How many delivery notes (with a dispatch / return line if `movement`, of one asset type if
    `asset_code`, of a city's clients if `city`) in the local dates [start, end]. Counted in SQL: no row cap."""
    count = await conn.fetchval(
        """SELECT count(DISTINCT m.delivery_note) FROM movements m JOIN asset_types a ON a.id = m.asset_type_id
           WHERE m.company_id = fleetops_company_id() AND m.delivery_note IS NOT NULL
             AND ($4::text IS NULL OR m.kind = $4) AND ($5::text IS NULL OR a.code = $5)
             AND m.occurred_at >= COALESCE(($1::date)::timestamp AT TIME ZONE $3::text, '-infinity')
             AND m.occurred_at < COALESCE(($2::date + 1)::timestamp AT TIME ZONE $3::text, 'infinity')
             AND ($6::text IS NULL OR m.client_id IN (SELECT id FROM clients WHERE city = $6))""",
        start,
        end,
        timezone,
        movement,
        asset_code,
        city,
        timeout=statement_timeout_s,
    )
    return int(count)


async def known_notes(
    conn: asyncpg.Connection, *, numbers: list[str], statement_timeout_s: float | None = None
) -> set[str]:
    """Which of `numbers` are delivery notes of the company (exact match)."""
    rows = await conn.fetch(
        "SELECT DISTINCT delivery_note FROM movements WHERE company_id = fleetops_company_id()"
        " AND delivery_note = ANY($1::text[])",
        numbers,
        timeout=statement_timeout_s,
    )
    return {r["delivery_note"] for r in rows}


async def latest_note(
    conn: asyncpg.Connection, *, client_id: int, statement_timeout_s: float | None = None, of: str = "client_id"
) -> str | None:
    """The number of the client's most recent delivery note, None when it has none (`of` «driver_id»:
    `client_id` is a driver's id, its latest note)."""
    column = {"client_id": "client_id", "driver_id": "driver_id"}[of]  # a fixed column name, never the caller's
    number: str | None = await conn.fetchval(
        "SELECT delivery_note FROM movements WHERE company_id = fleetops_company_id()"
        f" AND {column} = $1 AND delivery_note IS NOT NULL"
        " ORDER BY occurred_at DESC, id DESC LIMIT 1",
        client_id,
        timeout=statement_timeout_s,
    )
    return number


@dataclass(frozen=True)
class NotePeople:
    """Ids of the client, vehicle and driver of a delivery note's earliest movement (None: not recorded)."""

    client_id: int
    vehicle_id: int | None
    driver_id: int | None


async def note_people(
    conn: asyncpg.Connection, *, number: str, statement_timeout_s: float | None = None
) -> NotePeople | None:
    """Who the note `number` names (its earliest movement), None when there is no such note."""
    row = await conn.fetchrow(
        "SELECT client_id, vehicle_id, driver_id FROM movements WHERE company_id = fleetops_company_id()"
        " AND delivery_note = $1 ORDER BY occurred_at, id LIMIT 1",
        number,
        timeout=statement_timeout_s,
    )
    return None if row is None else NotePeople(row["client_id"], row["vehicle_id"], row["driver_id"])


@dataclass(frozen=True)
class RecentMovement:
    """One movement event of a client (its lines of one instant, kind and note, summed): `at` is local
    «YYYY-MM-DD HH24:MI», `kind` opening/dispatch/return/adjustment, `quantities` «12 canastillas, 3 estibas»
    (absolute units; an adjustment keeps its sign), `plate` the vehicle's if any."""

    client_id: int
    at: str
    kind: str
    delivery_note: str | None
    quantities: str
    plate: str | None


async def recent_movements(
    conn: asyncpg.Connection, *, client_ids: list[int], per_client: int, statement_timeout_s: float | None = None
) -> list[RecentMovement]:
    """The last `per_client` movement events of each client, newest first (one statement for all)."""
    rows = await conn.fetch(
        """SELECT c.id AS client_id, r.* FROM unnest($1::bigint[]) AS c(id) CROSS JOIN LATERAL (
             SELECT to_char(m.occurred_at AT TIME ZONE co.timezone, 'YYYY-MM-DD HH24:MI') AS at, m.kind,
                    m.delivery_note,
                    string_agg((CASE WHEN m.kind = 'adjustment' THEN m.quantity ELSE abs(m.quantity) END)::text
                               || ' ' || a.plural_name, ', ' ORDER BY a.code) AS q,
                    max(v.plate) AS plate
             FROM movements m JOIN companies co ON co.id = m.company_id
             JOIN asset_types a ON a.id = m.asset_type_id LEFT JOIN vehicles v ON v.id = m.vehicle_id
             WHERE m.client_id = c.id
             GROUP BY m.occurred_at, co.timezone, m.kind, m.delivery_note
             ORDER BY m.occurred_at DESC LIMIT $2) r""",
        client_ids,
        per_client,
        timeout=statement_timeout_s,
    )
    return [RecentMovement(r["client_id"], r["at"], r["kind"], r["delivery_note"], r["q"], r["plate"]) for r in rows]


async def clients_moved(
    conn: asyncpg.Connection,
    *,
    kind: str,
    asset_code: str | None,
    timezone: str,
    start: date | None,
    end: date | None,
    limit: int,
    city: str | None = None,
    lowest: bool = False,
    statement_timeout_s: float | None = None,
) -> list[tuple[Client, int]]:
    """Every client (of `city` if given) with the units of `asset_code` (all types summed when None) of `kind`
    («dispatch» / «return», as positive units) within the local dates [start, end] (None: unbounded), most
    first (`lowest`: fewest first, 0 when none), ties by code, at most `limit`."""
    rows = await conn.fetch(
        """WITH moved AS (
             SELECT m.client_id, sum(abs(m.quantity))::bigint AS amount
             FROM movements m JOIN asset_types a ON a.id = m.asset_type_id
             WHERE m.company_id = fleetops_company_id() AND m.kind = $1 AND ($2::text IS NULL OR a.code = $2)
               AND m.occurred_at >= COALESCE(($3::date)::timestamp AT TIME ZONE $5::text, '-infinity')
               AND m.occurred_at < COALESCE(($4::date + 1)::timestamp AT TIME ZONE $5::text, 'infinity')
             GROUP BY m.client_id)
           SELECT c.id, c.code, c.name, c.city, COALESCE(moved.amount, 0) AS amount
           FROM clients c LEFT JOIN moved ON moved.client_id = c.id
           WHERE $6::text IS NULL OR c.city = $6
           ORDER BY CASE WHEN $7 THEN COALESCE(moved.amount, 0) ELSE -COALESCE(moved.amount, 0) END, c.code
           LIMIT $8""",
        kind,
        asset_code,
        start,
        end,
        timezone,
        city,
        lowest,
        limit,
        timeout=statement_timeout_s,
    )
    return [(client_row(r), int(r["amount"])) for r in rows]
