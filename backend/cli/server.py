"""`fleetops backend`: serve the backend API with uvicorn (127.0.0.1 by default).

Binding a non-loopback address needs FLEETOPS_BACKEND_ALLOW_PUBLIC_BIND=true (or --allow-public-bind):
the API is meant for the bot on the same host, behind no proxy. With DATABASE_URL unset the embedded
PostgreSQL is started for the lifetime of the server.

`--workers N` runs N uvicorn worker processes, each building the app from the environment
(`app_from_environment`, an import-string factory); the embedded PostgreSQL is started once, by this
parent process, and the workers get its DATABASE_URL. N > 1 needs a shared rate-limit storage
(FLEETOPS_RATE_LIMIT_STORAGE=redis://…): with limits in each worker's memory each would allow the full rate.
FLEETOPS_BACKEND_BUSY_LANE_PORT starts the busy lane beside it (`backend.cli.busy_lane`).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import os
import signal
import sys
from typing import TypedDict

from fastapi import FastAPI

from backend.api.rate_limit import is_shared
from backend.cli.busy_lane import busy_lane, follow_parent, lower_own_priority
from backend.config import BackendSettings
from backend.db.connect import database_url

FACTORY = "backend.cli.server:app_from_environment"


class _ServerOptions(TypedDict):
    """The `uvicorn.run` options shared by one process and `--workers N` (typed for the call)."""

    host: str
    port: int
    log_level: str
    proxy_headers: bool
    server_header: bool
    timeout_keep_alive: int
    http: type[asyncio.Protocol]


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def cmd_backend(args: argparse.Namespace) -> int:
    import uvicorn

    from backend.api.app import create_app
    from backend.api.http_protocol import JsonRefusalProtocol

    settings = BackendSettings()
    host = args.host or settings.host
    port = args.port or settings.port
    if not is_loopback(host) and not (args.allow_public_bind or settings.allow_public_bind):
        print(
            f"Negado: {host} no es una dirección local. Para exponer el backend fuera de esta máquina usa "
            "--allow-public-bind (o FLEETOPS_BACKEND_ALLOW_PUBLIC_BIND=true) y protégelo.",
            file=sys.stderr,
        )
        return 2
    workers = getattr(args, "workers", 1) or 1
    if workers < 1:
        print("--workers debe ser 1 o más.", file=sys.stderr)
        return 2
    if workers > 1 and not is_shared(settings.rate_limit_storage):
        print(
            f"Negado: --workers {workers} con el límite de consultas en memoria: cada proceso permitiría "
            f"la tasa completa ({settings.rate_limit} × {workers}). Define FLEETOPS_RATE_LIMIT_STORAGE="
            "redis://HOST:6379/0 (un Redis compartido) o usa un solo proceso.",
            file=sys.stderr,
        )
        return 2
    if settings.busy_lane_port and settings.busy_lane_port == port:
        print(
            f"FLEETOPS_BACKEND_BUSY_LANE_PORT={port} es el mismo puerto del backend: usa otro (p. ej. {port + 1}).",
            file=sys.stderr,
        )
        return 2
    lower_own_priority(settings.process_nice)
    if settings.anthropic_api_key is None:
        print("Sin ANTHROPIC_API_KEY: /v1/ask responderá solo con datos (sin IA).", file=sys.stderr)
    # uvicorn shuts down gracefully on SIGTERM, then re-raises the signal: with the default handler that
    # would kill the process before the embedded PostgreSQL below is stopped.
    signal.signal(signal.SIGTERM, _exit_cleanly)
    follow_parent()  # the busy lane stops with the backend that started it
    try:
        with database_url(settings) as dsn, contextlib.ExitStack() as stack:
            # unreachable or refusing the login: one Spanish line from the command's error boundary
            # (backend.cli.failures), not the traceback uvicorn prints when the app's startup fails
            asyncio.run(_check_database(dsn, settings.db_connect_timeout_s))
            # keep idle connections longer than the bot's client does (httpx: 5 s), so the client always
            # closes first: reusing a connection the server is closing at that instant fails (ReadError)
            common: _ServerOptions = {
                "host": host,
                "port": port,
                "log_level": "info",
                "proxy_headers": False,
                "server_header": False,
                "timeout_keep_alive": 30,
                "http": JsonRefusalProtocol,  # the parser's own 400 in the API's error shape
            }
            public = bool(args.allow_public_bind or settings.allow_public_bind)
            stack.enter_context(busy_lane(settings, dsn, host, public))  # FLEETOPS_BACKEND_BUSY_LANE_PORT
            if workers > 1:
                os.environ["DATABASE_URL"] = dsn  # the workers are new processes: they read the environment
                uvicorn.run(FACTORY, factory=True, workers=workers, **common)
            else:
                uvicorn.run(create_app(settings.model_copy(update={"database_url": dsn})), **common)
    except KeyboardInterrupt:
        pass
    return 0


async def _check_database(dsn: str, timeout_s: float) -> None:
    """Connect once and close; raises what asyncpg raises (ConnectionRefusedError, an auth error…)."""
    import asyncpg

    conn = await asyncpg.connect(dsn, timeout=timeout_s)
    await conn.close()


def app_from_environment() -> FastAPI:
    """The app of one uvicorn worker, from the environment (`--workers N`; DATABASE_URL set by the parent)."""
    from backend.api.app import create_app

    return create_app(BackendSettings())


def _exit_cleanly(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
