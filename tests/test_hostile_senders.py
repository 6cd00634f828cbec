"""Senders that name nobody: an anonymous group admin (@GroupAnonymousBot), a channel writing in a group.

Telegram signs every such message with one shared user id. Before: the bot asked the backend with that
id and answered «No estás registrado… tu id de Telegram: 1087968824», an id that, once registered, lets
any anonymous admin of any group the bot is in read the company's data; `fleetops admins add` took it.
Real backend on the fleet fixture, real PTB Application against the Telegram stand-in.
"""

from __future__ import annotations

import asyncpg
import httpx
import pytest

from backend.cli.demo import free_port
from backend.cli.main import main
from backend.core.senders import CHANNEL_BOT, GROUP_ANONYMOUS_BOT, SERVICE_NOTIFICATIONS
from backend.testing.bot_runner import run_bot
from bot.anonymous import ANONYMOUS
from tests.test_backend_api import ask_body

GROUP = -100500


async def _register(dsn: str, user_id: int) -> None:
    """What an operator following the old reply would have done."""
    conn = await asyncpg.connect(dsn)
    try:
        await conn.execute(
            "INSERT INTO admins (company_id, telegram_user_id, name) "
            "SELECT id, $1, 'anónimo' FROM companies WHERE slug = 'frigorifico-andino'",
            user_id,
        )
    finally:
        await conn.close()


def _anonymous(stub, text: str, *, user_id: int = GROUP_ANONYMOUS_BOT, **extra):
    update = stub.text(text, chat_id=GROUP, user_id=user_id, chat_type="supergroup", **extra)
    update["message"]["sender_chat"] = {"id": GROUP, "type": "supergroup", "title": "Flota"}
    return update


async def test_an_anonymous_admin_or_a_channel_gets_no_data_even_when_registered(backend_server, telegram_stub):
    stub = telegram_stub
    await _register(backend_server.dsn, GROUP_ANONYMOUS_BOT)
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        stub.push(_anonymous(stub, "/saldo 412"))
        stub.push(_anonymous(stub, "¿cuántas canastillas tiene el 412?", reply_to_bot=True))
        stub.push(_anonymous(stub, "hola a todos"))  # not meant for the bot: silence
        stub.push(_anonymous(stub, "@fleetops_test_bot saldo del 412", user_id=CHANNEL_BOT))
        stub.push(stub.text("/saldo 412", chat_id=GROUP, user_id=backend_server.admin_user_id, chat_type="supergroup"))
        texts = await stub.wait_texts(GROUP, 4)
    assert texts[:3] == [ANONYMOUS] * 3, texts
    assert "298 canastillas" in texts[3]  # a real admin in the same group is answered
    assert backend_server.anthropic.requests == []


@pytest.mark.parametrize("user_id", [GROUP_ANONYMOUS_BOT, CHANNEL_BOT, SERVICE_NOTIFICATIONS])
async def test_the_backend_refuses_a_shared_sender_even_when_registered(backend_server, user_id):
    await _register(backend_server.dsn, user_id)
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=backend_server.headers(), timeout=30) as c:
        asked = await c.post("/v1/ask", json={**ask_body("saldo del 412"), "user_id": user_id})
        read = await c.get("/v1/clients/412", params={"user_id": user_id})
    for response in (asked, read):
        assert response.status_code == 403 and response.json()["error"] == "not_authorized"
        assert "administradores anónimos" in response.json()["message"]


@pytest.mark.parametrize("user_id", [GROUP_ANONYMOUS_BOT, CHANNEL_BOT, SERVICE_NOTIFICATIONS])
def test_fleetops_admins_add_refuses_a_shared_sender(user_id, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", f"postgresql://fleetops@127.0.0.1:{free_port()}/fleetops")
    argv = ["admins", "add", "--company", "frigorifico-andino", "--telegram-id", str(user_id)]
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "no es una persona" in err and "Traceback" not in err
