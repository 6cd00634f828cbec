"""The Application's shared objects, typed: `context.bot_data` is a `BotData`, not a dict.

`bot.main.build_application` builds the Application with `ContextTypes(bot_data=BotData)` (PTB's
contexttypesbot pattern) and fills it: settings, working memory, backend client (closed in
post_shutdown) and, in the bot host, the shared voice. Handlers take a `BotContext` and read
`context.bot_data.memory`, `context.bot_data.backend` … with their types.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Protocol

from telegram.ext import Application, CallbackContext, ExtBot, JobQueue

from backend.contract import DigestCompany, SpokenCheck, SpokenDoubt, SpokenSlot
from bot.backend_client import BackendClient
from bot.config import BotSettings
from bot.memory import WorkingMemory
from bot.voice.config import VoiceSettings

if TYPE_CHECKING:
    from bot.voice.hearing import Heard
    from bot.voice.rescore import Settled


class Transcriber(Protocol):
    """What the voice handler needs of a transcriber: the bot's own `bot.voice.service.VoiceTranscriber`
    or the host's shared `bot.shared_voice.CompanyVoice`."""

    settings: VoiceSettings

    async def transcribe(self, data: bytes, *, expected_seconds: float | None = None) -> str: ...

    async def listen(self, data: bytes, *, expected_seconds: float | None = None) -> Heard: ...

    async def settle(self, heard: Heard, text: str, slots: list[SpokenSlot]) -> Settled: ...

    async def confirm(self, heard: Heard, text: str, checks: list[SpokenCheck]) -> list[SpokenDoubt]: ...

    def close(self) -> None: ...


class BotData:
    """One bot's shared objects. PTB creates it empty (`BotData()`); `bot.main.build_application` sets
    `settings`, `memory` and `backend` before the Application starts.

    Attributes:
        settings: the bot's settings.
        memory: the working memory (pairs and focus per (chat, user)).
        backend: the backend client (closed by post_shutdown).
        voice: the transcriber; None when voice is off. Meaningful once `voice_loaded` is True (the
            bot host sets it at build time; a standalone bot loads its engine in post_init with
            `preload_voice`, or at the first voice note under `voice_lock`).
        preload_voice: load the voice engine in post_init, failing loudly (`fleetops bot`).
        digest_company: the company's digest schedule read from the backend (`bot.digest`), or None.
    """

    settings: BotSettings
    memory: WorkingMemory
    backend: BackendClient

    def __init__(self) -> None:
        self.voice: Transcriber | None = None
        self.voice_loaded = False
        self.voice_lock = asyncio.Lock()
        self.preload_voice = False
        self.digest_company: DigestCompany | None = None

    def set_voice(self, voice: Transcriber | None) -> None:
        """Set the transcriber (None: voice off) and mark it loaded."""
        self.voice, self.voice_loaded = voice, True

    def take_voice(self) -> Transcriber | None:
        """Remove and return the transcriber (for shutdown); None when unset or off."""
        voice, self.voice, self.voice_loaded = self.voice, None, False
        return voice


BotContext = CallbackContext[ExtBot[Any], dict[Any, Any], dict[Any, Any], BotData]
"""The `context` of every handler, error handler and job of the bot."""

BotApplication = Application[ExtBot[Any], BotContext, dict[Any, Any], dict[Any, Any], BotData, JobQueue[BotContext]]
"""The bot's Application (`bot.main.build_application`)."""
