"""The real backend app served by uvicorn on 127.0.0.1:<free port>, for tests and the bench.

`start_backend(dsn, stub)` runs it in its own thread (own event loop) against database `dsn` (migrated,
with the fleet fixture imported) and an `AnthropicStub` (None: no API key, data-only answers), with
FLEETOPS_TODAY=2026-12-01, model retries 0 and a 5 s model timeout; keyword overrides are other
BackendSettings fields. Registered callers: frigorifico-andino (bot secret `.secret`, admin 1001) and
lacteos-del-valle (`.secrets["lacteos-del-valle"]`, admin 2001). The pytest fixture `backend_server`
(tests/fixtures_backend.py) serves one on `fleet_dsn` and `anthropic_stub`.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import asyncpg
import uvicorn

from backend.api.app import create_app
from backend.api.http_protocol import JsonRefusalProtocol
from backend.cli.admin import add_admin, company_id, issue_bot_secret
from backend.config import BackendSettings

ADMINS = {"frigorifico-andino": (1001, "Ana Operaciones"), "lacteos-del-valle": (2001, "Luis Lácteos")}
TEST_TODAY = "2026-12-01"


@dataclass
class BackendServer:
    base_url: str
    secret: str
    admin_user_id: int
    anthropic: Any
    dsn: str
    settings: BackendSettings
    secrets: dict[str, str] = field(default_factory=dict)
    admin_ids: dict[str, int] = field(default_factory=dict)

    def headers(self, slug: str = "frigorifico-andino") -> dict[str, str]:
        return {"Authorization": f"Bearer {self.secrets[slug]}"}


async def imported_company(conn: asyncpg.Connection, slug: str) -> int:
    """Id of company `slug`, which an import created; LookupError when the database has no such company."""
    cid = await company_id(conn, slug)
    if cid is None:
        raise LookupError(f"company {slug!r} is not in the database (were its CSV files imported?)")
    return cid


async def register_callers(dsn: str) -> dict[str, str]:
    """Issue a bot secret and register the admin of each test company; {slug: secret}."""
    conn = await asyncpg.connect(dsn)
    try:
        out = {}
        for slug, (user_id, name) in ADMINS.items():
            cid = await imported_company(conn, slug)
            out[slug] = await issue_bot_secret(conn, cid, "tests")
            await add_admin(conn, cid, user_id, name)
        return out
    finally:
        await conn.close()


class _ServerThread:
    def __init__(self, settings: BackendSettings):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        config = uvicorn.Config(create_app(settings), http=JsonRefusalProtocol, log_level="warning", lifespan="on")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, name="backend-under-test", daemon=True
        )

    def start(self, deadline_s: float = 30.0) -> None:
        self.thread.start()
        end = time.monotonic() + deadline_s
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > end:
                raise RuntimeError("the backend under test did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=15)
        self.sock.close()


@contextlib.asynccontextmanager
async def start_backend(dsn: str, stub: Any, **overrides: Any) -> AsyncIterator[BackendServer]:
    """Serve a backend for `dsn` and `stub` (None: no API key); `overrides` are BackendSettings fields."""
    secrets = await register_callers(dsn)
    values: dict[str, Any] = {
        "database_url": dsn,
        "today": TEST_TODAY,
        "model_max_retries": 0,
        "model_timeout_s": 5.0,
        "anthropic_api_key": "test-key" if stub else None,
        "anthropic_base_url": stub.base_url if stub else None,
        "model": "claude-test",
    }
    values.update(overrides)
    settings = BackendSettings(_env_file=None, **values)
    thread = _ServerThread(settings)
    thread.start()
    try:
        yield BackendServer(
            base_url=f"http://127.0.0.1:{thread.port}",
            secret=secrets["frigorifico-andino"],
            admin_user_id=ADMINS["frigorifico-andino"][0],
            anthropic=stub,
            dsn=dsn,
            settings=settings,
            secrets=secrets,
            admin_ids={slug: uid for slug, (uid, _) in ADMINS.items()},
        )
    finally:
        thread.stop()
