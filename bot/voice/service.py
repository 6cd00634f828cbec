"""The transcriber the bot uses: decode + filter + engine, off the event loop, bounded concurrency.

`VoiceTranscriber.transcribe(data, expected_seconds=...)` returns the transcript text or raises
`VoiceError` carrying the Spanish message for the user. `listen` returns what was heard with its audio
(`bot.voice.hearing.Heard`), `settle(heard, text, slots)` scores the company's candidates for a code
or plate not surely heard on that audio, and `confirm(heard, text, checks)` the codes it resolves from a
number said as a number (`bot.voice.rescore`). At most `settings.concurrency` notes are
decoded/transcribed at once (a thread pool of that size); others wait their turn, without blocking
the event loop, so text messages of other chats keep being answered.

The pool's threads run at CPU niceness `settings.nice` (Linux keeps a nice value per thread, and threads
inherit it): the model is loaded in one of them, so the engine's own compute threads (CTranslate2's
workers, torch's and onnxruntime's pools) are niced too. Under a CPU-bound load a voice note then takes
the cores the text work leaves, instead of halving what the event loop gets.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from backend.contract import SpokenCheck, SpokenDoubt, SpokenSlot
from bot.voice.audio import AudioError, decode_audio, duration_seconds
from bot.voice.config import VoiceSettings
from bot.voice.engines import Engine, load_engine
from bot.voice.filters import is_near_silent
from bot.voice.hearing import Heard, listen
from bot.voice.rescore import Settled, clear_plates, confirm, settle

log = logging.getLogger(__name__)

NOTHING_HEARD = "No escuché nada en el audio, ¿puedes repetirlo?"
UNREADABLE = "No pude leer ese audio: el archivo está dañado o no es una nota de voz. ¿Puedes enviarlo de nuevo?"
EMPTY = "El audio llegó vacío. ¿Puedes grabarlo de nuevo?"
TRUNCATED = "El audio llegó incompleto. ¿Puedes enviarlo de nuevo?"
TIMEOUT = "No alcancé a transcribir el audio a tiempo. Intenta de nuevo en un momento o escríbeme la pregunta."
DISABLED = "Las notas de voz no están activadas en este bot. Escríbeme la pregunta, por favor."


def too_long_message(max_seconds: int) -> str:
    minutes, seconds = divmod(max_seconds, 60)
    limit = f"{minutes} minutos" if minutes and not seconds else f"{max_seconds} segundos"
    return (
        f"El audio es muy largo: puedo escuchar notas de hasta {limit}. "
        "¿Puedes enviar una más corta o escribirme la pregunta?"
    )


def too_big_message(max_bytes: int) -> str:
    size = f"{max_bytes // (1024 * 1024)} MB" if max_bytes >= 1024 * 1024 else f"{max_bytes // 1024} KB"
    return f"El archivo es muy grande (máximo {size}). ¿Puedes enviar una nota de voz más corta?"


class VoiceError(Exception):
    """A voice note that cannot become a question. `message` is the Spanish reply; `reason` a code."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.message = message


def lower_thread_priority(nice: int) -> None:
    """Make the calling thread (and the threads it starts from now on) at least `nice` (Linux: per
    thread). Never raises: where the OS refuses, the thread keeps its priority."""
    if nice <= 0 or not hasattr(os, "setpriority"):
        return
    tid = threading.get_native_id()
    try:
        os.setpriority(os.PRIO_PROCESS, tid, max(nice, os.getpriority(os.PRIO_PROCESS, tid)))
    except OSError as exc:
        log.warning("voice: could not lower the worker thread's CPU priority (%s)", exc)


def worker_pool(settings: VoiceSettings) -> ThreadPoolExecutor:
    """`settings.concurrency` worker threads at niceness `settings.nice`."""
    return ThreadPoolExecutor(
        max_workers=settings.concurrency,
        thread_name_prefix="voice",
        initializer=lower_thread_priority,
        initargs=(settings.nice,),
    )


