"""Bot hardening (issue 11, Bot): broken client text, forum topics, the webhook secret, PDF glyphs.

Through the real Application, the Telegram Bot API stand-in, the real backend and database.
"""

from __future__ import annotations

import asyncio
import io
import socket
from datetime import UTC, datetime

import httpx
import pytest
from pypdf import PdfReader

from backend.reports.delivery_note_pdf import printable, render_delivery_note_pdf
from backend.reports.delivery_notes import DeliveryNote, DeliveryNoteLine
from backend.testing.bot_runner import run_bot
from backend.testing.telegram_stub import TOKEN
from bot.config import BotSettings
from bot.conversation import HINT_EMOJI
from bot.main import WEBHOOK_SECRET_INVALID, cmd_bot, webhook_options

TOPIC = 77
GROUP = -1001234567890


async def finished(stub, app) -> None:
    await stub.wait_for(lambda: app.update_processor.current_concurrent_updates == 0, "handlers to finish")


async def test_lone_surrogates_from_a_broken_client_are_cleaned(backend_server, telegram_stub):
    admin = backend_server.admin_user_id
    backend_server.anthropic.reply_text("El [412] tiene 298 canastillas.")
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        telegram_stub.push(telegram_stub.text("¿Cuánto debe\ud800 el 412?\udfff\u200b", chat_id=admin))
        [answer] = await telegram_stub.wait_texts(admin, 1)
        await finished(telegram_stub, app)
        assert answer == "El [412] tiene 298 canastillas."
        assert backend_server.anthropic.last_body["messages"][-1]["content"] == "¿Cuánto debe el 412?"
        assert app.bot_data.memory.history((admin, admin)) == [{"q": "¿Cuánto debe el 412?", "a": answer}]
        telegram_stub.push(telegram_stub.command("/saldo 41\ud8002", chat_id=admin))
        balance = (await telegram_stub.wait_texts(admin, 2))[1]
        assert "[412] DISTRIBUIDORA PUERTO CLARO" in balance
        telegram_stub.push(telegram_stub.text("\ud800\u200b", chat_id=admin))  # nothing left: a nudge, no backend
        telegram_stub.push(telegram_stub.text("gracias", chat_id=admin))
        nudge, thanks = (await telegram_stub.wait_texts(admin, 4))[2:]
        assert nudge == HINT_EMOJI and thanks.startswith("¡Con gusto!")
        assert "No pude procesar" not in " ".join(telegram_stub.texts(admin))


async def test_replies_in_a_forum_topic_stay_in_that_topic(backend_server, telegram_stub):
    admin = backend_server.admin_user_id
    long_answer = "\n".join(f"Línea {i}: el cliente [412] tiene 298 canastillas y 306 estibas." for i in range(150))
    backend_server.anthropic.reply_text(long_answer)
    async with run_bot(
        telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret, typing_delay_s=0
    ) as app:
        telegram_stub.push(
            telegram_stub.in_forum(
                telegram_stub.text("¿Cuánto debe el 412?", chat_id=GROUP, user_id=admin, chat_type="supergroup"), TOPIC
            )
        )
        await telegram_stub.wait_for(lambda: len(telegram_stub.sent(GROUP)) >= 2, "the split answer")
        await finished(telegram_stub, app)
        for command in ("/saldo 412", "/remision 1094", "/remision 99999999"):
            telegram_stub.push(
                telegram_stub.in_forum(
                    telegram_stub.command(command, chat_id=GROUP, user_id=admin, chat_type="supergroup"), TOPIC
                )
            )
            await telegram_stub.wait_for(lambda n=len(telegram_stub.calls): len(telegram_stub.calls) > n, command)  # noqa: B008
            await finished(telegram_stub, app)
        sent = telegram_stub.sent(GROUP)
        assert len(sent) >= 4 and "\n".join(p["text"] for p in sent[:-2]).count("Línea") == 150  # split in parts
        assert [p.get("message_thread_id") for p in sent] == [TOPIC] * len(sent)
        [document] = [c.params for c in telegram_stub.calls_of("sendDocument")]
        assert document["message_thread_id"] == TOPIC
        actions = [c.params for c in telegram_stub.calls_of("sendChatAction")]
        assert {a["action"] for a in actions} == {"typing", "upload_document"}
        assert [a.get("message_thread_id") for a in actions] == [TOPIC] * len(actions)


async def test_a_message_in_the_general_topic_sends_no_thread_id(backend_server, telegram_stub):
    admin = backend_server.admin_user_id
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        telegram_stub.push(
            telegram_stub.in_forum(
                telegram_stub.text("¿Cuánto debe el 412?", chat_id=GROUP, user_id=admin, chat_type="supergroup"), None
            )
        )
        await telegram_stub.wait_texts(GROUP, 1)
        await finished(telegram_stub, app)
    calls = telegram_stub.calls_of("sendMessage") + telegram_stub.calls_of("sendChatAction")
    assert calls and all("message_thread_id" not in c.params for c in calls)


@pytest.mark.voice
async def test_voice_echo_and_answer_go_to_the_topic(backend_server, telegram_stub, openai_engine, voice_data_dir):
    from bot.voice.service import VoiceTranscriber
    from tests.fixtures_voice import clip, voice_settings

    admin = backend_server.admin_user_id
    transcriber = VoiceTranscriber(voice_settings(voice_data_dir), openai_engine)
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        app.bot_data.set_voice(transcriber)
        note = telegram_stub.voice(clip("canastillas_5s"), chat_id=GROUP, user_id=admin, duration=5)
        telegram_stub.push(telegram_stub.in_forum(note, TOPIC))
        echo, _answer = await telegram_stub.wait_texts(GROUP, 2)
        await finished(telegram_stub, app)
    transcriber.close()
    assert echo.startswith("🎙️ Entendí")
    calls = telegram_stub.calls_of("sendMessage") + telegram_stub.calls_of("sendChatAction")
    assert [c.params.get("message_thread_id") for c in calls] == [TOPIC] * len(calls)


