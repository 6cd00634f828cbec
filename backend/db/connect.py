"""Connections: which server (embedded or DATABASE_URL) and the tenant transaction."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Iterator
from datetime import date, datetime
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from backend.config import DatabaseSettings
from backend.db.embedded import EmbeddedPostgres

APP_ROLE = "fleetops_app"


def dsn_for(base: str, database: str) -> str:
    """The same server URL with another database name (works for socket URLs with ?host=)."""
    parts = urlsplit(base)
    return urlunsplit((parts.scheme, parts.netloc, "/" + database, parts.query, parts.fragment))


@contextlib.contextmanager
def database_url(settings: DatabaseSettings, *, fast_unsafe: bool = False) -> Iterator[str]:
    """Yield the DSN to use. With `DATABASE_URL` unset, start the embedded server under the data
    directory if it is not running, and stop it on exit only if this call started it."""
    if settings.database_url:
        yield settings.database_url
        return
    with EmbeddedPostgres(settings.data_dir, fast_unsafe=fast_unsafe) as pg:
        yield pg.dsn()


def tenant_settings_sql(company_id: str, today: str, now: str) -> str:
    """The select-list that switches a transaction to one company: role `fleetops_app` (what
    `SET LOCAL ROLE` does) and `fleetops.company_id` / `.today` / `.now`, all transaction-local. The
    arguments are SQL expressions (placeholders such as `$1`, or a column): they take effect for the
    statements after the one that evaluates this list."""
    return (
        f"set_config('role', '{APP_ROLE}', true), set_config('fleetops.company_id', ({company_id})::text, true),"
        f" set_config('fleetops.today', {today}, true), set_config('fleetops.now', {now}, true)"
    )


def tenant_setting_values(today: date | None, now: datetime | None) -> tuple[str, str]:
    """The values of `fleetops.today` and `fleetops.now` for `tenant_settings_sql` ("" = not set)."""
    return today.isoformat() if today else "", now.isoformat() if now else ""


async def switch_tenant(
    conn: asyncpg.Connection, company_id: int, *, today: date | None = None, now: datetime | None = None
) -> None:
    """Inside a transaction: from the next statement on, run as `fleetops_app` for `company_id` (RLS),
    with `today` / `now` as in `tenant_transaction`. Calling it again in the same transaction switches
    to another company (the usage writer: one transaction for a batch of several companies' rows)."""
    settings = tenant_settings_sql("$1", "$2", "$3")
    await conn.execute(f"SELECT {settings}", str(company_id), *tenant_setting_values(today, now))


@contextlib.asynccontextmanager
async def tenant_transaction(
    conn: asyncpg.Connection,
    company_id: int,
    *,
    today: date | None = None,
    now: datetime | None = None,
) -> AsyncIterator[asyncpg.Connection]:
    """Run the block in a transaction restricted to one company by row-level security.

    Switches to the `fleetops_app` role (subject to RLS) and sets `fleetops.company_id`; `today`
    (FLEETOPS_TODAY) or `now` override the date used by the semáforo. All settings are
    transaction-local, so a pooled connection carries nothing over to the next request. The role is
    set with `set_config('role', …, true)` (what `SET LOCAL ROLE` does) in the same statement as the
    others: one round trip to PostgreSQL instead of two, on every request. (The API's requests set
    them in the statement that checks the bot's secret instead: `backend.store.auth`.)
    """
    async with conn.transaction():
        await switch_tenant(conn, company_id, today=today, now=now)
        yield conn
