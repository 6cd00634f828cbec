"""The bot↔backend seam is typed both ways: every body the bot sends is a contract model's JSON (no raw
dict anywhere in bot/), every body it reads is parsed into one (no `.json()[...]`), and a backend body
that is not what the contract says gives the user one clear Spanish message and loses nothing: no pair
half-written into the working memory, the chat's pairs and focus as they were. Real Application, backend
faked at the HTTP transport."""

from __future__ import annotations

import ast
from pathlib import Path

import httpx
import pytest

from backend.contract import AlertsUpdate, BlockedUpdate, DigestClaim, DigestOutcome
from backend.testing.bot_runner import run_bot
from bot.backend_client import MSG_BAD_RESPONSE, BackendClient
from tests.fixtures_fake_backend import ADMIN, FakeBackend, focus

ROOT = Path(__file__).resolve().parent.parent
GARBAGE = [
    httpx.Response(200, json={"respuesta": "sin el campo answer"}),
    httpx.Response(200, json=["una", "lista"]),
    httpx.Response(200, text="<html>proxy</html>", headers={"Content-Type": "text/html"}),
    httpx.Response(200, json={"answer": "Texto.", "request_id": "r", "answer_kind": "otra"}),
    httpx.Response(200, content=b""),
]
BROKEN_READS = {
    "/saldo 412": "/v1/clients/412",
    "/vencimientos": "/v1/expiries",
    "/resumen": "/v1/digest",
    "/alertas": "/v1/alerts",
    "/start": "/v1/me",
    "/remision 1234": "/v1/delivery-notes/1234.pdf",
    "/grafica 412": "/v1/charts/balance.png",
}


def _bot_modules() -> list[Path]:
    return sorted(p for p in ROOT.joinpath("bot").rglob("*.py") if "voice" not in p.relative_to(ROOT).parts[1:2])


def test_the_bot_never_sends_a_raw_dict_nor_reads_a_raw_json_body() -> None:
    """No `json=` keyword (a dict body) and no `.json()` call in bot/: bodies go through the contract."""
    found = []
    for path in _bot_modules():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            if any(k.arg == "json" for k in node.keywords):
                found.append(f"{path.name}:{node.lineno}: json=")
            if isinstance(node.func, ast.Attribute) and node.func.attr == "json" and not node.args:
                found.append(f"{path.name}:{node.lineno}: .json()")
    assert found == []


async def test_every_body_the_client_sends_is_the_contracts() -> None:
    sent: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        sent.append(request)
        if request.url.path.endswith("/blocked"):
            return httpx.Response(200, json={"user_id": ADMIN, "name": "Ana", "alerts": "daily", "blocked": True})
        if request.url.path == "/v1/alerts":
            return httpx.Response(200, json={"alerts": "off"})
        return httpx.Response(200, json={"claimed": True, "date": "2026-12-01"})

    client = BackendClient("http://backend.invalid", "s", transport=httpx.MockTransport(answer))
    try:
        assert (await client.alerts(ADMIN, "off")).alerts == "off"
        assert (await client.claim_digest(ADMIN, "2026-12-01")).claimed
        await client.claim_digest(ADMIN, "2026-12-01", "sent")
        assert (await client.set_blocked(ADMIN, True)).blocked
    finally:
        await client.aclose()
    models = [AlertsUpdate, DigestClaim, DigestOutcome, BlockedUpdate]
    for request, model in zip(sent, models, strict=True):
        assert request.headers["Content-Type"] == "application/json"
        model.model_validate_json(request.content)  # raises when the body is not that model


@pytest.mark.parametrize("reply", GARBAGE, ids=["no-answer", "list", "html", "bad-kind", "empty"])
async def test_an_ask_body_that_is_not_the_contracts_is_a_clear_message_and_keeps_the_memory(
    telegram_stub, reply: httpx.Response
) -> None:
    stub, fake = telegram_stub, FakeBackend()
    fake.answer("El 412 tiene 298 canastillas.", focus=[focus("client", "412", "[412] DISTRIBUIDORA")])
    fake.queue(reply)
    async with run_bot(
        stub, backend_url="http://backend.invalid", backend_secret="s", backend_transport=fake.transport
    ) as app:
        stub.push(stub.text("¿saldo del 412?", chat_id=ADMIN))
        stub.push(stub.text("¿y cuántas estibas?", chat_id=ADMIN))
        first, second = await stub.wait_texts(ADMIN, 2)
        memory = app.bot_data.memory
        assert memory.history((ADMIN, ADMIN)) == [{"q": "¿saldo del 412?", "a": first}]
        assert [e.key for e in memory.focus((ADMIN, ADMIN))] == ["412"]
    assert second == MSG_BAD_RESPONSE
    assert fake.asks[1].history == [{"q": "¿saldo del 412?", "a": "El 412 tiene 298 canastillas."}]


async def test_a_read_or_file_that_is_not_the_contracts_is_a_clear_message_and_stores_nothing(telegram_stub) -> None:
    stub, fake = telegram_stub, FakeBackend()

    def backend(request: httpx.Request) -> httpx.Response:
        if request.url.path in BROKEN_READS.values():
            fake.requests.append(request)
            return httpx.Response(200, text="<html>no es lo que esperaba</html>")
        return fake._handle(request)

    async with run_bot(
        stub, backend_url="http://backend.invalid", backend_secret="s", backend_transport=httpx.MockTransport(backend)
    ) as app:
        for command in BROKEN_READS:
            stub.push(stub.command(command, chat_id=ADMIN))
        texts = await stub.wait_texts(ADMIN, len(BROKEN_READS))
        assert app.bot_data.memory.held() == 0
    assert texts == [MSG_BAD_RESPONSE] * len(BROKEN_READS), texts
    assert stub.calls_of("sendDocument") == [] and stub.calls_of("sendPhoto") == []
    assert {r.url.path for r in fake.requests} >= set(BROKEN_READS.values())
