"""SQL of `digest_log`: one row per (admin, local date) morning digest, claimed before it is sent.

Inside `backend.db.connect.tenant_transaction` (RLS: the caller's company). `admin_id` is the row id of
`admins` (see `backend.store.admins.admin_id`), `digest_date` the company's local date. `outcome` is
"claimed" until the send ends as sent | blocked | failed. `statement_timeout_s`: client-side limit of
the statement in seconds (None: the connection's).
"""

from __future__ import annotations

from datetime import date

import asyncpg


async def claim(
    conn: asyncpg.Connection,
    *,
    company_id: int,
    admin_id: int,
    digest_date: date,
    statement_timeout_s: float | None = None,
) -> bool:
    """Claim (admin, date): True for the first claim, False when it was already claimed."""
    claimed = await conn.fetchval(
        """INSERT INTO digest_log (company_id, admin_id, digest_date) VALUES ($1, $2, $3)
           ON CONFLICT (admin_id, digest_date) DO NOTHING RETURNING true""",
        company_id,
        admin_id,
        digest_date,
        timeout=statement_timeout_s,
    )
    return bool(claimed)


async def outcome(
    conn: asyncpg.Connection, *, admin_id: int, digest_date: date, statement_timeout_s: float | None = None
) -> str | None:
    """The outcome recorded for (admin, date), None when it was never claimed."""
    found = await conn.fetchval(
        "SELECT outcome FROM digest_log WHERE admin_id = $1 AND digest_date = $2",
        admin_id,
        digest_date,
        timeout=statement_timeout_s,
    )
    return None if found is None else str(found)


async def finish(
    conn: asyncpg.Connection,
    *,
    admin_id: int,
    digest_date: date,
    outcome: str,
    statement_timeout_s: float | None = None,
) -> bool:
    """Record how the claimed send ended (and when); False when (admin, date) was never claimed."""
    done = await conn.fetchval(
        """UPDATE digest_log SET outcome = $3, finished_at = now()
           WHERE admin_id = $1 AND digest_date = $2 RETURNING true""",
        admin_id,
        digest_date,
        outcome,
        timeout=statement_timeout_s,
    )
    return bool(done)
