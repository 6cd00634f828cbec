"""FastAPI dependencies: who is calling, for which company, inside which transaction.

Order of checks (fail closed): `X-Real-IP` header -> 403 `forbidden_proxy` (no database, no model);
the Telegram `user_id` (query `?user_id=N`, or `user_id` in a JSON body) in 1 … 2⁶³−1, else 422
`invalid_request` (no database either); bearer secret -> company, else 401 `unauthorized`; per-company
rate limit -> 429 `rate_limited` with `Retry-After`; the user must be an admin of that company -> else
403 `not_authorized`. The company never comes from the request body.

What the rate limit counts: one user request, one hit. `/v1/me` (who is asking: the voice note's check
before transcribing, /estado) and `/v1/voice/candidates` (a step of the voice note) are not counted;
`/v1/ask` counts itself (`count_request`) unless it answers with a document to send, whose fetch is then
the request counted.
"""

from __future__ import annotations

import contextlib
import hmac
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import date
from typing import Annotated, Any, cast

import asyncpg
from fastapi import Depends, Request

from backend.api.admission import admitted_busy
from backend.api.errors import ApiError, request_id
from backend.api.request_input import COUNT_DIGITS as COUNT_DIGITS  # re-exported: the routes import them here
from backend.api.request_input import UserIdQuery as UserIdQuery  # re-exported: the routes import them here
from backend.api.request_input import bearer_digest, refuse_proxy, refuse_repeated_parameters, user_id_of
from backend.api.request_input import body_openapi as body_openapi
from backend.api.request_input import checked_body as checked_body
from backend.config import BackendSettings
from backend.context.company_catalogue import CompanyCatalogue, OtherNamesCache
from backend.store.auth import credentials_as_tenant
from backend.store.companies import Company, caller_row

log = logging.getLogger(__name__)
DB_UNAVAILABLE = (
    "db_unavailable",
    "La base de datos no está disponible en este momento. Intenta de nuevo en un momento.",
)


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
    today: date  # the company's local date (`fleetops_today`: FLEETOPS_TODAY holds)
    catalogue: CompanyCatalogue | None = None  # read with the admin check when asked (`authorized`)


@dataclass(frozen=True)
class Tenant:
    """A `Caller` plus `conn`, already inside the request's tenant transaction (RLS on)."""

    company_id: int
    slug: str
    name: str
    timezone: str
    user_id: int
    user_name: str
    request_id: str
    today: date
    conn: asyncpg.Connection
    catalogue: CompanyCatalogue | None = None


@contextlib.asynccontextmanager
async def acquire(request: Request) -> AsyncIterator[asyncpg.Connection]:
    """A pooled connection, waiting at most the configured acquire timeout (saturation -> 503); from
    the busy companies' pool for a request admitted as a busy bot's, when there is one
    (FLEETOPS_DB_BUSY_NICE, `backend.api.app.create_pool`)."""
    pool = get_pool(request)
    busy_pool: asyncpg.Pool | None = request.app.state.busy_pool
    if busy_pool is not None and admitted_busy(request):
        pool = busy_pool
    try:
        proxy = await pool.acquire(timeout=get_settings(request).pool_acquire_timeout_s)
    except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
        raise ApiError(503, *DB_UNAVAILABLE) from None
    try:
        yield cast(asyncpg.Connection, proxy)  # the pool's proxy forwards every Connection method
    finally:
        await pool.release(proxy)


async def company_for_secret(conn: asyncpg.Connection, request: Request, digest: bytes) -> int:
    """Inside a transaction: the company id of the bot whose secret hashes to `digest`, with the
    transaction switched to that company (`backend.store.auth.credentials_as_tenant`: role, RLS,
    FLEETOPS_TODAY); raises ApiError 401 `unauthorized` (and the transaction is rolled back) when no
    bot has it."""
    settings = get_settings(request)
    found = await credentials_as_tenant(
        conn, digest=digest, today=settings.today, statement_timeout_s=settings.statement_timeout_s
    )
    if len(found) == 1 and hmac.compare_digest(found[0].stored_sha256, digest):
        return found[0].company_id
    raise ApiError(401, "unauthorized", "Credenciales del bot no válidas.")


async def _identify(
    request: Request, conn: asyncpg.Connection, company_id: int, user_id: int, rid: str, catalogue: bool
) -> Caller:
    """Inside the tenant transaction: the company row, its «today» and the admin check, one statement
    (with the company's asset types and cities when `catalogue`, and the other companies' names unless
    the app's `OtherNamesCache` has them: `backend.context.company_catalogue`)."""
    cache: OtherNamesCache | None = getattr(request.app.state, "other_names", None)
    others = cache.get(company_id) if catalogue and cache is not None else None
    row = await caller_row(
        conn,
        company_id=company_id,
        user_id=user_id,
        catalogue=catalogue,
        others=others is None,
        statement_timeout_s=get_settings(request).statement_timeout_s,
    )
    if row is None or row.admin_name is None:
        raise ApiError(
            403,
            "not_authorized",
            f"Tu usuario de Telegram ({user_id}) no está registrado como administrador de esta empresa.",
        )
    c = row.company
    if others is None and row.others is not None:
        others = row.others
        if cache is not None:
            cache.put(company_id, others)
    known = None
    if row.assets is not None and row.cities is not None:
        known = CompanyCatalogue(Company(c.name, c.timezone, row.today), row.assets, row.cities, others)
    return Caller(company_id, c.slug, c.name, c.timezone, user_id, row.admin_name, rid, row.today, known)


