"""Voice notes through the real bot: the Telegram stand-in delivers an OGG/Opus file, the real
openai-whisper engine transcribes it, the real backend (real database, Anthropic stand-in) answers."""

from __future__ import annotations

import contextlib

import pytest

from backend.testing.backend_server import start_backend
from backend.testing.bot_runner import run_bot
from bot.backend_client import MSG_NOT_AUTHORIZED
from bot.voice.service import (
    DISABLED,
    EMPTY,
    NOTHING_HEARD,
    TRUNCATED,
    UNREADABLE,
    VoiceTranscriber,
    too_big_message,
    too_long_message,
)
from tests.fixtures_voice import clip, voice_settings

pytestmark = pytest.mark.voice
ECHO = "🎙️ Entendí: «"


@contextlib.asynccontextmanager
async def voice_bot(backend_server, telegram_stub, engine, voice_data_dir, engine_name="openai-whisper"):
    """The real Application with one of the session's Whisper engines installed as its transcriber."""
    pytest.importorskip("backend.api.routes.ask")  # /v1/ask is the backend helper's (issue 3)
    transcriber = VoiceTranscriber(voice_settings(voice_data_dir, engine_name), engine)
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        app.bot_data.set_voice(transcriber)
        try:
            yield app
        finally:
            transcriber.close()


async def test_voice_note_is_echoed_answered_and_remembered(
    backend_server, telegram_stub, openai_engine, voice_data_dir
) -> None:
    admin = backend_server.admin_user_id
    backend_server.anthropic.reply_text("El cliente 412 tiene 298 canastillas.")
    async with voice_bot(backend_server, telegram_stub, openai_engine, voice_data_dir) as app:
        telegram_stub.push(telegram_stub.voice(clip("human/cliente_412_numero_canastillas"), chat_id=admin, duration=5))
        echo, answer = await telegram_stub.wait_texts(admin, 2)
        assert echo.startswith(ECHO) and echo.endswith("»")
        transcript = echo[len(ECHO) : -1]
        assert "cliente" in transcript.lower() and "412" in transcript  # a human voice, heard right
        assert answer == "El cliente 412 tiene 298 canastillas."
        assert [c.params["action"] for c in telegram_stub.calls_of("sendChatAction")][:1] == ["typing"]
        [request] = backend_server.anthropic.requests
        assert transcript in str(request.body["messages"][-1]["content"])  # the question is the transcript

        await telegram_stub.wait_for(lambda: app.bot_data.memory.history((admin, admin)), "the pair")
        [pair] = app.bot_data.memory.history((admin, admin))  # the question as the backend resolved it
        assert pair["a"] == answer and "412" in pair["q"] and pair["q"] in str(request.body["messages"][-1])
        telegram_stub.push(telegram_stub.command("/memoria", chat_id=admin))
        memoria = (await telegram_stub.wait_texts(admin, 3))[2]
        assert "Recuerdo 1 de" in memoria and f"«{pair['q']}»" in memoria


async def test_a_text_after_a_slow_voice_note_waits_its_turn_other_chats_do_not(
    backend_server, telegram_stub, openai_engine, voice_data_dir
) -> None:
    admin = backend_server.admin_user_id
    backend_server.anthropic.reply_text("Respuesta a la nota de voz.")
    backend_server.anthropic.reply_text("Respuesta al texto.")
    async with voice_bot(backend_server, telegram_stub, openai_engine, voice_data_dir) as app:
        telegram_stub.push(
            telegram_stub.voice(clip("human/cliente_1050_numero_canastillas"), chat_id=admin, duration=6)
        )
        telegram_stub.push(telegram_stub.text("¿y la tecnomecánica?", chat_id=admin))
        telegram_stub.push(telegram_stub.text("¿saldo del 412?", chat_id=424242))  # another chat
        await telegram_stub.wait_texts(424242, 1)
        assert telegram_stub.texts(admin) == []  # answered while the note was still being transcribed
        texts = await telegram_stub.wait_texts(admin, 3)
        assert texts[0].startswith(ECHO)
        assert texts[1:] == ["Respuesta a la nota de voz.", "Respuesta al texto."]
        first, second = backend_server.anthropic.requests
        voice_pair = app.bot_data.memory.history((admin, admin))[0]  # as the backend resolved it
        assert (
            voice_pair["q"] in str(second.body["messages"]) and "1050" in voice_pair["q"]
        )  # the voice pair is history


