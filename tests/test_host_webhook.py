"""The bot host in webhook mode: one listener, one path and one secret token per bot; a wrong secret, no
secret and an unknown company get the same 403, a body that is no JSON 400. Real backend."""

from __future__ import annotations

import asyncio

import httpx

from bot.host_bot import webhook_secret
from bot.host_webhook import WebhookListener
from tests.fixtures_host import TOKENS, company_files, host_settings, running_host


async def test_webhook_mode_one_listener_one_path_and_secret_per_bot(tmp_path, host_stub, backend_server) -> None:
    company_files(tmp_path, backend_server, "frigorifico-andino", "lacteos-del-valle")
    settings = host_settings(tmp_path, webhook_base_url="https://bot.example.com/")
    async with running_host(host_stub, settings) as host:
        listener = WebhookListener.for_host(host, "127.0.0.1", 0)
        await listener.start()
        try:
            await host.reload()
            await host_stub.wait_for(lambda: all(b.serving for b in host.bots.values()), "bots started")
            await host_stub.wait_for(lambda: len(host_stub.calls_of("setWebhook")) == 2, "webhooks set")
            hooks = {c.token: c.params for c in host_stub.calls_of("setWebhook")}
            frigo = host.bots["frigorifico-andino"]
            assert hooks[TOKENS["frigorifico-andino"]]["url"] == "https://bot.example.com/telegram/frigorifico-andino"
            assert hooks[TOKENS["frigorifico-andino"]]["secret_token"] == webhook_secret(frigo.config)
            assert frigo.secret_token != host.bots["lacteos-del-valle"].secret_token
            assert not host_stub.calls_of("getUpdates")

            base = f"http://127.0.0.1:{listener.port}/telegram/"
            update = host_stub.command("/start", chat_id=1001)
            async with httpx.AsyncClient(timeout=10) as client:
                header = {"X-Telegram-Bot-Api-Secret-Token": frigo.secret_token}
                assert (await client.post(base + "frigorifico-andino", json=update, headers=header)).status_code == 200
                await host_stub.wait_for(
                    lambda: host_stub.sent(1001, TOKENS["frigorifico-andino"]), "webhook update answered"
                )
                other = {"X-Telegram-Bot-Api-Secret-Token": host.bots["lacteos-del-valle"].secret_token}
                assert (await client.post(base + "frigorifico-andino", json=update, headers=other)).status_code == 403
                assert (await client.post(base + "frigorifico-andino", json=update)).status_code == 403
                # an unknown company is refused like a wrong secret: the answers never tell which slugs exist
                assert (await client.post(base + "nadie", json=update, headers=header)).status_code == 403
                assert (await client.post(base + "nadie", json=update)).status_code == 403
                bad = await client.post(base + "frigorifico-andino", content=b"{no json", headers=header)
                assert bad.status_code == 400
            await asyncio.sleep(0.2)
            assert len(host_stub.sent(1001)) == 1  # refused posts reached no bot
        finally:
            await listener.stop()
