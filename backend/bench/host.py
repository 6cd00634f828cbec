"""(6) Bot host: many company bots in one process (`fleetops bot --all`) against a Telegram stand-in
serving every company's token, the real backend (own process) and the instant Anthropic stand-in.

- memory: resident memory (VmRSS) of the host with 1, 10 and 50 company bots, idle (all polling) and
  after a burst (every bot: 2 text questions; the first 5: a voice note each), per voice engine ("off" =
  no model); next to 1 and 10 single-company `fleetops bot` processes (engine off; one with each
  engine, from which 10 with a model each is estimated: 10 × that model's share).
- load: the host with 50 bots and the default engine: 50 bots × 10 chats × 5 messages interleaved (the
  first chat of every 5th bot sends its 3rd message as a voice note); every message answered, each chat's
  answers in its questions' order. Meanwhile a probe chat of a 51st, otherwise quiet company sends one
  text every 2 s: its latency (update queued → sendMessage received, both stand-ins instant) is what the
  host + backend add for a company while the others flood them; idle probes first, for comparison.

The backend gets FLEETOPS_DB_ACQUIRE_TIMEOUT_S=60 for this benchmark: 500 chats at once wait for its 10
pooled connections longer than the default 2 s, which would turn waiting into refusals.
"""

from __future__ import annotations

import asyncio
import importlib.util
import time
from collections import defaultdict
from typing import Any

from backend.bench import env, hostenv
from backend.bench.botload import _QUESTIONS, _REF, EchoAnthropic, StampedTelegram
from backend.bench.options import BenchOptions
from backend.bench.report import metric, percentile, result
from backend.bench.voice import DEFAULT_ENGINE
from backend.testing.telegram_stub import TOKEN
from backend.testing.telegram_wire import Files, JSONDict

_MODULES = {"openai-whisper": "whisper", "faster-whisper": "faster_whisper", "off": "telegram"}
ECHO = "🎙️ Entendí"


class RecordingTelegram(StampedTelegram):
    """The stand-in keeping every sent message per (token, chat) as (arrival time, text), so waits and
    probes look at one chat instead of scanning every call."""

    def __init__(self, tokens: tuple[str, ...]) -> None:
        super().__init__(tokens)
        self.answers: dict[tuple[str, int], list[tuple[float, str]]] = defaultdict(list)

    def handle(self, method: str, params: JSONDict, files: Files, token: str = TOKEN) -> tuple[int, JSONDict]:
        status, body = super().handle(method, params, files, token)
        if method == "sendMessage" and status == 200:
            self.answers[(token, params["chat_id"])].append((params["_t"], params.get("text", "")))
        return status, body


async def _wait_sent(tg: RecordingTelegram, expected: dict[tuple[str, int], int], timeout_s: float) -> bool:
    """Wait until each (token, chat) got at least its expected number of messages; True if all did."""
    end = time.monotonic() + timeout_s
    while any(len(tg.answers[k]) < v for k, v in expected.items()):
        if time.monotonic() > end:
            return False
        await asyncio.sleep(0.05)
    return True


def _is_answer(text: str) -> bool:
    """Not one of the bot's "try again" replies (backend unreachable, timed out, busy, unavailable,
    generic error): an answer (model or data-only), or a voice note's echo."""
    from bot import backend_client as bc

    return text not in {bc.MSG_UNREACHABLE, bc.MSG_TIMEOUT, bc.MSG_BUSY, bc.MSG_UNAVAILABLE, bc.MSG_GENERIC}


def _clip() -> bytes:
    return (env.REPO / "tests" / "data" / "voice" / "canastillas_5s.ogg").read_bytes()


def _text(tg: RecordingTelegram, i: int, chat: int, m: int) -> None:
    uid = hostenv.user(i, chat)
    tg.push(
        tg.text(f"{_QUESTIONS[(i + chat + m) % len(_QUESTIONS)]} ref{uid}n{m}", chat_id=uid), token=hostenv.token(i)
    )


def _voice(tg: RecordingTelegram, i: int, chat: int) -> None:
    tg.push(tg.voice(_clip(), chat_id=hostenv.user(i, chat), duration=5), token=hostenv.token(i))


