"""The host's shared transcriber: one engine, one worker pool, companies served fairly.

The real `VoiceTranscriber` (real decoding of the committed OGG/Opus clips, real filters) with a fake
engine that records which clip it was given (by its length) and can be held, so no model is loaded."""

from __future__ import annotations

import asyncio
import threading

import numpy as np
import pytest

from backend.core.fair_gate import FairGate
from bot.shared_voice import SharedVoice
from bot.voice.engines import Segment, Transcript
from bot.voice.service import VoiceError, VoiceTranscriber
from tests.fixtures_voice import clip, voice_settings

pytest.importorskip("av")


class HeldEngine:
    """Returns "nota corta" (canastillas_5s) or "nota larga" (vence_10s); every call waits for `go`."""

    name = "fake"

    def __init__(self) -> None:
        self.go = threading.Event()
        self.started = threading.Event()
        self.seen: list[str] = []

    def transcribe(self, samples: np.ndarray, prefix: str | None = None) -> Transcript:
        self.started.set()
        self.go.wait(10)
        kind = "larga" if len(samples) > 7 * 16_000 else "corta"
        self.seen.append(kind)
        return Transcript((Segment(f"nota {kind}", 0.0, -0.1, 1.2),))


def shared(tmp_path, engine, **overrides) -> SharedVoice:
    settings = voice_settings(tmp_path, engine="faster-whisper", concurrency=1, **overrides)
    return SharedVoice(VoiceTranscriber(settings, engine))


async def _until(predicate, what: str) -> None:
    for _ in range(500):
        if predicate():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


async def test_a_burst_of_one_company_does_not_starve_another(tmp_path) -> None:
    engine = HeldEngine()
    voice = shared(tmp_path, engine)
    a, b = voice.for_company("a"), voice.for_company("b")
    try:
        burst = [asyncio.create_task(a.transcribe(clip("canastillas_5s"))) for _ in range(4)]
        await asyncio.to_thread(engine.started.wait, 10)  # a's first note holds the only worker
        await _until(lambda: voice.gate.waiting("a") == 3, "a's queue")
        single = asyncio.create_task(b.transcribe(clip("vence_10s")))
        await _until(lambda: voice.gate.waiting("b") == 1, "b's note queued")
        engine.go.set()
        texts = await asyncio.gather(*burst, single)
    finally:
        voice.close()
    assert texts == ["nota corta"] * 4 + ["nota larga"]
    # FIFO would have served b last (after all 4 of a's notes); the fair gate serves it second
    assert engine.seen == ["corta", "larga", "corta", "corta", "corta"]
    assert voice.gate.waiting() == 0


async def test_round_robin_across_three_companies() -> None:
    gate = FairGate(1)
    order: list[str] = []

    async def job(key: str) -> None:
        await gate.acquire(key)
        order.append(key)
        await asyncio.sleep(0)
        gate.release(key)

    await gate.acquire("x")  # hold the slot while everyone queues
    tasks = [asyncio.create_task(job(k)) for k in ["a"] * 3 + ["b"] * 2 + ["c"]]
    await asyncio.sleep(0)
    gate.release("x")
    await asyncio.gather(*tasks)
    assert order == ["a", "b", "c", "a", "b", "a"]


async def test_a_cancelled_waiter_leaves_no_trace_and_frees_nothing_twice() -> None:
    gate = FairGate(1)
    await gate.acquire("a")
    waiter = asyncio.create_task(gate.acquire("b"))
    await asyncio.sleep(0)
    assert gate.waiting("b") == 1
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    assert gate.waiting() == 0
    gate.release("a")
    await asyncio.wait_for(gate.acquire("c"), 1)  # the one slot is free again, exactly once
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(gate.acquire("d"), 0.05)


async def test_waiting_for_the_shared_worker_counts_towards_the_timeout(tmp_path) -> None:
    engine = HeldEngine()
    voice = shared(tmp_path, engine, timeout_s=0.5)
    try:
        first = asyncio.create_task(voice.for_company("a").transcribe(clip("canastillas_5s")))
        await asyncio.to_thread(engine.started.wait, 10)
        with pytest.raises(VoiceError) as refused:
            await voice.for_company("b").transcribe(clip("canastillas_5s"))
        assert refused.value.reason == "timeout" and voice.gate.waiting() == 0
        engine.go.set()
        with pytest.raises(VoiceError):  # a's own note also ran past 0.5 s
            await first
    finally:
        engine.go.set()
        voice.close()


async def test_host_update_slots_are_shared_round_robin_between_companies() -> None:
    from bot.host_updates import FairUpdates

    gate = FairGate(1)
    a, b = FairUpdates(32, gate, "a"), FairUpdates(32, gate, "b")
    order: list[str] = []
    hold = asyncio.Event()

    async def work(name: str) -> None:
        if not order:
            await hold.wait()  # the first update holds the host's only slot while the others queue
        order.append(name)

    tasks = [asyncio.create_task(a.do_process_update(object(), work("a"))) for _ in range(3)]
    await asyncio.sleep(0.01)
    tasks.append(asyncio.create_task(b.do_process_update(object(), work("b"))))
    await asyncio.sleep(0.01)
    assert gate.waiting("a") == 2 and gate.waiting("b") == 1
    hold.set()
    await asyncio.gather(*tasks)
    assert order == ["a", "b", "a", "a"]
