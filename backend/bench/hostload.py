"""(6b) Bot host under load (`--only host-load`, also part of `--only host`): the host with 50 bots and
the default voice engine gets 50 bots × 10 chats × 5 messages interleaved (the first chat of every 5th
bot sends its 3rd message as a voice note); every message answered, each chat's answers in its
questions' order. Meanwhile a probe chat of a 51st, otherwise quiet company sends one text every 2 s:
its latency (update queued → sendMessage received, both stand-ins instant) is what the host + backend
add for a company while the others flood them; idle probes first, for comparison.

Where the probe's time goes: each probe is stamped along its path (`backend.bench.hosttraffic`:
queued → fetched → handler → model → sent), and the CPU seconds of the host, the backend, PostgreSQL,
this process (load generator and stand-ins) and the whole machine are read before and after the load,
so the report says which segment grows and who used the 2 cores meanwhile. The stand-ins stand for
remote services but share this process (one GIL) and the machine's cores: a thread of this process
measures its own wake-up lag during the load (`WakeLag`), what each stand-in hop of a probe may wait
before it is even handled — the part of the probe's figure that is the bench's, not fleetops'.

The backend gets FLEETOPS_DB_ACQUIRE_TIMEOUT_S=60 for this benchmark: 500 chats at once wait for its 10
pooled connections longer than the default 2 s, which would turn waiting into refusals.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import AsyncIterator
from typing import Any

from backend.bench import env, hostenv, hosttraffic
from backend.bench.hosttraffic import SEGMENTS, ProbeAnthropic, RecordingTelegram, probe, probe_ref
from backend.bench.options import BenchOptions
from backend.bench.pgweight import SessionWeight
from backend.bench.report import metric, percentile, result
from backend.bench.voice import DEFAULT_ENGINE
from backend.cli.demo import free_port


class WakeLag:
    """A thread of the bench process that sleeps `period_s` again and again and keeps how late each
    wake-up was (ms): the wait of a stand-in's thread for the GIL and a core. `stop()` returns them."""

    def __init__(self, period_s: float = 0.005) -> None:
        self.period_s = period_s
        self.lags_ms: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bench-wake-lag", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            t = time.perf_counter()
            time.sleep(self.period_s)
            self.lags_ms.append(max(0.0, (time.perf_counter() - t - self.period_s) * 1000))

    def stop(self) -> list[float]:
        self._stop.set()
        self._thread.join(timeout=5)
        return self.lags_ms


