"""(6) Bot host: many company bots in one process (`fleetops bot --all`) against a Telegram stand-in
serving every company's token, the real backend (own process) and the instant Anthropic stand-in.

- memory: resident memory (VmRSS) of the host with 1, 10 and 50 company bots, idle (all polling) and
  after a burst (every bot: 2 text questions; the first 5: a voice note each), per voice engine ("off" =
  no model); next to 1 and 10 single-company `fleetops bot` processes (engine off; one with each
  engine, from which 10 with a model each is estimated: 10 × that model's share).
- load: the host with 50 bots under a flood while a quiet company's probe chat measures the latency
  added (`backend.bench.hostload`, also alone as `--only host-load`).
"""

from __future__ import annotations

import asyncio
from typing import Any

from backend.bench import hostenv, hostload
from backend.bench.hosttraffic import RecordingTelegram, text, voice, wait_sent
from backend.bench.options import BenchOptions
from backend.bench.report import metric, result
from backend.bench.voice import DEFAULT_ENGINE


async def _burst(tg: RecordingTelegram, n: int, voices: int, timeout_s: float) -> bool:
    """2 texts from chat 0 of every bot, a voice note from chat 1 of the first `voices`; all answered?"""
    expected = {}
    for i in range(n):
        for m in range(2):
            text(tg, i, 0, m)
        expected[(hostenv.token(i), hostenv.user(i, 0))] = 2
    for i in range(voices):
        voice(tg, i, 1)
        expected[(hostenv.token(i), hostenv.user(i, 1))] = 2  # echo + answer
    return await wait_sent(tg, expected, timeout_s)


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


async def _phases(opts: BenchOptions) -> dict[str, Any]:
    tg_cls = RecordingTelegram
    engines = hostenv.engines(opts)
    async with hostload.companies_backend(opts) as (server, secrets):
        url = server.base_url
        hosts = [await _measure(opts, tg_cls, url, secrets, n, e, True) for e in engines for n in opts.host_sizes]
        singles = [await _measure(opts, tg_cls, url, secrets, k, "off", False) for k in opts.host_singles]
        singles += [await _measure(opts, tg_cls, url, secrets, 1, e, False) for e in engines if e != "off"]
        load = await hostload.load(opts, server, secrets, hostload.load_engine(engines))
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
    return out + hostload.metrics(d["load"])


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
