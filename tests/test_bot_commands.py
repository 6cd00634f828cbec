"""Admin commands and Telegram-side behaviour, through the real Application, the Telegram stand-in and
the real backend (real database, Anthropic stand-in)."""

from __future__ import annotations

import asyncio
import socket
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import httpx

from backend.contract import HealthResponse, ModelHealth
from backend.testing.backend_server import start_backend
from backend.testing.bot_runner import run_bot
from bot import views
from bot.backend_client import MSG_GENERIC, MSG_NOT_AUTHORIZED, MSG_REGISTER, MSG_UNREACHABLE
from bot.conversation import EDITED, HINT_UNSUPPORTED
from bot.replies import plain_from_html
from tests.fixtures_fake_backend import FakeBackend

ADMIN = 1001
STRANGER = 5555


async def test_start_menu_and_help(telegram_stub, backend_server) -> None:
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        commands = stub.calls_of("setMyCommands")[0].params["commands"]
        assert {c["command"] for c in commands} >= {
            "start",
            "ayuda",
            "olvidar",
            "memoria",
            "saldo",
            "vencimientos",
            "estado",
        }
        stub.push(stub.command("/start", chat_id=ADMIN))
        (welcome,) = await stub.wait_texts(ADMIN, 1)
        assert "Ana Operaciones" in welcome and "/saldo" in welcome
        stub.push(stub.command("/start", chat_id=STRANGER))
        (refusal,) = await stub.wait_texts(STRANGER, 1)
        assert refusal == MSG_REGISTER.format(user_id=STRANGER)
        stub.push(stub.command("/ayuda", chat_id=ADMIN))
        stub.push(stub.command("/help", chat_id=ADMIN))
        texts = await stub.wait_texts(ADMIN, 3)
        assert texts[1] == texts[2] and "6 preguntas" in texts[1] and "15 minutos" in texts[1]
    assert backend_server.anthropic.requests == []


async def test_balance_names_with_symbols_arrive_intact(telegram_stub, backend_server) -> None:
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        for code in ("77", "1050", "007"):
            stub.push(stub.command(f"/saldo {code}", chat_id=ADMIN))
            await stub.wait_texts(ADMIN, ["77", "1050", "007"].index(code) + 1)
        sent = stub.sent(ADMIN)
    assert all(p["parse_mode"] == "HTML" for p in sent)
    shown = [plain_from_html(p["text"]) for p in sent]
    assert shown[0].startswith("[77] MINIMERCADO EL_SOL *24H* (Itagüí)")
    assert shown[1].startswith("[1050] SUPERMERCADO LA <ECONOMÍA> (Bogotá)")
    assert shown[2].startswith("[007] CARNES D'LUCA & HERMANOS (Bello)")
    assert "&lt;ECONOMÍA&gt;" in sent[1]["text"] and "&amp;" in sent[2]["text"]
    assert all("•" in s for s in shown)
    assert backend_server.anthropic.requests == []


async def test_rejected_formatting_is_resent_once_as_plain_text(telegram_stub, backend_server) -> None:
    stub = telegram_stub
    stub.fail_next(
        "sendMessage",
        400,
        "Bad Request: can't parse entities: unsupported start tag",
        when=lambda params: params.get("parse_mode") == "HTML",
    )
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        stub.push(stub.command("/saldo 1050", chat_id=ADMIN))
        (text,) = await stub.wait_texts(ADMIN, 1)
    attempts = stub.calls_of("sendMessage")
    assert [a.params.get("parse_mode") for a in attempts] == ["HTML", None]
    assert text.startswith("[1050] SUPERMERCADO LA <ECONOMÍA> (Bogotá)")


async def test_retry_after_is_waited_out_then_sent(telegram_stub, backend_server) -> None:
    stub = telegram_stub
    stub.fail_next("sendMessage", 429, "Too Many Requests: retry after 1", retry_after=1)
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        stub.push(stub.command("/vencimientos 30", chat_id=ADMIN))
        (text,) = await stub.wait_texts(ADMIN, 1)
    attempts = stub.calls_of("sendMessage")
    assert len(attempts) == 2 and attempts[0].params["text"] == attempts[1].params["text"]
    assert MSG_GENERIC not in text


