"""What a non-admin is told, in every chat and by every path that reaches the backend: one Spanish
refusal, never an id (their own Telegram id only in /start's private reply, where only they see it), never
data. Real Application, Telegram stand-in, real backend (real database)."""

from __future__ import annotations

import re

from backend.testing.bot_runner import run_bot
from backend.testing.telegram_wire import BOT_USER
from bot.backend_client import MSG_NOT_AUTHORIZED, MSG_REGISTER

STRANGER = 5555
GROUP = -300
BOT = "@" + BOT_USER["username"]

# every command that asks the backend, as typed and with the bot's @username (how group menus send them)
ASKING = ("/saldo 412", "/vencimientos", "/estado", "/remision 1234", "/grafica 412", "/resumen", "/alertas", "/start")
SUFFIXED = tuple(f"{c.split()[0]}{BOT} {' '.join(c.split()[1:])}".strip() for c in ASKING)


def _no_ids(texts: list[str]) -> None:
    for text in texts:
        assert not re.search(r"\d{4,}", text), text  # no Telegram, chat or request id
        assert str(STRANGER) not in text and str(-GROUP) not in text, text


async def test_a_non_admin_in_a_group_gets_the_refusal_without_any_id(telegram_stub, backend_server) -> None:
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        for text in (*ASKING, *SUFFIXED, f"{BOT} ¿saldo del 412?"):
            stub.push(stub.text(text, chat_id=GROUP, user_id=STRANGER, chat_type="group"))
        stub.push(stub.text("¿y el 310?", chat_id=GROUP, user_id=STRANGER, chat_type="group", reply_to_bot=True))
        count = len(ASKING) + len(SUFFIXED) + 2
        texts = await stub.wait_texts(GROUP, count)
        assert app.bot_data.memory.held() == 0
    assert texts == [MSG_NOT_AUTHORIZED] * count, texts
    _no_ids(texts)
    assert stub.calls_of("sendDocument") == [] and stub.calls_of("sendPhoto") == []
    assert backend_server.anthropic.requests == []


async def test_a_non_admin_in_private_is_told_their_id_only_by_start(telegram_stub, backend_server) -> None:
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        others = [c for c in ASKING if c != "/start"]
        for text in (*others, "¿cuántas canastillas tiene el cliente 412?", "/start"):
            stub.push(stub.text(text, chat_id=STRANGER))
        texts = await stub.wait_texts(STRANGER, len(others) + 2)
    *refusals, welcome = texts
    assert refusals == [MSG_NOT_AUTHORIZED] * (len(others) + 1), refusals
    _no_ids(refusals)
    assert welcome == MSG_REGISTER.format(user_id=STRANGER)
    assert backend_server.anthropic.requests == []
