"""The HTTP API end to end: real uvicorn, real PostgreSQL, the real anthropic SDK against the stub."""

from __future__ import annotations

import asyncpg
import httpx
import pytest

from backend.api.app import create_app
from backend.config import BackendSettings
from backend.testing.backend_server import start_backend

LEAKS = ("Traceback", "Overloaded", "upstream detail", "SELECT", "asyncpg", "llm_usage", "anthropic", "sk-")


def ask_body(question: str, history=None, user_id: int = 1001) -> dict:
    return {"question": question, "history": history or [], "chat_id": 555, "user_id": user_id}


def assert_error(response: httpx.Response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "message", "request_id"} and body["error"] == code
    assert body["message"] and body["request_id"]
    assert not any(leak in response.text for leak in LEAKS)
    return body


async def usage_rows(dsn: str) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(dsn)
    try:
        return await conn.fetch(
            "SELECT u.*, c.slug FROM llm_usage u JOIN companies c ON c.id = u.company_id ORDER BY u.id"
        )
    finally:
        await conn.close()


@pytest.fixture
async def client(backend_server):
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=backend_server.headers(), timeout=30) as c:
        yield c


async def test_ask_sends_grounded_role_structured_request(backend_server, client):
    stub = backend_server.anthropic
    stub.reply_text("El cliente [412] DISTRIBUIDORA PUERTO CLARO tiene 298 canastillas.")
    history = [{"q": "¿Cómo está KLM482?", "a": "Tiene la tecnomecánica por vencer."}]
    r = await client.post("/v1/ask", json=ask_body("¿Cuánto debe el 412?", history))
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["answer"] == "El cliente [412] DISTRIBUIDORA PUERTO CLARO tiene 298 canastillas."
    assert body["mode"] == "model" and body["stop_reason"] == "end_turn"
    assert body["usage"] == {
        "input_tokens": 321,
        "output_tokens": 12,
        "cache_read_input_tokens": 0,
        "cache_creation_input_tokens": 0,
    }
    assert 0 < body["context_tokens_est"] <= 1500
    sent = stub.last_body
    assert sent["model"] == "claude-test" and sent["max_tokens"] == backend_server.settings.max_tokens
    assert [m["role"] for m in sent["messages"]] == ["user", "assistant", "user"]
    assert sent["messages"][-1]["content"] == "¿Cuánto debe el 412?"
    assert "[412] DISTRIBUIDORA PUERTO CLARO (Rionegro): 298 canastillas" in sent["system"]
    assert "KLM482 tecnomecánica vence el 4 de diciembre de 2026" in sent["system"]
    # the facts start with the parsed question's exact answer, computed by SQL
    exact = "[412] DISTRIBUIDORA PUERTO CLARO (Rionegro) tiene 298 canastillas, 306 estibas y 109 tapas."
    assert sent["system"].split("DATOS (de la base", 1)[1].split("\n")[2] == exact
    assert body["answer_kind"] == "answer"
    assert body["focus"] == [{"kind": "client", "key": "412", "label": "[412] DISTRIBUIDORA PUERTO CLARO"}]
    sent_headers = stub.requests[-1].headers
    assert "test-key" in (sent_headers.get("x-api-key"), sent_headers.get("authorization", "").removeprefix("Bearer "))
    rows = await usage_rows(backend_server.dsn)
    assert [(r["slug"], r["outcome"], r["input_tokens"], r["output_tokens"], r["request_id"]) for r in rows] == [
        ("frigorifico-andino", "ok", 321, 12, body["request_id"])
    ]


@pytest.mark.parametrize("status", [529, 429, 500])
async def test_upstream_failure_gives_the_exact_answer_else_503_without_upstream_text(backend_server, client, status):
    backend_server.anthropic.reply_error(status, times=5)
    r = await client.post("/v1/ask", json=ask_body("¿Cuánto debe el 412?"))
    assert r.status_code == 200, r.text
    body = r.json()
    notice, answer = body["answer"].split("\n", 1)
    assert "asistente de IA no está disponible" in notice and body["mode"] == "data_only"
    assert answer == "[412] DISTRIBUIDORA PUERTO CLARO (Rionegro) tiene 298 canastillas, 306 estibas y 109 tapas."
    assert body["answer_kind"] == "answer" and body["focus"][0]["key"] == "412"
    assert not any(leak in r.text for leak in LEAKS)
    # no exact answer to give: 503
    body = assert_error(await client.post("/v1/ask", json=ask_body("¿qué opinas del clima?")), 503, "llm_unavailable")
    rows = await usage_rows(backend_server.dsn)
    assert [r["outcome"] for r in rows] == [f"http_{status}"] * 2  # the failure is in the usage rows
    assert len(backend_server.anthropic.requests) == 2  # max_retries=0 here: no retry layer of our own


