"""(2) Prompt size per turn: a scripted conversation replayed through the real backend.

Each turn goes to POST /v1/ask with the history the bot would send (`bot.memory.WorkingMemory`, 6 pairs,
400 characters per field); the Anthropic stand-in records the exact request the backend builds for the
model (system + context + history turns + question — the same code path as `fleetops prompt`) and replies
with the scripted answer. The naive design sends the same system prompt and context plus every earlier
exchange in full. Token counts are estimates (see `estimate_tokens`); they are deterministic, so one run.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import math
from typing import Any

import httpx

from backend.bench import env, script
from backend.bench.options import BenchOptions
from backend.bench.report import metric, result

CHARS_PER_TOKEN = 3.5
"""Fallback estimate when the backend exposes none: ~3.5 characters of Spanish text per token."""


@functools.cache
def _backend_estimator() -> Any:
    for mod in ("backend.context.budget", "backend.context", "backend.prompt"):
        try:
            fn = getattr(importlib.import_module(mod), "estimate_tokens", None)
        except ImportError:
            continue
        if callable(fn):
            return fn
    return None


def estimate_tokens(text: str) -> int:
    """The backend's own estimate when it has one (`estimate_tokens` in backend.context[.budget]),
    else ceil(len(text) / CHARS_PER_TOKEN)."""
    fn = _backend_estimator()
    return int(fn(text)) if fn else math.ceil(len(text) / CHARS_PER_TOKEN)


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b.get("text", "") for b in content if isinstance(b, dict))
    return ""


def _request_tokens(system: str, messages: list[dict[str, Any]]) -> int:
    return estimate_tokens(system) + sum(estimate_tokens(_text(m.get("content"))) for m in messages)


async def _replay(opts: BenchOptions) -> dict[str, Any]:
    from bot.memory import WorkingMemory

    turns = script.conversation(env.FIXTURE_DIR, env.FIXTURE_SLUG, opts.prompt_turns)
    with env.postgres(opts.work_dir) as base:
        dsn = await env.fresh_database(base, "bench_prompt", [env.FIXTURE_DIR])
        try:
            async with env.backend(dsn) as server:
                memory = WorkingMemory(size=6)
                key = (1, server.admin_user_id)
                rows: list[dict[str, Any]] = []
                full_history: list[tuple[str, str]] = []
                async with httpx.AsyncClient(base_url=server.base_url, timeout=30, headers=server.headers()) as client:
                    for i, (question, answer) in enumerate(turns, start=1):
                        server.anthropic.reply_text(answer)
                        calls = len(server.anthropic.requests)
                        r = await client.post(
                            "/v1/ask",
                            json={
                                "question": question,
                                "history": memory.history(key),
                                "chat_id": key[0],
                                "user_id": key[1],
                            },
                        )
                        r.raise_for_status()
                        body = r.json()
                        if len(server.anthropic.requests) != calls + 1:
                            raise RuntimeError(f"turn {i} did not reach the model (mode {body.get('mode')})")
                        sent = server.anthropic.last_body
                        system = _text(sent.get("system"))
                        ours = _request_tokens(system, sent["messages"])
                        naive_msgs = [m for q, a in full_history for m in ({"content": q}, {"content": a})] + [
                            {"content": question}
                        ]
                        naive = _request_tokens(system, naive_msgs)
                        rows.append(
                            {
                                "turn": i,
                                "fleetops_tokens": ours,
                                "naive_tokens": naive,
                                "system_tokens": estimate_tokens(system),
                                "history_turns_sent": (len(sent["messages"]) - 1) // 2,
                                "context_tokens_est": body.get("context_tokens_est"),
                            }
                        )
                        if body.get("stop_reason") != "max_tokens":
                            memory.store(key, question, body["answer"])
                        full_history.append((question, body["answer"]))
        finally:
            await env.drop_database(base, "bench_prompt")
    return {"rows": rows}


def run(opts: BenchOptions) -> dict[str, Any]:
    rows = asyncio.run(_replay(opts))["rows"]
    n = len(rows)
    ref = rows[min(6, n) - 1]
    last = rows[-1]
    return result(
        [
            metric("fleetops tokens, turn 1", rows[0]["fleetops_tokens"], "tokens"),
            metric(f"fleetops tokens, turn {ref['turn']}", ref["fleetops_tokens"], "tokens"),
            metric(f"fleetops tokens, turn {n}", last["fleetops_tokens"], "tokens"),
            metric(
                f"fleetops turn {n} / turn {ref['turn']}",
                last["fleetops_tokens"] / ref["fleetops_tokens"],
                "×",
                "≤ 1.1",
            ),
            metric("fleetops max over all turns", max(r["fleetops_tokens"] for r in rows), "tokens", "≤ 1,800"),
            metric(f"naive full-history tokens, turn {n}", last["naive_tokens"], "tokens"),
            metric(f"naive turn {n} / turn {ref['turn']}", last["naive_tokens"] / ref["naive_tokens"], "×"),
        ],
        {"turns": rows, "estimate": f"backend estimate or ceil(chars / {CHARS_PER_TOKEN})"},
    )