async def _burst(tg: RecordingTelegram, n: int, voices: int, timeout_s: float) -> bool:
    """2 texts from chat 0 of every bot, a voice note from chat 1 of the first `voices`; all answered?"""
    expected = {}
    for i in range(n):
        for m in range(2):
            _text(tg, i, 0, m)
        expected[(hostenv.token(i), hostenv.user(i, 0))] = 2
    for i in range(voices):
        _voice(tg, i, 1)
        expected[(hostenv.token(i), hostenv.user(i, 1))] = 2  # echo + answer
    return await _wait_sent(tg, expected, timeout_s)


async def _measure(
    opts: BenchOptions,
    tg_cls: type[RecordingTelegram],
    backend_url: str,
    secrets: dict[int, str],
    n: int,
    engine: str,
    host: bool,
    procs_n: int = 1,
) -> dict[str, Any]:
    """One configuration: `n` bots in one host process, or `procs_n` single-company processes."""
    tokens = tuple(hostenv.token(i) for i in range(n))
    tg = tg_cls(tokens)
    tg.thread.start()
    work = opts.work_dir / "host"
    try:
        if host:
            env_dir = hostenv.write_env_files(work / "env", secrets, n, backend_url)
            commands = [{"FLEETOPS_BOT_ENV_DIR": str(env_dir)}]
        else:
            commands = [
                {
                    "TELEGRAM_BOT_TOKEN": hostenv.token(i),
                    "FLEETOPS_BACKEND_SECRET": secrets[i],
                    "FLEETOPS_BACKEND_URL": backend_url,
                }
                for i in range(n)
            ]
        with hostenv.bot_processes(commands, work, tg.port, engine, host) as procs:
            start_s = await hostenv.wait_polling(tg, procs, n)
            await asyncio.sleep(opts.host_settle_s)
            idle = sum(hostenv.rss_mb(p.pid) for p in procs)
            voices = min(n, opts.host_burst_voices) if engine != "off" else 0
            answered = await _burst(tg, n, voices, timeout_s=120 + 30 * voices)
            await asyncio.sleep(1)
            after = sum(hostenv.rss_mb(p.pid) for p in procs)
        return {
            "bots": n,
            "processes": len(commands),
            "engine": engine,
            "start_s": start_s,
            "idle_mb": idle,
            "after_burst_mb": after,
            "burst_answered": answered,
            "burst_voice_notes": voices,
        }
    finally:
        tg.close()


def _chat_order_ok(texts: list[tuple[float, str]], msgs: int, voice_at: int | None) -> bool:
    """Answers of one chat in question order (a voice note: its echo then its answer, in its place)."""
    seen = []
    for _, text in texts:
        m = _REF.search(text)
        seen.append(int(m.group(2)) if m else voice_at if voice_at is not None else -1)
    expected = sorted([*range(msgs), *([voice_at] if voice_at is not None else [])])
    return seen == expected and (voice_at is None or texts[expected.index(voice_at)][1].startswith(ECHO))


async def _probe(tg: RecordingTelegram, bot: int, k: int, timeout_s: float = 60) -> float | None:
    """One probe text to `bot`; ms from queueing it to the stand-in receiving the answer (None: no
    answer within `timeout_s`)."""
    key = (hostenv.token(bot), hostenv.user(bot, hostenv.PROBE))
    ref = f"ref{key[1]}n{k}"
    seen = len(tg.answers[key])
    t = time.perf_counter()
    tg.push(tg.text(f"¿Cuántas canastillas tiene el cliente 400? {ref}", chat_id=key[1]), token=key[0])
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        for at, text in tg.answers[key][seen:]:
            if ref in text:
                return (at - t) * 1000
        await asyncio.sleep(0.002)
    return None