class VoiceTranscriber:
    """Owns one loaded engine and the worker pool. Create with `await VoiceTranscriber.start(settings)`."""

    def __init__(self, settings: VoiceSettings, engine: Engine, pool: ThreadPoolExecutor | None = None) -> None:
        self.settings = settings
        self.engine = engine
        self._pool = pool or worker_pool(settings)

    @classmethod
    async def start(cls, settings: VoiceSettings) -> VoiceTranscriber:
        """Load the engine (and build cached weights on first use) in one of the niced worker threads,
        so the threads the engine starts inherit its priority. Raises what `load_engine` raises, so a
        misconfigured bot fails at startup, not on the first note."""
        pool = worker_pool(settings)
        try:
            engine = await asyncio.get_running_loop().run_in_executor(pool, load_engine, settings)
        except BaseException:
            pool.shutdown(wait=False)
            raise
        return cls(settings, engine, pool)

    def close(self) -> None:
        """Stop accepting work; queued notes are cancelled, a running one finishes in its thread."""
        self._pool.shutdown(wait=False, cancel_futures=True)

    def _work(self, data: bytes, expected_seconds: float | None) -> Heard:
        started = time.monotonic()
        try:
            samples = decode_audio(data, max_seconds=self.settings.max_seconds, expected_seconds=expected_seconds)
        except AudioError as exc:
            messages = {"empty": EMPTY, "truncated": TRUNCATED, "too_long": too_long_message(self.settings.max_seconds)}
            raise VoiceError(exc.reason, messages.get(exc.reason, UNREADABLE)) from exc
        if is_near_silent(samples):
            raise VoiceError("silence", NOTHING_HEARD)
        heard = listen(self.engine, samples, self.settings)
        log.info(
            "voice: %.1f s of audio transcribed by %s in %.1f s (%d chars kept, %d before a loop)",
            duration_seconds(samples),
            self.engine.name,
            time.monotonic() - started,
            len(heard.text),
            len(heard.partial),
        )
        if not heard.text and not heard.partial:
            raise VoiceError("nothing_heard", NOTHING_HEARD)
        return heard

    async def listen(self, data: bytes, *, expected_seconds: float | None = None) -> Heard:
        """What a voice note's bytes (any format PyAV decodes) say: `Heard` with its text, or only the
        head of a decoding loop (`partial`). Raises VoiceError (nothing heard at all, unreadable, …).

        Waiting for a free worker counts towards `settings.timeout_s`.
        """
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._pool, self._work, data, expected_seconds)
        try:
            return await asyncio.wait_for(future, timeout=self.settings.timeout_s)
        except TimeoutError as exc:
            raise VoiceError("timeout", TIMEOUT) from exc

    async def transcribe(self, data: bytes, *, expected_seconds: float | None = None) -> str:
        """Transcript text of a voice note's bytes, as `listen` hears it. Raises VoiceError."""
        heard = await self.listen(data, expected_seconds=expected_seconds)
        if not heard.text:
            raise VoiceError("nothing_heard", NOTHING_HEARD)
        return heard.text

    async def settle(self, heard: Heard, text: str, slots: list[SpokenSlot]) -> Settled:
        """`text` (what was heard, as the backend read it) with the slots the audio settles replaced by
        their candidate's token (None when none is), and the plates it spells that the audio says
        clearly above every candidate (`bot.voice.rescore.settle`, `clear_plates`). Runs in the worker
        pool; nothing settled when it takes longer than `settings.timeout_s`."""

        def work() -> Settled:
            new, verdicts = settle(self.engine, heard.samples, text, slots, heard_counts=bool(heard.text))
            return Settled(new, clear_plates(text, verdicts) if heard.text else ())

        future = asyncio.get_running_loop().run_in_executor(self._pool, work)
        try:
            return await asyncio.wait_for(future, timeout=self.settings.timeout_s)
        except TimeoutError:
            log.warning("voice: scoring %d slots took longer than %.0f s", len(slots), self.settings.timeout_s)
            return Settled(None)

    async def confirm(self, heard: Heard, text: str, checks: list[SpokenCheck]) -> list[SpokenDoubt]:
        """The `checks` of `text` (what was heard, as the backend read it) that the audio does not
        confirm (`bot.voice.rescore.confirm`). Runs in the worker pool; when it takes longer than
        `settings.timeout_s`, every check is a doubt (asked back, never answered unconfirmed)."""
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(self._pool, lambda: confirm(self.engine, heard.samples, text, checks))
        try:
            done = await asyncio.wait_for(future, timeout=self.settings.timeout_s)
        except TimeoutError:
            log.warning("voice: confirming %d codes took longer than %.0f s", len(checks), self.settings.timeout_s)
            return [SpokenDoubt(kind=c.kind, key=c.key) for c in checks]
        return [c.doubt() for c in done if not c.confirmed]