async def load(opts: BenchOptions, backend: env.BackendProcess, secrets: dict[int, str], engine: str) -> dict[str, Any]:
    """The load phase against a running backend (its Anthropic stand-in a `ProbeAnthropic`)."""
    n, chats, msgs = max(opts.host_sizes), opts.host_chats, opts.host_messages
    tg = RecordingTelegram(tuple(hostenv.token(i) for i in range(n + 1)))  # bot n: the probe's quiet company
    tg.thread.start()
    if isinstance(backend.anthropic, ProbeAnthropic):
        backend.anthropic.clock = tg.clock
    work = opts.work_dir / "host"
    voice_at = min(2, msgs - 1)
    voiced = {i for i in range(0, n, opts.host_voice_every)} if engine != "off" else set()
    marker = str((opts.work_dir / "pg").resolve())
    weight = SessionWeight(marker)  # the server's processes at the bench session's weight (pgweight.py)
    try:
        env_dir = hostenv.write_env_files(work / "env", secrets, n + 1, backend.base_url, backend.busy_url)
        with hostenv.bot_processes([{"FLEETOPS_BOT_ENV_DIR": str(env_dir)}], work, tg.port, engine, True) as procs:
            await hostenv.wait_polling(tg, procs, n + 1)
            await asyncio.sleep(opts.host_settle_s)
            idle_probe: list[float | None] = []
            for k in range(opts.host_idle_probes):
                idle_probe.append(await probe(tg, n, k))
                await asyncio.sleep(0.2)
            await asyncio.sleep(opts.host_probe_interval_s)  # from here on the probe chat is quiet: every 2 s
            done = asyncio.Event()

            async def probing() -> list[float | None]:
                out: list[float | None] = []
                k = 1000
                while not done.is_set():
                    started = time.monotonic()
                    out.append(await probe(tg, n, k))
                    k += 1
                    await asyncio.sleep(max(0.0, opts.host_probe_interval_s - (time.monotonic() - started)))
                return out

            cpu_before = hostenv.cpu_seconds(marker)
            lag = WakeLag()
            probe_task = asyncio.create_task(probing())
            expected: dict[tuple[str, int], int] = {}
            t0 = time.perf_counter()
            for m in range(msgs):
                for j in range(chats):
                    for i in range(n):
                        if i in voiced and j == 0 and m == voice_at:
                            hosttraffic.voice(tg, i, j)
                        else:
                            hosttraffic.text(tg, i, j, m)
                        key = (hostenv.token(i), hostenv.user(i, j))
                        expected[key] = msgs + (1 if i in voiced and j == 0 else 0)
            complete = await hosttraffic.wait_sent(tg, expected, timeout_s=300 + 30 * len(voiced))
            load_s = time.perf_counter() - t0
            cpu_after = hostenv.cpu_seconds(marker)
            bench_lag = lag.stop()
            done.set()
            load_probe = await probe_task
            rss = hostenv.rss_mb(procs[0].pid)
        answered = errors = in_order = 0
        for key, count in expected.items():
            texts = tg.answers[key]
            answered += sum(hosttraffic.is_answer(t) for _, t in texts)
            errors += sum(not hosttraffic.is_answer(t) for _, t in texts)
            in_order += hosttraffic.chat_order_ok(texts, msgs, voice_at if count > msgs else None)
        refs = [probe_ref(n, 1000 + k) for k in range(len(load_probe))]
        text_end = max(t for key, count in expected.items() if count == msgs for t, _ in tg.answers[key])
        in_text = [ms for ref, ms in zip(refs, load_probe, strict=True) if tg.clock.stamps[ref]["queued"] < text_end]
        return {
            "bots": n,
            "chats": n * chats,
            "messages": msgs,
            "engine": engine,
            "voice_notes": len(voiced),
            "expected": sum(expected.values()),
            "answered": answered,
            "error_replies": errors,
            "chats_in_order": in_order,
            "complete": complete,
            "load_s": load_s,
            "text_s": text_end - t0,  # until the last answer of a chat without a voice note
            "probe_text_ms": in_text,  # the probes sent before that
            "rss_after_mb": rss,
            "probe_idle_ms": idle_probe,
            "probe_load_ms": load_probe,
            "probe_idle_segments_ms": tg.clock.segments_ms([probe_ref(n, k) for k in range(len(idle_probe))]),
            "probe_load_segments_ms": tg.clock.segments_ms(refs),
            "probe_load_stamps": {ref: tg.clock.stamps.get(ref, {}) for ref in refs},  # perf_counter s
            "cpu_s": {k: cpu_after[k] - cpu_before.get(k, 0.0) for k in cpu_after},
            "bench_wake_lag_ms": bench_lag,
            "session_nice": weight.nice,  # the bench session's autogroup niceness, given to PostgreSQL's
            "postgres_reniced": weight.stop(),  # processes at niceness 0: how many (0: not negative)
        }
    finally:
        weight.stop()
        tg.close()


def p(values: list[float | None], q: float) -> float | None:
    answered = [v for v in values if v is not None]
    return percentile(answered, q) if answered else None


def _session_nice_unit(nice: int | None) -> str:
    """The bench session's autogroup niceness as the metric's unit (None: the kernel has no autogroups)."""
    if nice is None:
        return "(no autogroups on this kernel: nothing to give)"
    return f"(session niceness {nice}{'' if nice < 0 else ': not negative, nothing to give'})"