async def _load(
    opts: BenchOptions, tg_cls: type[RecordingTelegram], backend_url: str, secrets: dict[int, str], engine: str
) -> dict[str, Any]:
    n, chats, msgs = max(opts.host_sizes), opts.host_chats, opts.host_messages
    tg = tg_cls(tuple(hostenv.token(i) for i in range(n + 1)))  # bot n: the probe's quiet company
    tg.thread.start()
    work = opts.work_dir / "host"
    voice_at = min(2, msgs - 1)
    voiced = {i for i in range(0, n, opts.host_voice_every)} if engine != "off" else set()
    try:
        env_dir = hostenv.write_env_files(work / "env", secrets, n + 1, backend_url)
        with hostenv.bot_processes([{"FLEETOPS_BOT_ENV_DIR": str(env_dir)}], work, tg.port, engine, True) as procs:
            await hostenv.wait_polling(tg, procs, n + 1)
            await asyncio.sleep(opts.host_settle_s)
            idle_probe: list[float | None] = []
            for k in range(opts.host_idle_probes):
                idle_probe.append(await _probe(tg, n, k))
                await asyncio.sleep(0.2)
            done = asyncio.Event()

            async def probing() -> list[float | None]:
                out: list[float | None] = []
                k = 1000
                while not done.is_set():
                    started = time.monotonic()
                    out.append(await _probe(tg, n, k))
                    k += 1
                    await asyncio.sleep(max(0.0, opts.host_probe_interval_s - (time.monotonic() - started)))
                return out

            probe_task = asyncio.create_task(probing())
            expected: dict[tuple[str, int], int] = {}
            t0 = time.perf_counter()
            for m in range(msgs):
                for j in range(chats):
                    for i in range(n):
                        if i in voiced and j == 0 and m == voice_at:
                            _voice(tg, i, j)
                        else:
                            _text(tg, i, j, m)
                        key = (hostenv.token(i), hostenv.user(i, j))
                        expected[key] = msgs + (1 if i in voiced and j == 0 else 0)
            complete = await _wait_sent(tg, expected, timeout_s=300 + 30 * len(voiced))
            load_s = time.perf_counter() - t0
            done.set()
            load_probe = await probe_task
            rss = hostenv.rss_mb(procs[0].pid)
        answered = errors = in_order = 0
        for key, count in expected.items():
            texts = tg.answers[key]
            answered += sum(_is_answer(t) for _, t in texts)
            errors += sum(not _is_answer(t) for _, t in texts)
            in_order += _chat_order_ok(texts, msgs, voice_at if count > msgs else None)
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
            "rss_after_mb": rss,
            "probe_idle_ms": idle_probe,
            "probe_load_ms": load_probe,
        }
    finally:
        tg.close()


def _engines(opts: BenchOptions) -> list[str]:
    wanted = opts.host_engines or ["off", "openai-whisper", "faster-whisper"]
    return [e for e in wanted if importlib.util.find_spec(_MODULES[e]) is not None]


async def _phases(opts: BenchOptions) -> dict[str, Any]:
    tg_cls = RecordingTelegram
    n_max = max(opts.host_sizes)
    engines = _engines(opts)
    load_engine = DEFAULT_ENGINE if DEFAULT_ENGINE in engines else "off"
    with env.postgres(opts.work_dir) as base:
        csv_dir = hostenv.companies_csv(opts.work_dir / f"host-companies-{n_max + 1}", n_max + 1)
        dsn = await env.fresh_database(base, "bench_host", [env.FIXTURE_DIR, csv_dir])
        try:
            secrets = await hostenv.register_companies(dsn, n_max + 1, opts.host_chats)
            async with env.backend_process(dsn, stub_cls=EchoAnthropic, FLEETOPS_DB_ACQUIRE_TIMEOUT_S="60") as server:
                url = server.base_url
                hosts = [
                    await _measure(opts, tg_cls, url, secrets, n, e, True) for e in engines for n in opts.host_sizes
                ]
                singles = [await _measure(opts, tg_cls, url, secrets, k, "off", False) for k in opts.host_singles]
                singles += [await _measure(opts, tg_cls, url, secrets, 1, e, False) for e in engines if e != "off"]
                load = await _load(opts, tg_cls, url, secrets, load_engine)
        finally:
            await env.drop_database(base, "bench_host")
    return {"hosts": hosts, "singles": singles, "load": load, "engines": engines}


