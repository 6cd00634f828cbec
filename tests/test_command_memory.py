"""/saldo and /vencimientos leave their exchange in the chat's working memory, so the next question can
follow up on them (the real Application, the Telegram stand-in, the real backend and database)."""

from __future__ import annotations

from backend.testing.bot_runner import run_bot


async def test_balance_is_remembered_with_its_client_as_focus(backend_server, telegram_stub) -> None:
    admin = backend_server.admin_user_id
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        telegram_stub.push(telegram_stub.command("/saldo 412", chat_id=admin))
        [reply] = await telegram_stub.wait_texts(admin, 1)
        memory = app.bot_data.memory
        await telegram_stub.wait_for(lambda: memory.history((admin, admin)), "the pair in memory")
        [pair] = memory.history((admin, admin))
        assert pair["q"] == "saldo del cliente 412"
        assert "[412]" in pair["a"] and "<b>" not in pair["a"]  # as the user read it, no HTML
        assert [(f.kind, f.key) for f in memory.focus((admin, admin))] == [("client", "412")]
        # the follow-up reaches the backend with the pair as real turns
        telegram_stub.push(telegram_stub.text("¿y en qué ciudad queda?", chat_id=admin))
        await telegram_stub.wait_texts(admin, 2)
        body = backend_server.anthropic.last_body
        assert "saldo del cliente 412" in str(body["messages"][0]["content"])
        assert "[412]" in str(body["messages"][1]["content"]) and "[412]" in str(body["system"])  # resolved
        assert "[412]" in reply


async def test_several_clients_keep_the_focus_and_failures_store_nothing(backend_server, telegram_stub) -> None:
    admin = backend_server.admin_user_id
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        memory, key = app.bot_data.memory, (admin, admin)
        telegram_stub.push(telegram_stub.command("/saldo 412", chat_id=admin))
        await telegram_stub.wait_texts(admin, 1)
        telegram_stub.push(telegram_stub.command("/saldo distribuidora", chat_id=admin))
        await telegram_stub.wait_texts(admin, 2)
        telegram_stub.push(telegram_stub.command("/saldo zzzzqqq", chat_id=admin))  # not found: nothing stored
        telegram_stub.push(telegram_stub.command("/vencimientos 999", chat_id=admin))  # usage: nothing stored
        await telegram_stub.wait_texts(admin, 4)
        assert [p["q"] for p in memory.history(key)] == ["saldo del cliente 412", "saldo del cliente distribuidora"]
        assert [f.key for f in memory.focus(key)] == ["412"]  # several matches: the focus as it was


async def test_expiries_are_remembered_and_clear_the_focus(backend_server, telegram_stub) -> None:
    admin = backend_server.admin_user_id
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        memory, key = app.bot_data.memory, (admin, admin)
        telegram_stub.push(telegram_stub.command("/saldo 412", chat_id=admin))
        await telegram_stub.wait_texts(admin, 1)
        telegram_stub.push(telegram_stub.command("/vencimientos 15", chat_id=admin))
        texts = await telegram_stub.wait_texts(admin, 2)
        await telegram_stub.wait_for(lambda: len(memory.history(key)) == 2, "both pairs in memory")
        pair = memory.history(key)[1]
        assert pair["q"] == "documentos vencidos o por vencer en los próximos 15 días, todos"  # all 24 lines shown
        assert pair["a"].startswith("Documentos vencidos o por vencer en 15 días") and "<b>" not in pair["a"]
        assert texts[1].startswith("Documentos vencidos")
        assert memory.focus(key) == []
