"""One voice transcriber shared by every company bot of a host, served fairly between companies.

`SharedVoice(transcriber)` owns one loaded `VoiceTranscriber` (one model, one bounded worker pool of
`settings.concurrency` threads). Each company bot gets `shared.for_company(name)`, a `CompanyVoice` that
looks like a transcriber to `bot.voice_handler` (`.settings`, `await .transcribe(data, ...)`, `.close()`).

Fairness: at most `concurrency` notes are handed to the pool at once; when a slot frees it goes to the
next company in round-robin order that has a note waiting (`FairGate`), so a company that sends 50 notes
at once delays another company's single note by at most one note per worker, not by 50. Waiting for a
slot counts towards `settings.timeout_s`, as waiting for a worker does in a single-company bot.
"""

from __future__ import annotations

import asyncio
from collections import deque

from bot.voice.config import VoiceSettings
from bot.voice.service import TIMEOUT, VoiceError, VoiceTranscriber


class FairGate:
    """`slots` permits handed out round-robin between keys (FIFO within a key).

    `acquire(key)` waits for a permit; `release()` gives it to the first waiter of the next key in turn.
    A waiter cancelled while waiting leaves no trace; one cancelled right after being granted gives the
    permit back.
    """

    def __init__(self, slots: int) -> None:
        if slots < 1:
            raise ValueError("slots must be >= 1")
        self._free = slots
        self._waiting: dict[str, deque[asyncio.Future[None]]] = {}  # insertion order = turn order
        self._last: str | None = None  # the key served last goes after any other waiting key

    def waiting(self, key: str | None = None) -> int:
        """Number of waiters (of one key, or of all)."""
        queues = [self._waiting.get(key, ())] if key is not None else self._waiting.values()
        return sum(len(q) for q in queues)

    async def acquire(self, key: str) -> None:
        if self._free > 0 and not self._waiting:
            self._free -= 1
            self._last = key
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(key, deque()).append(future)
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.release()  # granted and cancelled in the same tick: pass the permit on
            else:
                queue = self._waiting.get(key)
                if queue is not None and future in queue:
                    queue.remove(future)
                    if not queue:
                        del self._waiting[key]
            raise

    def release(self) -> None:
        while self._waiting:
            key = next((k for k in self._waiting if k != self._last), next(iter(self._waiting)))
            queue = self._waiting.pop(key)
            future = queue.popleft()
            if queue:
                self._waiting[key] = queue  # back of the line: the other keys go first
            if not future.done():
                future.set_result(None)
                self._last = key
                return
        self._free += 1


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
    """One company's view of the shared transcriber (what `bot_data["voice"]` holds in the host)."""

    def __init__(self, shared: SharedVoice, company: str) -> None:
        self._shared = shared
        self.company = company
        self.settings = shared.transcriber.settings

    async def transcribe(self, data: bytes, *, expected_seconds: float | None = None) -> str:
        """As `VoiceTranscriber.transcribe`, after this company's turn for a worker. Raises VoiceError."""
        gate = self._shared.gate
        try:
            async with asyncio.timeout(self.settings.timeout_s):
                await gate.acquire(self.company)
                try:
                    return await self._shared.transcriber.transcribe(data, expected_seconds=expected_seconds)
                finally:
                    gate.release()
        except TimeoutError as exc:
            raise VoiceError("timeout", TIMEOUT) from exc

    def close(self) -> None:
        """Called when this company's bot stops; the shared model stays loaded for the others."""