async def test_sdk_retries_once_then_answers(fleet_dsn, anthropic_stub):
    async with start_backend(fleet_dsn, anthropic_stub, model_max_retries=1) as server:
        anthropic_stub.reply_error(529)
        anthropic_stub.reply_text("Listo.")
        async with httpx.AsyncClient(base_url=server.base_url, headers=server.headers(), timeout=30) as c:
            r = await c.post("/v1/ask", json=ask_body("¿Cuánto debe el 412?"))
        assert r.status_code == 200 and r.json()["answer"] == "Listo."
        assert len(anthropic_stub.requests) == 2


async def test_slow_model_times_out_to_503(fleet_dsn, anthropic_stub):
    async with start_backend(fleet_dsn, anthropic_stub, model_timeout_s=0.5) as server:
        anthropic_stub.reply_slow(3.0)
        async with httpx.AsyncClient(base_url=server.base_url, headers=server.headers(), timeout=30) as c:
            assert_error(await c.post("/v1/ask", json=ask_body("cuéntame algo")), 503, "llm_unavailable")
        assert [r["outcome"] for r in await usage_rows(server.dsn)] == ["timeout"]


async def test_max_tokens_answer_says_it_was_cut(backend_server, client):
    backend_server.anthropic.reply_text("El cliente [412] tiene", stop_reason="max_tokens")
    body = (await client.post("/v1/ask", json=ask_body("¿Cuánto debe el 412?"))).json()
    assert body["stop_reason"] == "max_tokens" and body["answer"].startswith("El cliente [412] tiene")
    assert "Respuesta cortada" in body["answer"]
    assert [r["outcome"] for r in await usage_rows(backend_server.dsn)] == ["max_tokens"]


async def test_empty_content_is_an_error_not_an_answer(backend_server, client):
    backend_server.anthropic.reply_text("", empty_content=True)
    assert_error(await client.post("/v1/ask", json=ask_body("hola, cuéntame algo")), 503, "llm_unavailable")


async def test_without_api_key_answers_from_the_data(fleet_dsn):
    async with start_backend(fleet_dsn, None) as server:
        async with httpx.AsyncClient(base_url=server.base_url, headers=server.headers(), timeout=30) as c:
            health = (await c.get("/v1/health")).json()
            assert health["model"]["state"] == "unconfigured"
            assert health == {"status": "ok", "database": "ok", "model_configured": False, "model": health["model"]}
            body = (await c.post("/v1/ask", json=ask_body("¿Cuánto debe el 412?"))).json()
            assert body["mode"] == "data_only" and body["stop_reason"] is None
            assert body["answer"] == (
                "[412] DISTRIBUIDORA PUERTO CLARO (Rionegro) tiene 298 canastillas, 306 estibas y 109 tapas."
            )
            assert body["answer_kind"] == "answer" and body["context_tokens_est"] == 0
            nothing = (await c.post("/v1/ask", json=ask_body("¿qué opinas del clima?"))).json()
            assert nothing["answer"].startswith("No entendí la pregunta") and nothing["answer_kind"] == "not_found"
            assert nothing["focus"] == [] and not any(ch.isdigit() for ch in nothing["answer"].replace("412", ""))
        assert [r["outcome"] for r in await usage_rows(server.dsn)] == ["data_only", "data_only"]


async def test_question_limits_and_invalid_bodies(backend_server, client):
    too_long = "¿" + "a" * 1000 + "?"
    assert_error(await client.post("/v1/ask", json=ask_body(too_long)), 422, "question_too_long")
    assert_error(await client.post("/v1/ask", json=ask_body(" \x00 ")), 422, "invalid_request")
    assert_error(
        await client.post("/v1/ask", json={"question": 5, "chat_id": 1, "user_id": 1001}), 422, "invalid_request"
    )
    assert_error(
        await client.post("/v1/ask", content=b"{not json", headers={"content-type": "application/json"}),
        422,
        "invalid_request",
    )
    r = await client.post("/v1/ask", json=ask_body("¿412?", history=[{"q": 1}, "x", {"q": "hola", "a": "¡hola!"}]))
    assert r.status_code == 200
    assert [m["role"] for m in backend_server.anthropic.last_body["messages"]] == ["user", "assistant", "user"]
    assert backend_server.anthropic.requests and len(backend_server.anthropic.requests) == 1


