"""The conversation focus and what the bot stores, through the real Application and the Telegram
stand-in, with the backend faked at the HTTP transport (tests/fixtures_fake_backend.py): every
assertion is on what the bot SENT to `/v1/ask` (history, focus, source) and what it kept."""

from __future__ import annotations

import pytest

from backend.contract import DocumentAction
from bot.backend_client import MSG_UNAVAILABLE
from bot.memory import WorkingMemory
from tests.fixtures_fake_backend import ADMIN, error, focus, run_fake_bot

KEY = (ADMIN, ADMIN)
CLIENT_412 = focus("client", "412", "[412] DISTRIBUIDORA PUERTO CLARO")
VEHICLE = focus("vehicle", "KLM482", "KLM482")
NOTE_8297 = {"kind": "delivery_note", "key": "8297", "label": "Remisión 8297"}


class Clock:
    def __init__(self) -> None:
        self.now = 50_000.0

    def __call__(self) -> float:
        return self.now


async def ask(stub, app, text: str, chat_id: int = ADMIN) -> str:
    """Send one message and return the bot's last reply once its handler has finished (pair stored)."""
    before = len(stub.sent(chat_id))
    stub.push(stub.text(text, chat_id=chat_id))
    texts = await stub.wait_texts(chat_id, before + 1)
    await stub.wait_for(lambda: app.update_processor.current_concurrent_updates == 0, "handlers to finish")
    return texts[-1]


def sent_focus(request) -> list[dict]:
    return [dict(f) for f in request.focus]


def sent_questions(request) -> list[str]:
    return [turn["q"] for turn in request.history]


async def test_focus_is_sent_back_and_outlives_the_pair_that_set_it(telegram_stub, fake_backend) -> None:
    stub, fake = telegram_stub, fake_backend
    fake.answer("[412] DISTRIBUIDORA PUERTO CLARO tiene 298 canastillas.", focus=[CLIENT_412])
    fake.answer("Está en Barranquilla.")  # no focus in the answer: the chat keeps 412
    fake.answer("Tiene 40 estibas.")
    async with run_fake_bot(stub, fake, memory_pairs=2) as app:
        first_reply = await ask(stub, app, "¿canastillas del 412?")
        assert first_reply == "[412] DISTRIBUIDORA PUERTO CLARO tiene 298 canastillas."
        await ask(stub, app, "¿en qué ciudad queda?")
        await ask(stub, app, "¿y estibas?")
        await ask(stub, app, "¿quién es el conductor?")
        memory: WorkingMemory = app.bot_data.memory
        assert [p.q for p in memory.pairs(KEY)] == ["¿y estibas?", "¿quién es el conductor?"]
    first, second, third, fourth = fake.asks
    assert first.focus == [] and first.history == [] and first.source == "text"
    assert sent_focus(second) == [CLIENT_412.model_dump()]
    assert sent_questions(fourth) == ["¿en qué ciudad queda?", "¿y estibas?"]  # the 412 pair left the window
    assert sent_focus(fourth) == [CLIENT_412.model_dump()]  # …its focus did not


async def test_a_new_focus_replaces_the_old_one(telegram_stub, fake_backend) -> None:
    stub, fake = telegram_stub, fake_backend
    fake.answer("298 canastillas.", focus=[CLIENT_412])
    fake.answer("La tecnomecánica de la KLM482 vence el 4 de diciembre (en 3 días).", focus=[VEHICLE, CLIENT_412])
    async with run_fake_bot(stub, fake) as app:
        await ask(stub, app, "¿canastillas del 412?")
        await ask(stub, app, "¿y la KLM482?")
        await ask(stub, app, "¿quién la maneja?")
        assert app.bot_data.memory.focus(KEY) == [VEHICLE, CLIENT_412]
    assert sent_focus(fake.asks[2]) == [VEHICLE.model_dump(), CLIENT_412.model_dump()]


async def test_the_memory_ttl_forgets_the_focus_with_the_pairs(telegram_stub, fake_backend) -> None:
    stub, fake, clock = telegram_stub, fake_backend, Clock()
    fake.answer("298 canastillas.", focus=[CLIENT_412])
    async with run_fake_bot(stub, fake, clock=clock) as app:
        await ask(stub, app, "¿canastillas del 412?")
        clock.now += 14 * 60 + 59
        await ask(stub, app, "¿y estibas?")  # 14:59 later: still there, and the TTL restarts
        clock.now += 15 * 60 + 1
        await ask(stub, app, "¿y en qué ciudad queda?")  # 15:01 after the last answer: all forgotten
    assert sent_focus(fake.asks[1]) == [CLIENT_412.model_dump()]
    assert fake.asks[2].focus == [] and fake.asks[2].history == []


