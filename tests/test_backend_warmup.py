"""Warm-up at backend start (`backend.api.warmup`, issue 15: the first questions after a start were the
slow ones): the lifespan opens FLEETOPS_DB_WARM_CONNECTIONS pooled connections and runs a question's
statements once on each (rolled back), so the first question prepares nothing new; 0 turns it off; a
failed warm-up never stops the start; idle connections stay open unless FLEETOPS_DB_POOL_IDLE_LIFETIME_S.

Real PostgreSQL (the app's own pool, as `fleetops backend` makes it), the Anthropic stand-in as the model.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import asyncpg
import httpx
from anthropic import AsyncAnthropic

from backend.api.app import create_app
from backend.config import BackendSettings
from backend.testing.anthropic_stub import AnthropicStub
from backend.testing.backend_server import ADMINS, TEST_TODAY, register_callers
from tests.test_backend_api import ask_body

REPO = Path(__file__).resolve().parents[1]
SLUG = "frigorifico-andino"
CREDENTIAL = "fleetops_credential($1)"


@asynccontextmanager
async def started(dsn: str, stub: AnthropicStub, **settings: Any) -> AsyncIterator[Any]:
    """The app with its own pool (as `fleetops backend` runs it), its lifespan started."""
    model = AsyncAnthropic(base_url=stub.base_url, api_key="test-key", max_retries=0)
    app = create_app(
        BackendSettings(_env_file=None, database_url=dsn, today=TEST_TODAY, model="claude-test", **settings),
        anthropic_client=model,
    )
    try:
        async with app.router.lifespan_context(app):
            yield app
    finally:
        await model.close()


async def prepared(pool: asyncpg.Pool, count: int) -> list[set[str]]:
    """The statements prepared on each of `count` pooled connections (held at once: all different)."""
    held = [await pool.acquire() for _ in range(count)]
    try:
        return [
            {
                " ".join(r["statement"].split())
                for r in await conn.fetch("SELECT statement FROM pg_prepared_statements")
                if "pg_prepared_statements" not in r["statement"]
            }
            for conn in held
        ]
    finally:
        for conn in held:
            await pool.release(conn)


async def backend_connections(dsn: str) -> int:
    """Server processes of the backend's pools connected to `dsn`'s database."""
    conn = await asyncpg.connect(dsn)
    try:
        database = urlsplit(dsn).path.lstrip("/")
        query = "SELECT count(*) FROM pg_stat_activity WHERE datname = $1 AND application_name = 'fleetops-backend'"
        return int(await conn.fetchval(query, database))
    finally:
        await conn.close()


async def usage_rows(dsn: str) -> int:
    conn = await asyncpg.connect(dsn)
    try:
        return int(await conn.fetchval("SELECT count(*) FROM llm_usage"))
    finally:
        await conn.close()


async def ask(app: Any, secret: str, question: str) -> dict[str, Any]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
        r = await c.post(
            "/v1/ask", json=ask_body(question, user_id=ADMINS[SLUG][0]), headers={"Authorization": f"Bearer {secret}"}
        )
    assert r.status_code == 200, r.text
    await app.state.usage.join()
    return dict(r.json())


async def test_warm_up_prepares_a_questions_statements_on_every_connection(fleet_dsn, anthropic_stub) -> None:
    """Before: the pool held one connection and prepared each statement at the first question using it."""
    secrets = await register_callers(fleet_dsn)
    async with started(fleet_dsn, anthropic_stub, pool_max_size=3, db_warm_connections=3) as app:
        assert await backend_connections(fleet_dsn) == 3
        warmed = await prepared(app.state.pool, 3)
        assert all(any(CREDENTIAL in s for s in statements) for statements in warmed), warmed
        assert all(len(statements) >= 8 for statements in warmed), [len(s) for s in warmed]
        assert await usage_rows(fleet_dsn) == 0  # rolled back: the warm-up's usage row was never written
        body = await ask(app, secrets[SLUG], "¿Cuántas canastillas tiene el cliente 400?")
        assert body["mode"] == "model", body
        after = await prepared(app.state.pool, 3)
        new = set.union(*after) - set.union(*warmed)
        assert not new, new  # the first question after the start ran only statements already prepared
        await asyncio.sleep(0.5)
        assert await backend_connections(fleet_dsn) == 3  # idle connections stay open (lifetime 0)


async def test_no_warm_up_with_zero(fleet_dsn, anthropic_stub) -> None:
    async with started(fleet_dsn, anthropic_stub, pool_max_size=3, db_warm_connections=0) as app:
        assert await backend_connections(fleet_dsn) == 1  # FLEETOPS_DB_POOL_MIN
        assert await prepared(app.state.pool, 1) == [set()]


async def test_idle_connections_close_after_their_lifetime(fleet_dsn, anthropic_stub) -> None:
    async with started(fleet_dsn, anthropic_stub, pool_max_size=3, db_warm_connections=3, pool_idle_lifetime_s=1):
        assert await backend_connections(fleet_dsn) == 3
        for _ in range(100):
            if await backend_connections(fleet_dsn) < 3:
                break
            await asyncio.sleep(0.05)
        assert await backend_connections(fleet_dsn) < 3


async def test_a_failed_warm_up_does_not_stop_the_start(pg_base_dsn, anthropic_stub, caplog) -> None:
    """A database without fleetops' schema: the warm-up's first statement fails; the backend starts."""
    caplog.set_level(logging.WARNING, logger="backend.api.warmup")
    async with started(pg_base_dsn, anthropic_stub, db_warm_connections=2) as app:
        assert await app.state.pool.fetchval("SELECT 1") == 1
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
            assert (await c.get("/v1/health")).status_code == 200
    assert any("warm-up skipped (UndefinedTableError)" in r.getMessage() for r in caplog.records), caplog.text


def test_env_example_documents_the_warm_up_settings_with_their_defaults() -> None:
    text = (REPO / ".env.example").read_text(encoding="utf-8")
    documented = dict(re.findall(r"^#? ?(FLEETOPS_DB_[A-Z_]+)=(.*)$", text, re.MULTILINE))
    fields = BackendSettings.model_fields
    assert int(documented["FLEETOPS_DB_WARM_CONNECTIONS"]) == fields["db_warm_connections"].default == 6
    assert float(documented["FLEETOPS_DB_POOL_IDLE_LIFETIME_S"]) == fields["pool_idle_lifetime_s"].default == 0
