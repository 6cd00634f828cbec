"""SQL of the `admins` table: who may ask a company's bot, their /alertas choice, the blocked flag.

Admins are keyed by Telegram `user_id` (`telegram_user_id`, 1 … 2⁶³−1) within a company. Every
function but `upsert_admin` runs inside `backend.db.connect.tenant_transaction` (RLS: the caller's
company only); `upsert_admin` is the operator's (owner connection, company named by id).
`statement_timeout_s`: client-side limit of the statement in seconds (None: the connection's).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import asyncpg


@dataclass(frozen=True)
class Admin:
    """An admin: Telegram `user_id`, display `name`, `alerts` (daily | if_any | off), and `blocked_at`
    (when Telegram said the bot is blocked; None: not blocked)."""

    user_id: int
    name: str
    alerts: str
    blocked_at: datetime | None


_ADMIN_COLUMNS = "telegram_user_id, name, alerts, blocked_at"


def _admin(row: asyncpg.Record) -> Admin:
    return Admin(int(row["telegram_user_id"]), row["name"], row["alerts"], row["blocked_at"])


async def admin_name(conn: asyncpg.Connection, *, user_id: int, statement_timeout_s: float | None = None) -> str | None:
    """The admin's display name ("" when none was given), None when `user_id` is not an admin."""
    name = await conn.fetchval(
        "SELECT name FROM admins WHERE telegram_user_id = $1", user_id, timeout=statement_timeout_s
    )
    return None if name is None else str(name)


async def admin_id(conn: asyncpg.Connection, *, user_id: int, statement_timeout_s: float | None = None) -> int | None:
    """The admin's row id (`admins.id`), None when `user_id` is not an admin."""
    found = await conn.fetchval(
        "SELECT id FROM admins WHERE telegram_user_id = $1", user_id, timeout=statement_timeout_s
    )
    return None if found is None else int(found)


async def alerts(conn: asyncpg.Connection, *, user_id: int, statement_timeout_s: float | None = None) -> str | None:
    """The admin's digest choice (daily | if_any | off), None when `user_id` is not an admin."""
    choice = await conn.fetchval(
        "SELECT alerts FROM admins WHERE telegram_user_id = $1", user_id, timeout=statement_timeout_s
    )
    return None if choice is None else str(choice)


async def set_alerts(
    conn: asyncpg.Connection, *, user_id: int, alerts: str, statement_timeout_s: float | None = None
) -> str | None:
    """Store the admin's digest choice; the stored value, None when `user_id` is not an admin."""
    choice = await conn.fetchval(
        "UPDATE admins SET alerts = $2 WHERE telegram_user_id = $1 RETURNING alerts",
        user_id,
        alerts,
        timeout=statement_timeout_s,
    )
    return None if choice is None else str(choice)


async def all_admins(conn: asyncpg.Connection, *, statement_timeout_s: float | None = None) -> list[Admin]:
    """Every admin of the caller's company, by Telegram user id."""
    rows = await conn.fetch(
        f"SELECT {_ADMIN_COLUMNS} FROM admins ORDER BY telegram_user_id", timeout=statement_timeout_s
    )
    return [_admin(r) for r in rows]


async def set_blocked(
    conn: asyncpg.Connection, *, user_id: int, blocked: bool, statement_timeout_s: float | None = None
) -> Admin | None:
    """Mark the admin blocked (keeping the first time it was seen) or clear it; None when `user_id` is
    not an admin."""
    row = await conn.fetchrow(
        f"""UPDATE admins SET blocked_at = CASE WHEN $2 THEN COALESCE(blocked_at, now()) END
            WHERE telegram_user_id = $1 RETURNING {_ADMIN_COLUMNS}""",
        user_id,
        blocked,
        timeout=statement_timeout_s,
    )
    return None if row is None else _admin(row)


async def upsert_admin(
    conn: asyncpg.Connection,
    *,
    company_id: int,
    user_id: int,
    name: str = "",
    statement_timeout_s: float | None = None,
) -> None:
    """Register `user_id` as an admin of `company_id`, or rename it when it already is one."""
    await conn.execute(
        "INSERT INTO admins (company_id, telegram_user_id, name) VALUES ($1, $2, $3)"
        " ON CONFLICT (company_id, telegram_user_id) DO UPDATE SET name = EXCLUDED.name",
        company_id,
        user_id,
        name,
        timeout=statement_timeout_s,
    )
