"""The real bot polling a `TelegramStub`: `run_bot(stub, backend_url=..., backend_secret=...)`.

A composition root like the bench: it builds the real Application with `bot.main.build_application`,
points it at the stub's Bot API and file URLs, starts it (`bot.lifecycle.running`) and polls; use it as an
async context manager that yields the running Application.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
from telegram.ext import Application

from backend.testing.telegram_stub import TOKEN, TelegramStub
from bot.config import BotSettings
from bot.lifecycle import running
from bot.main import build_application


@contextlib.asynccontextmanager
async def run_bot(
    stub: TelegramStub,
    *,
    backend_url: str,
    backend_secret: str,
    clock: Callable[[], float] | None = None,
    backend_transport: httpx.AsyncBaseTransport | None = None,
    **settings: Any,
) -> AsyncIterator[Application[Any, Any, Any, Any, Any, Any]]:
    """The real Application (bot.main.build_application) polling `stub`; yields the Application.

    `backend_transport`: an httpx transport for the backend calls (see tests/fixtures_fake_backend.py).
    Extra keyword arguments are BotSettings fields (e.g. memory_pairs=5, memory_ttl_s=900).
    """
    config = BotSettings(telegram_bot_token=TOKEN, backend_url=backend_url, backend_secret=backend_secret, **settings)
    application = build_application(
        config,
        base_url=stub.base_url,
        base_file_url=stub.base_file_url,
        clock=clock,
        backend_transport=backend_transport,
    )
    async with running(application):
        assert application.updater is not None  # built with the default updater
        await application.updater.start_polling(poll_interval=0.0, timeout=1)
        yield application
