"""Webhook mode of the bot host: one HTTP listener, one path per company bot.

`POST /telegram/<company>` must carry that bot's own `X-Telegram-Bot-Api-Secret-Token` (set with
`setWebhook(secret_token=...)`); the update is parsed with that bot's `Bot` and put on that bot's
Application update queue — the pattern of python-telegram-bot's `customwebhookbot.py` example, with a
table of bots instead of one. Answers: 200 queued; 403 wrong or missing secret, and the same 403 for a
company the host does not serve (checked first: the answers never tell which company slugs exist); 503
company known, secret right, bot not started yet (Telegram retries); 413 a body over 1 MiB (read no
further); 400 a body that is not an update (no integer `update_id`, or anything the parser raises: a list,
a wrong type, a date out of range, nesting past the recursion limit). Served by uvicorn inside the host's
event loop, behind nginx (`deploy/nginx/fleetops.conf`), on 127.0.0.1 by default. `bot.webhook` serves
one bot (`fleetops bot` in webhook mode) with the same app on one path.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import logging
from collections.abc import Callable, Iterator
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from telegram import Update

log = logging.getLogger(__name__)
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
MAX_BODY_BYTES = 1024 * 1024


async def _capped_body(request: Request) -> bytes | None:
    """The request body, or None as soon as it (declared or streamed) passes `MAX_BODY_BYTES`: a huge
    or endless body is never held in memory."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
        return None
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            return None
    return bytes(body)


def webhook_app(
    lookup: Callable[[str], Any | None], secret_of: Callable[[str], str | None], path: str = "/telegram/{company}"
) -> Starlette:
    """The ASGI app. `lookup(company)` returns a started bot (`.application`, `.feed(update)`) or None;
    `secret_of(company)` the secret token of a company the host serves, started or not, or None. `path`
    is the route (a single bot, `bot.webhook`, has one fixed path: its `company` is then "")."""

    async def telegram(request: Request) -> Response:
        company = request.path_params.get("company", "")
        expected = secret_of(company)
        given = request.headers.get(SECRET_HEADER, "")
        if expected is None or not hmac.compare_digest(given.encode(), expected.encode()):
            log.warning("webhook: secret token ausente o incorrecto, o empresa desconocida")
            return Response(status_code=403)
        bot = lookup(company)
        if bot is None:
            return Response(status_code=503)
        body = await _capped_body(request)
        if body is None:
            return Response(status_code=413)
        try:
            data = json.loads(body)
            if not isinstance(data, dict) or type(data.get("update_id")) is not int:  # PTB checks neither
                raise TypeError("update_id")
            update = Update.de_json(data=data, bot=bot.application.bot)
        except Exception as exc:  # noqa: BLE001 — untrusted bytes: whatever the parser raises is a bad body
            log.warning("webhook %s: el cuerpo no es un update de Telegram (%s)", company, type(exc).__name__)
            return Response(status_code=400)
        await bot.feed(update)
        return Response()

    return Starlette(routes=[Route(path, telegram, methods=["POST"])])


class _Server(uvicorn.Server):
    """uvicorn inside the host's loop: the host, not uvicorn, owns SIGTERM/SIGINT/SIGHUP."""

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        yield


class WebhookListener:
    """Serves an ASGI `app` (`webhook_app`) on `listen`:`port` (port 0: any free one) inside the running
    event loop; `for_host` is the bot host's."""

    @classmethod
    def for_host(cls, host: Any, listen: str, port: int) -> WebhookListener:
        """The listener of a `bot.host.BotHost`: `/telegram/<company>` for each of its bots."""

        def secret_of(company: str) -> str | None:
            bot = host.bots.get(company)
            return None if bot is None else str(bot.secret_token)

        return cls(webhook_app(host.serving, secret_of), listen, port)

    def __init__(self, app: Starlette, listen: str, port: int) -> None:
        config = uvicorn.Config(
            app, host=listen, port=port, log_level="warning", lifespan="off", access_log=False, server_header=False
        )
        self.server = _Server(config)
        self._task: asyncio.Task[None] | None = None

    async def start(self, timeout_s: float = 10.0) -> None:
        """Listen; raises RuntimeError when the port cannot be bound."""
        self._task = asyncio.create_task(self.server.serve(), name="webhook-listener")
        async with asyncio.timeout(timeout_s):
            while not self.server.started:
                if self._task.done():
                    raise RuntimeError(f"no se pudo escuchar en {self.server.config.host}:{self.server.config.port}")
                await asyncio.sleep(0.02)

    @property
    def port(self) -> int:
        servers = getattr(self.server, "servers", [])
        for server in servers:
            for sock in server.sockets:
                return int(sock.getsockname()[1])
        return self.server.config.port

    async def stop(self) -> None:
        self.server.should_exit = True
        if self._task is not None:
            with contextlib.suppress(asyncio.CancelledError, SystemExit):
                await self._task
