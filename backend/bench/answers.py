"""(7) Exact answers: the question bank's exact-answer rate, and the share answered without a model call.

The bank (`backend/testing/answers_bank/`, questions with an independent oracle over the fixture CSVs) runs through
the real backend in its own process twice: without an API key (data-only: every answer is the exact
one, judged against the oracle), and with the instant Anthropic stand-in and
`FLEETOPS_DIRECT_ANSWERS=lookups` (the stand-in counts the model calls: the rest were answered directly).
"""

from __future__ import annotations

import asyncio
from typing import Any

from backend.bench import env
from backend.bench.options import BenchOptions
from backend.bench.report import metric, result
from backend.testing.answers_bank.questions import BANK
from backend.testing.answers_bank.runner import exact_rate, run_bank


async def _all(opts: BenchOptions) -> dict[str, Any]:
    items = BANK[: opts.bank_items] if opts.bank_items else BANK
    asks = sum(1 for item in items for step in item.chain if not step.startswith("pdf:"))
    with env.postgres(opts.work_dir) as base:
        dsn = await env.fresh_database(base, "bench_answers", [env.FIXTURE_DIR])
        try:
            async with env.backend_process(dsn, ANTHROPIC_API_KEY="") as server:
                results = await run_bank(server.base_url, server.secrets, server.admin_ids, items)
            async with env.backend_process(dsn, FLEETOPS_DIRECT_ANSWERS="lookups") as server:
                await run_bank(server.base_url, server.secrets, server.admin_ids, items)
                model_calls = len(server.anthropic.requests)
        finally:
            await env.drop_database(base, "bench_answers")
    misses = [r.item.id for r in results if not r.verdict.ok]
    return {
        "items": len(items),
        "asks": asks,
        "exact": len(items) - len(misses),
        "rate": exact_rate(results),
        "misses": misses,
        "model_calls": model_calls,
        "direct_share": 1 - model_calls / asks if asks else 0.0,
    }


def run(opts: BenchOptions) -> dict[str, Any]:
    data = asyncio.run(_all(opts))
    metrics = [
        metric(
            f"bank exact-answer rate, data-only ({data['exact']}/{data['items']} chains)",
            round(100 * data["rate"], 1),
            "%",
            "≥ 95",
        ),
        metric(
            f"answered without a model call under lookups ({data['asks'] - data['model_calls']}/{data['asks']} asks)",
            round(100 * data["direct_share"], 1),
            "%",
        ),
    ]
    res = result(metrics, data)
    res["notes"] = [f"misses: {', '.join(data['misses']) or 'none'}"]
    return res
