"""Typed access to the Application's shared objects (set up by `bot.main`), instead of string keys
spread over the handlers: `backend(context)`, `memory(context)`, `settings(context)`, `voice(context)`.

`bot.main.build_application` puts the settings and the working memory in `bot_data` (and the host's
shared voice); `post_init` adds the backend client; `bot.voice_handler` loads the bot's own voice
engine. These functions are the one place that knows the keys. Each takes anything with `bot_data`
(a handler's context or the Application itself).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.backend_client import BackendClient
from bot.config import BotSettings
from bot.memory import WorkingMemory

if TYPE_CHECKING:
    from bot.shared_voice import CompanyVoice
    from bot.voice.service import VoiceTranscriber

BACKEND, MEMORY, SETTINGS, VOICE = "backend", "memory", "settings", "voice"


def backend(context: Any) -> BackendClient:
    """The process's `BackendClient` (opened in post_init)."""
    return context.bot_data[BACKEND]


def memory(context: Any) -> WorkingMemory:
    """The process's working memory (pairs and focus per (chat, user))."""
    return context.bot_data[MEMORY]


def settings(context: Any) -> BotSettings:
    """The bot's settings."""
    return context.bot_data[SETTINGS]


def voice_loaded(holder: Any) -> bool:
    """Whether the voice transcriber was set (None counts: voice is off)."""
    return VOICE in holder.bot_data


def voice(holder: Any) -> VoiceTranscriber | CompanyVoice | None:
    """The transcriber: the bot's own `VoiceTranscriber`, the host's `CompanyVoice`, or None (voice
    off). KeyError when not set yet (see `voice_loaded`)."""
    transcriber: VoiceTranscriber | CompanyVoice | None = holder.bot_data[VOICE]
    return transcriber


def set_voice(holder: Any, transcriber: VoiceTranscriber | CompanyVoice | None) -> None:
    holder.bot_data[VOICE] = transcriber


def take_voice(holder: Any) -> VoiceTranscriber | CompanyVoice | None:
    """Remove and return the transcriber (None when unset or off), for shutdown."""
    transcriber: VoiceTranscriber | CompanyVoice | None = holder.bot_data.pop(VOICE, None)
    return transcriber
