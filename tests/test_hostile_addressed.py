"""Messages that are or are not meant for the bot (`bot.addressed`), each failing before its fix:

- a mention of another account whose username starts like the bot's («@fleetops_test_bot2»,
  «@fleetops_test_bot_viejo») or an e-mail address containing it was taken for a mention of the bot:
  the question was asked, as «2 ¿…?»;
- a photo in a group whose caption mentions the bot, or that replies to it, got silence (in a private
  chat the caption was already the question);
- one of the bot's commands with another account's name, in a private chat («/saldo@otro_bot 412», copied
  from a group or an older bot), was «No conozco ese comando»;
- a service message in a private chat (a pinned message, write access allowed, a new wallpaper) got
  «Puedo responder texto o notas de voz…», as if the user had sent a sticker.

Real backend on the fleet fixture, real PTB Application against the Telegram stand-in.
"""

from __future__ import annotations

import asyncio

from backend.testing.bot_runner import run_bot
from tests.fixtures_fake_backend import ADMIN

GROUP = -100600
PHOTO = [{"file_id": "PH1", "file_unique_id": "UPH1", "width": 90, "height": 90, "file_size": 1000}]
QUESTION = "¿cuántas canastillas tiene el cliente 412?"


def _in_group(stub, **fields):
    return stub._update("message", stub._message(GROUP, ADMIN, "supergroup", **fields))


def _in_private(stub, **fields):
    return stub._update("message", stub._message(ADMIN, ADMIN, "private", **fields))


async def test_a_mention_of_another_account_is_not_one_of_the_bot(backend_server, telegram_stub):
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        for other in ("@fleetops_test_bot2", "@fleetops_test_bot_viejo", "soporte@fleetops_test_bot.com"):
            stub.push(stub.text(f"{other} {QUESTION}", chat_id=GROUP, user_id=ADMIN, chat_type="supergroup"))
        stub.push(stub.text(f"{QUESTION} @FleetOps_Test_Bot", chat_id=GROUP, user_id=ADMIN, chat_type="supergroup"))
        stub.push(stub.text(f"(@fleetops_test_bot) {QUESTION}", chat_id=GROUP, user_id=ADMIN, chat_type="supergroup"))
        answers = await stub.wait_texts(GROUP, 2)
        await asyncio.sleep(1.0)
    assert answers == ["Respuesta de prueba."] * 2 and len(stub.texts(GROUP)) == 2
    asked = [r.body["messages"][-1]["content"] for r in backend_server.anthropic.requests]
    assert asked == [QUESTION, f"() {QUESTION}"]


async def test_a_caption_meant_for_the_bot_in_a_group_is_answered(backend_server, telegram_stub):
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        stub.push(_in_group(stub, photo=PHOTO, caption=f"@fleetops_test_bot {QUESTION}"))
        stub.push(_in_group(stub, photo=PHOTO, caption="¿y estibas?", reply_to_message=_bot_message(stub)))
        stub.push(_in_group(stub, photo=PHOTO, caption="foto del camión"))  # not for the bot: silence
        stub.push(_in_group(stub, sticker=_sticker(), reply_to_message=_bot_message(stub)))  # a reaction
        answers = await stub.wait_texts(GROUP, 2)
        await asyncio.sleep(1.0)
        stored = [pair["q"] for pair in app.bot_data.memory.history((GROUP, ADMIN))]
    assert answers == ["Respuesta de prueba."] * 2 and len(stub.texts(GROUP)) == 2
    assert stored == [QUESTION, "¿y estibas?"]


async def test_a_service_message_in_a_private_chat_gets_no_reply(backend_server, telegram_stub):
    stub = telegram_stub
    pinned = {"message_id": 1, "date": 0, "chat": {"id": ADMIN, "type": "private"}}
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        stub.push(_in_private(stub, pinned_message=pinned))
        stub.push(_in_private(stub, write_access_allowed={"from_request": True}))
        stub.push(_in_private(stub, chat_background_set={"type": {"type": "chat_theme", "theme_name": "🌲"}}))
        stub.push(_in_private(stub, sticker=_sticker()))  # something the user sent: the hint
        (hint,) = await stub.wait_texts(ADMIN, 1)
        await asyncio.sleep(1.0)
    assert hint.startswith("Puedo responder texto o notas de voz") and len(stub.texts(ADMIN)) == 1


async def test_an_own_command_named_for_another_account_says_how_to_write_it(backend_server, telegram_stub):
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        for text in ("/saldo@otro_bot 412", "/Vencimientos@fleetops_viejo_bot", "/foo@otro_bot 1"):
            stub.push(stub.command(text, chat_id=ADMIN))
        texts = await stub.wait_texts(ADMIN, 3)
    assert texts == [
        "Ese comando va dirigido a @otro_bot, otra cuenta. A mí escríbemelo así: /saldo 412",
        "Ese comando va dirigido a @fleetops_viejo_bot, otra cuenta. A mí escríbemelo así: /vencimientos",
        "No conozco ese comando. Escribe /ayuda para ver lo que puedo hacer.",
    ]


def _bot_message(stub):
    from backend.testing.telegram_wire import BOT_USER

    return {"message_id": 77, "date": 0, "chat": {"id": GROUP, "type": "supergroup"}, "from": BOT_USER, "text": "…"}


def _sticker():
    return {
        "file_id": "S1",
        "file_unique_id": "US1",
        "type": "regular",
        "width": 512,
        "height": 512,
        "is_animated": False,
        "is_video": False,
    }
