"""Database round trips of a request (issue 15, probe latency): one `/v1/ask` takes one pooled connection
and one transaction from the bot's secret to the question's last read, and a released connection is
not reset (every setting is transaction-local), so the next request on it — of another company — still
sees only its own company's rows.

The statements are read from the real pool's connection (asyncpg's query logger) on a real PostgreSQL.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import httpx
import pytest
from fastapi import FastAPI

from backend.api.app import create_app, create_pool
from backend.api.usage import UsageRecorder
from backend.config import BackendSettings
from backend.db.priority import server_process_here
from backend.store.usage import UsageRow
from backend.testing.backend_server import ADMINS, TEST_TODAY, register_callers
from tests.test_backend_api import ask_body, usage_rows


async def _one_connection_app(dsn: str) -> tuple[FastAPI, list[str], dict[str, str]]:
    """The app on the product's pool (`create_pool`) cut to one connection, whose statements go to the
    list returned; the bot secrets of the test companies."""
    secrets = await register_callers(dsn)
    settings = BackendSettings(_env_file=None, database_url=dsn, today=TEST_TODAY, pool_min_size=1, pool_max_size=1)
    pool = await create_pool(settings)
    seen: list[str] = []
    async with pool.acquire() as conn:  # the pool's only connection: every request below runs on it
        conn.add_query_logger(lambda record: seen.append(" ".join(record.query.split())))
    return create_app(settings, pool=pool, anthropic_client=None), seen, secrets


@pytest.fixture
async def served(fleet_dsn: str) -> AsyncIterator[tuple[httpx.AsyncClient, FastAPI, list[str], dict[str, str]]]:
    app, seen, secrets = await _one_connection_app(fleet_dsn)
    try:
        async with (
            app.router.lifespan_context(app),
            httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as client,
        ):
            yield client, app, seen, secrets
    finally:
        await app.state.pool.close()


async def test_one_ask_is_one_transaction_and_no_reset(served):
    client, app, seen, secrets = served
    seen.clear()
    r = await client.post(
        "/v1/ask",
        json=ask_body("¿Cuántas canastillas tiene el cliente 412?"),
        headers={"Authorization": f"Bearer {secrets['frigorifico-andino']}"},
    )
    assert r.status_code == 200, r.text
    assert r.json()["answer_kind"] == "answer"
    await app.state.usage.join()
    await asyncio.sleep(0)  # the query logger's callbacks run on the next loop iteration
    begins = [i for i, q in enumerate(seen) if q.upper().startswith("BEGIN")]
    # the question's transaction and its usage row's (written by the recorder): before, the secret and
    # the admin check had one each, then the question its own, on two checkouts
    assert len(begins) == 2, seen
    first = seen[begins[0] + 1]
    assert "fleetops_credential(" in first and "set_config('role'" in first, seen  # secret sets the tenant
    assert not any("RESET ALL" in q.upper() for q in seen), seen  # released without asyncpg's reset query


async def test_a_connection_reused_without_reset_shows_each_company_only_its_rows(served):
    client, _app, _seen, secrets = served
    own = {"frigorifico-andino": "DISTRIBUIDORA PUERTO CLARO", "lacteos-del-valle": "TIENDA LA VAQUITA FELIZ"}
    for slug in ["frigorifico-andino", "lacteos-del-valle", "frigorifico-andino", "lacteos-del-valle"]:
        r = await client.get(
            "/v1/clients/412",
            params={"user_id": ADMINS[slug][0]},
            headers={"Authorization": f"Bearer {secrets[slug]}"},
        )
        assert r.status_code == 200, r.text
        assert [m["name"] for m in r.json()["matches"]] == [own[slug]]
    # an admin of one company is refused with the other's secret on the same connection
    r = await client.get(
        "/v1/me",
        params={"user_id": ADMINS["lacteos-del-valle"][0]},
        headers={"Authorization": f"Bearer {secrets['frigorifico-andino']}"},
    )
    assert r.status_code == 403 and r.json()["error"] == "not_authorized"


async def test_busy_pool_server_processes_are_reniced_where_local(fleet_dsn):
    """FLEETOPS_DB_BUSY_NICE: the busy companies' pool's server processes (the test server is local)
    run at that niceness (never lowered: a server already nicer keeps its own); the main pool's keep theirs."""
    settings = BackendSettings(_env_file=None, database_url=fleet_dsn, pool_min_size=2, pool_max_size=2, db_busy_nice=7)
    busy, main = await create_pool(settings, busy=True), await create_pool(settings)
    base = os.getpriority(os.PRIO_PROCESS, 0)  # the test server inherits the suite's (`nice pytest`: 10)
    checked = 0
    try:
        for pool, nice in ((busy, max(7, base)), (main, base)):  # only ever raised, never lowered
            async with pool.acquire() as a, pool.acquire() as b:
                pids = [c.get_server_pid() for c in (a, b)]
                assert [os.getpriority(os.PRIO_PROCESS, pid) for pid in pids] == [nice, nice]
                # each server process leads its own session: under autogroups its group's niceness counts
                for pid in pids:
                    group = Path(f"/proc/{pid}/autogroup")
                    if group.exists() and os.getsid(pid) == pid:
                        assert int(group.read_text().split()[-1]) == (7 if pool is busy else 0)
                        checked += 1
    finally:
        await busy.close()
        await main.close()
    assert checked == 4 or not Path("/proc/self/autogroup").exists()  # a kernel without autogroups


