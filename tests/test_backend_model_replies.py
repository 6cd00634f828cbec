"""The model's side of an ask, untrusted (issue 11, Backend HTTP): a broken reply takes the model-failure
path, its text is cleaned before it is returned, and every ask leaves exactly one usage row — concurrent
asks, a busy pool after the model answered, rows queued at shutdown, a full queue. Real backend and
PostgreSQL, the Anthropic stand-in.
"""

from __future__ import annotations

import asyncio
import json
import time

import asyncpg
import httpx
import pytest

from backend.api.app import create_app
from backend.config import BackendSettings
from backend.testing.backend_server import start_backend
from tests.test_backend_api import ask_body, usage_rows

# --- model replies are untrusted --------------------------------------------------------------------

MESSAGE = {
    "id": "msg_x",
    "type": "message",
    "role": "assistant",
    "model": "claude-test",
    "content": [{"type": "text", "text": "Hola"}],
    "stop_reason": "end_turn",
    "stop_sequence": None,
    "usage": {"input_tokens": 40, "output_tokens": 3},
}
BROKEN_REPLIES = {
    "truncated_json": (json.dumps(MESSAGE)[:60], "application/json"),
    "html": ("<html><body><h1>502 Bad Gateway</h1></body></html>", "text/html"),
    "html_as_json": ("<html>oops</html>", "application/json"),
    "wrong_shape": ('{"completion": "Hola"}', "application/json"),
    "content_not_list": (json.dumps({**MESSAGE, "content": "Hola"}), "application/json"),
    "json_array": ("[1, 2, 3]", "application/json"),
    "lone_surrogate": (
        json.dumps({**MESSAGE, "content": [{"type": "text", "text": "El 412 \ud800 debe"}]}),
        "application/json",
    ),
    "control_chars": (
        json.dumps({**MESSAGE, "content": [{"type": "text", "text": "El 412\x00\x1b[2J debe"}]}),
        "application/json",
    ),
    "empty_text": (json.dumps({**MESSAGE, "content": [{"type": "text", "text": "\u200b \u2060"}]}), "application/json"),
}


@pytest.mark.parametrize("kind", list(BROKEN_REPLIES))
async def test_broken_model_reply_takes_the_model_failure_path(backend_server, kind):
    body, content_type = BROKEN_REPLIES[kind]
    backend_server.anthropic.reply_raw(body, content_type=content_type)
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=backend_server.headers(), timeout=30) as c:
        r = await c.post("/v1/ask", json=ask_body("¿Cuánto debe el 412?"))
    # the model-failure path: the exact answer after the one-line notice (FLEETOPS_DIRECT_ANSWERS=fallback)
    assert r.status_code == 200 and r.json()["mode"] == "data_only", r.text
    notice, answer = r.json()["answer"].split("\n", 1)
    assert "asistente de IA no está disponible" in notice and answer.startswith("[412] DISTRIBUIDORA PUERTO CLARO")
    assert "502 Bad Gateway" not in r.text and "oops" not in r.text and "Hola" not in r.text
    rows = await usage_rows(backend_server.dsn)
    assert [row["outcome"] for row in rows] == ["empty_answer" if kind == "empty_text" else "bad_response"]
    if kind == "truncated_json":
        assert rows[0]["input_tokens"] is None
    if kind in ("lone_surrogate", "control_chars", "empty_text"):  # the tokens were spent: still counted
        assert (rows[0]["input_tokens"], rows[0]["output_tokens"]) == (40, 3)


async def test_model_text_is_cleaned_before_it_is_returned(backend_server):
    backend_server.anthropic.reply_text("El cliente\u200b [412]\u202e tiene 298 canastillas.\u2060\U000e0041")
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=backend_server.headers(), timeout=30) as c:
        r = await c.post("/v1/ask", json=ask_body("¿Cuánto debe el 412?"))
    assert r.status_code == 200 and r.json()["answer"] == "El cliente [412] tiene 298 canastillas."


# --- usage rows ---------------------------------------------------------------------------------------


async def test_every_concurrent_ask_leaves_exactly_one_usage_row(fleet_dsn, anthropic_stub):
    """A backlog of 50 concurrent asks on the default pool: 50 answers, 50 rows.
    (The busy-pool test below shows the cause of the rows lost before.)"""
    n = 50
    anthropic_stub.default.delay_s = 0.05
    async with start_backend(fleet_dsn, anthropic_stub, rate_limit="1000/minute") as server:
        async with httpx.AsyncClient(
            base_url=server.base_url, headers=server.headers(), timeout=60, limits=httpx.Limits(max_connections=n)
        ) as c:
            responses = await asyncio.gather(
                *(c.post("/v1/ask", json=ask_body(f"¿Cuánto debe el {400 + i}?")) for i in range(n))
            )
        assert [r.status_code for r in responses] == [200] * n
        rows = await usage_rows(server.dsn)
        assert sorted(r["request_id"] for r in rows) == sorted(r.json()["request_id"] for r in responses)


