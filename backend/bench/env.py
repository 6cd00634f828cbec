"""What the HTTP benchmarks stand on: a PostgreSQL server, benchmark databases, the real backend app
served by uvicorn, and the Anthropic stand-in answering instantly.

The stand-in and the server thread are the test suite's own (`backend.testing.anthropic_stub`,
`backend.testing.backend_server`); the fixture CSVs come from the checkout's demo-data/fleet.
PostgreSQL: `DATABASE_URL` names a server to use (databases `bench_*` are created and dropped on it);
otherwise an embedded throwaway cluster is started under `<work_dir>/pg` and stopped afterwards.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from backend.cli.demo import free_port
from backend.db.connect import dsn_for
from backend.testing.anthropic_stub import AnthropicStub
from backend.testing.backend_server import (
    ADMINS,
    TEST_TODAY,
    BackendServer,
    imported_company,
    register_callers,
    start_backend,
)

REPO = Path(__file__).resolve().parents[2]
FIXTURE_DIR = REPO / "demo-data" / "fleet"
FIXTURE_SLUG = "frigorifico-andino"
LARGE_SLUG = "empresa-grande"
LARGE_ADMIN = 3001


@dataclass(frozen=True)
class BackendProcess:
    """A running `fleetops backend` process (see `backend_process`)."""

    base_url: str
    secrets: dict[str, str]  # {company slug: bot secret}
    secret: str  # frigorifico-andino's
    anthropic: AnthropicStub
    admin_ids: dict[str, int]  # {company slug: registered admin's Telegram user id}
    busy_url: str = ""  # its busy lane (FLEETOPS_BACKEND_BUSY_LANE_PORT among the overrides), else ""


@contextlib.contextmanager
def postgres(work_dir: Path) -> Iterator[str]:
    """Base DSN of a PostgreSQL server for the bench (see module docstring)."""
    url = os.environ.get("DATABASE_URL")
    if url:
        yield url
        return
    from backend.db.embedded import EmbeddedPostgres

    server = EmbeddedPostgres(work_dir / "pg", fast_unsafe=True)
    started = server.start()
    try:
        yield server.dsn()
    finally:
        if started:
            server.stop()


async def fresh_database(base: str, name: str, csv_dirs: list[Path]) -> str:
    """(Re)create database `name`, migrate it, import each CSV directory, ANALYZE; returns its DSN."""
    from backend.db.migrate import migrate
    from backend.importer.load import import_dir

    admin = await asyncpg.connect(dsn_for(base, "postgres"), timeout=30)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    dsn = dsn_for(base, name)
    conn = await asyncpg.connect(dsn, timeout=30)
    try:
        await migrate(conn)
        for d in csv_dirs:
            await import_dir(conn, d)
        await conn.execute("ANALYZE")
    finally:
        await conn.close()
    return dsn


async def drop_database(base: str, name: str) -> None:
    admin = await asyncpg.connect(dsn_for(base, "postgres"), timeout=30)
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


def large_company_dir(work_dir: Path, clients: int, vehicles: int, movements: int) -> Path:
    """CSV files of the generated large company (cached per size under work_dir)."""
    from backend.cli.demo_data import generate

    out = work_dir / f"large-{clients}c-{vehicles}v-{movements}m"
    if not (out / "movements.csv").exists():
        generate(out, clients=clients, vehicles=vehicles, movements=movements, slug=LARGE_SLUG)
    return out


async def register_large_admin(dsn: str) -> str:
    """Bot secret of the large company, with LARGE_ADMIN registered as its admin."""
    from backend.cli.admin import add_admin, issue_bot_secret

    conn = await asyncpg.connect(dsn, timeout=30)
    try:
        cid = await imported_company(conn, LARGE_SLUG)
        secret = await issue_bot_secret(conn, cid, "bench")
        await add_admin(conn, cid, LARGE_ADMIN, "Bench")
        return secret
    finally:
        await conn.close()


@contextlib.asynccontextmanager
async def backend(
    dsn: str, stub_cls: type[AnthropicStub] = AnthropicStub, **overrides: Any
) -> AsyncIterator[BackendServer]:
    """The real backend on 127.0.0.1 with the instant Anthropic stand-in and no practical rate limit.

    `stub_cls`: a subclass of AnthropicStub to use instead of it.
    Yields the test suite's BackendServer (`.base_url`, `.secrets`, `.admin_ids`, `.anthropic`)."""
    stub = stub_cls().start()
    try:
        values = {"rate_limit": "1000000/minute", "pool_max_size": 10}
        values.update(overrides)
        async with start_backend(dsn, stub, **values) as server:
            yield server
    finally:
        stub.stop()


@contextlib.asynccontextmanager
async def backend_process(
    dsn: str, stub_cls: type[AnthropicStub] = AnthropicStub, **env_overrides: str
) -> AsyncIterator[BackendProcess]:
    """`fleetops backend` in its own process, as in production, with the instant Anthropic stand-in
    (in this process) and no practical rate limit. Timing a backend that shares this process (and its
    GIL) with the load generator and the stand-in inflated every request several times over.

    Yields a `BackendProcess` (`.base_url`, `.secrets`, `.admin_ids`, `.anthropic` like `backend()`)."""
    import subprocess

    secrets = await register_callers(dsn)
    stub = stub_cls().start()
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": dsn,
        "FLEETOPS_TODAY": TEST_TODAY,
        "FLEETOPS_BACKEND_PORT": str(port),
        "ANTHROPIC_API_KEY": "test-key",
        "ANTHROPIC_BASE_URL": stub.base_url,
        "FLEETOPS_MODEL": "claude-test",
        "FLEETOPS_MODEL_MAX_RETRIES": "0",
        "FLEETOPS_RATE_LIMIT": "1000000/minute",
        "FLEETOPS_DB_POOL_MAX": "10",
        **env_overrides,
    }
    proc = subprocess.Popen(  # noqa: ASYNC220 — returns at once; the server outlives this coroutine
        [sys.executable, "-m", "backend.cli", "backend"],
        env=env,
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base_url = f"http://127.0.0.1:{port}"
    lane_port = int(env_overrides.get("FLEETOPS_BACKEND_BUSY_LANE_PORT", "0"))
    busy_url = f"http://127.0.0.1:{lane_port}" if lane_port else ""
    try:
        for url in filter(None, (base_url, busy_url)):
            await wait_healthy(url, proc)
        yield BackendProcess(
            base_url=base_url,
            secrets=secrets,
            secret=secrets["frigorifico-andino"],
            anthropic=stub,
            admin_ids={slug: uid for slug, (uid, _) in ADMINS.items()},
            busy_url=busy_url,
        )
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
        stub.stop()


async def wait_healthy(base_url: str, proc: Any) -> None:
    """Wait (30 s at most) until the backend at `base_url`, started as `proc`, answers /v1/health."""
    import httpx

    async with httpx.AsyncClient(base_url=base_url, timeout=2) as client:
        for _ in range(150):
            try:
                if (await client.get("/v1/health")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if proc.poll() is not None:
                raise RuntimeError("fleetops backend exited during start-up")
            await asyncio.sleep(0.2)
    raise RuntimeError(f"fleetops backend did not answer /v1/health at {base_url} in 30 s")
