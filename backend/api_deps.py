"""FastAPI dependencies: who is calling, for which company, inside which transaction.

Order of checks (fail closed): `X-Real-IP` header -> 403 `forbidden_proxy` (no database, no model);
bearer secret -> company, else 401 `unauthorized`; per-company rate limit -> 429 `rate_limited` with
`Retry-After`; the Telegram `user_id` (query `?user_id=N`, or `user_id` in a JSON body) must be an
admin of that company -> else 403 `not_authorized`. The company never comes from the request body.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import logging
import math
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import asyncpg
from fastapi import Request
from limits import parse
from limits.aio.strategies import MovingWindowRateLimiter
from limits.errors import StorageError

from backend.db.connect import APP_ROLE, tenant_transaction
from backend.errors import ApiError, request_id
from backend.rate_limit import MEMORY, build_storage

log = logging.getLogger(__name__)
DB_UNAVAILABLE = ("db_unavailable", "La base de datos no está disponible en este momento. Intenta de nuevo en un momento.")


@dataclass(frozen=True)
class Caller:
    """An authenticated admin of one company (no database connection held)."""

    company_id: int
    slug: str
    name: str
    timezone: str
    user_id: int
    user_name: str
    request_id: str


@dataclass(frozen=True)
class Tenant:
    """A `Caller` plus `conn`, already inside `tenant_transaction` (RLS on) for the request."""

    company_id: int
    slug: str
    name: str
    timezone: str
    user_id: int
    request_id: str
    conn: asyncpg.Connection


class RateLimiter:
    """Per-company moving-window limit, e.g. "30/minute", counted in `storage` (`backend.rate_limit`:
    this process's memory, or a Redis shared by every backend process)."""

    def __init__(self, spec: str, storage: str = MEMORY):
        self._item = parse(spec)
        self._limiter = MovingWindowRateLimiter(build_storage(storage))

    async def check(self, company_id: int) -> None:
        """Count one request; raise 429 `rate_limited` with Retry-After (seconds) when over. A shared
        storage that is down admits the request (logged): the limit guards cost, answering matters more."""
        key = str(company_id)
        try:
            if await self._limiter.hit(self._item, key):
                return
        except StorageError as exc:
            log.warning("rate limit storage unavailable, request admitted: %s", type(exc.storage_error).__name__)
            return
        stats = await self._limiter.get_window_stats(self._item, key)
        retry_after = max(1, math.ceil(stats.reset_time - time.time()))
        raise ApiError(429, "rate_limited",
                       f"Demasiadas consultas seguidas. Intenta de nuevo en {retry_after} segundos.",
                       headers={"Retry-After": str(retry_after)})


def refuse_proxy(request: Request) -> None:
    """403 when the request came through the public reverse proxy (it sets X-Real-IP)."""
    if "x-real-ip" in request.headers:
        raise ApiError(403, "forbidden_proxy", "Este servicio no acepta solicitudes desde fuera del servidor.")


def _bearer_digest(request: Request) -> bytes:
    scheme, _, secret = request.headers.get("authorization", "").partition(" ")
    secret = secret.strip()
    if scheme.lower() != "bearer" or not secret or len(secret) > 200:
        raise ApiError(401, "unauthorized", "Credenciales del bot no válidas.")
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).digest()


async def _user_id(request: Request) -> int:
    raw: Any = request.query_params.get("user_id")
    if raw is None and request.method in {"POST", "PUT", "PATCH"}:
        try:
            body = await request.json()
        except ValueError:
            body = None
        raw = body.get("user_id") if isinstance(body, dict) else None
    if isinstance(raw, bool):
        raw = None
    try:
        return int(raw)
    except (TypeError, ValueError):
        raise ApiError(422, "invalid_request", "Falta el usuario de Telegram (user_id) o no es válido.") from None


@contextlib.asynccontextmanager
async def acquire(request: Request) -> AsyncIterator[asyncpg.Connection]:
    """A pooled connection, waiting at most the configured acquire timeout (saturation -> 503)."""
    pool: asyncpg.Pool = request.app.state.pool
    try:
        conn = await pool.acquire(timeout=request.app.state.settings.pool_acquire_timeout_s)
    except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
        raise ApiError(503, *DB_UNAVAILABLE) from None
    try:
        yield conn
    finally:
        await pool.release(conn)


async def _company_for_secret(conn: asyncpg.Connection, digest: bytes) -> int:
    async with conn.transaction():
        await conn.execute(f"SET LOCAL ROLE {APP_ROLE}")
        rows = await conn.fetch("SELECT company_id, stored_sha256 FROM fleetops_credential($1)", digest)
    for row in rows:
        if hmac.compare_digest(bytes(row["stored_sha256"]), digest):
            return int(row["company_id"])
    raise ApiError(401, "unauthorized", "Credenciales del bot no válidas.")


async def _identify(conn: asyncpg.Connection, company_id: int, user_id: int, rid: str) -> Caller:
    """Inside a tenant transaction: the company row and the admin check."""
    company = await conn.fetchrow("SELECT slug, name, timezone FROM companies WHERE id = $1", company_id)
    admin = await conn.fetchrow("SELECT name FROM admins WHERE telegram_user_id = $1", user_id)
    if company is None or admin is None:
        raise ApiError(403, "not_authorized",
                       f"Tu usuario de Telegram ({user_id}) no está registrado como administrador de esta empresa.")
    return Caller(company_id, company["slug"], company["name"], company["timezone"], user_id, admin["name"], rid)


@contextlib.asynccontextmanager
async def _authorized(request: Request) -> AsyncIterator[tuple[Caller, asyncpg.Connection]]:
    """The checks in order; yields the caller and a connection inside its tenant transaction."""
    rid = request_id(request)
    refuse_proxy(request)
    digest = _bearer_digest(request)
    user_id = await _user_id(request)
    async with acquire(request) as conn:
        company_id = await _company_for_secret(conn, digest)
        await request.app.state.limiter.check(company_id)
        async with tenant_transaction(conn, company_id, today=request.app.state.settings.today):
            yield await _identify(conn, company_id, user_id, rid), conn


async def caller(request: Request) -> Caller:
    """Dependency: authenticate and authorize, holding no connection afterwards (for slow routes)."""
    async with _authorized(request) as (who, _conn):
        return who


async def tenant(request: Request) -> AsyncIterator[Tenant]:
    """Dependency: authenticate and authorize, then yield a `Tenant` whose `conn` stays inside
    `tenant_transaction` (RLS on) until the request is done."""
    async with _authorized(request) as (who, conn):
        yield Tenant(who.company_id, who.slug, who.name, who.timezone, who.user_id, who.request_id, conn)
