"""The backend ASGI app: `create_app(settings)` builds it; nothing happens at import.

The lifespan opens one asyncpg pool and one `AsyncAnthropic` client (None without an API key) and
closes them on shutdown; a pool or client passed in is used as is and left open for its owner. Before
the first request the pools it opened are warmed (`backend.api.warmup`, FLEETOPS_DB_WARM_CONNECTIONS).
Routes: /v1/health here, the reads in `backend.api.routes.read`, /v1/ask in `backend.api.routes.ask`, the
delivery-note PDF router from `backend.api.routes.delivery_notes` when that module exists, the digest and
alerts in `backend.api.routes.digest`, the charts in `backend.api.routes.charts`, the voice candidates in
`backend.api.routes.voice`.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import logging
from collections.abc import AsyncIterator
from typing import Any, cast

import asyncpg
from fastapi import FastAPI, Request
from starlette.exceptions import HTTPException as StarletteHTTPException

from backend.api.admission import FairAdmission
from backend.api.deps import ModelClientDep, PoolDep
from backend.api.errors import (
    ERROR_RESPONSES,
    PAYLOAD_TOO_LARGE,
    error_response,
    install_database_error_handlers,
    install_error_handlers,
)
from backend.api.model_status import ModelStatus
from backend.api.rate_limit import RateLimiter
from backend.api.usage import UsageRecorder
from backend.api.warmup import warm_up
from backend.config import BackendSettings
from backend.context.company_catalogue import OtherNamesCache
from backend.context.company_facts import CompanyFactsCache
from backend.contract import HealthResponse
from backend.db.priority import ReniceOnConnect
from backend.store.companies import database_answers

log = logging.getLogger(__name__)
MAX_BODY_BYTES = 64 * 1024


async def keep_session(conn: asyncpg.Connection) -> None:
    """The pool's `reset`: nothing to undo beyond what asyncpg always does on release (roll back an
    open transaction, forget listeners). Every setting the backend makes is transaction-local
    (`backend.db.connect`: role, tenant, today), it never LISTENs, takes session advisory locks or
    keeps cursors, so asyncpg's default reset (`pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *;
    RESET ALL`) would be one more round trip per request for nothing."""


async def create_pool(settings: BackendSettings, *, busy: bool = False) -> asyncpg.Pool:
    """One pool for the process; every statement limited client- and server-side; released
    connections are not reset beyond a rollback (`keep_session`). `busy`: the busy companies' pool,
    whose server processes run at niceness FLEETOPS_DB_BUSY_NICE where they are on this machine
    (`backend.db.priority`; application_name `fleetops-backend-busy`); the other pool's run at the
    process's own FLEETOPS_BACKEND_NICE (0: left alone)."""
    if not settings.database_url:
        raise RuntimeError("BackendSettings.database_url must be set (the CLI resolves the embedded server)")
    nice = settings.db_busy_nice if busy else settings.process_nice
    return await asyncpg.create_pool(
        settings.database_url,
        min_size=settings.pool_min_size,
        max_size=settings.pool_max_size,
        timeout=settings.db_connect_timeout_s,
        command_timeout=settings.statement_timeout_s,
        max_inactive_connection_lifetime=settings.pool_idle_lifetime_s,  # 0: warmed connections stay open
        reset=keep_session,
        init=ReniceOnConnect(nice, "FLEETOPS_DB_BUSY_NICE" if busy else "FLEETOPS_BACKEND_NICE") if nice else None,
        server_settings={
            "application_name": "fleetops-backend-busy" if busy else "fleetops-backend",
            "statement_timeout": str(int(settings.statement_timeout_s * 1000)),
        },
    )


class BodyTooLarge(StarletteHTTPException):
    """Raised from `receive` once a request body passes the cap; rendered as 413 `payload_too_large`
    with `Connection: close`, so the server stops reading the rest of the body."""

    def __init__(self) -> None:
        super().__init__(413, headers={"Connection": "close"})


class EdgeChecks:
    """ASGI middleware, before routing, authentication, the database or the model.

    - any request with an `X-Real-IP` header (set by the public reverse proxy): 403 `forbidden_proxy`;
    - a declared `Content-Length` over `max_body_bytes` (or not a number): 413 `payload_too_large`;
    - every body, declared or chunked (`Transfer-Encoding: chunked` has no length): bytes are counted
      as they stream in through `receive`, and the first chunk past the cap raises `BodyTooLarge`
      (413, connection closed) — nothing more of that body is read, and the event loop never holds
      more than the cap of it (the bot sends at most 6 short pairs).
    """

    def __init__(self, app: Any, max_body_bytes: int = MAX_BODY_BYTES):
        self.app = app
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        refusal: tuple[int, str, str, dict[str, str]] | None = None
        length = headers.get(b"content-length")
        if b"x-real-ip" in headers:
            refusal = (403, "forbidden_proxy", "Este servicio no acepta solicitudes desde fuera del servidor.", {})
        elif length is not None and (not length.isdigit() or int(length) > self.max_body_bytes):
            refusal = (413, "payload_too_large", PAYLOAD_TOO_LARGE, {"Connection": "close"})
        if refusal:
            response = error_response(Request(scope), *refusal)
            await response(scope, receive, send)
            return
        received = 0

        async def capped_receive() -> dict[str, Any]:
            nonlocal received
            message: dict[str, Any] = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body_bytes:
                    raise BodyTooLarge()
            return message

        await self.app(scope, capped_receive, send)


def _include_delivery_notes(app: FastAPI) -> None:
    name = "backend.api.routes.delivery_notes"
    if importlib.util.find_spec(name) is None:
        return
    router = importlib.import_module(name).router
    paths = [getattr(route, "path", "") for route in router.routes]
    prefix = "" if any(p.startswith("/v1/") for p in paths) else "/v1"
    app.include_router(router, prefix=prefix)


def create_app(
    settings: BackendSettings, *, pool: asyncpg.Pool | None = None, anthropic_client: Any | None = None
) -> FastAPI:
    """Build the app. `pool` / `anthropic_client` injected (tests, embedding) are not closed here."""

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        from backend.llm import build_client

        app.state.pool = pool if pool is not None else await create_pool(settings)
        # the busy companies' requests on niced server processes (backend.api.admission.admitted_busy)
        app.state.busy_pool = await create_pool(settings, busy=True) if pool is None and settings.db_busy_nice else None
        app.state.anthropic = anthropic_client if anthropic_client is not None else build_client(settings)
        app.state.company_facts = (
            CompanyFactsCache(settings.facts_cache_ttl_s) if settings.facts_cache_ttl_s > 0 else None
        )
        ttl = settings.facts_cache_ttl_s
        app.state.other_names = OtherNamesCache(ttl) if ttl > 0 else None  # backend.context.company_catalogue
        app.state.usage = UsageRecorder(app.state.pool)
        if pool is None:  # the pools made here: their connections' first statements before the first question
            await warm_up([p for p in (app.state.pool, app.state.busy_pool) if p is not None], settings)
        try:
            yield
        finally:
            await app.state.usage.close()  # flush the queued usage rows before the pool goes
            if anthropic_client is None and app.state.anthropic is not None:
                await app.state.anthropic.close()
            if pool is None:
                await app.state.pool.close()
            if app.state.busy_pool is not None:
                await app.state.busy_pool.close()

    app = FastAPI(
        title="fleetops backend",
        version="0.1.0",
        lifespan=lifespan,
        description="Respuestas sobre la flota y los activos retornables de una empresa.",
        # a path with a trailing slash («POST /v1/ask/») is no route: 404 `not_found` in the error shape,
        # never Starlette's 307 to the path without it (a redirected POST loses its body with many clients)
        redirect_slashes=False,
        responses=ERROR_RESPONSES,
    )
    app.state.settings = settings
    app.state.limiter = RateLimiter(settings.rate_limit, settings.rate_limit_storage)
    app.state.model_status = ModelStatus()  # what /v1/ask saw of the model, for /v1/health
    app.state.pool = pool
    app.state.busy_pool = None
    app.state.anthropic = anthropic_client
    app.state.other_names = None  # set by the lifespan
    app.state.usage = None  # set by the lifespan; `backend.api.routes.ask` makes one if the app runs without it
    app.add_middleware(
        FairAdmission,
        slots=settings.active_requests,
        timeout_s=settings.admission_timeout_s,
        while_quiet=settings.active_while_quiet,
        quiet_yield_s=settings.quiet_yield_s,
    )
    app.add_middleware(EdgeChecks)  # added last = runs first: refusals never wait for admission
    install_error_handlers(app)
    install_database_error_handlers(app)

    @app.get("/v1/health", tags=["estado"], response_model=HealthResponse)
    async def health(db_pool: PoolDep, model_client: ModelClientDep) -> HealthResponse:
        """status "ok"|"degraded", database "ok"|"error", model_configured (an API key is set), and
        `model`: the outcome of the latest model calls as /v1/ask saw them (no model call here)."""
        database = "error"
        try:
            async with db_pool.acquire(timeout=settings.pool_acquire_timeout_s) as proxy:
                conn = cast(asyncpg.Connection, proxy)  # the pool's proxy forwards every Connection method
                if await database_answers(conn, statement_timeout_s=settings.statement_timeout_s):
                    database = "ok"
        except Exception as exc:  # noqa: BLE001 — health reports, it never raises
            log.warning("health: database check failed: %s", type(exc).__name__)
        return HealthResponse(
            status="ok" if database == "ok" else "degraded",
            database=database,
            model_configured=model_client is not None,
            model=app.state.model_status.report(configured=model_client is not None),
        )

    from backend.api.routes import ask as routes_ask
    from backend.api.routes import charts as routes_charts
    from backend.api.routes import digest as routes_digest
    from backend.api.routes import read as routes_read
    from backend.api.routes import voice as routes_voice

    app.include_router(routes_read.router)
    app.include_router(routes_ask.router)
    _include_delivery_notes(app)
    app.include_router(routes_digest.router)
    app.include_router(routes_charts.router)
    app.include_router(routes_voice.router)
    return app
