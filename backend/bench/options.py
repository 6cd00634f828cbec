"""Sizes and switches shared by every benchmark."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class BenchOptions:
    """What to run and how big.

    `quick` is the smoke mode (tiny sizes, 2 runs). `runs` is how many repetitions each median is
    taken over. `work_dir` holds throwaway state (embedded PostgreSQL, generated CSVs).
    """

    quick: bool = False
    runs: int = 3
    work_dir: Path = Path(".fleetops/bench")
    # (3) working memory
    memory_chats: int = 10_000
    memory_pairs: int = 6
    # (2) prompt size
    prompt_turns: int = 40
    # (1) /v1/ask overhead
    ask_requests: int = 500
    large_clients: int = 2_000
    large_vehicles: int = 300
    large_movements: int = 200_000
    # (6) exact answers: bank items (0 = all)
    bank_items: int = 0
    # (5) bot under load
    bot_chats: int = 50
    bot_messages: int = 20
    # (4) voice
    voice_engines: list[str] = field(default_factory=list)
    voice_clips: Path | None = None  # a held-out clip set (manifest.json + .ogg); None: tests/data/voice/human
    # (6) bot host: bots per host process, single-company process counts, load shape, engines ([] = all)
    host_sizes: list[int] = field(default_factory=lambda: [1, 10, 50])
    host_singles: list[int] = field(default_factory=lambda: [1, 10])
    host_engines: list[str] = field(default_factory=list)
    host_chats: int = 10
    host_messages: int = 5
    host_voice_every: int = 5
    host_burst_voices: int = 5
    host_probe_interval_s: float = 2.0
    host_idle_probes: int = 10
    host_settle_s: float = 3.0
    host_busy_lane: bool = True  # the backend's busy lane on (FLEETOPS_BENCH_BUSY_LANE=0: off, for A/B)

    @classmethod
    def quick_sizes(cls, **kw: Any) -> BenchOptions:
        base: dict[str, Any] = dict(
            quick=True,
            runs=2,
            memory_chats=300,
            prompt_turns=10,
            ask_requests=30,
            large_clients=60,
            large_vehicles=12,
            large_movements=2_000,
            bot_chats=4,
            bot_messages=3,
            voice_engines=["faster-whisper"],
            host_sizes=[1, 3],
            host_singles=[1, 2],
            host_engines=["off"],
            host_chats=2,
            host_messages=2,
            host_idle_probes=2,
            host_probe_interval_s=0.5,
            host_settle_s=0.5,
            bank_items=20,
        )
        base.update(kw)
        return cls(**base)
