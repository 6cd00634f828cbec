"""One voice transcriber shared by every company bot of a host, served fairly between companies.

`SharedVoice(transcriber)` owns one loaded `VoiceTranscriber` (one model, one bounded worker pool of
`settings.concurrency` threads). Each company bot gets `shared.for_company(name)`, a `CompanyVoice` that
looks like a transcriber to `bot.voice_handler` (`.settings`, `await .transcribe(data, ...)`, `.close()`).

Fairness: at most `concurrency` notes are handed to the pool at once; when a slot frees it goes to the
waiting company with the fewest notes in the pool (`backend.core.fair_gate.FairGate`), so a company that sends 50
notes at once delays another company's single note by at most one note per worker, not by 50. Waiting for a
slot counts towards `settings.timeout_s`, as waiting for a worker does in a single-company bot.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TypeVar

from backend.contract import SpokenCheck, SpokenDoubt, SpokenSlot
from backend.core.fair_gate import FairGate
from bot.voice.config import VoiceSettings
from bot.voice.hearing import Heard
from bot.voice.rescore import Settled
from bot.voice.service import TIMEOUT, VoiceError, VoiceTranscriber

T = TypeVar("T")


class SharedVoice:
    """The host's one transcriber plus its fair gate. `close()` releases the model's pool."""

    def __init__(self, transcriber: VoiceTranscriber) -> None:
        self.transcriber = transcriber
        self.gate = FairGate(transcriber.settings.concurrency)

    @classmethod
    async def start(cls, settings: VoiceSettings) -> SharedVoice | None:
        """Load the configured engine once (None when FLEETOPS_VOICE_ENGINE=off). Raises what
        `VoiceTranscriber.start` raises (ImportError, WeightsError) so the host refuses to start."""
        if settings.engine == "off":
            return None
        return cls(await VoiceTranscriber.start(settings))

    def for_company(self, company: str) -> CompanyVoice:
        return CompanyVoice(self, company)

    def close(self) -> None:
        self.transcriber.close()


class CompanyVoice:
    """One company's view of the shared transcriber (what `bot_data.voice` holds in the host)."""

    def __init__(self, shared: SharedVoice, company: str) -> None:
        self._shared = shared
        self.company = company
        self.settings = shared.transcriber.settings

    async def _turn(self, work: Callable[[], Awaitable[T]]) -> T:
        """`work()` after this company's turn for a worker; VoiceError("timeout") past `timeout_s`."""
        try:
            async with asyncio.timeout(self.settings.timeout_s):
                async with self._shared.gate.slot(self.company):
                    return await work()
        except TimeoutError as exc:
            raise VoiceError("timeout", TIMEOUT) from exc

    async def transcribe(self, data: bytes, *, expected_seconds: float | None = None) -> str:
        """As `VoiceTranscriber.transcribe`, after this company's turn for a worker. Raises VoiceError."""
        return await self._turn(lambda: self._shared.transcriber.transcribe(data, expected_seconds=expected_seconds))

    async def listen(self, data: bytes, *, expected_seconds: float | None = None) -> Heard:
        """As `VoiceTranscriber.listen`, after this company's turn for a worker. Raises VoiceError."""
        return await self._turn(lambda: self._shared.transcriber.listen(data, expected_seconds=expected_seconds))

    async def settle(self, heard: Heard, text: str, slots: list[SpokenSlot]) -> Settled:
        """As `VoiceTranscriber.settle`, after this company's turn for a worker. Raises VoiceError."""
        return await self._turn(lambda: self._shared.transcriber.settle(heard, text, slots))

    async def confirm(self, heard: Heard, text: str, checks: list[SpokenCheck]) -> list[SpokenDoubt]:
        """As `VoiceTranscriber.confirm`, after this company's turn for a worker. Raises VoiceError."""
        return await self._turn(lambda: self._shared.transcriber.confirm(heard, text, checks))

    def close(self) -> None:
        """Called when this company's bot stops; the shared model stays loaded for the others."""