def metrics(ld: dict[str, Any]) -> list[dict[str, Any]]:
    shape = f"{ld['bots']} bots × {ld['chats'] // ld['bots']} chats × {ld['messages']} msgs, {ld['voice_notes']} voice"
    out = [
        metric(f"load {shape}: answered", ld["answered"], f"of {ld['expected']}", "all"),
        metric("load: error replies (backend or Telegram refused, timed out)", ld["error_replies"], "", "0"),
        metric("load: chats with answers in question order", ld["chats_in_order"], f"of {ld['chats']}", "all"),
        metric("load: time to answer everything", ld["load_s"], "s"),
        metric("load: time to answer every chat without a voice note", ld["text_s"], "s"),
        metric("load: throughput (answers and voice echoes)", ld["expected"] / ld["load_s"], "/s"),
        metric(f"load: host RSS afterwards (voice {ld['engine']})", ld["rss_after_mb"], "MB"),
        *[
            metric("probe (quiet company) idle: latency p95", v, "ms")
            for v in [p(ld["probe_idle_ms"], 95)]
            if v is not None
        ],
        *_latency("probe under load: added latency", ld["probe_load_ms"], (50, 95, 99)),
        *_latency(f"probe during the text flood (first {ld['text_s']:.0f} s)", ld["probe_text_ms"], (50, 95)),
        metric("probe under load: unanswered within 60 s", sum(x is None for x in ld["probe_load_ms"]), "", "0"),
        metric(
            "PostgreSQL processes given the bench session's autogroup niceness",
            ld.get("postgres_reniced", 0),
            _session_nice_unit(ld.get("session_nice")),
        ),
    ]
    previous = "queued"
    for seg in SEGMENTS:
        idle, busy = ld["probe_idle_segments_ms"][seg], ld["probe_load_segments_ms"][seg]
        if not busy:  # no probe under load reached this stamp (e.g. answered before «typing» was due)
            continue
        out.append(
            metric(
                f"probe {previous}→{seg}: p50 idle / under load p50, p95",
                p(list(busy), 50),
                f"ms (idle {_fmt(p(list(idle), 50))}, p95 {_fmt(p(list(busy), 95))})",
            )
        )
        previous = seg
    lag = ld.get("bench_wake_lag_ms") or []
    if lag:
        out.append(
            metric(
                "bench process: a thread's wake-up lag during the load p50 / p95 (stand-ins' wait)",
                p(lag, 50),
                f"ms (p95 {_fmt(p(lag, 95))}, p99 {_fmt(p(lag, 99))})",
            )
        )
    cpu = ld["cpu_s"]
    for role in sorted(cpu, key=lambda r: -cpu[r]):
        if role != "machine" and cpu[role] >= 0.5:
            out.append(metric(f"load: CPU of {role}", cpu[role] / ld["load_s"], "cores"))
    ours = sum(v for k, v in cpu.items() if k != "machine")
    out.append(metric("load: CPU of other processes on the machine", (cpu["machine"] - ours) / ld["load_s"], "cores"))
    return out


def _latency(label: str, values: list[float | None], quantiles: tuple[int, ...]) -> list[dict[str, Any]]:
    """One row per quantile; the first names the number of probes, p95 carries the target (no rows when
    no probe of `values` was answered: a row's value is a number)."""
    if all(v is None for v in values):
        return []
    return [
        metric(
            f"{label} p{q}" + (f" ({len(values)} probes)" if i == 0 else ""),
            p(values, q),
            "ms",
            "≤ 50" if q == 95 else None,
        )
        for i, q in enumerate(quantiles)
    ]


def _fmt(v: float | None) -> str:
    return "–" if v is None else f"{v:.0f}"


@contextlib.asynccontextmanager
async def companies_backend(opts: BenchOptions) -> AsyncIterator[tuple[env.BackendProcess, dict[int, str]]]:
    """A fresh database with the fixture and max(host_sizes) + 1 synthetic companies, and `fleetops
    backend` on it with the probe-stamping Anthropic stand-in (and its busy lane unless
    `opts.host_busy_lane` is off: `server.busy_url`); yields (backend, {company i: secret})."""
    n = max(opts.host_sizes) + 1
    lane = {"FLEETOPS_BACKEND_BUSY_LANE_PORT": str(free_port())} if opts.host_busy_lane else {}
    with env.postgres(opts.work_dir) as base:
        csv_dir = hostenv.companies_csv(opts.work_dir / f"host-companies-{n}", n)
        dsn = await env.fresh_database(base, "bench_host", [env.FIXTURE_DIR, csv_dir])
        try:
            secrets = await hostenv.register_companies(dsn, n, opts.host_chats)
            async with env.backend_process(
                dsn, stub_cls=ProbeAnthropic, FLEETOPS_DB_ACQUIRE_TIMEOUT_S="60", **lane
            ) as server:
                yield server, secrets
        finally:
            await env.drop_database(base, "bench_host")


def load_engine(engines: list[str]) -> str:
    return DEFAULT_ENGINE if DEFAULT_ENGINE in engines else "off"


async def _phase(opts: BenchOptions) -> dict[str, Any]:
    async with companies_backend(opts) as (server, secrets):
        return await load(opts, server, secrets, load_engine(hostenv.engines(opts)))


def run(opts: BenchOptions) -> dict[str, Any]:
    d = asyncio.run(_phase(opts))
    res = result(metrics(d), d)
    res["notes"] = [] if d["complete"] else ["load: not every message was answered within the time limit"]
    return res
