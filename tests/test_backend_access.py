"""Who may use the HTTP API: another company's secret sees none of this company's data, a request through
the public proxy is refused before the database and the model, a wrong, missing or revoked secret is 401,
a non-admin 403, and the per-company rate limit is 429 with Retry-After. Real uvicorn, real PostgreSQL,
the real anthropic SDK against the stub."""

from __future__ import annotations

import asyncpg
import httpx
import pytest

from backend.api.app import create_app
from backend.config import BackendSettings
from backend.testing.backend_server import start_backend
from tests.test_backend_api import ask_body, assert_error, usage_rows


@pytest.fixture
async def client(backend_server):
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=backend_server.headers(), timeout=30) as c:
        yield c


async def test_other_company_never_sees_frigorifico_data(backend_server):
    async with httpx.AsyncClient(
        base_url=backend_server.base_url, timeout=30, headers=backend_server.headers("lacteos-del-valle")
    ) as c:
        r = await c.post("/v1/ask", json=ask_body("¿Cuánto debe el 412? ¿y KLM482?", user_id=2001))
        assert r.status_code == 200, r.text
        system = backend_server.anthropic.last_body["system"]
        assert "[412] TIENDA LA VAQUITA FELIZ" in system
        # the plate asked is echoed only as not found (a normalised token), never with frigorifico's data
        assert "La placa KLM482 no está en la flota de Lácteos del Valle." in system
        system = system.replace("La placa KLM482 no está en la flota de Lácteos del Valle.", "")
        assert "PUERTO CLARO" not in system and "KLM482" not in system
        # the frigorifico admin is not an admin of lacteos-del-valle
        assert_error(await c.get("/v1/me", params={"user_id": 1001}), 403, "not_authorized")


async def test_proxied_request_is_refused_before_database_and_model():
    class ExplodingPool:
        touched = False

        def __getattr__(self, name):
            ExplodingPool.touched = True
            raise AssertionError("the database was touched")

    settings = BackendSettings(_env_file=None, database_url="postgresql://unused/none")
    app = create_app(settings, pool=ExplodingPool(), anthropic_client=object())
    async with httpx.AsyncClient(
        transport=httpx.ASGITransport(app=app, raise_app_exceptions=False), base_url="http://t"
    ) as c:
        for method, path in (("POST", "/v1/ask"), ("GET", "/v1/me?user_id=1001"), ("GET", "/v1/health")):
            r = await c.request(
                method, path, json=ask_body("¿412?"), headers={"X-Real-IP": "203.0.113.9", "Authorization": "Bearer x"}
            )
            assert_error(r, 403, "forbidden_proxy")
        assert ExplodingPool.touched is False
        # the control: without the header the same app does reach for the database
        r = await c.get("/v1/me?user_id=1001", headers={"Authorization": "Bearer x"})
        assert ExplodingPool.touched is True
        assert_error(r, 500, "internal_error")


async def test_proxied_request_on_the_real_server_calls_no_model(backend_server, client):
    r = await client.post("/v1/ask", json=ask_body("¿412?"), headers={"X-Real-IP": "203.0.113.9"})
    assert_error(r, 403, "forbidden_proxy")
    assert backend_server.anthropic.requests == [] and await usage_rows(backend_server.dsn) == []


@pytest.mark.parametrize("auth", [None, "Bearer", "Bearer wrong-secret", "Basic abc", "bearer fo_nope"])
async def test_wrong_or_missing_secret_is_401(backend_server, auth):
    headers = {"Authorization": auth} if auth else {}
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=headers, timeout=30) as c:
        assert_error(await c.post("/v1/ask", json=ask_body("¿412?")), 401, "unauthorized")
        assert_error(await c.get("/v1/expiries", params={"user_id": 1001}), 401, "unauthorized")
    assert backend_server.anthropic.requests == []


async def test_revoked_secret_is_401(backend_server, client):
    assert (await client.get("/v1/me", params={"user_id": 1001})).status_code == 200
    conn = await asyncpg.connect(backend_server.dsn)
    await conn.execute("UPDATE bot_credentials SET revoked_at = now()")
    await conn.close()
    assert_error(await client.get("/v1/me", params={"user_id": 1001}), 401, "unauthorized")


async def test_non_admin_is_403_and_reaches_no_model(backend_server, client):
    assert_error(await client.post("/v1/ask", json=ask_body("¿412?", user_id=424242)), 403, "not_authorized")
    assert backend_server.anthropic.requests == []


async def test_rate_limit_is_429_with_retry_after(fleet_dsn, anthropic_stub):
    async with (
        start_backend(fleet_dsn, anthropic_stub, rate_limit="3/hour") as server,  # an hour: no window edge mid-test
        httpx.AsyncClient(base_url=server.base_url, headers=server.headers(), timeout=30) as c,
    ):
        for _ in range(3):
            assert (await c.get("/v1/expiries", params={"user_id": 1001})).status_code == 200
        r = await c.get("/v1/expiries", params={"user_id": 1001})
        assert_error(r, 429, "rate_limited")
        assert 1 <= int(r.headers["Retry-After"]) <= 3600
        # the message says it is the company's limit, which one, and when to retry
        assert r.json()["message"].startswith("Tu empresa llegó a su límite de 3 consultas por hora. Intenta")
        assert_error(await c.post("/v1/ask", json=ask_body("¿412?")), 429, "rate_limited")
        # per company: the other company is not limited
        other = await c.get("/v1/expiries", params={"user_id": 2001}, headers=server.headers("lacteos-del-valle"))
        assert other.status_code == 200


async def test_one_user_request_is_one_hit_of_the_rate_limit(fleet_dsn, anthropic_stub):
    """/v1/me (who asks: the voice note's check, /estado) and /v1/voice/candidates (a voice note's step) are
    not counted; a PDF asked in words is counted
    once, at its fetch (its /v1/ask answer, the `document`, is not); a question is one hit."""
    async with (
        start_backend(fleet_dsn, anthropic_stub, rate_limit="2/hour") as server,
        httpx.AsyncClient(base_url=server.base_url, headers=server.headers(), timeout=30) as c,
    ):
        for _ in range(5):
            assert (await c.get("/v1/me", params={"user_id": 1001})).status_code == 200
            candidates = {"transcript": "¿Cuántas canastillas tiene el cliente? 4, 1, 2.", "user_id": 1001}
            assert (await c.post("/v1/voice/candidates", json=candidates)).status_code == 200  # a voice note's step
        document = await c.post("/v1/ask", json=ask_body("mándame la remisión 1094"))
        assert document.json()["document"] == {"kind": "delivery_note_pdf", "key": "1094"}
        assert (await c.get("/v1/delivery-notes/1094.pdf", params={"user_id": 1001})).status_code == 200  # hit 1
        assert (await c.post("/v1/ask", json=ask_body("¿cuántas canastillas tiene el 412?"))).status_code == 200
        assert_error(await c.post("/v1/ask", json=ask_body("¿y el 310?")), 429, "rate_limited")  # hit 3 of 2
        assert (await c.get("/v1/me", params={"user_id": 1001})).status_code == 200  # still not counted