# --- webhook mode -------------------------------------------------------------------------------------


def webhook_settings(secret: str, port: int = 8443) -> BotSettings:
    return BotSettings(
        _env_file=None,
        telegram_bot_token=TOKEN,
        backend_secret="s",
        webhook_url="https://bot.example/tg",
        webhook_port=port,
        webhook_secret_token=secret,
    )


@pytest.mark.parametrize("secret", ["", "con espacio", "ñandú", "a" * 257, "tok/en", "tok.en", "x=y"])
def test_an_invalid_webhook_secret_refuses_to_start(secret, monkeypatch, capsys):
    with pytest.raises(ValueError, match="FLEETOPS_WEBHOOK_SECRET_TOKEN"):
        webhook_options(webhook_settings(secret))
    for name, value in {
        "TELEGRAM_BOT_TOKEN": TOKEN,
        "FLEETOPS_BACKEND_SECRET": "s",
        "FLEETOPS_WEBHOOK_URL": "https://bot.example/tg",
        "FLEETOPS_WEBHOOK_SECRET_TOKEN": secret,
    }.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir("/")  # no .env
    assert cmd_bot(None) == 2
    err = capsys.readouterr().err
    assert (
        err.strip() == WEBHOOK_SECRET_INVALID and "debe tener de 1 a 256 caracteres" in err and "Traceback" not in err
    )


@pytest.mark.parametrize("secret", ["a", "Abc_123-xyz", "z" * 256])
def test_a_valid_webhook_secret_is_accepted(secret):
    assert webhook_options(webhook_settings(secret))["secret_token"] == secret


async def test_the_webhook_secret_is_registered_at_startup_and_enforced(telegram_stub):
    """`fleetops bot` in webhook mode (`bot.webhook.serve_webhook`, what cmd_bot runs): the secret is
    registered with setWebhook and checked on every update. Before (PTB's own tornado server, the right
    secret): a body that is not JSON or not UTF-8, or nested past the recursion limit, was a 500, which
    Telegram retries; a body of any size was read. Now 400 / 413 as the bot host's listener, and the bot
    keeps answering."""
    from bot.main import build_application
    from bot.webhook import serve_webhook

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    secret = "S3cret_token-for-the-webhook"
    settings = webhook_settings(secret, port)
    application = build_application(
        settings, base_url=telegram_stub.base_url, base_file_url=telegram_stub.base_file_url
    )
    stop = asyncio.Event()
    task = asyncio.create_task(serve_webhook(application, webhook_options(settings), stop=stop))
    try:
        await telegram_stub.wait_for(lambda: telegram_stub.calls_of("setWebhook"), "setWebhook")
        [registered] = telegram_stub.calls_of("setWebhook")
        assert registered.params["url"] == "https://bot.example/tg"
        assert registered.params["secret_token"] == secret
        update = telegram_stub.text("gracias", chat_id=5)
        ok = {"X-Telegram-Bot-Api-Secret-Token": secret}
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=10) as c:
            forged = await c.post("/tg", json=update, headers={"X-Telegram-Bot-Api-Secret-Token": "wrong"})
            bad = [
                (await c.post("/tg", content=body, headers={**ok, "Content-Type": "application/json"})).status_code
                for body in (b"not json", b"\xff\xfe{", b"[" * 100_000, b"[]", b'{"update_id": "x"}')
            ]
            huge = await c.post("/tg", content=b" " * (2 * 1024 * 1024), headers=ok)
            genuine = await c.post("/tg", json=update, headers=ok)
        assert (forged.status_code, bad, huge.status_code) == (403, [400] * 5, 413)
        assert genuine.status_code == 200
        assert await telegram_stub.wait_texts(5, 1)  # still running: the rule reply to «gracias»
    finally:
        stop.set()
        await asyncio.wait_for(task, 30)


# --- delivery-note PDF ---------------------------------------------------------------------------------


def test_characters_the_font_cannot_draw_are_shown_as_a_visible_fallback():
    assert printable("Tienda 🍕🍔 Ñandú") == "Tienda ? Ñandú"
    assert printable("Café 👨\u200d👩\u200d👧 «24h» № 5") == "Café ? «24h» No 5"
    assert printable("北京 & <Sol> ¿qué? ¡sí!") == "? & <Sol> ¿qué? ¡sí!"
    note = DeliveryNote(
        number="1094",
        company_name="Frigorífico 🧊 Andino",
        timezone="America/Bogota",
        occurred_at=datetime(2025, 12, 6, 17, 10, tzinfo=UTC),
        client_code="1050",
        client_name="TIENDA DON PEPE 🍕",
        client_city="Bogotá ☀",
        vehicle_plate="OYU425",
        driver_name="Jorge 😀 Giraldo",
        lines=(DeliveryNoteLine("CAN", "canastilla", "canastillas 📦", 17, 27),),
    )
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(render_delivery_note_pdf(note))).pages)
    for shown in (
        "Frigorífico ? Andino",
        "[1050] TIENDA DON PEPE ?",
        "Bogotá ?",
        "Jorge ? Giraldo",
        "Canastillas ? (CAN)",
    ):
        assert shown in text, (shown, text)
