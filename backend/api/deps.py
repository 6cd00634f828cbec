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
import hashlib
import hmac
import json
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Any, cast

import asyncpg
from fastapi import Depends, Query, Request
from pydantic import BaseModel, TypeAdapter, ValidationError

from backend.api.errors import ApiError, request_id
from backend.config import BackendSettings
from backend.contract import INT64_MAX, UserId
from backend.core.senders import is_shared_sender
from backend.db.connect import tenant_transaction
from backend.store.admins import admin_name
from backend.store.auth import credentials_for_digest
from backend.store.companies import company_by_id

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


def refuse_proxy(request: Request) -> None:
    """403 when the request came through the public reverse proxy (it sets X-Real-IP)."""
    if "x-real-ip" in request.headers:
        raise ApiError(403, "forbidden_proxy", "Este servicio no acepta solicitudes desde fuera del servidor.")


def bearer_digest(request: Request) -> bytes:
    """SHA-256 digest (bytes) of the `Authorization: Bearer` secret; raises ApiError 401 `unauthorized`
    when the header is missing or malformed."""
    scheme, _, secret = request.headers.get("authorization", "").partition(" ")
    secret = secret.strip()
    if scheme.lower() != "bearer" or not secret or len(secret) > 200:
        raise ApiError(401, "unauthorized", "Credenciales del bot no válidas.")
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).digest()


#: The `?user_id=` query parameter of the GET routes, as documented in OpenAPI (the `tenant`/`caller`
#: dependency has already checked it, with the same range, before any query).
UserIdQuery = Annotated[int, Query(ge=1, le=INT64_MAX, description="Telegram user id of the admin asking")]
_INVALID_USER = "Falta el usuario de Telegram (user_id) o no es válido."
_SHARED_SENDER = (
    "Ese id de Telegram es el de los administradores anónimos de un grupo o de un canal, no el de una "
    "persona: escribe desde tu cuenta."
)
_DIGITS = re.compile(r"[0-9]{1,20}")
_USER_ID = TypeAdapter(UserId)


async def json_body(request: Request) -> Any:
    """The request's JSON body, parsed once (cached on the request), whatever its content type. 422
    `invalid_request` for a body that is not JSON (or not UTF-8) or nests deeper than the parser's
    recursion limit (a thousand `[`); 413 `payload_too_large` while reading it when over the cap."""
    if not hasattr(request.state, "json_body"):
        raw = await request.body()
        try:
            request.state.json_body = json.loads(raw) if raw else None
        except (ValueError, RecursionError):
            raise ApiError(422, "invalid_request", "La solicitud no es válida: el cuerpo no es JSON.") from None
    return request.state.json_body


def checked_body(model: type[BaseModel]) -> Callable[[Request], Awaitable[Any]]:
    """Dependency factory: the JSON body validated as `model`, BEFORE authentication (declare it before
    `caller`/`tenant`), so a malformed body never reaches a query. 422 `invalid_request` otherwise.
    The route's OpenAPI request body is set from `model` with `body_openapi(model)`."""

    async def dependency(request: Request) -> Any:
        try:
            return model.model_validate(await json_body(request))
        except ValidationError:
            raise ApiError(422, "invalid_request", "La solicitud no es válida: revisa los datos enviados.") from None

    return dependency


def body_openapi(model: type[BaseModel]) -> dict[str, Any]:
    """`openapi_extra` documenting `model` as the JSON request body of a route using `checked_body`."""
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": model.model_json_schema()}}}}


async def _user_id(request: Request) -> int:
    """The Telegram user id of the request, checked before any query: 1 … 2⁶³−1 (`contract.UserId`).

    From `?user_id=` (decimal digits only) or, for POST, the JSON body's `user_id` (a JSON integer:
    not a bool, float or string). Anything else -> 422 `invalid_request`; an account many people write
    as (`backend.core.senders`: anonymous group admins, channels) -> 403 `not_authorized`, even if
    registered as an admin."""
    raw: Any = request.query_params.get("user_id")
    if raw is not None:
        raw = int(raw) if _DIGITS.fullmatch(raw) else None
    elif request.method in {"POST", "PUT", "PATCH"}:
        body = await json_body(request)
        raw = body.get("user_id") if isinstance(body, dict) else None
    if type(raw) is not int:
        raise ApiError(422, "invalid_request", _INVALID_USER)
    try:
        user_id: int = _USER_ID.validate_python(raw)
    except ValidationError:
        raise ApiError(422, "invalid_request", _INVALID_USER) from None
    if is_shared_sender(user_id):  # an anonymous group admin or a channel: the id names nobody
        raise ApiError(403, "not_authorized", _SHARED_SENDER)
    return user_id


