"""(1) Backend overhead per POST /v1/ask, excluding the model's wait, beside a floor endpoint.

The real backend (`fleetops backend` in its own process: uvicorn, asyncpg pool, RLS, rate limiter,
question parser, exact answers, context builder, anthropic SDK) answers a fixed mix of realistic
questions (entity by code, by name, by plate, a follow-up with 6 pairs of history, expiries, fleet-wide
totals and periods) while the Anthropic stand-in, in this process, answers instantly; then the same mix
without an API key (the exact answers alone, as `data_only`). After every question the same client
calls the floor, `GET /v1/me` (authenticated, one indexed SELECT), so both are measured in the same run
under the same load. Requests go one at a time; latency is wall time at the client. Two datasets: the
shared fixture and a generated large company. Afterwards `backend.bench.explain` captures the plans of
the entity lookups.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import httpx

from backend.bench import env, explain, script
from backend.bench.options import BenchOptions
from backend.bench.report import median, metric, percentile, result
from backend.bench.script import AskItem

WARMUP = 20


async def _measure(
    server: env.BackendProcess, secret: str, admin_id: int, mix: list[AskItem], runs: int
) -> dict[str, Any]:
    per_run: list[dict[str, float]] = []
    by_kind: dict[str, list[float]] = {}
    floor: list[float] = []
    async with httpx.AsyncClient(
        base_url=server.base_url, timeout=30, headers={"Authorization": f"Bearer {secret}"}
    ) as client:

        async def one(q: str, hist: list[dict[str, str]]) -> float:
            body = {"question": q, "history": hist, "chat_id": 1, "user_id": admin_id}
            t0 = time.perf_counter()
            r = await client.post("/v1/ask", json=body)
            dt = (time.perf_counter() - t0) * 1000
            if r.status_code != 200:
                raise RuntimeError(f"/v1/ask answered {r.status_code}: {r.text[:200]}")
            t0 = time.perf_counter()
            r = await client.get("/v1/me", params={"user_id": admin_id})
            floor.append((time.perf_counter() - t0) * 1000)
            if r.status_code != 200:
                raise RuntimeError(f"/v1/me answered {r.status_code}")
            return dt

        for _, q, hist in mix[:WARMUP]:
            await one(q, hist)
        floor.clear()
        for _ in range(runs):
            lat = []
            for kind, q, hist in mix:
                dt = await one(q, hist)
                lat.append(dt)
                by_kind.setdefault(kind, []).append(dt)
            per_run.append(
                {"p50": percentile(lat, 50), "p95": percentile(lat, 95), "p99": percentile(lat, 99), "max": max(lat)}
            )
    return {
        "p50": median(r["p50"] for r in per_run),
        "p95": median(r["p95"] for r in per_run),
        "p99": median(r["p99"] for r in per_run),
        "runs": per_run,
        "floor_p50": percentile(floor, 50),
        "floor_p95": percentile(floor, 95),
        "p50_by_kind": {k: percentile(v, 50) for k, v in by_kind.items()},
        "p95_by_kind": {k: percentile(v, 95) for k, v in by_kind.items()},
    }


async def _dataset(
    base: str, db: str, csv_dirs: list[Path], mix_dir: Path, slug: str, opts: BenchOptions
) -> dict[str, Any]:
    dsn = await env.fresh_database(base, db, csv_dirs)
    try:
        mix = script.ask_mix(mix_dir, slug, opts.ask_requests)
        async with env.backend_process(dsn) as server:
            if slug in server.secrets:
                secret, admin_id = server.secrets[slug], server.admin_ids[slug]
            else:
                secret, admin_id = await env.register_large_admin(dsn), env.LARGE_ADMIN
            stats = await _measure(server, secret, admin_id, mix, opts.runs)
        async with env.backend_process(dsn, ANTHROPIC_API_KEY="") as server:
            stats["data_only"] = await _measure(server, secret, admin_id, mix, opts.runs)
        sample: dict[str, str] = {}
        for kind, q, hist in mix:
            if not hist:
                sample.setdefault(kind, q)
        stats["explain"] = await explain.capture(dsn, db, list(sample.values()), slug, admin_id)
        return stats
    finally:
        await env.drop_database(base, db)


async def _all(opts: BenchOptions) -> dict[str, Any]:
    large = env.large_company_dir(opts.work_dir, opts.large_clients, opts.large_vehicles, opts.large_movements)
    with env.postgres(opts.work_dir) as base:
        fixture = await _dataset(base, "bench_ask_fixture", [env.FIXTURE_DIR], env.FIXTURE_DIR, env.FIXTURE_SLUG, opts)
        big = await _dataset(base, "bench_ask_large", [env.FIXTURE_DIR, large], large, env.LARGE_SLUG, opts)
    return {"fixture": fixture, "large": big}


def _explain_summary(ex: dict[str, Any] | None) -> str:
    if ex is None:
        return "plans unavailable (server log not readable)"
    big = explain.BIG_TABLES
    seq = [p for p in ex["plans"] if any(s.startswith("Seq Scan") and s.rsplit(" ", 1)[-1] in big for s in p["scans"])]
    indexed = [p for p in ex["plans"] if p not in seq and any("Index" in s for s in p["scans"])]
    heads = "; ".join(p["query"][:60] for p in seq)
    return (
        f"{len(ex['plans'])} distinct statements, {len(indexed)} index-driven; "
        f"{len(seq)} scan a big table sequentially: {heads or 'none'}"
    )


def run(opts: BenchOptions) -> dict[str, Any]:
    data = asyncio.run(_all(opts))
    n = opts.ask_requests
    size = f"{opts.large_clients:,} clients, {opts.large_vehicles} vehicles, {opts.large_movements:,} movements"
    metrics = []
    for key, label in (("fixture", "shared fixture"), ("large", f"large company ({size})")):
        d = data[key]
        do = d["data_only"]
        metrics += [
            metric(f"{label}: p50 over {n} requests", d["p50"], "ms"),
            metric(f"{label}: p95", d["p95"], "ms", "≤ 15"),
            metric(f"{label}: p99", d["p99"], "ms"),
            metric(f"{label}: floor GET /v1/me p95 (same run)", d["floor_p95"], "ms"),
            metric(f"{label}: /v1/ask p95 / floor p95", d["p95"] / d["floor_p95"], "×", "≤ 3"),
            metric(f"{label}, no API key (exact answers): p50", do["p50"], "ms"),
            metric(f"{label}, no API key: p95", do["p95"], "ms"),
            metric(f"{label}, no API key: floor p95 (same run)", do["floor_p95"], "ms"),
            metric(f"{label}, no API key: /v1/ask p95 / floor p95", do["p95"] / do["floor_p95"], "×", "≤ 3"),
        ]
    notes = [f"EXPLAIN {k}: {_explain_summary(data[k]['explain'])}" for k in ("fixture", "large")]
    for k in ("large",):
        ex = data[k]["explain"]
        for p in (ex or {}).get("plans", []):
            notes.append(f"  {p['query'][:110]}  ->  {'; '.join(p['scans'])}")
    res = result(metrics, data)
    res["notes"] = notes
    return res