async def test_unusable_notes_get_a_message_and_leave_memory_alone(
    backend_server, telegram_stub, openai_engine, voice_data_dir
) -> None:
    admin = backend_server.admin_user_id
    voice = clip("vence_10s")
    cases = [
        (clip("silence_4s"), 4, NOTHING_HEARD),
        (clip("noise_4s"), 4, NOTHING_HEARD),
        (b"", 3, EMPTY),
        (voice[: len(voice) // 2], 9, TRUNCATED),
        (b"Saldo de canastillas por cliente\n412;298\n" * 40, 3, UNREADABLE),  # a text file renamed .ogg
        (voice, 600, too_long_message(120)),  # refused from its declared duration, before any download
    ]
    async with voice_bot(backend_server, telegram_stub, openai_engine, voice_data_dir) as app:
        for n, (data, duration, message) in enumerate(cases, 1):
            telegram_stub.push(telegram_stub.voice(data, chat_id=admin, duration=duration))
            texts = await telegram_stub.wait_texts(admin, n)
            assert texts[-1] == message
        assert len(telegram_stub.calls_of("getFile")) == len(cases) - 1

        small = VoiceTranscriber(voice_settings(voice_data_dir, max_bytes=20_000), openai_engine)
        app.bot_data.set_voice(small)  # a 35 KB note over a 20 KB limit: refused before getFile
        try:
            telegram_stub.push(telegram_stub.voice(voice, chat_id=admin, duration=9))
            texts = await telegram_stub.wait_texts(admin, len(cases) + 1)
            assert texts[-1] == too_big_message(20_000) and "19 KB" in texts[-1]
        finally:
            small.close()
        assert len(telegram_stub.calls_of("getFile")) == len(cases) - 1
        assert app.bot_data.memory.history((admin, admin)) == []
        assert backend_server.anthropic.requests == []


async def test_voice_off_is_said_politely(backend_server, telegram_stub, monkeypatch, tmp_path) -> None:
    """Without a transcriber installed, the first note loads one from the environment (here: off)."""
    monkeypatch.setenv("FLEETOPS_VOICE_ENGINE", "off")
    monkeypatch.setenv("FLEETOPS_DATA_DIR", str(tmp_path))
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        telegram_stub.push(telegram_stub.voice(clip("canastillas_5s"), chat_id=555, duration=5))
        assert await telegram_stub.wait_texts(555, 1) == [DISABLED]
        assert app.bot_data.voice_loaded and app.bot_data.voice is None
        assert telegram_stub.calls_of("getFile") == []


async def test_non_admin_voice_note_is_not_transcribed(
    backend_server, telegram_stub, openai_engine, voice_data_dir
) -> None:
    async with voice_bot(backend_server, telegram_stub, openai_engine, voice_data_dir):
        telegram_stub.push(telegram_stub.voice(clip("canastillas_5s"), chat_id=424242, duration=5))
        [reply] = await telegram_stub.wait_texts(424242, 1)
        assert reply == MSG_NOT_AUTHORIZED and "424242" not in reply
        assert telegram_stub.calls_of("getFile") == []
        assert backend_server.anthropic.requests == []


@pytest.mark.parametrize(
    "name, number, plate",
    [("remision_7851", "7851", "PTD681"), ("remision_8456", "8456", "ZPV920")],
)
async def test_a_spoken_request_for_a_delivery_note_sends_its_pdf(
    backend_server, telegram_stub, faster_engine, voice_data_dir, name, number, plate
) -> None:
    """«Manda me la remisión. 7, 8, 5, 1.» (the default engine's transcript of a human voice) sends the
    PDF exactly as the typed «mándame la remisión 7851» does: the backend joins the digits, decides it is
    a document request and answers with `document`; the bot fetches and sends the file."""
    admin = backend_server.admin_user_id
    async with voice_bot(backend_server, telegram_stub, faster_engine, voice_data_dir, "faster-whisper") as app:
        telegram_stub.push(telegram_stub.voice(clip(f"human/{name}"), chat_id=admin, duration=8))
        await telegram_stub.wait_for(lambda: telegram_stub.calls_of("sendDocument"), "sendDocument")
        [call] = telegram_stub.calls_of("sendDocument")
        filename, content = call.files["document"]
        assert filename == f"remision-frigorifico-andino-{number}.pdf" and content.startswith(b"%PDF")
        [echo] = telegram_stub.texts(admin)  # the transcript's echo, then the document: no text answer
        assert echo.startswith(ECHO) and "remisi" in echo.lower()
        memory = app.bot_data.memory
        await telegram_stub.wait_for(lambda: memory.history((admin, admin)), "the pair")
        [pair] = memory.history((admin, admin))  # the transcript asked, the note sent
        assert "remisi" in pair["q"].lower() and pair["a"] == f"Te envié la remisión {number} (PDF)."
        assert [f.key for f in memory.focus((admin, admin))] == [number]
        assert plate not in " ".join(telegram_stub.texts(admin))  # not the text summary of the note
        assert backend_server.anthropic.requests == []


async def test_a_note_bigger_than_it_declared_is_refused_once_downloaded(
    backend_server, telegram_stub, openai_engine, voice_data_dir
) -> None:
    """Before: only the declared `file_size` (optional, the sender's word) was checked; the bytes were
    decoded whatever their size."""
    admin = backend_server.admin_user_id
    voice = clip("vence_10s")
    async with voice_bot(backend_server, telegram_stub, openai_engine, voice_data_dir) as app:
        small = VoiceTranscriber(voice_settings(voice_data_dir, max_bytes=20_000), openai_engine)
        app.bot_data.set_voice(small)
        try:
            for declared in (1_000, None):
                update = telegram_stub.voice(voice, chat_id=admin, duration=9)
                update["message"]["voice"]["file_size"] = declared
                if declared is None:
                    del update["message"]["voice"]["file_size"]
                telegram_stub.push(update)
            texts = await telegram_stub.wait_texts(admin, 2)
        finally:
            small.close()
        assert texts == [too_big_message(20_000)] * 2
        assert len(telegram_stub.calls_of("getFile")) == 2  # the declared size let the download happen
        assert app.bot_data.memory.history((admin, admin)) == []
    assert backend_server.anthropic.requests == []


async def test_a_voice_note_is_one_request_of_the_rate_limit(
    fleet_dsn, anthropic_stub, telegram_stub, faster_engine, voice_data_dir
) -> None:
    """With a limit of 2 an hour, a voice note (the admin check before transcribing, then the question)
    and one typed question are answered; the next question is told it is the company's limit."""
    async with start_backend(fleet_dsn, None, rate_limit="2/hour") as backend:
        admin = backend.admin_user_id
        async with voice_bot(backend, telegram_stub, faster_engine, voice_data_dir, "faster-whisper"):
            telegram_stub.push(telegram_stub.voice(clip("human/cliente_412_numero_canastillas"), chat_id=admin))
            echo, answer = await telegram_stub.wait_texts(admin, 2)
            assert "412" in answer and "298 canastillas" in answer
            telegram_stub.push(telegram_stub.text("¿y estibas?", chat_id=admin))
            assert "306 estibas" in (await telegram_stub.wait_texts(admin, 3))[2]
            telegram_stub.push(telegram_stub.text("¿y tapas?", chat_id=admin))
            limited = (await telegram_stub.wait_texts(admin, 4))[3]
            assert limited.startswith("Tu empresa llegó a su límite de 2 consultas por hora. Intenta de nuevo en")