@contextlib.asynccontextmanager
async def acquire(request: Request) -> AsyncIterator[asyncpg.Connection]:
    """A pooled connection, waiting at most the configured acquire timeout (saturation -> 503)."""
    pool = get_pool(request)
    try:
        proxy = await pool.acquire(timeout=get_settings(request).pool_acquire_timeout_s)
    except (TimeoutError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
        raise ApiError(503, *DB_UNAVAILABLE) from None
    try:
        yield cast(asyncpg.Connection, proxy)  # the pool's proxy forwards every Connection method
    finally:
        await pool.release(proxy)


async def company_for_secret(conn: asyncpg.Connection, digest: bytes) -> int:
    """The company id of the bot whose secret hashes to `digest`; raises ApiError 401 `unauthorized`
    when no bot has it."""
    for credential in await credentials_for_digest(conn, digest=digest):
        if hmac.compare_digest(credential.stored_sha256, digest):
            return credential.company_id
    raise ApiError(401, "unauthorized", "Credenciales del bot no válidas.")


async def _identify(conn: asyncpg.Connection, company_id: int, user_id: int, rid: str) -> Caller:
    """Inside a tenant transaction: the company row and the admin check."""
    company = await company_by_id(conn, company_id=company_id)
    name = await admin_name(conn, user_id=user_id)
    if company is None or name is None:
        raise ApiError(
            403,
            "not_authorized",
            f"Tu usuario de Telegram ({user_id}) no está registrado como administrador de esta empresa.",
        )
    return Caller(company_id, company.slug, company.name, company.timezone, user_id, name, rid)


async def count_request(request: Request, company_id: int) -> None:
    """Count one request of `company_id` against FLEETOPS_RATE_LIMIT; 429 `rate_limited` when over."""
    await request.app.state.limiter.check(company_id)


@contextlib.asynccontextmanager
async def _authorized(request: Request, *, counted: bool = True) -> AsyncIterator[tuple[Caller, asyncpg.Connection]]:
    """The checks in order; yields the caller and a connection inside its tenant transaction. With
    `counted` False the rate limit is left to the route (`count_request`)."""
    rid = request_id(request)
    refuse_proxy(request)
    user_id = await _user_id(request)  # the request's shape first: no secret is needed to be told it is bad
    digest = bearer_digest(request)
    async with acquire(request) as conn:
        company_id = await company_for_secret(conn, digest)
        if counted:
            await count_request(request, company_id)
        async with tenant_transaction(conn, company_id, today=get_settings(request).today):
            yield await _identify(conn, company_id, user_id, rid), conn


@dataclass(frozen=True)
class BotCaller:
    """A company's bot, authenticated by its secret alone; `conn` is inside `tenant_transaction`."""

    company_id: int
    request_id: str
    conn: asyncpg.Connection


async def caller(request: Request) -> Caller:
    """Dependency: authenticate and authorize, holding no connection afterwards (for slow routes)."""
    async with _authorized(request) as (who, _conn):
        return who


async def uncounted_caller(request: Request) -> Caller:
    """`caller` without the rate limit: the route counts the request itself (`count_request`)."""
    async with _authorized(request, counted=False) as (who, _conn):
        return who


async def tenant(request: Request) -> AsyncIterator[Tenant]:
    """Dependency: authenticate and authorize, then yield a `Tenant` whose `conn` stays inside
    `tenant_transaction` (RLS on) until the request is done."""
    async with _authorized(request) as (who, conn):
        yield Tenant(who.company_id, who.slug, who.name, who.timezone, who.user_id, who.request_id, conn)


async def uncounted_tenant(request: Request) -> AsyncIterator[Tenant]:
    """`tenant` without the rate limit (`/v1/me`: who is asking is no question)."""
    async with _authorized(request, counted=False) as (who, conn):
        yield Tenant(who.company_id, who.slug, who.name, who.timezone, who.user_id, who.request_id, conn)


async def bot_caller(request: Request) -> AsyncIterator[BotCaller]:
    """Dependency for the bot-level routes: the bot secret alone -> its company (401 `unauthorized`),
    no `user_id` and no rate limit; RLS on until the request is done."""
    rid = request_id(request)
    refuse_proxy(request)
    digest = bearer_digest(request)
    async with acquire(request) as conn:
        company_id = await company_for_secret(conn, digest)
        async with tenant_transaction(conn, company_id, today=get_settings(request).today):
            yield BotCaller(company_id, rid, conn)


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
