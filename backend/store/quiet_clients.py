"""Clients with no movement in a period («clientes sin movimientos en noviembre»). Inside
`backend.db.connect.tenant_transaction` (RLS: the caller's company); `statement_timeout_s` as in
`backend.store.clients`."""

from __future__ import annotations

from datetime import date

import asyncpg

from backend.store.clients import Client, client_row


async def clients_without_movements(
    conn: asyncpg.Connection,
    *,
    timezone: str,
    start: date | None,
    end: date | None,
    city: str | None = None,
    kinds: tuple[str, ...] = ("dispatch", "return"),
    having: bool = False,
    statement_timeout_s: float | None = None,
) -> list[Client]:
    """The clients (of `city` if given) with no movement of `kinds` (dispatch, return) within the local dates
    [start, end] (None: unbounded; an opening balance is no movement) — `having`: those with one —, by name
    then code."""
    rows = await conn.fetch(
        f"""SELECT c.id, c.code, c.name, c.city FROM clients c
           WHERE ($4::text IS NULL OR c.city = $4) AND {"" if having else "NOT "}EXISTS (
             SELECT 1 FROM movements m WHERE m.company_id = fleetops_company_id() AND m.client_id = c.id
               AND m.kind = ANY($5::text[])
               AND m.occurred_at >= COALESCE(($1::date)::timestamp AT TIME ZONE $3::text, '-infinity')
               AND m.occurred_at < COALESCE(($2::date + 1)::timestamp AT TIME ZONE $3::text, 'infinity'))
           ORDER BY c.name, c.code""",
        start,
        end,
        timezone,
        city,
        list(kinds),
        timeout=statement_timeout_s,
    )
    return [client_row(r) for r in rows]
