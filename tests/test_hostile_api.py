"""Hostile bodies on the /v1 routes that take one: the same reading whatever the Content-Type, keys from the
bot that carry a NUL or control character, dates outside the import's range. Real backend, fleet fixture.

Before: the `/v1/bot/*` routes and `PUT /v1/alerts` answered 422 to a JSON body sent without
`Content-Type: application/json` (or as `text/plain`) while `/v1/ask` read it; a voice question whose
`unconfirmed` key carried a NUL reached PostgreSQL (500, and the server closed the connection, so the
bot's next request on it failed too); a digest claim for the year 1 or 9999 was stored.
"""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest

from tests.test_backend_api import ask_body, assert_error

CONTENT_TYPES = [None, "text/plain", "application/x-www-form-urlencoded", "application/octet-stream"]


def _bodies(user_id: int) -> list[tuple[str, str, dict[str, object]]]:
    return [
        ("PUT", "/v1/alerts", {"user_id": user_id, "alerts": "if_any"}),
        ("PUT", f"/v1/bot/admins/{user_id}/blocked", {"blocked": False}),
        ("POST", "/v1/bot/digest/claims", {"user_id": user_id, "date": "2026-11-02"}),
        ("PUT", "/v1/bot/digest/claims", {"user_id": user_id, "date": "2026-11-02", "outcome": "sent"}),
        ("POST", "/v1/voice/candidates", {"transcript": "cliente 412", "user_id": user_id}),
        ("POST", "/v1/ask", ask_body("¿cuántas canastillas tiene el 412?", user_id=user_id)),
    ]


@pytest.mark.parametrize("content_type", CONTENT_TYPES)
async def test_every_body_is_read_as_json_whatever_its_content_type(backend_server, content_type) -> None:
    headers = {"Authorization": f"Bearer {backend_server.secret}"}
    if content_type:
        headers["Content-Type"] = content_type
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=headers, timeout=30) as http:
        for method, path, body in _bodies(backend_server.admin_user_id):
            response = await http.request(method, path, content=json.dumps(body).encode())
            assert response.status_code == 200, (method, path, response.text)
        # and a body that is not JSON is the one Spanish 422, not FastAPI's own
        for method, path, _ in _bodies(backend_server.admin_user_id):
            assert_error(await http.request(method, path, content=b"alerts=daily"), 422, "invalid_request")


@pytest.mark.parametrize("key", ["\x00", "412\x00", "41\u200b2", "\x1b[2J", " "])
async def test_an_unconfirmed_voice_key_with_a_nul_or_control_character_is_422(backend_server, key) -> None:
    headers = {"Authorization": f"Bearer {backend_server.secret}"}
    question = {**ask_body("cliente 412"), "source": "voice"}
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=headers, timeout=30) as http:
        for doubt in ({"kind": "client", "key": key}, {"kind": "client", "key": "412", "near": [key]}):
            assert_error(await http.post("/v1/ask", json={**question, "unconfirmed": [doubt]}), 422, "invalid_request")
        # the same connection still answers (a 500 closed it)
        fine = await http.post("/v1/ask", json={**question, "unconfirmed": [{"kind": "client", "key": "412"}]})
        assert fine.status_code == 200, fine.text


@pytest.mark.parametrize("day", ["0001-01-01", "1899-12-31", "2101-01-01", "9999-12-31", "2026-02-30", 20261201])
async def test_a_digest_claim_for_a_day_outside_the_import_range_is_422(backend_server, day) -> None:
    headers = {"Authorization": f"Bearer {backend_server.secret}"}
    uid = backend_server.admin_user_id
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=headers, timeout=30) as http:
        claim = await http.post("/v1/bot/digest/claims", json={"user_id": uid, "date": day})
        assert_error(claim, 422, "invalid_request")
        done = await http.put("/v1/bot/digest/claims", json={"user_id": uid, "date": day, "outcome": "sent"})
        assert_error(done, 422, "invalid_request")


# -- a key or parameter given twice ------------------------------------------------------------------

