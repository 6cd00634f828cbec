"""The same update delivered twice. Telegram sends a webhook update again when it got no 200 in time (a
slow network, a restart of the listener), and a host's getUpdates after a lost confirmation refetches
it: the update_id is the same. Before, the bot answered the question twice and stored the pair twice in
working memory (a duplicate pair pushed a useful one out of the 6-pair window). Now an update_id the
bot has already taken is skipped (`bot.ordering.ChatOrderedProcessor`). Real bot in webhook mode
(`bot.webhook.serve_webhook`), real backend on the fleet fixture, the Telegram stand-in.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket

import httpx

from backend.testing.telegram_stub import TOKEN
from bot.config import BotSettings
from bot.main import build_application, webhook_options
from bot.webhook import serve_webhook
from tests.fixtures_fake_backend import ADMIN

SECRET = "S3cret_token-for-the-webhook"
QUESTIONS = ("¿cuántas canastillas tiene el cliente 412?", "¿y estibas?")


@contextlib.asynccontextmanager
async def _webhook_bot(stub, backend):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    settings = BotSettings(
        _env_file=None,
        telegram_bot_token=TOKEN,
        backend_url=backend.base_url,
        backend_secret=backend.secret,
        webhook_url="https://bot.example/tg",
        webhook_port=port,
        webhook_secret_token=SECRET,
    )
    application = build_application(settings, base_url=stub.base_url, base_file_url=stub.base_file_url)
    stop = asyncio.Event()
    task = asyncio.create_task(serve_webhook(application, webhook_options(settings), stop=stop))
    try:
        await stub.wait_for(lambda: stub.calls_of("setWebhook"), "setWebhook")
        headers = {"X-Telegram-Bot-Api-Secret-Token": SECRET}
        async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", headers=headers, timeout=10) as client:
            yield application, client
    finally:
        stop.set()
        await asyncio.wait_for(task, 30)


async def test_an_update_delivered_twice_is_answered_and_remembered_once(backend_server, telegram_stub):
    stub = telegram_stub
    async with _webhook_bot(stub, backend_server) as (app, client):
        first = stub.text(QUESTIONS[0], chat_id=ADMIN)
        assert (await client.post("/tg", json=first)).status_code == 200
        await stub.wait_texts(ADMIN, 1)
        assert (await client.post("/tg", json=first)).status_code == 200  # Telegram's retry, after the answer
        second = stub.text(QUESTIONS[1], chat_id=ADMIN)
        statuses = await asyncio.gather(*(client.post("/tg", json=second) for _ in range(3)))  # retries racing
        assert [r.status_code for r in statuses] == [200] * 3
        await stub.wait_texts(ADMIN, 2)
        check = stub.text("gracias", chat_id=ADMIN)  # a rule reply: once it is out, every update before is done
        assert (await client.post("/tg", json=check)).status_code == 200
        texts = await stub.wait_texts(ADMIN, 3)
        await asyncio.sleep(0.3)
        stored = [pair["q"] for pair in app.bot_data.memory.history((ADMIN, ADMIN))]
    assert len(stub.texts(ADMIN)) == 3 and texts[2].startswith("¡Con gusto!")
    assert stored == list(QUESTIONS)
    assert backend_server.anthropic.last_body["messages"][-1]["content"] == QUESTIONS[1]
    assert len(backend_server.anthropic.requests) == 2


async def test_the_bot_hosts_processor_skips_a_repeated_update_and_counts_it_finished(recwarn):
    """The bot host's per-company processor (`bot.host_updates.FairUpdates`) on the same rule: the
    repeated update never takes a host slot nor runs, and still counts as finished (its fetch-ahead)."""
    from telegram import Update

    from backend.core.fair_gate import FairGate
    from bot.host_updates import FairUpdates

    processor = FairUpdates(4, FairGate(1), "acme")
    ran: list[int] = []

    async def work(n: int) -> None:
        ran.append(n)

    for n in (1, 2, 3):  # update 7 three times (Telegram's retries)
        processor.arrive()
        await processor.do_process_update(Update(7), work(n))
    processor.arrive()
    await processor.do_process_update(Update(8), work(4))
    assert ran == [1, 4] and processor.finished == processor.arrived == 4
    assert not [w for w in recwarn if "never awaited" in str(w.message)]