def _metrics(d: dict[str, Any], opts: BenchOptions) -> list[dict[str, Any]]:
    out = []
    lo, hi = min(opts.host_sizes), max(opts.host_sizes)
    by = {(h["engine"], h["bots"]): h for h in d["hosts"]}
    for engine in d["engines"]:
        for n in opts.host_sizes:
            h = by[(engine, n)]
            target = "< 1000" if engine == DEFAULT_ENGINE and n == hi else None
            out += [
                metric(f"host {n} bots, voice {engine}: RSS idle", h["idle_mb"], "MB"),
                metric(
                    f"host {n} bots, voice {engine}: RSS after burst ({h['burst_voice_notes']} voice)",
                    h["after_burst_mb"],
                    "MB",
                    target,
                ),
            ]
        if hi > lo and engine == "off":  # with a model loaded, its own RSS swings (±100 MB) hide a bot's share
            out.append(
                metric(
                    f"host: RSS per added idle bot ({lo}→{hi} bots, voice off)",
                    (by[(engine, hi)]["idle_mb"] - by[(engine, lo)]["idle_mb"]) / (hi - lo),
                    "MB",
                    "≤ 10",
                )
            )
    out.append(metric(f"host {hi} bots: start until all poll", by[(d["engines"][0], hi)]["start_s"], "s"))
    single_off = {s["processes"]: s for s in d["singles"] if s["engine"] == "off"}
    for k, s in single_off.items():
        out += [
            metric(f"{k} × fleetops bot, voice off: RSS idle (sum)", s["idle_mb"], "MB"),
            metric(f"{k} × fleetops bot, voice off: RSS after burst (sum)", s["after_burst_mb"], "MB"),
        ]
    most = max(single_off)
    for s in d["singles"]:
        if s["engine"] != "off":
            model = s["after_burst_mb"] - single_off[1]["after_burst_mb"]
            out += [
                metric(f"1 × fleetops bot, voice {s['engine']}: RSS after burst", s["after_burst_mb"], "MB"),
                metric(
                    f"{most} × fleetops bot, voice {s['engine']}: RSS after burst (estimated: + {most} models)",
                    single_off[most]["after_burst_mb"] + most * model,
                    "MB",
                ),
            ]
    ld = d["load"]
    shape = f"{ld['bots']} bots × {ld['chats'] // ld['bots']} chats × {ld['messages']} msgs, {ld['voice_notes']} voice"
    out += [
        metric(f"load {shape}: answered", ld["answered"], f"of {ld['expected']}", "all"),
        metric("load: error replies (backend or Telegram refused, timed out)", ld["error_replies"], "", "0"),
        metric("load: chats with answers in question order", ld["chats_in_order"], f"of {ld['chats']}", "all"),
        metric("load: time to answer everything", ld["load_s"], "s"),
        metric("load: throughput (answers and voice echoes)", ld["expected"] / ld["load_s"], "/s"),
        metric(f"load: host RSS afterwards (voice {ld['engine']})", ld["rss_after_mb"], "MB"),
        metric("probe (quiet company) idle: latency p95", _p(ld["probe_idle_ms"], 95), "ms"),
        metric(
            f"probe under load: added latency p50 ({len(ld['probe_load_ms'])} probes)",
            _p(ld["probe_load_ms"], 50),
            "ms",
        ),
        metric("probe under load: added latency p95", _p(ld["probe_load_ms"], 95), "ms", "≤ 50"),
        metric("probe under load: added latency p99", _p(ld["probe_load_ms"], 99), "ms"),
        metric("probe under load: unanswered within 60 s", sum(x is None for x in ld["probe_load_ms"]), "", "0"),
    ]
    return out


def _p(values: list[float | None], p: float) -> float | None:
    answered = [v for v in values if v is not None]
    return percentile(answered, p) if answered else None


def run(opts: BenchOptions) -> dict[str, Any]:
    d = asyncio.run(_phases(opts))
    res = result(_metrics(d, opts), d)
    res["notes"] = [
        f"host {h['bots']} bots, voice {h['engine']}: burst NOT fully answered"
        for h in d["hosts"]
        if not h["burst_answered"]
    ]
    if not d["load"]["complete"]:
        res["notes"].append("load: not every message was answered within the time limit")
    return res
