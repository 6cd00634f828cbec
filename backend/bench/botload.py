"""(5) Bot under load: the real PTB Application against the Telegram and Anthropic stand-ins.

Chats × messages text questions go through bot → backend → Anthropic stand-in. Each question carries a
reference (`ref<chat>n<msg>`) that the stand-in echoes in its answer, so every reply can be matched to
its question. Two phases:
- burst: every update is queued at once (messages interleaved across chats); checks that every
  message is answered and that each chat's answers arrive in the order of its questions. Latencies
  here include queueing behind the other chats.
- paced: one message at a time; latency from queueing the update to the stand-in receiving
  sendMessage is the time added by bot + backend (both stand-ins answer instantly).
"""

from __future__ import annotations

import asyncio
import re
import time
from typing import Any

import asyncpg

from backend.bench import env
from backend.bench.options import BenchOptions
from backend.bench.report import median, metric, percentile, result
from backend.testing.anthropic_stub import AnthropicStub, RecordedRequest, Reply
from backend.testing.backend_server import imported_company
from backend.testing.bot_runner import run_bot
from backend.testing.telegram_stub import TOKEN, TelegramStub
from backend.testing.telegram_wire import Files, JSONDict

_REF = re.compile(r"ref(\d+)n(\d+)")
_QUESTIONS = (
    "¿Cuántas canastillas tiene el cliente 412?",
    "¿Qué saldo tiene puerto claro?",
    "¿Cuándo vence el SOAT del KLM482?",
    "¿Qué documentos vencen este mes?",
)
FIRST_USER = 50_000


class EchoAnthropic(AnthropicStub):
    """Answers every question with its reference (`ref<chat>n<msg>`), so replies can be matched."""

    def _next(self, recorded: RecordedRequest) -> Reply:
        super()._next(recorded)
        last = recorded.body["messages"][-1]["content"]
        text = last if isinstance(last, str) else " ".join(b.get("text", "") for b in last)
        m = _REF.search(text)
        return Reply(text=f"Respuesta para {m.group(0) if m else 'sin referencia'}: 298 canastillas.")


class StampedTelegram(TelegramStub):
    """Stamps every sendMessage with the time it arrived (`params["_t"]`, perf_counter seconds)."""

    def handle(self, method: str, params: JSONDict, files: Files, token: str = TOKEN) -> tuple[int, JSONDict]:
        if method == "sendMessage":
            params["_t"] = time.perf_counter()
        return super().handle(method, params, files, token)


async def _register_users(dsn: str, n: int) -> None:
    from backend.cli.admin import add_admin

    conn = await asyncpg.connect(dsn, timeout=30)
    try:
        cid = await imported_company(conn, env.FIXTURE_SLUG)
        for i in range(n):
            await add_admin(conn, cid, FIRST_USER + i, f"Bench {i}")
    finally:
        await conn.close()


def _answers(tg: StampedTelegram) -> dict[tuple[int, int], float]:
    out = {}
    for p in tg.sent():
        m = _REF.search(p.get("text", ""))
        if m:
            out[(int(m.group(1)), int(m.group(2)))] = p["_t"]
    return out


async def _wait(tg: StampedTelegram, expected: int, timeout_s: float) -> dict[tuple[int, int], float]:
    end = time.monotonic() + timeout_s
    while True:
        got = _answers(tg)
        if len(got) >= expected or time.monotonic() > end:
            return got
        await asyncio.sleep(0.005)


async def _phases(opts: BenchOptions) -> dict[str, Any]:
    chats, msgs = opts.bot_chats, opts.bot_messages
    with env.postgres(opts.work_dir) as base:
        dsn = await env.fresh_database(base, "bench_bot", [env.FIXTURE_DIR])
        try:
            await _register_users(dsn, chats)
            async with env.backend_process(dsn, stub_cls=EchoAnthropic) as server:
                tg = StampedTelegram()
                tg.thread.start()
                try:
                    async with run_bot(tg, backend_url=server.base_url, backend_secret=server.secret):
                        return await _drive(tg, chats, msgs, opts.runs)
                finally:
                    tg.close()
        finally:
            await env.drop_database(base, "bench_bot")


async def _drive(tg: StampedTelegram, chats: int, msgs: int, runs: int) -> dict[str, Any]:
    pushed: dict[tuple[int, int], float] = {}
    for m in range(msgs):  # burst: all at once, interleaved across chats
        for c in range(chats):
            uid = FIRST_USER + c
            pushed[(c, m)] = time.perf_counter()
            tg.push(tg.text(f"{_QUESTIONS[(c + m) % len(_QUESTIONS)]} ref{c}n{m}", chat_id=uid))
    t0 = time.perf_counter()
    got = await _wait(tg, chats * msgs, timeout_s=60 + chats * msgs * 0.5)
    burst_s = time.perf_counter() - t0
    in_order = 0
    for c in range(chats):
        order = [m for _, m in sorted((t, m) for (cc, m), t in got.items() if cc == c)]
        in_order += order == list(range(msgs))
    burst_lat = [(got[k] - pushed[k]) * 1000 for k in got]

    paced = []
    for r in range(runs):
        lat = []
        for i in range(max(10, chats)):
            key = (i % chats, msgs + r * 1000 + i)
            before = len(_answers(tg))
            t = time.perf_counter()
            tg.push(tg.text(f"{_QUESTIONS[i % len(_QUESTIONS)]} ref{key[0]}n{key[1]}", chat_id=FIRST_USER + key[0]))
            now = await _wait(tg, before + 1, timeout_s=30)
            if key not in now:
                raise RuntimeError(f"paced message {key} was not answered")
            lat.append((now[key] - t) * 1000)
        paced.append({"p50": percentile(lat, 50), "p95": percentile(lat, 95), "n": len(lat)})
    return {
        "sent": chats * msgs,
        "answered": len(got),
        "chats_in_order": in_order,
        "chats": chats,
        "burst_s": burst_s,
        "burst_p50": percentile(burst_lat, 50) if burst_lat else None,
        "burst_p95": percentile(burst_lat, 95) if burst_lat else None,
        "paced_p50": median(p["p50"] for p in paced),
        "paced_p95": median(p["p95"] for p in paced),
        "paced_runs": paced,
    }


def run(opts: BenchOptions) -> dict[str, Any]:
    d = asyncio.run(_phases(opts))
    shape = f"{d['chats']} chats × {opts.bot_messages} msgs"
    return result(
        [
            metric(f"burst {shape}: answered", d["answered"], f"of {d['sent']}", "all"),
            metric("burst: chats with answers in question order", d["chats_in_order"], f"of {d['chats']}", "all"),
            metric("burst: time to answer everything", d["burst_s"], "s"),
            metric("burst: latency p95 (includes queueing)", d["burst_p95"], "ms"),
            metric("paced: added latency p50 (bot + backend)", d["paced_p50"], "ms"),
            metric("paced: added latency p95 (bot + backend)", d["paced_p95"], "ms", "≤ 50"),
        ],
        d,
    )