async def test_expiries_and_status(telegram_stub, backend_server) -> None:
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        stub.push(stub.command("/vencimientos", chat_id=ADMIN))
        await stub.wait_texts(ADMIN, 1)
        stub.push(stub.command("/vencimientos abc", chat_id=ADMIN))
        stub.push(stub.command("/estado", chat_id=ADMIN))
        semaforo, usage, status = await stub.wait_texts(ADMIN, 3)
    lines = plain_from_html(semaforo).splitlines()
    assert lines[0] == "Documentos vencidos o por vencer en 30 días (hoy 1 de diciembre de 2026):"
    assert lines[1].startswith("⛔") and "· venció el" in lines[1] and "días)" in lines[1]  # most urgent first
    klm = next(line for line in lines if "KLM482" in line)  # a motocarro: no póliza RC required, only its due tecno
    assert klm.startswith("🔴 KLM482 · tecnomecánica")
    assert any(line.startswith("⚪") and "sin documentos" in line for line in lines)
    assert "Uso: /vencimientos" in usage
    assert "Base de datos: ✅" in status and "Conversaciones en memoria: 1" in status  # /vencimientos is remembered
    assert "Modelo de IA: configurado; aún sin consultas desde que arrancó el servidor" in status  # no call yet


async def test_non_admin_gets_nothing_from_the_backend(telegram_stub, backend_server) -> None:
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        for text in ("/saldo 412", "/vencimientos", "/estado", "¿cuántas canastillas tiene el cliente 412?"):
            stub.push(stub.text(text, chat_id=STRANGER))
        texts = await stub.wait_texts(STRANGER, 4)
        assert app.bot_data.memory.pairs((STRANGER, STRANGER)) == []
    assert texts == [MSG_NOT_AUTHORIZED] * 4 and not any(str(STRANGER) in t for t in texts), texts
    assert not any("canastillas" in t.replace("¿cuántas canastillas", "") for t in texts)
    assert backend_server.anthropic.requests == []


async def test_non_text_updates_never_raise_nor_reach_the_model(telegram_stub, backend_server) -> None:
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        stub.push(stub.sticker(chat_id=ADMIN))
        stub.push(stub.photo(chat_id=ADMIN))
        stub.push(stub.location(chat_id=ADMIN))
        stub.push(stub.edited_text("¿saldo del 412?", chat_id=ADMIN))
        stub.push(stub.channel_post("¿saldo del 412?"))
        stub.push(stub.text("¿saldo del 412?", chat_id=-300, user_id=ADMIN, chat_type="group"))  # not addressed
        stub.push(stub.command("/comandoraro", chat_id=ADMIN))
        stub.push(stub.command("/memoria", chat_id=ADMIN))  # marks the end: handled after the others
        texts = await stub.wait_texts(ADMIN, 6)
        assert app.bot_data.memory.held() == 0
    assert texts[:4] == [HINT_UNSUPPORTED] * 3 + [EDITED]  # the edit: a note, never a second answer
    assert "No conozco ese comando" in texts[4] and "No tengo nada en memoria" in texts[5]
    assert stub.sent(-300) == [] and stub.sent(-100777) == []
    assert MSG_GENERIC not in stub.texts()
    assert backend_server.anthropic.requests == []


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def test_backend_unreachable_gives_spanish_advice_and_stores_nothing(telegram_stub) -> None:
    stub = telegram_stub
    url = f"http://127.0.0.1:{_closed_port()}"
    async with run_bot(stub, backend_url=url, backend_secret="x", typing_delay_s=0) as app:
        stub.push(stub.text("¿saldo del cliente 412?", chat_id=ADMIN))
        stub.push(stub.command("/saldo 412", chat_id=ADMIN))
        stub.push(stub.command("/estado", chat_id=ADMIN))
        ask, balance, status = await stub.wait_texts(ADMIN, 3)
        assert app.bot_data.memory.held() == 0
    assert ask == MSG_UNREACHABLE and balance == MSG_UNREACHABLE
    assert "Servidor: ❌ no responde" in status
    assert stub.calls_of("sendChatAction")  # typing was shown while waiting (FLEETOPS_BOT_TYPING_DELAY_S=0)