ASK = '"chat_id": 5, "user_id": 1001'
REPEATED_BODIES = [
    ("POST", "/v1/ask", b'{"question": "saldo del 412", "chat_id": 5, "user_id": 1001, "user_id": 2001}'),
    ("POST", "/v1/ask", ('{"question": "saldo del 412", "question": "saldo del 310", ' + ASK + "}").encode()),
    ("POST", "/v1/ask", ('{"question": "y?", "history": [{"q": "a", "a": "b", "a": "c"}], ' + ASK + "}").encode()),
    ("PUT", "/v1/alerts", b'{"user_id": 1001, "alerts": "daily", "alerts": "off"}'),
    ("PUT", "/v1/bot/admins/1001/blocked", b'{"blocked": false, "blocked": true}'),
]


@pytest.mark.parametrize(("method", "path", "body"), REPEATED_BODIES)
async def test_a_json_key_given_twice_is_422_not_the_last_one(backend_server, method, path, body) -> None:
    """Before: Python's parser kept the last value, so `{"user_id": 1001, "user_id": 2001}` was 2001 and
    `{"blocked": false, "blocked": true}` blocked the admin: what a proxy or log read was not what counted."""
    headers = {"Authorization": f"Bearer {backend_server.secret}"}
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=headers, timeout=30) as http:
        body_of = assert_error(await http.request(method, path, content=body), 422, "invalid_request")
        assert "aparece más de una vez" in body_of["message"]
        me = await http.get("/v1/me", params={"user_id": 1001})
    assert me.status_code == 200  # not blocked, and the connection still answers


@pytest.mark.parametrize(
    "query", ["user_id=1001&user_id=2001", "user_id=2001&user_id=1001", "user_id=1001&within_days=3&within_days=30"]
)
async def test_a_query_parameter_given_twice_is_422(backend_server, query) -> None:
    """Before: `?user_id=1001&user_id=2001` was user 2001 (Starlette's last value), refused or answered as him."""
    headers = {"Authorization": f"Bearer {backend_server.secret}"}
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=headers, timeout=30) as http:
        for path in ("/v1/me", "/v1/expiries"):
            assert_error(await http.get(f"{path}?{query}"), 422, "invalid_request")
        assert (await http.get("/v1/expiries?user_id=1001&within_days=3")).status_code == 200


# -- a request the HTTP parser cannot read -----------------------------------------------------------

UNREADABLE = [
    "GET /v1/clients/señor?user_id=1001 HTTP/1.1\r\n".encode(),  # raw UTF-8 in the target
    b"GET /v1/clients/a b?user_id=1001 HTTP/1.1\r\n",  # a space in the target
    b"GET /v1/me?user_id=1001&x=" + b"a" * 100_000 + b" HTTP/1.1\r\n",  # past the parser's limit
    b"GET /v1/me?user_id=1001 HTTP/1.1\r\nX-Broken header\r\n",  # a header with no colon
]


@pytest.mark.parametrize("head", UNREADABLE, ids=["utf8-target", "space", "huge-target", "no-colon"])
async def test_a_request_the_http_parser_cannot_read_gets_the_error_shape(backend_server, head) -> None:
    """Before: uvicorn's own `400 text/plain «Invalid HTTP request received.»`, the one answer not shaped
    `{error, message, request_id}`."""
    host, port = backend_server.base_url.removeprefix("http://").split(":")
    reader, writer = await asyncio.open_connection(host, int(port))
    writer.write(head + f"Host: x\r\nAuthorization: Bearer {backend_server.secret}\r\n\r\n".encode())
    await writer.drain()
    raw = await asyncio.wait_for(reader.read(), 10)
    writer.close()
    status, _, rest = raw.partition(b"\r\n")
    headers, _, body = rest.partition(b"\r\n\r\n")
    assert status == b"HTTP/1.1 400 Bad Request", raw[:200]
    assert b"content-type: application/json" in headers.lower()
    parsed = json.loads(body)
    assert set(parsed) == {"error", "message", "request_id"} and parsed["error"] == "invalid_request"
    assert parsed["message"].startswith("La solicitud HTTP no es válida")
