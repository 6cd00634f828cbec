"""SQL of the groupings: a measure summed per city, day, week, month, vehicle or client, ranked in SQL.

The group key and the measure are chosen from fixed SQL fragments (never text from a question). Measures:
`units` (units dispatched, returned or both, of one asset type or of every one), `notes` (distinct delivery
notes, with a dispatch or return line when `movement` says so) and `saldo` (the clients' saldos now, per
city only). Periods are inclusive local dates in the company's timezone (see `backend.store`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import asyncpg

#: Group key -> (SQL of the key over `m` movements, `c` clients, `v` vehicles and `co` companies, its label).
_KEYS = {
    "city": ("c.city", "c.city"),
    "day": ("(m.occurred_at AT TIME ZONE co.timezone)::date", "NULL"),
    "week": ("date_trunc('week', m.occurred_at AT TIME ZONE co.timezone)::date", "NULL"),
    "month": ("date_trunc('month', m.occurred_at AT TIME ZONE co.timezone)::date", "NULL"),
    "vehicle": ("v.plate", "v.kind || ' ' || v.brand_model"),
    "client": ("c.code", "c.name || ' (' || c.city || ')'"),
}
_MEASURES = {
    "units": "sum(abs(m.quantity))",
    "notes": "count(DISTINCT m.delivery_note)",
}
_KINDS = {"dispatch": ("dispatch",), "return": ("return",), None: ("dispatch", "return")}

_GROUPED_SQL = """
SELECT {key}::text AS key, min({label}) AS label, {measure}::bigint AS amount
FROM movements m JOIN companies co ON co.id = m.company_id JOIN clients c ON c.id = m.client_id
LEFT JOIN vehicles v ON v.id = m.vehicle_id
WHERE m.company_id = fleetops_company_id() AND m.kind = ANY($1::text[])
  AND m.occurred_at >= COALESCE(($2::date)::timestamp AT TIME ZONE co.timezone, '-infinity')
  AND m.occurred_at < COALESCE(($3::date + 1)::timestamp AT TIME ZONE co.timezone, 'infinity')
  AND ($4::text IS NULL OR m.asset_type_id = (SELECT id FROM asset_types WHERE code = $4))
  AND ($5::text IS NULL OR c.city = $5)
  AND ($6::text IS NULL OR v.kind = $6)
  AND {key} IS NOT NULL {notes_only}
GROUP BY {key}"""

_SALDO_SQL = """
SELECT c.city AS key, c.city AS label, COALESCE(sum(b.balance), 0)::bigint AS amount
FROM clients c LEFT JOIN client_balances b ON b.client_id = c.id AND ($1::text IS NULL OR b.asset_code = $1)
WHERE c.company_id = fleetops_company_id()
GROUP BY c.city"""

_EVERY_VEHICLE_SQL = """SELECT plate AS key, kind || ' ' || brand_model AS label, 0::bigint AS amount FROM vehicles
WHERE active AND ($1::text IS NULL OR kind = $1)"""
_EVERY_CLIENT_SQL = """SELECT code AS key, name || ' (' || city || ')' AS label, 0::bigint AS amount FROM clients
WHERE ($1::text IS NULL OR city = $1)"""


@dataclass(frozen=True)
class Group:
    """One group: its key as text (a city, an ISO date, a plate, a client code), a label (the vehicle's kind
    and model, the client's name and city; None for cities and dates) and the measure's amount."""

    key: str
    label: str | None
    amount: int


async def grouped(
    conn: asyncpg.Connection,
    *,
    by: str,
    measure: str,
    movement: str | None,
    asset_code: str | None,
    start: date | None,
    end: date | None,
    city: str | None = None,
    vehicle_kind: str | None = None,
    fewest: bool = False,
    statement_timeout_s: float | None = None,
) -> list[Group]:
    """Every group of `by` with its amount of `measure`, most first (`fewest`: fewest first), ties by key.
    `saldo` is per city only (every city of the company's clients, 0 when none holds the asset); with
    `fewest`, vehicles (active ones) and clients with no movement count 0; days, weeks and months with
    none are not groups."""
    if measure == "saldo":
        rows = await conn.fetch(_SALDO_SQL, asset_code, timeout=statement_timeout_s)
    else:
        key, label = _KEYS[by]
        notes_only = "AND m.delivery_note IS NOT NULL" if measure == "notes" else ""
        sql = _GROUPED_SQL.format(key=key, label=label, measure=_MEASURES[measure], notes_only=notes_only)
        args = (list(_KINDS[movement]), start, end, asset_code, city, vehicle_kind)
        rows = await conn.fetch(sql, *args, timeout=statement_timeout_s)
        if fewest and by in ("vehicle", "client"):
            every_sql = _EVERY_VEHICLE_SQL if by == "vehicle" else _EVERY_CLIENT_SQL
            seen = {r["key"] for r in rows}
            every = await conn.fetch(every_sql, vehicle_kind if by == "vehicle" else city, timeout=statement_timeout_s)
            rows = [*rows, *(r for r in every if r["key"] not in seen)]
    groups = [Group(r["key"], r["label"], int(r["amount"])) for r in rows]
    groups.sort(key=lambda g: g.key)
    groups.sort(key=lambda g: g.amount, reverse=not fewest)
    return groups