async def test_typing_is_shown_only_for_an_answer_that_takes_longer_than_the_delay(telegram_stub) -> None:
    """FLEETOPS_BOT_TYPING_DELAY_S=1: a quick answer comes with no «typing» call; one held by the
    backend until the stand-in sees «typing» gets it (released by that, not by a clock)."""
    stub, fake, slow = telegram_stub, FakeBackend(), asyncio.Event()

    async def backend(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/ask" and b"lenta" in request.content:
            await slow.wait()
        return fake._handle(request)

    async with run_bot(
        stub,
        backend_url="http://backend.invalid",
        backend_secret="fake-secret",
        backend_transport=httpx.MockTransport(backend),
        typing_delay_s=1.0,
    ):
        stub.push(stub.text("pregunta rápida", chat_id=ADMIN))
        await stub.wait_texts(ADMIN, 1)
        assert stub.calls_of("sendChatAction") == []
        stub.push(stub.text("pregunta lenta", chat_id=ADMIN))
        await stub.wait_for(lambda: stub.calls_of("sendChatAction"), "typing for the slow answer")
        slow.set()
        await stub.wait_texts(ADMIN, 2)
    assert [c.params["action"] for c in stub.calls_of("sendChatAction")] == ["typing"]


async def test_one_error_handler_logs_and_answers_briefly(telegram_stub, caplog) -> None:
    stub = telegram_stub
    stub.fail_next("sendMessage", 400, "Bad Request: chat not found")
    async with run_bot(stub, backend_url=f"http://127.0.0.1:{_closed_port()}", backend_secret="x"):
        stub.push(stub.command("/ayuda", chat_id=ADMIN))
        (text,) = await stub.wait_texts(ADMIN, 1)
    assert text == MSG_GENERIC
    assert any(r.exc_info and "unhandled error" in r.getMessage() for r in caplog.records)


async def test_balance_by_a_common_name_says_how_many_matched_and_how_many_are_shown(
    telegram_stub, backend_server
) -> None:
    import csv
    from pathlib import Path

    from backend.core.text import fold

    fixture = Path(__file__).resolve().parents[1] / "demo-data" / "fleet" / "clients.csv"
    with open(fixture, encoding="utf-8") as f:
        expected = sum(
            1 for r in csv.DictReader(f) if r["company"] == "frigorifico-andino" and "distribuidora" in fold(r["name"])
        )
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        stub.push(stub.command("/saldo distribuidora", chat_id=ADMIN))
        (text,) = await stub.wait_texts(ADMIN, 1)
    shown = plain_from_html(text)
    assert expected > 10
    assert shown.startswith(f"Encontré {expected} clientes para «distribuidora»; te muestro 10.")
    assert shown.count("•") >= 10


async def test_status_reports_the_models_latest_calls_not_just_a_key(telegram_stub, fleet_dsn, anthropic_stub) -> None:
    """A key set but no way to reach the model (the demo with a fake key and no internet): every answer
    says the assistant is unavailable, and /estado says so too, with when and why; once the model answers
    again, /estado says that. No model call is made for /estado."""
    stub = telegram_stub
    dead = SimpleNamespace(base_url=f"http://127.0.0.1:{_closed_port()}")  # nothing listens: connection refused
    async with (
        start_backend(fleet_dsn, dead) as backend,
        run_bot(stub, backend_url=backend.base_url, backend_secret=backend.secret),
    ):
        stub.push(stub.text("¿cuántas canastillas tiene el cliente 412?", chat_id=ADMIN))
        stub.push(stub.text("¿y estibas?", chat_id=ADMIN))
        stub.push(stub.command("/estado", chat_id=ADMIN))
        first, second, status = await stub.wait_texts(ADMIN, 3)
    assert "no está disponible" in first and "no está disponible" in second
    assert "Modelo de IA: ❌ falló hace menos de 1 min (sin conexión con el proveedor), 2 veces seguidas" in status
    assert "mientras tanto respondo solo con los datos. No ha respondido desde que arrancó el servidor." in status
    assert "✅ configurado" not in status

    anthropic_stub.reply_text("298 canastillas.")
    async with (
        start_backend(fleet_dsn, anthropic_stub) as backend,
        run_bot(stub, backend_url=backend.base_url, backend_secret=backend.secret),
    ):
        stub.push(stub.text("¿cuántas canastillas tiene el cliente 412?", chat_id=ADMIN))
        stub.push(stub.command("/estado", chat_id=ADMIN))
        status = (await stub.wait_texts(ADMIN, 5))[-1]
    assert "Modelo de IA: ✅ respondió bien hace menos de 1 min" in status
    assert len(anthropic_stub.requests) == 1  # the question's call only


def test_status_line_in_spanish_for_each_state() -> None:
    now = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)

    def line(**model: object) -> str:
        health = HealthResponse(status="ok", database="ok", model_configured=True, model=ModelHealth(**model))
        return views.model_status(health, now)

    failing = line(
        state="failing",
        last_ok_at=now - timedelta(hours=3),
        last_failure_at=now - timedelta(minutes=12),
        last_failure="http_401",
        failures_in_a_row=1,
    )
    assert failing == (
        "Modelo de IA: ❌ falló hace 12 min (la clave de API no es válida); mientras tanto respondo solo con los"
        " datos. La última respuesta buena fue hace 3 h."
    )
    assert "error del proveedor (503)" in line(state="failing", last_failure_at=now, last_failure="http_503")
    assert line(state="ok", last_ok_at=now - timedelta(days=2)) == "Modelo de IA: ✅ respondió bien hace 2 días"
    assert line(state="unconfigured") == "Modelo de IA: ⚠️ sin configurar (respuestas solo con los datos)"
    older = HealthResponse(status="ok", database="ok", model_configured=True)  # a backend without `model`
    assert views.model_status(older, now) == "Modelo de IA: ✅ configurado"