async def count_request(request: Request, company_id: int) -> None:
    """Count one request of `company_id` against FLEETOPS_RATE_LIMIT; 429 `rate_limited` when over."""
    await request.app.state.limiter.check(company_id)


@contextlib.asynccontextmanager
async def authorized(
    request: Request, *, counted: bool = True, catalogue: bool = False
) -> AsyncIterator[tuple[Caller, asyncpg.Connection]]:
    """The checks in order (module docstring); yields the caller and a connection inside its tenant
    transaction, committed when the block ends. One connection and one transaction from the secret to
    the request's last read: BEGIN, the secret (which also sets the tenant), the company and admin, then
    the route's own statements, COMMIT. With `counted` False the rate limit is left to the route
    (`count_request`). With `catalogue` the caller carries the company's catalogue (`/v1/ask`:
    `backend.context.company_catalogue`). A route that calls a slow service afterwards (the model)
    leaves the block first."""
    rid = request_id(request)
    refuse_proxy(request)
    refuse_repeated_parameters(request)
    user_id = await user_id_of(request)  # the request's shape first: no secret is needed to be told it is bad
    digest = bearer_digest(request)
    async with acquire(request) as conn, conn.transaction():
        company_id = await company_for_secret(conn, request, digest)
        if counted:
            await count_request(request, company_id)
        yield await _identify(request, conn, company_id, user_id, rid, catalogue), conn


@dataclass(frozen=True)
class BotCaller:
    """A company's bot, authenticated by its secret alone; `conn` is inside `tenant_transaction`."""

    company_id: int
    request_id: str
    conn: asyncpg.Connection


async def caller(request: Request) -> Caller:
    """Dependency: authenticate and authorize, holding no connection afterwards (for slow routes)."""
    async with authorized(request) as (who, _conn):
        return who


async def uncounted_caller(request: Request) -> Caller:
    """`caller` without the rate limit: the route counts the request itself (`count_request`)."""
    async with authorized(request, counted=False) as (who, _conn):
        return who


async def tenant(request: Request) -> AsyncIterator[Tenant]:
    """Dependency: authenticate and authorize, then yield a `Tenant` whose `conn` stays inside
    `tenant_transaction` (RLS on) until the request is done."""
    async with authorized(request) as (who, conn):
        yield Tenant(**vars(who), conn=conn)


async def uncounted_tenant(request: Request) -> AsyncIterator[Tenant]:
    """`tenant` without the rate limit (`/v1/me`: who is asking is no question)."""
    async with authorized(request, counted=False) as (who, conn):
        yield Tenant(**vars(who), conn=conn)


async def bot_caller(request: Request) -> AsyncIterator[BotCaller]:
    """Dependency for the bot-level routes: the bot secret alone -> its company (401 `unauthorized`),
    no `user_id` and no rate limit; RLS on until the request is done."""
    rid = request_id(request)
    refuse_proxy(request)
    refuse_repeated_parameters(request)
    digest = bearer_digest(request)
    async with acquire(request) as conn, conn.transaction():
        yield BotCaller(await company_for_secret(conn, request, digest), rid, conn)


def get_settings(request: Request) -> BackendSettings:
    """The app's settings (`create_app(settings)`)."""
    settings: BackendSettings = request.app.state.settings
    return settings


def get_pool(request: Request) -> asyncpg.Pool:
    """The app's asyncpg pool (opened by the lifespan, or injected)."""
    pool: asyncpg.Pool = request.app.state.pool
    return pool


# The dependencies are coroutines: FastAPI runs a plain `def` dependency in a worker thread, a thread
# hop per request for reading an attribute.
async def _settings_dep(request: Request) -> BackendSettings:
    return get_settings(request)


async def _pool_dep(request: Request) -> asyncpg.Pool:
    return get_pool(request)


async def _model_client_dep(request: Request) -> Any | None:
    """The app's `AsyncAnthropic` client, None without an API key (data-only answers)."""
    return request.app.state.anthropic


#: The dependencies every router declares, as `Annotated` aliases (FastAPI resolves them per request).
SettingsDep = Annotated[BackendSettings, Depends(_settings_dep)]
PoolDep = Annotated[asyncpg.Pool, Depends(_pool_dep)]
ModelClientDep = Annotated[Any | None, Depends(_model_client_dep)]
CallerDep = Annotated[Caller, Depends(caller)]
UncountedCallerDep = Annotated[Caller, Depends(uncounted_caller)]
# scope="function": the tenant transaction commits before the response is sent, so the caller's next
# request sees what this one wrote (FastAPI's default ends a yield dependency after the response: the bot's
# digest PUT could then find its own claim missing).
TenantDep = Annotated[Tenant, Depends(tenant, scope="function")]
UncountedTenantDep = Annotated[Tenant, Depends(uncounted_tenant, scope="function")]
BotDep = Annotated[BotCaller, Depends(bot_caller, scope="function")]