async def test_a_server_process_not_visibly_this_connections_is_left_alone(fleet_dsn, tmp_path):
    """`server_process_here` refuses a pid whose /proc title does not name this connection."""
    conn = await asyncpg.connect(fleet_dsn)
    try:
        assert await server_process_here(conn) == conn.get_server_pid()
        fake = tmp_path / str(conn.get_server_pid())
        fake.mkdir()
        (fake / "cmdline").write_bytes(b"postgres: someone otherdb 10.0.0.9(5432) idle\0")
        assert await server_process_here(conn, proc=tmp_path) is None
        assert await server_process_here(conn, proc=tmp_path / "missing") is None
    finally:
        await conn.close()


async def test_a_usage_batch_of_two_companies_is_one_transaction_each_row_its_own(fleet_dsn):
    """The usage writer: rows of two companies queued together go out in one transaction, each row
    stored under its own company (the insert runs under RLS, so a row under the wrong tenant would be
    refused)."""
    conn = await asyncpg.connect(fleet_dsn)
    try:
        ids = dict(await conn.fetch("SELECT slug, id FROM companies"))
    finally:
        await conn.close()
    pool = await asyncpg.create_pool(fleet_dsn, min_size=1, max_size=1)
    seen: list[str] = []
    try:
        async with pool.acquire() as c:
            c.add_query_logger(lambda record: seen.append(record.query.strip().upper()))
        recorder = UsageRecorder(pool)
        rows = [
            UsageRow(ids[slug], f"{slug}-{i}", "claude-test", "ok")
            for i in range(2)
            for slug in ("frigorifico-andino", "lacteos-del-valle")
        ]
        await asyncio.gather(*(recorder.record(row) for row in rows))  # queued before the writer runs
        await recorder.close()
        await asyncio.sleep(0)
        assert sum(q.startswith("BEGIN") for q in seen) == 1, seen  # before: one per company
        stored = await usage_rows(fleet_dsn)
        assert sorted((r["request_id"], r["slug"]) for r in stored) == sorted(
            (row.request_id, row.request_id.rsplit("-", 1)[0]) for row in rows
        )
    finally:
        await pool.close()


async def test_a_quiet_companys_row_is_written_at_once_past_a_blocked_batch(fleet_dsn):
    """`record(row, at_once=True)` (a quiet company's answer waits for its row) does not wait behind the
    writer's batch: here the writer's batch of one company is blocked (its company row locked FOR
    UPDATE, so the usage insert's foreign-key check waits) and the other company's row is written
    before its `record` returns; once the lock goes, the blocked row is written too."""
    owner = await asyncpg.connect(fleet_dsn)
    pool = await asyncpg.create_pool(fleet_dsn, min_size=2, max_size=3)
    try:
        ids = dict(await owner.fetch("SELECT slug, id FROM companies"))
        recorder = UsageRecorder(pool, wait_s=0.0)
        async with owner.transaction():
            await owner.execute("SELECT 1 FROM companies WHERE id = $1 FOR UPDATE", ids["frigorifico-andino"])
            await recorder.record(UsageRow(ids["frigorifico-andino"], "busy-1", "claude-test", "ok"))
            for _ in range(1200):  # until the writer's insert waits for the lock (up to 60 s on a loaded machine)
                waiting = await pool.fetchval(
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                    " AND datname = current_database()"
                )
                if waiting:
                    break
                await asyncio.sleep(0.05)
            assert waiting >= 1
            # wait_s is 0 (the busy row would hold `record` for it), so `record` returns before the quiet
            # row's own transaction ends: poll for it while the lock is still held (behind the blocked
            # batch it would never be written until the lock goes).
            await recorder.record(UsageRow(ids["lacteos-del-valle"], "quiet-1", "claude-test", "ok"), at_once=True)
            seen: list[str] = []
            for _ in range(1200):
                seen = [r["request_id"] for r in await usage_rows(fleet_dsn)]
                if seen:
                    break
                await asyncio.sleep(0.05)
            assert seen == ["quiet-1"]
        await recorder.close()
        assert sorted(r["request_id"] for r in await usage_rows(fleet_dsn)) == ["busy-1", "quiet-1"]
    finally:
        await pool.close()
        await owner.close()
