"""Typed access to the Application's shared objects (set up by `bot.main`), instead of string keys
spread over the handlers: `backend(context)`, `memory(context)`, `settings(context)`.

`bot.main.build_application` puts the settings and the working memory in `bot_data`; `post_init`
adds the backend client. These functions are the one place that knows the keys.
"""

from __future__ import annotations

from typing import Any

from bot.backend_client import BackendClient
from bot.config import BotSettings
from bot.memory import WorkingMemory

BACKEND, MEMORY, SETTINGS = "backend", "memory", "settings"


def backend(context: Any) -> BackendClient:
    """The process's `BackendClient` (opened in post_init)."""
    return context.bot_data[BACKEND]


def memory(context: Any) -> WorkingMemory:
    """The process's working memory (pairs and focus per (chat, user))."""
    return context.bot_data[MEMORY]


def settings(context: Any) -> BotSettings:
    """The bot's settings."""
    return context.bot_data[SETTINGS]