async def test_olvidar_clears_the_focus(telegram_stub, fake_backend) -> None:
    stub, fake = telegram_stub, fake_backend
    fake.answer("298 canastillas.", focus=[CLIENT_412])
    async with run_fake_bot(stub, fake) as app:
        await ask(stub, app, "¿canastillas del 412?")
        assert await ask(stub, app, "/olvidar") == "Listo, olvidé nuestra conversación."
        assert "No tengo nada en memoria" in await ask(stub, app, "/memoria")
        await ask(stub, app, "¿y estibas?")
    assert fake.asks[-1].focus == [] and fake.asks[-1].history == []


async def test_not_found_is_not_stored_and_goes_with_the_next_question_only(telegram_stub, fake_backend) -> None:
    stub, fake = telegram_stub, fake_backend
    fake.answer("298 canastillas.", focus=[CLIENT_412])
    fake.answer(
        "No tengo un cliente con el código 413.", kind="not_found", focus=[focus("client", "413", "cliente 413")]
    )
    async with run_fake_bot(stub, fake) as app:
        await ask(stub, app, "¿canastillas del 412?")
        assert await ask(stub, app, "¿y el 413?") == "No tengo un cliente con el código 413."
        memory = app.bot_data.memory
        assert [p.q for p in memory.pairs(KEY)] == ["¿canastillas del 412?"]
        assert memory.focus(KEY) == [CLIENT_412]
        await ask(stub, app, "¿y estibas?")
        await ask(stub, app, "¿y tapas?")
    # the failed exchange rides with the next question only (read after it, not after the 412), then drops
    assert sent_questions(fake.asks[-2]) == ["¿canastillas del 412?", "¿y el 413?"]
    assert sent_focus(fake.asks[-2]) == [CLIENT_412.model_dump()]
    assert sent_questions(fake.asks[-1])[0] == "¿canastillas del 412?" and "¿y el 413?" not in sent_questions(
        fake.asks[-1]
    )


async def test_ambiguous_is_stored_without_changing_the_focus(telegram_stub, fake_backend) -> None:
    stub, fake = telegram_stub, fake_backend
    candidates = "Encontré 2 clientes:\n[310] COMERCIAL BAHÍA SOLANA (Barranquilla)\n[311] COMERCIAL BAHÍA (Cali)"
    fake.answer("298 canastillas.", focus=[CLIENT_412])
    fake.answer(candidates, kind="ambiguous", focus=[focus("client", "310", "[310] COMERCIAL BAHÍA SOLANA")])
    async with run_fake_bot(stub, fake) as app:
        await ask(stub, app, "¿canastillas del 412?")
        await ask(stub, app, "¿y comercial bahía?")
        await ask(stub, app, "el de Barranquilla")
        memory = app.bot_data.memory
        assert [p.a for p in memory.pairs(KEY)][1] == candidates
    assert sent_questions(fake.asks[-1]) == ["¿canastillas del 412?", "¿y comercial bahía?"]
    assert sent_focus(fake.asks[-1]) == [CLIENT_412.model_dump()]


async def test_errors_and_cut_answers_store_nothing_and_keep_the_focus(telegram_stub, fake_backend) -> None:
    stub, fake = telegram_stub, fake_backend
    fake.answer("298 canastillas.", focus=[CLIENT_412])
    fake.queue(error(503, "db_unavailable", MSG_UNAVAILABLE))
    fake.answer("Los saldos son", stop_reason="max_tokens", focus=[VEHICLE])
    async with run_fake_bot(stub, fake) as app:
        await ask(stub, app, "¿canastillas del 412?")
        assert await ask(stub, app, "¿y estibas?") == MSG_UNAVAILABLE
        await ask(stub, app, "dame todos los saldos")
        memory = app.bot_data.memory
        assert [p.q for p in memory.pairs(KEY)] == ["¿canastillas del 412?"]
        assert memory.focus(KEY) == [CLIENT_412]


