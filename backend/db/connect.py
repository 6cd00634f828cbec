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
    others: one round trip to PostgreSQL instead of two, on every request.
    """
    async with conn.transaction():
        await conn.execute(
            "SELECT set_config('role', $4, true), set_config('fleetops.company_id', $1, true),"
            " set_config('fleetops.today', $2, true), set_config('fleetops.now', $3, true)",
            str(company_id),
            today.isoformat() if today else "",
            now.isoformat() if now else "",
            APP_ROLE,
        )
        yield conn