async def test_usage_row_survives_a_busy_pool_after_the_model_answered(fleet_dsn, anthropic_stub):
    """Why rows were lost: the insert came after the model call and waited at most 2 s for a pooled
    connection, so a backlog holding the pool longer than that dropped the row. Here the pool (2
    connections) is held for 3 s while 6 asks wait for the model: all 6 are answered and all 6 rows
    are written once the pool frees up."""
    from anthropic import AsyncAnthropic

    from backend.testing.backend_server import register_callers

    secrets = await register_callers(fleet_dsn)
    pool = await asyncpg.create_pool(fleet_dsn, min_size=2, max_size=2)
    model = AsyncAnthropic(base_url=anthropic_stub.base_url, api_key="test-key", max_retries=0, timeout=10)
    settings = BackendSettings(_env_file=None, database_url=fleet_dsn, today="2026-12-01", model="claude-test")
    app = create_app(settings, pool=pool, anthropic_client=model)
    n = 6
    for _ in range(n):
        anthropic_stub.reply_slow(1.0, "Listo.")
    try:
        async with (
            app.router.lifespan_context(app),
            httpx.AsyncClient(
                transport=httpx.ASGITransport(app=app),
                base_url="http://t",
                timeout=30,
                headers={"Authorization": f"Bearer {secrets['frigorifico-andino']}"},
            ) as c,
        ):
            asks = [
                asyncio.create_task(c.post("/v1/ask", json=ask_body(f"¿Cuánto debe el {410 + i}?"))) for i in range(n)
            ]
            deadline = time.monotonic() + 30
            while len(anthropic_stub.requests) < n:  # every ask is now waiting for the model
                assert time.monotonic() < deadline and not any(a.done() for a in asks), [
                    a.result() for a in asks if a.done()
                ]
                await asyncio.sleep(0.01)
            async with pool.acquire(), pool.acquire():  # a backlog holds the whole pool for 3 s
                await asyncio.sleep(3.0)
            responses = await asyncio.gather(*asks)
        assert [r.status_code for r in responses] == [200] * n
        rows = await usage_rows(fleet_dsn)
        assert sorted(r["request_id"] for r in rows) == sorted(r.json()["request_id"] for r in responses)
    finally:
        await model.close()
        await pool.close()


async def test_usage_rows_queued_at_shutdown_are_flushed(fleet_dsn, anthropic_stub):
    """Rows still queued when the server stops are written by the lifespan before the pool closes."""
    from backend.api.usage import UsageRecorder
    from backend.store.usage import UsageRow

    conn = await asyncpg.connect(fleet_dsn)
    try:
        company = await conn.fetchval("SELECT id FROM companies WHERE slug = 'frigorifico-andino'")
    finally:
        await conn.close()
    pool = await asyncpg.create_pool(fleet_dsn, min_size=1, max_size=2)
    try:
        recorder = UsageRecorder(pool, wait_s=0.0)
        async with pool.acquire(), pool.acquire():  # writer blocked: rows pile up in the queue
            for i in range(30):
                await recorder.record(UsageRow(company, f"req-{i}", "claude-test", "ok", input_tokens=i))
        await recorder.close()
        assert len(await usage_rows(fleet_dsn)) == 30
        await recorder.record(UsageRow(company, "late", "claude-test", "ok"))  # after close: written directly
        assert len(await usage_rows(fleet_dsn)) == 31
    finally:
        await pool.close()


async def test_a_full_usage_queue_makes_callers_wait(fleet_dsn):
    from backend.api.usage import UsageRecorder
    from backend.store.usage import UsageRow

    pool = await asyncpg.create_pool(fleet_dsn, min_size=1, max_size=1)
    try:
        recorder = UsageRecorder(pool, max_queue=2, wait_s=0.0)
        async with pool.acquire():  # the writer cannot write
            for i in range(3):  # one taken by the blocked writer, two queued
                await recorder.record(UsageRow(1, f"r{i}", "m", "ok"))
            waiting = asyncio.create_task(recorder.record(UsageRow(1, "r3", "m", "ok")))
            await asyncio.sleep(0.2)
            assert not waiting.done()  # back-pressure, not loss
        await asyncio.wait_for(waiting, 10)
        await recorder.close()
        assert len(await usage_rows(fleet_dsn)) == 4
    finally:
        await pool.close()
