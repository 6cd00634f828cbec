"""Bad input at the HTTP edge (issue 11, Backend HTTP): every kind is a clear 4xx, never a 5xx.

Integer ranges on every route, body size counted as it streams, deeply nested JSON, path parameters
with control characters (the model's untrusted replies and the usage rows: test_backend_model_replies.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time

import httpx
import pytest
from fastapi import FastAPI

from backend.api.app import MAX_BODY_BYTES, create_app
from backend.config import BackendSettings
from tests.test_backend_api import ask_body, assert_error

ROUTES = ("/v1/me", "/v1/clients/412", "/v1/expiries", "/v1/delivery-notes/1094.pdf")
BAD_IDS = [2**63, -(2**63) - 1, 10**30, 0, -5, True, False, 1001.0, "1001", "abc", None, [1001], {"a": 1}]
BAD_QUERY_IDS = [
    str(2**63),
    str(-(2**63) - 1),
    str(10**30),
    "0",
    "-1",
    "1001.0",
    "1e3",
    "true",
    "abc",
    "",
    " 1001",
    "1001\x00",
    "١٠٠١",
]


class ExplodingPool:
    """A pool that fails the test if anything reaches for the database."""

    touched = False

    def __getattr__(self, name):
        ExplodingPool.touched = True
        raise AssertionError("the database was touched")


def edge_app() -> FastAPI:
    ExplodingPool.touched = False
    settings = BackendSettings(_env_file=None, database_url="postgresql://unused/none")
    return create_app(settings, pool=ExplodingPool(), anthropic_client=None)


@pytest.fixture
async def edge():
    """An app whose database explodes when touched: every 4xx below is decided before any query."""
    transport = httpx.ASGITransport(app=edge_app(), raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://t", headers={"Authorization": "Bearer x"}) as c:
        yield c
    assert ExplodingPool.touched is False


@pytest.mark.parametrize("bad", BAD_IDS, ids=repr)
async def test_user_and_chat_ids_out_of_range_are_422_before_any_query(edge, bad):
    assert_error(await edge.post("/v1/ask", json={**ask_body("¿412?"), "user_id": bad}), 422, "invalid_request")
    if bad not in (0, -5):  # 0 and negative chat ids are valid (group chats)
        assert_error(await edge.post("/v1/ask", json={**ask_body("¿412?"), "chat_id": bad}), 422, "invalid_request")


@pytest.mark.parametrize("bad", BAD_QUERY_IDS, ids=repr)
async def test_query_user_id_out_of_range_is_422_on_every_route(edge, bad):
    for route in ROUTES:
        assert_error(await edge.get(route, params={"user_id": bad}), 422, "invalid_request")
    assert_error(await edge.get("/v1/me"), 422, "invalid_request")  # missing


async def test_extreme_valid_ids_reach_the_database_and_answer(backend_server):
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=backend_server.headers(), timeout=30) as c:
        for chat_id in (-(2**63), 2**63 - 1, 0):
            r = await c.post("/v1/ask", json={**ask_body("¿Cuánto debe el 412?"), "chat_id": chat_id})
            assert r.status_code == 200, r.text
        for route in ROUTES:  # a well-formed id that is not an admin: 403, not 503
            assert_error(await c.get(route, params={"user_id": 2**63 - 1}), 403, "not_authorized")
        assert_error(await c.post("/v1/ask", json=ask_body("¿412?", user_id=2**63 - 1)), 403, "not_authorized")


async def test_data_errors_are_500_and_only_lost_connections_are_503():
    from asyncpg import exceptions as pg

    app = edge_app()
    raised = {
        "data": pg.NumericValueOutOfRangeError("out of range"),
        "client_data": pg.DataError("bad arg"),
        "lost": pg.ConnectionDoesNotExistError("closed"),
        "refused": ConnectionRefusedError(),
        "shutdown": pg.AdminShutdownError("bye"),
        "timeout": TimeoutError(),
    }

    @app.get("/boom/{kind}")
    async def boom(kind: str):
        raise raised[kind]

    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app, raise_app_exceptions=False), base_url="http://t"
    ) as c:
        for kind in ("data", "client_data"):
            assert_error(await c.get(f"/boom/{kind}"), 500, "internal_error")
        for kind in ("lost", "refused", "shutdown", "timeout"):
            assert_error(await c.get(f"/boom/{kind}"), 503, "db_unavailable")


# --- request bodies ---------------------------------------------------------------------------------

NESTED = b"[" * 1000


@pytest.mark.parametrize("content_type", [None, "text/plain", "application/json", "application/x-www-form-urlencoded"])
@pytest.mark.parametrize("auth", [True, False])
async def test_deeply_nested_json_is_4xx_before_authentication(edge, content_type, auth):
    headers = {"content-type": content_type} if content_type else {}
    if not auth:
        headers["Authorization"] = ""
    for body in (NESTED, b'{"question": "x", "user_id": 1001, "chat_id": 1, "history": ' + NESTED + b"}"):
        r = await edge.post("/v1/ask", content=body, headers=headers)
        assert r.status_code in (400, 422), r.text
        assert_error(r, r.status_code, "invalid_request")


async def test_declared_oversized_body_is_413_before_anything(edge):
    body = json.dumps(ask_body("¿412?", [{"q": "x" * 1000, "a": "y" * 1000}] * 40)).encode()
    assert len(body) > MAX_BODY_BYTES
    r = await edge.post("/v1/ask", content=body, headers={"content-type": "application/json"})
    assert_error(r, 413, "payload_too_large")
    assert r.headers["connection"] == "close"
    assert_error(await edge.post("/v1/ask", content=b"{}", headers={"content-length": "12x"}), 413, "payload_too_large")


async def test_chunked_body_over_the_cap_is_413_at_once_and_health_stays_responsive(backend_server):
    """A 10 MB chunked upload, sent slowly over a raw socket that reads while it writes (as curl does;
    httpx reads only after writing everything): /v1/health is answered while the upload is in flight,
    and the 413 arrives as soon as the cap is passed — the client stops only because it read it."""
    host, port = backend_server.base_url.removeprefix("http://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write(
        b"POST /v1/ask HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\nAuthorization: "
        + backend_server.headers()["Authorization"].encode()
        + b"\r\n\r\n"
    )
    total, chunk = 10 * 1024 * 1024, b" " * 4096
    sent = 0
    order: list[str] = []
    answered = asyncio.Event()

    async def upload() -> None:
        nonlocal sent
        with contextlib.suppress(ConnectionError):
            while sent < total and not answered.is_set():
                writer.write(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                await writer.drain()
                sent += len(chunk)
                if sent == 8 * len(chunk):  # 32 KiB in, under the cap: ask for health meanwhile
                    async with httpx.AsyncClient(base_url=backend_server.base_url, timeout=30) as other:
                        health = await other.get("/v1/health")
                    assert health.status_code == 200 and health.json()["database"] == "ok"
                    order.append(f"health answered at {sent // 1024} KiB")
                await asyncio.sleep(0.002)
            order.append("upload stopped")

    sender = asyncio.create_task(upload())
    started = time.monotonic()
    head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 60)
    answered.set()
    at_413, elapsed = sent, time.monotonic() - started
    length = int(
        next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length"))
    )
    body = json.loads(await reader.readexactly(length))
    await sender
    writer.close()
    assert head.startswith(b"HTTP/1.1 413") and b"connection: close" in head.lower()
    assert set(body) == {"error", "message", "request_id"} and body["error"] == "payload_too_large"
    assert order == ["health answered at 32 KiB", "upload stopped"]
    assert MAX_BODY_BYTES < at_413 < MAX_BODY_BYTES + 256 * 1024, at_413  # the cap, plus what was in flight
    print(f"\nchunked upload: 413 after {at_413 // 1024} KiB of 10240 KiB sent ({elapsed:.2f} s of slow sending)")
    assert backend_server.anthropic.requests == []


async def test_chunked_body_under_the_cap_is_answered(backend_server):
    body = json.dumps(ask_body("¿Cuánto debe el 412?")).encode()

    async def chunks():
        for i in range(0, len(body), 7):
            yield body[i : i + 7]

    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=backend_server.headers(), timeout=30) as c:
        r = await c.post("/v1/ask", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 200, r.text


# --- path parameters and search terms ---------------------------------------------------------------


async def test_path_parameters_are_cleaned(backend_server):
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=backend_server.headers(), timeout=30) as c:
        params = {"user_id": 1001}
        for raw in ("412%00", "%00412", "4%E2%80%8B12", "%1B412%0A", "%E2%80%AE412", "412%F3%A0%80%81"):
            r = await c.get(f"/v1/clients/{raw}", params=params)
            assert r.status_code == 200, (raw, r.text)
            assert r.json()["query"] == "412" and r.json()["matches"][0]["code"] == "412"
        for raw in ("%00", "%E2%80%8B", "%20%09"):
            assert_error(await c.get(f"/v1/clients/{raw}", params=params), 422, "invalid_request")
        assert_error(await c.get("/v1/clients/zz%00zz", params=params), 404, "client_not_found")
        escape = assert_error(await c.get("/v1/clients/412%1B%5B31m", params=params), 404, "client_not_found")
        assert "\x1b" not in escape["message"] and "«412[31m»" in escape["message"]
        assert (await c.get("/v1/clients/bah%C3%ADa%00 solana", params=params)).json()["matches"][0]["code"] == "310"
        note = await c.get("/v1/delivery-notes/1094%00.pdf", params=params)
        assert note.status_code == 200 and note.headers["content-type"] == "application/pdf"
        missing = await c.get("/v1/delivery-notes/99%1B99.pdf", params=params)
        body = assert_error(missing, 404, "delivery_note_not_found")
        assert "\x1b" not in body["message"] and "9999" in body["message"]
        lone_surrogate = json.dumps(ask_body("¿Cuánto debe el\x00 4\u200b12?\ud800"))  # ASCII: "\\ud800"
        r = await c.post("/v1/ask", content=lone_surrogate, headers={"content-type": "application/json"})
        assert r.status_code == 200
    assert backend_server.anthropic.last_body["messages"][-1]["content"] == "¿Cuánto debe el 412?"


def test_the_readme_lists_every_error_code():
    from pathlib import Path

    from backend.contract import ErrorCode

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    missing = [code.value for code in ErrorCode if f"| `{code.value}` |" not in readme]
    assert missing == []


async def test_path_user_id_of_the_bot_routes_is_ranged(backend_server):
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=backend_server.headers(), timeout=30) as c:
        for bad in (str(2**63), "0", "-1", str(10**30)):
            r = await c.put(f"/v1/bot/admins/{bad}/blocked", json={"blocked": True})
            assert_error(r, 422, "invalid_request")
