"""SQL about the company itself: its identity, its local «today», its digest schedule, its slug, its
client cities and its counts of clients, vehicles and drivers.

Inside `backend.db.connect.tenant_transaction` row-level security shows exactly one company (the
caller's), so the statements without a `WHERE` read that one; the owner connections of the CLI see
them all and name the company by id or slug. `statement_timeout_s` is the client-side limit of each
statement (seconds; None: the connection's `command_timeout`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, time

import asyncpg

from backend.store.asset_types import AssetType


@dataclass(frozen=True)
class Company:
    """The caller's company: display name, IANA timezone and its local "today" (`fleetops_today`)."""

    name: str
    timezone: str
    today: date


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


@dataclass(frozen=True)
class CallerRow:
    """What a request needs of its company and of the admin asking, read in one statement: the
    company's identity and local «today», the admin's display name (None: not an admin), and with
    `catalogue=True` the company's asset types and client cities (what `catalogue` and `cities` read)."""

    company: CompanyIdentity
    today: date
    admin_name: str | None
    assets: list[AssetType] | None = None
    cities: list[str] | None = None
    others: list[tuple[str, str]] | None = None  # the other companies' (slug, name), with the catalogue


# The asset types as one 2-D text array ({{code, name, plural}, …} by code) and the distinct non-empty
# cities in order: the same rows as `asset_types.catalogue` and `cities`, inside the same statement.
_CATALOGUE_SQL = (
    ", (SELECT coalesce(array_agg(ARRAY[t.code, t.name, t.plural_name] ORDER BY t.code), '{}')"
    " FROM asset_types t) AS assets,"
    " (SELECT coalesce(array_agg(DISTINCT l.city ORDER BY l.city), '{}') FROM clients l WHERE l.city <> '')"
    " AS cities"
)
# the other companies' (slug, name) pairs as one 2-D text array, as `other_company_names` reads them
_OTHERS_SQL = (
    ", (SELECT coalesce(array_agg(ARRAY[o.slug, o.name] ORDER BY o.slug), '{}')"
    " FROM fleetops_other_company_names() o) AS others"
)


async def caller_row(
    conn: asyncpg.Connection,
    *,
    company_id: int,
    user_id: int,
    catalogue: bool = False,
    others: bool = False,
    statement_timeout_s: float | None = None,
) -> CallerRow | None:
    """Inside a tenant transaction: company `company_id` (None when it does not exist or RLS hides
    it), its `fleetops_today(timezone)` and the name of admin `user_id` in one round trip (what
    `company_by_id`, `admin_name` and `company_today` read in three); `catalogue`: its asset types and
    cities too (a question's exact answer needs them: two round trips less); `others` (with `catalogue`):
    the other companies' (slug, name) as `other_company_names` reads them (one more)."""
    row = await conn.fetchrow(
        "SELECT c.slug, c.name, c.timezone, fleetops_today(c.timezone) AS today,"
        " (SELECT a.name FROM admins a WHERE a.telegram_user_id = $2) AS admin_name"
        + (_CATALOGUE_SQL if catalogue else "")
        + (_OTHERS_SQL if catalogue and others else "")
        + " FROM companies c WHERE c.id = $1",
        company_id,
        user_id,
        timeout=statement_timeout_s,
    )
    if row is None:
        return None
    admin = row["admin_name"]
    identity = CompanyIdentity(row["slug"], row["name"], row["timezone"])
    caller = CallerRow(identity, row["today"], None if admin is None else str(admin))
    if not catalogue:
        return caller
    assets = [AssetType(code, name, plural) for code, name, plural in _rows(row["assets"])]
    names = [(slug, name) for slug, name in _rows(row["others"])] if others else None
    return CallerRow(caller.company, caller.today, caller.admin_name, assets, list(row["cities"]), names)


def _rows(grid: list[list[str]] | list[str]) -> list[list[str]]:
    """asyncpg decodes an empty 2-D array as [] and a filled one as a list of rows."""
    return [list(r) for r in grid if isinstance(r, list)]


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


async def company(conn: asyncpg.Connection, *, statement_timeout_s: float | None = None) -> Company:
    """The transaction's company (`companies` row of `fleetops_company_id()`)."""
    row = await conn.fetchrow(
        "SELECT name, timezone, fleetops_today(timezone) AS today FROM companies WHERE id = fleetops_company_id()",
        timeout=statement_timeout_s,
    )
    if row is None:
        raise LookupError("no company in this transaction (outside tenant_transaction?)")
    return Company(row["name"], row["timezone"], row["today"])


async def cities(conn: asyncpg.Connection, *, statement_timeout_s: float | None = None) -> list[str]:
    """The distinct non-empty cities of the company's clients, alphabetical."""
    rows = await conn.fetch(
        "SELECT DISTINCT city FROM clients WHERE city <> '' ORDER BY city", timeout=statement_timeout_s
    )
    return [r["city"] for r in rows]


@dataclass(frozen=True)
class FleetCounts:
    """How many clients, vehicles (all, and active) and drivers the company has."""

    clients: int
    vehicles: int
    active_vehicles: int
    drivers: int


async def fleet_counts(conn: asyncpg.Connection, *, statement_timeout_s: float | None = None) -> FleetCounts:
    """The company's counts of clients, vehicles and drivers (one statement)."""
    row = await conn.fetchrow(
        """SELECT (SELECT count(*) FROM clients) AS clients, (SELECT count(*) FROM vehicles WHERE active) AS active,
                  (SELECT count(*) FROM vehicles) AS vehicles, (SELECT count(*) FROM drivers) AS drivers""",
        timeout=statement_timeout_s,
    )
    assert row is not None  # a SELECT without FROM always yields its one row
    return FleetCounts(row["clients"], row["vehicles"], row["active"], row["drivers"])


async def other_company_names(
    conn: asyncpg.Connection, *, statement_timeout_s: float | None = None
) -> list[tuple[str, str]]:
    """(slug, display name) of every company but the caller's (`fleetops_other_company_names`, run as
    the owner: nothing else of theirs), so that a question naming one is refused, not answered with
    the caller's own figures. Inside `tenant_transaction`."""
    rows = await conn.fetch("SELECT slug, name FROM fleetops_other_company_names()", timeout=statement_timeout_s)
    return [(r["slug"], r["name"]) for r in rows]


async def busiest_client_codes(conn: asyncpg.Connection, company: int, *, limit: int = 2) -> list[str]:
    """Codes of the company's `limit` clients with the most movements (most first, then by code), as
    the owner (no tenant set: `company` filters); fewer when fewer clients have movements."""
    rows = await conn.fetch(
        "SELECT c.code FROM clients c JOIN movements m ON m.client_id = c.id WHERE c.company_id = $1"
        " GROUP BY c.code ORDER BY count(*) DESC, c.code LIMIT $2",
        company,
        limit,
    )
    return [r["code"] for r in rows]


async def lowest_company_id(conn: asyncpg.Connection, *, statement_timeout_s: float | None = None) -> int | None:
    """The lowest company id, read as the connecting (owner) role; None without companies (the warm-up's
    company: `backend.api.warmup`)."""
    value = await conn.fetchval("SELECT min(id) FROM companies", timeout=statement_timeout_s)
    return None if value is None else int(value)
