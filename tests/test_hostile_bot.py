"""The bot with messages that are not plain questions: nothing but invisible characters, a bare mention,
a question as a photo's caption, a command as a caption, an edited message, a command argument with a
NUL. Each failed before its fix: silence (the first two, the edit), the hint «Escríbeme tu pregunta»
for a question that was written (the caption), a NUL echoed back into the chat (/alertas).
Real backend on the fleet fixture, real PTB Application against the Telegram stand-in.
"""

from __future__ import annotations

from backend.testing.bot_runner import run_bot
from bot.conversation import CAPTION_COMMAND, EDITED, HINT_EMOJI
from tests.fixtures_fake_backend import ADMIN

GROUP = -100600
PHOTO = [{"file_id": "PH1", "file_unique_id": "UPH1", "width": 90, "height": 90, "file_size": 1000}]


def _message(stub, **fields):
    return stub._update("message", stub._message(ADMIN, ADMIN, "private", **fields))


async def test_a_message_of_only_invisible_characters_or_a_bare_mention_gets_a_nudge(backend_server, telegram_stub):
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        for text in ("\u200b\u200b", "\x00", "\u202e\u2066"):
            stub.push(stub.text(text, chat_id=ADMIN))
        stub.push(stub.text("@fleetops_test_bot", chat_id=GROUP, user_id=ADMIN, chat_type="supergroup"))
        assert await stub.wait_texts(ADMIN, 3) == [HINT_EMOJI] * 3
        assert await stub.wait_texts(GROUP, 1) == [HINT_EMOJI]
        assert app.bot_data.memory.held() == 0
    assert backend_server.anthropic.requests == []


async def test_a_question_in_a_caption_is_answered_and_a_command_in_one_is_explained(backend_server, telegram_stub):
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        stub.push(_message(stub, photo=PHOTO, caption="¿cuántas canastillas tiene el cliente 412?"))
        stub.push(_message(stub, photo=PHOTO, caption="/saldo 412"))
        document = {"file_id": "D1", "file_unique_id": "UD1", "file_name": "x.pdf", "mime_type": "application/pdf"}
        stub.push(_message(stub, document=document))  # no caption: the hint, as for a sticker
        answered, command, hint = await stub.wait_texts(ADMIN, 3)
        stored = [pair["q"] for pair in app.bot_data.memory.history((ADMIN, ADMIN))]
    assert answered == "Respuesta de prueba."  # the model stand-in's answer, to the caption's question
    assert backend_server.anthropic.last_body["messages"][-1]["content"] == "¿cuántas canastillas tiene el cliente 412?"
    assert command == CAPTION_COMMAND.format("/saldo")
    assert hint.startswith("Puedo responder texto o notas de voz")
    assert stored == ["¿cuántas canastillas tiene el cliente 412?"]


async def test_an_edited_message_gets_a_note_and_is_not_asked_again(backend_server, telegram_stub):
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        stub.push(stub.text("¿cuántas canastillas tiene el cliente 412?", chat_id=ADMIN))
        await stub.wait_texts(ADMIN, 1)
        stub.push(stub.edited_text("¿cuántas canastillas tiene el cliente 310?", chat_id=ADMIN))
        texts = await stub.wait_texts(ADMIN, 2)
        stored = [pair["q"] for pair in app.bot_data.memory.history((ADMIN, ADMIN))]
    assert texts[1] == EDITED
    assert stored == ["¿cuántas canastillas tiene el cliente 412?"]


async def test_a_command_argument_with_a_nul_is_cleaned_not_echoed(backend_server, telegram_stub):
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        stub.push(stub.command("/alertas no\x00", chat_id=ADMIN))
        stub.push(stub.command("/alertas quizás\x1b[2J", chat_id=ADMIN))
        off, unknown = await stub.wait_texts(ADMIN, 2)
    assert off.startswith("Listo. Resumen de la mañana: desactivado")
    assert unknown.startswith("No entendí «quizás[2J»") and "\x1b" not in unknown
