"""SQL about the company itself: its identity, its local «today», its digest schedule, its slug.

Inside `backend.db.connect.tenant_transaction` row-level security shows exactly one company (the
caller's), so the statements without a `WHERE` read that one; the owner connections of the CLI see
them all and name the company by id or slug. `statement_timeout_s` is the client-side limit of each
statement (seconds; None: the connection's `command_timeout`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, time

import asyncpg


@dataclass(frozen=True)
class CompanyIdentity:
    """A company as requests name it: `slug` (frigorifico-andino), display `name`, IANA `timezone`."""

    slug: str
    name: str
    timezone: str


@dataclass(frozen=True)
class DigestSchedule:
    """The company's morning digest schedule: local `digest_time` (None: the backend's default)."""

    slug: str
    name: str
    timezone: str
    digest_time: time | None


async def company_by_id(
    conn: asyncpg.Connection, *, company_id: int, statement_timeout_s: float | None = None
) -> CompanyIdentity | None:
    """The company `company_id` (table `companies`), None when it does not exist or RLS hides it."""
    row = await conn.fetchrow(
        "SELECT slug, name, timezone FROM companies WHERE id = $1", company_id, timeout=statement_timeout_s
    )
    return None if row is None else CompanyIdentity(row["slug"], row["name"], row["timezone"])


async def company_id_for_slug(
    conn: asyncpg.Connection, *, slug: str, statement_timeout_s: float | None = None
) -> int | None:
    """The id of the company whose slug is `slug` (exact, lower case as imported), None when unknown."""
    found = await conn.fetchval("SELECT id FROM companies WHERE slug = $1", slug, timeout=statement_timeout_s)
    return None if found is None else int(found)


async def company_today(conn: asyncpg.Connection, *, statement_timeout_s: float | None = None) -> date:
    """The caller's company's local date (`fleetops_today(timezone)`, so FLEETOPS_TODAY holds). Inside a
    tenant transaction only; LookupError when no company is visible (a bug: RLS shows the caller's)."""
    today = await conn.fetchval("SELECT fleetops_today(timezone) FROM companies", timeout=statement_timeout_s)
    if not isinstance(today, date):
        raise LookupError("no company visible in this transaction")
    return today


async def digest_schedule(
    conn: asyncpg.Connection, *, statement_timeout_s: float | None = None
) -> DigestSchedule | None:
    """The caller's company with its digest time (inside a tenant transaction), None when none is visible."""
    row = await conn.fetchrow("SELECT slug, name, timezone, digest_time FROM companies", timeout=statement_timeout_s)
    if row is None:
        return None
    return DigestSchedule(row["slug"], row["name"], row["timezone"], row["digest_time"])


async def database_answers(conn: asyncpg.Connection, *, statement_timeout_s: float | None = None) -> bool:
    """True when the server runs a trivial statement (`SELECT 1`) within the timeout; raises what
    asyncpg raises otherwise (the health check reports it)."""
    return bool(await conn.fetchval("SELECT 1", timeout=statement_timeout_s) == 1)
