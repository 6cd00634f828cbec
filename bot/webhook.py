"""Webhook mode of `fleetops bot` (one company): the bot host's listener (`bot.host_webhook`) with one
bot on one path, instead of python-telegram-bot's own tornado server.

PTB's `run_webhook` answered a body that is not JSON (with the right secret) with 500 — which Telegram
retries — logged undecodable updates with their content at CRITICAL, and read bodies of any size. The
host's listener answers 403 a wrong or missing secret, 413 a body over 1 MiB (read no further), 400
anything that is not an update, 200 once it is queued, and never stops: the same rules for one bot as
for many. `serve_webhook` registers the webhook (`setWebhook` with the secret token and every update
type), serves until SIGINT/SIGTERM (or `stop`), and runs the Application's lifecycle around it
(`bot.lifecycle.running`: post_init, the digest job, shutdown).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from typing import TYPE_CHECKING, Any

from telegram import Update

from bot.host_webhook import WebhookListener, webhook_app
from bot.lifecycle import running

if TYPE_CHECKING:
    from bot.main import WebhookOptions

log = logging.getLogger(__name__)


class _OneBot:
    """What `webhook_app` needs of a started bot: its Application and `feed`."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def feed(self, update: Update) -> None:
        await self.application.update_queue.put(update)


def single_webhook_listener(
    application: Any, secret_token: str, url_path: str, listen: str, port: int
) -> WebhookListener:
    """The listener of one bot: POST `/<url_path>` with `secret_token` in X-Telegram-Bot-Api-Secret-Token."""
    bot = _OneBot(application)
    app = webhook_app(lambda _company: bot, lambda _company: secret_token, "/" + url_path.strip("/"))
    return WebhookListener(app, listen, port)


async def serve_webhook(application: Any, options: WebhookOptions, *, stop: asyncio.Event | None = None) -> None:
    """Run `application` in webhook mode with `options` (`bot.main.WebhookOptions`) until `stop` is set,
    or, without one, until SIGINT or SIGTERM. Raises RuntimeError when the port cannot be bound and
    telegram.error.TelegramError when setWebhook is refused."""
    own_stop = stop is None
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    if own_stop:
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
    try:
        async with running(application):
            listener = single_webhook_listener(
                application, options["secret_token"], options["url_path"], options["listen"], options["port"]
            )
            await listener.start()
            try:
                await application.bot.set_webhook(
                    url=options["webhook_url"],
                    secret_token=options["secret_token"],
                    allowed_updates=options["allowed_updates"],
                )
                log.info("webhook registrado; escuchando en %s:%s", options["listen"], listener.port)
                await stop.wait()
            finally:
                await listener.stop()
    finally:
        if own_stop:
            for sig in (signal.SIGINT, signal.SIGTERM):
                with contextlib.suppress(Exception):
                    loop.remove_signal_handler(sig)
