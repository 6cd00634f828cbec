"""(3) Working memory: N chats × P full pairs (400-character q and a) and one focus entity per chat
(a client, as `AskResponse.focus` gives it) in `bot.memory.WorkingMemory`.

Measures memory added (tracemalloc: Python allocations retained; RSS delta as a cross-check),
µs per `store()` and per `history()`, and one full `sweep()` of N expired chats.
"""

from __future__ import annotations

import gc
import sys
import time
import tracemalloc
from pathlib import Path
from typing import TYPE_CHECKING, Any

from backend.bench.options import BenchOptions
from backend.bench.report import median, metric, result

if TYPE_CHECKING:
    from bot.memory import WorkingMemory

_WORDS = (
    "canastillas",
    "estibas",
    "cliente",
    "devolvió",
    "saldo",
    "Rionegro",
    "remisión",
    "vehículo",
    "vence",
    "SOAT",
    "técnico-mecánica",
    "conductor",
    "ruta",
    "Medellín",
    "entregó",
    "¿cuántas",
)


def _text(seed: int, length: int = 400) -> str:
    """A distinct Spanish-like string of exactly `length` characters (accents included)."""
    parts, i = [f"#{seed}"], seed
    while sum(len(p) + 1 for p in parts) < length + 20:
        parts.append(_WORDS[i % len(_WORDS)])
        i = i * 1103515245 + 12345 & 0x7FFFFFFF
    return " ".join(parts)[:length]


def _rss_bytes() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


class _Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _fill(chats: int, pairs: int, clock: _Clock, timed: bool) -> tuple[WorkingMemory, int]:
    from backend.contract import FocusEntity
    from bot.memory import WorkingMemory

    mem = WorkingMemory(size=pairs, ttl_s=900.0, max_chats=chats, clock=clock)
    store_ns = 0
    for p in range(pairs):  # round-robin, like real traffic: every chat's ring fills up in turn
        for c in range(chats):
            q, a = _text(c * 31 + p * 2), _text(c * 31 + p * 2 + 1)
            # the first answer sets the chat's focus (a distinct client each); later ones keep it
            focus = [FocusEntity(kind="client", key=str(c), label=f"[{c}] DISTRIBUIDORA {c}")] if p == 0 else None
            t0 = time.perf_counter_ns() if timed else 0
            mem.store((c, c), q, a, focus=focus)
            if timed:
                store_ns += time.perf_counter_ns() - t0
    return mem, store_ns


def _one_run(chats: int, pairs: int) -> dict[str, float]:
    # Pass 1, traced: memory retained. Pass 2, untraced (tracemalloc slows allocation): timings.
    gc.collect()
    rss0 = _rss_bytes()
    tracemalloc.start()
    base, _ = tracemalloc.get_traced_memory()
    mem, _ = _fill(chats, pairs, _Clock(), timed=False)
    gc.collect()
    held, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss1 = _rss_bytes()
    payload = sum(sys.getsizeof(p.q) + sys.getsizeof(p.a) for c in range(chats) for p in mem.pairs((c, c)))
    del mem
    gc.collect()

    clock = _Clock()
    mem, store_ns = _fill(chats, pairs, clock, timed=True)
    t0 = time.perf_counter_ns()
    for c in range(chats):
        h = mem.history((c, c))
    read_ns = time.perf_counter_ns() - t0
    assert len(h) == pairs and len(mem) == chats and mem.focus((0, 0))[0].key == "0"

    clock.now += 901.0
    t0 = time.perf_counter_ns()
    freed = mem.sweep()
    sweep_ns = time.perf_counter_ns() - t0
    assert freed == chats, (freed, chats)
    return {
        "traced_mb": (held - base) / 1e6,
        "payload_mb": payload / 1e6,
        "rss_mb": max(0, rss1 - rss0) / 1e6,
        "store_us": store_ns / (chats * pairs) / 1e3,
        "read_us": read_ns / chats / 1e3,
        "sweep_ms": sweep_ns / 1e6,
    }


def run(opts: BenchOptions) -> dict[str, Any]:
    """Returns the result dict (see backend.bench.report) with the medians over `opts.runs` runs."""
    runs = [_one_run(opts.memory_chats, opts.memory_pairs) for _ in range(opts.runs)]
    med = {k: median(r[k] for r in runs) for k in runs[0]}
    n, p = opts.memory_chats, opts.memory_pairs
    return result(
        [
            metric(f"memory added, {n:,} chats × {p} pairs + a focus (tracemalloc)", med["traced_mb"], "MB", "≤ 60"),
            metric("of which the q/a strings themselves (sys.getsizeof)", med["payload_mb"], "MB"),
            metric("RSS added (first run includes allocator growth)", med["rss_mb"], "MB"),
            metric("store() per pair", med["store_us"], "µs", "≤ 20"),
            metric("history() per chat", med["read_us"], "µs", "≤ 20"),
            metric(f"sweep() freeing {n:,} expired chats", med["sweep_ms"], "ms", "≤ 50"),
        ],
        {"runs": runs, "chats": n, "pairs": p, "chars_per_field": 400},
    )