async def test_deterministic_reads(client):
    me = (await client.get("/v1/me", params={"user_id": 1001})).json()
    assert me == {
        "user_id": 1001,
        "name": "Ana Operaciones",
        "company": {"slug": "frigorifico-andino", "name": "Frigorífico Andino S.A.S.", "timezone": "America/Bogota"},
    }
    c412 = (await client.get("/v1/clients/412", params={"user_id": 1001})).json()
    assert c412["matches"][0]["code"] == "412"
    assert {b["asset_code"]: b["balance"] for b in c412["matches"][0]["balances"]} == {
        "CAN": 298,
        "EST": 306,
        "TAP": 109,
    }
    sol = (await client.get("/v1/clients/el_sol *24H*", params={"user_id": 1001})).json()
    assert [m["name"] for m in sol["matches"]] == ["MINIMERCADO EL_SOL *24H*"]
    assert_error(await client.get("/v1/clients/zzzz-nadie", params={"user_id": 1001}), 404, "client_not_found")
    exp = (await client.get("/v1/expiries", params={"user_id": 1001, "within_days": 7})).json()
    assert exp["today"] == "2026-12-01" and exp["within_days"] == 7
    statuses = [i["status"] for i in exp["items"]]
    assert statuses == sorted(statuses, key=["vencido", "sin_documentos", "incompleto", "rojo"].index)
    assert not [i for i in exp["items"] if i["plate"] == "KLM482" and i["doc_type"] == "POLIZA_RC"]  # a motocarro
    assert {
        "plate": "KLM482",
        "doc_type": "TECNOMECANICA",
        "expires_on": "2026-12-04",
        "days_remaining": 3,
        "status": "rojo",
    } in exp["items"]
    assert_error(await client.get("/v1/expiries", params={"user_id": 1001, "within_days": -1}), 422, "invalid_request")
    openapi = (await client.get("/openapi.json")).json()
    assert {"/v1/ask", "/v1/clients/{code_or_name}", "/v1/expiries", "/v1/health"} <= set(openapi["paths"])


async def test_oversized_body_is_413(backend_server, client):
    history = [{"q": "x" * 1000, "a": "y" * 1000}] * 40
    assert_error(await client.post("/v1/ask", json=ask_body("¿412?", history)), 413, "payload_too_large")
    assert backend_server.anthropic.requests == []


async def test_pool_saturation_fails_fast_with_503(fleet_dsn):
    pool = await asyncpg.create_pool(fleet_dsn, min_size=1, max_size=1)
    settings = BackendSettings(_env_file=None, database_url=fleet_dsn, pool_acquire_timeout_s=0.2)
    app = create_app(settings, pool=pool, anthropic_client=None)
    try:
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
            async with pool.acquire():  # the only connection is busy
                assert_error(
                    await c.get("/v1/me?user_id=1001", headers={"Authorization": "Bearer x"}), 503, "db_unavailable"
                )
                assert (await c.get("/v1/health")).json() == {
                    "status": "degraded",
                    "database": "error",
                    "model_configured": False,
                    "model": {
                        "state": "unconfigured",
                        "last_ok_at": None,
                        "last_failure_at": None,
                        "last_failure": None,
                        "failures_in_a_row": 0,
                    },
                }
            # free again: the same request reaches authentication
            assert_error(await c.get("/v1/me?user_id=1001", headers={"Authorization": "Bearer x"}), 401, "unauthorized")
    finally:
        await pool.close()


async def test_expiries_name_the_inactive_vehicles_documents_they_leave_out(backend_server):
    """/vencimientos leaves out inactive vehicles' documents, as «¿qué vence este mes?» does, and says so:
    Lácteos' inactive GFT663 has its tecnomecánica due in 7 days (the fixture CSVs)."""
    headers = backend_server.headers("lacteos-del-valle")
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=headers, timeout=30) as c:
        exp = (await c.get("/v1/expiries", params={"user_id": 2001, "within_days": 30})).json()
        short = (await c.get("/v1/expiries", params={"user_id": 2001, "within_days": 6})).json()
    assert [(i["plate"], i["doc_type"], i["days_remaining"]) for i in exp["left_out"]] == [
        ("GFT663", "TECNOMECANICA", 7)
    ]
    assert all(i["plate"] != "GFT663" for i in exp["items"])
    assert short["left_out"] == []
