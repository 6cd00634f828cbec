"""`fleetops backend`: serve the backend API with uvicorn (127.0.0.1 by default).

Binding a non-loopback address needs FLEETOPS_BACKEND_ALLOW_PUBLIC_BIND=true (or --allow-public-bind):
the API is meant for the bot on the same host, behind no proxy. With DATABASE_URL unset the embedded
PostgreSQL is started for the lifetime of the server.
"""

from __future__ import annotations

import argparse
import ipaddress
import signal
import sys

from backend.config import BackendSettings
from backend.db.connect import database_url


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def cmd_backend(args: argparse.Namespace) -> int:
    import uvicorn

    from backend.app import create_app

    settings = BackendSettings()
    host = args.host or settings.host
    port = args.port or settings.port
    if not is_loopback(host) and not (args.allow_public_bind or settings.allow_public_bind):
        print(f"Negado: {host} no es una dirección local. Para exponer el backend fuera de esta máquina usa "
              "--allow-public-bind (o FLEETOPS_BACKEND_ALLOW_PUBLIC_BIND=true) y protégelo.", file=sys.stderr)
        return 2
    if settings.anthropic_api_key is None:
        print("Sin ANTHROPIC_API_KEY: /v1/ask responderá solo con datos (sin IA).", file=sys.stderr)
    # uvicorn shuts down gracefully on SIGTERM, then re-raises the signal: with the default handler that
    # would kill the process before the embedded PostgreSQL below is stopped.
    signal.signal(signal.SIGTERM, _exit_cleanly)
    try:
        with database_url(settings) as dsn:
            app = create_app(settings.model_copy(update={"database_url": dsn}))
            uvicorn.run(app, host=host, port=port, log_level="info", proxy_headers=False, server_header=False)
    except KeyboardInterrupt:
        pass
    return 0


def _exit_cleanly(signum: int, frame: object) -> None:
    raise KeyboardInterrupt
