"""Chats that change under the bot: a group that becomes a supergroup (Telegram gives it a new id and
refuses sends to the old one with `migrate_to_chat_id`), a forum topic deleted while its question was
answered («message thread not found»). Real PTB Application against the Telegram stand-in, real backend.

Before: the answer was lost (ChatMigrated / BadRequest went to the error handler, whose notice went to the
same place and failed too: silence), the delivery-note PDF as well, and the group's working memory stayed
under the old id, so the first question in the supergroup had no conversation.
"""

from __future__ import annotations

from backend.testing.bot_runner import run_bot
from bot.memory import WorkingMemory

GROUP, SUPERGROUP, TOPIC = -4001, -1004001, 77
UPGRADED = "Bad Request: group chat was upgraded to a supergroup chat"


def _in_group(stub, text, admin):
    return stub.text(text, chat_id=GROUP, user_id=admin, chat_type="group", reply_to_bot=True)


def _documents(stub, chat_id):
    return [
        c.files["document"][0]
        for c in stub.calls_of("sendDocument")
        if c.params.get("_ok") and c.params.get("chat_id") == chat_id
    ]


async def test_an_answer_to_a_group_that_became_a_supergroup_is_sent_there(backend_server, telegram_stub):
    stub, admin = telegram_stub, backend_server.admin_user_id
    stub.fail_next("sendMessage", 400, UPGRADED, migrate_to_chat_id=SUPERGROUP)
    stub.fail_next("sendDocument", 400, UPGRADED, migrate_to_chat_id=SUPERGROUP)
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        stub.push(_in_group(stub, "¿cuántas canastillas tiene el cliente 412?", admin))
        [answer] = await stub.wait_texts(SUPERGROUP, 1)
        stub.push(stub.command("/remision 8297", chat_id=GROUP, user_id=admin, chat_type="group"))
        await stub.wait_for(lambda: len(app.bot_data.memory.history((GROUP, admin))) == 2, "the PDF's pair stored")
        held = app.bot_data.memory.history((GROUP, admin))
    assert answer == "Respuesta de prueba."
    assert _documents(stub, SUPERGROUP) == ["remision-frigorifico-andino-8297.pdf"]
    assert [pair["q"] for pair in held] == ["¿cuántas canastillas tiene el cliente 412?", "remisión 8297"]


async def test_an_answer_to_a_deleted_topic_goes_to_the_general_topic(backend_server, telegram_stub):
    stub, admin = telegram_stub, backend_server.admin_user_id
    stub.fail_next("sendMessage", 400, "Bad Request: message thread not found", when=lambda p: "message_thread_id" in p)
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        stub.push(stub.in_forum(stub.text("¿cuántas canastillas tiene el 412?", chat_id=GROUP, user_id=admin), TOPIC))
        [answer] = await stub.wait_texts(GROUP, 1)
    assert answer == "Respuesta de prueba."
    assert "message_thread_id" not in stub.sent(GROUP)[0]


async def test_the_working_memory_follows_a_group_to_its_supergroup(backend_server, telegram_stub):
    stub, admin = telegram_stub, backend_server.admin_user_id
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        memory: WorkingMemory = app.bot_data.memory
        stub.push(_in_group(stub, "¿cuántas canastillas tiene el cliente 412?", admin))
        await stub.wait_texts(GROUP, 1)
        stub.push(stub._update("message", stub._message(GROUP, admin, "group", migrate_to_chat_id=SUPERGROUP)))
        await stub.wait_for(lambda: memory.history((SUPERGROUP, admin)) != [], "the memory moved")
        assert memory.history((GROUP, admin)) == []
        stub.push(
            stub.text("¿y estibas?", chat_id=SUPERGROUP, user_id=admin, chat_type="supergroup", reply_to_bot=True)
        )
        await stub.wait_texts(SUPERGROUP, 1)
        sent = backend_server.anthropic.last_body["messages"]
    first = "¿cuántas canastillas tiene el cliente 412?"
    assert [m["content"] for m in sent] == [first, "Respuesta de prueba.", "¿y estibas?"]


def test_moving_a_chat_keeps_a_memory_already_held_under_the_new_id():
    memory = WorkingMemory(6, 900.0)
    memory.store((GROUP, 1), "a", "b")
    memory.store((GROUP, 2), "c", "d")
    memory.store((SUPERGROUP, 2), "e", "f")
    assert memory.move_chat(GROUP, SUPERGROUP) == 1
    assert memory.history((SUPERGROUP, 1)) == [{"q": "a", "a": "b"}]
    assert memory.history((SUPERGROUP, 2)) == [{"q": "e", "a": "f"}]
    assert memory.held() == 2