async def test_a_sent_delivery_note_pdf_becomes_the_focus(telegram_stub, fake_backend) -> None:
    stub, fake = telegram_stub, fake_backend
    fake.pdfs["8297"] = b"%PDF-1.4 remision 8297"
    fake.answer("298 canastillas.", focus=[CLIENT_412])
    fake.answer("La llevó Camilo Agudelo Restrepo en la KLM482.")
    # the backend decides the request is for a document; its PDF is then not found: focus unchanged
    fake.answer("Te envío la remisión 9999 en PDF.", document=DocumentAction(kind="delivery_note_pdf", key="9999"))
    async with run_fake_bot(stub, fake) as app:
        await ask(stub, app, "¿canastillas del 412?")
        stub.push(stub.command("/remision 8297", chat_id=ADMIN))
        await stub.wait_for(lambda: stub.calls_of("sendDocument"), "the PDF")
        await stub.wait_for(lambda: len(app.bot_data.memory.pairs(KEY)) == 2, "the PDF's pair")
        await ask(stub, app, "¿quién la llevó?")
        stub.push(stub.text("mándame la remisión 9999", chat_id=ADMIN))
        assert (await stub.wait_texts(ADMIN, 3))[-1] == "No encontré la remisión 9999."
        memoria = await ask(stub, app, "/memoria")
    [document] = stub.calls_of("sendDocument")
    assert document.files["document"] == ("remision-8297.pdf", b"%PDF-1.4 remision 8297")
    ask_after = fake.asks[1]
    assert sent_focus(ask_after) == [NOTE_8297]
    assert sent_questions(ask_after) == ["¿canastillas del 412?", "remisión 8297"]
    assert "Tema: Remisión 8297" in memoria


async def test_memoria_shows_the_focus_labels(telegram_stub, fake_backend) -> None:
    stub, fake = telegram_stub, fake_backend
    fake.answer("298 canastillas.", focus=[CLIENT_412])
    fake.answer("Lo lleva la KLM482.", focus=[CLIENT_412, VEHICLE, focus("driver", "1020304050")])
    async with run_fake_bot(stub, fake) as app:
        await ask(stub, app, "¿canastillas del 412?")
        one = await ask(stub, app, "/memoria")
        await ask(stub, app, "¿qué vehículo le lleva?")
        several = await ask(stub, app, "/memoria")
    assert one.splitlines()[:3] == [
        "Recuerdo 1 de 6 preguntas (la próxima pregunta las incluye):",
        "1. «¿canastillas del 412?» — hace menos de 1 min",
        "Tema: [412] DISTRIBUIDORA PUERTO CLARO",
    ]
    assert "Tema: [412] DISTRIBUIDORA PUERTO CLARO · KLM482 · conductor 1020304050" in several.splitlines()


async def test_the_stored_focus_is_compact_and_one_per_kind() -> None:
    memory = WorkingMemory(clock=Clock())
    other = focus("client", "310", "[310] COMERCIAL BAHÍA SOLANA")
    with pytest.raises(ValueError):  # the packing's separators can never be in a key …
        focus("vehicle", "KLM\x1e482")
    vehicle = focus("vehicle", "KLM482", "KLM\x1f482")  # … nor in a label
    memory.store(KEY, "q", "a", focus=[CLIENT_412, other, vehicle])
    assert memory.focus(KEY) == [CLIENT_412, focus("vehicle", "KLM482", "KLM482")]
    memory.store(KEY, "q2", "a2")  # no focus given: kept
    memory.store(KEY, " ", "a3", focus=[other])  # nothing stored: focus untouched
    assert memory.focus(KEY)[0] == CLIENT_412 and len(memory.pairs(KEY)) == 2


@pytest.mark.voice
async def test_a_voice_transcript_takes_the_same_path(
    telegram_stub, fake_backend, openai_engine, voice_data_dir
) -> None:
    from bot.voice.service import VoiceTranscriber
    from tests.fixtures_voice import clip, voice_settings

    stub, fake = telegram_stub, fake_backend
    fake.answer("298 canastillas.", focus=[CLIENT_412])
    fake.answer("Tiene 40 estibas.", focus=[VEHICLE])
    transcriber = VoiceTranscriber(voice_settings(voice_data_dir), openai_engine)
    async with run_fake_bot(stub, fake) as app:
        app.bot_data.set_voice(transcriber)
        try:
            await ask(stub, app, "¿canastillas del 412?")
            stub.push(stub.voice(clip("canastillas_5s"), chat_id=ADMIN, duration=5))
            await stub.wait_texts(ADMIN, 3)
            await stub.wait_for(lambda: len(app.bot_data.memory.pairs(KEY)) == 2, "the voice pair")
        finally:
            transcriber.close()
        assert app.bot_data.memory.focus(KEY) == [VEHICLE]
    voice_ask = fake.asks[1]
    assert voice_ask.source == "voice" and sent_focus(voice_ask) == [CLIENT_412.model_dump()]
    assert "canastillas" in voice_ask.question.lower()
    assert sent_questions(voice_ask) == ["¿canastillas del 412?"]
