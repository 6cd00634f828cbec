"""`fleetops bench --fuzz N`: N generated requests against a live backend, counting 5xx and leaked internals.

The backend is `fleetops backend` in its own process on 127.0.0.1 (`backend.bench.env.backend_process`:
fleet fixture database, the Anthropic stand-in in this process, no practical rate limit). Requests are
generated from a seed (reproducible) by `backend.bench.fuzz_inputs`; what counts as a failure is
`backend.bench.fuzz_oracle`; this module runs them and reports (it changes with the run and the report).

Reported: responses by status, responses >= 500, responses whose body leaks internals (a traceback,
SQL, an exception class name, a file path, upstream text), error bodies not shaped
`{"error","message","request_id"}`, transport failures, a refusal or cut tool call shown as an answer.
Target: 0, 0, 0, 0, 0. The generated inputs never contain the leak markers themselves, so an echo of the
input is not counted as a leak.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

import asyncpg
import httpx

from backend.bench import env
from backend.bench.fuzz_inputs import Generator
from backend.bench.fuzz_oracle import ERROR_KEYS, UNFINISHED_TEXT, is_failure, leaks, script_model


async def fuzz(server: Any, bodies: int, seed: int, concurrency: int) -> dict[str, Any]:
    gen = Generator(seed, server.secrets["frigorifico-andino"])
    statuses: Counter[int] = Counter()
    examples: dict[str, list[str]] = {
        "server_errors": [],
        "leaks": [],
        "bad_error_shape": [],
        "transport": [],
        "unfinished_shown": [],
    }
    counts: Counter[str] = Counter()
    scripted = 0
    lock = asyncio.Lock()
    started = time.monotonic()

    async def one(client: httpx.AsyncClient) -> None:
        nonlocal scripted
        async with lock:
            method, path, params, headers, content, model = gen.next()
            scripted += script_model(server.anthropic, model)
        label = f"{method} {path[:80]} {(content or b'')[:80]!r}"
        try:
            response = await client.request(method, path, params=params, headers=headers, content=content)
        except httpx.HTTPError as exc:
            counts["transport"] += 1
            examples["transport"].append(f"{label} -> {type(exc).__name__}")
            return
        statuses[response.status_code] += 1
        body = response.text if "pdf" not in response.headers.get("content-type", "") else ""
        if response.status_code == 503 and '"llm_unavailable"' in body:
            counts["llm_unavailable"] += 1  # the model-failure path; compared with the scripted failures below
        elif response.status_code >= 500:
            counts["server_errors"] += 1
            examples["server_errors"].append(f"{label} -> {response.status_code} {body[:200]}")
        found = leaks(body) if path != "/openapi.json" and not path.startswith("/docs") else []
        if found:
            counts["leaks"] += 1
            examples["leaks"].append(f"{label} -> {found[:3]} in {body[:200]!r}")
        if UNFINISHED_TEXT in body:  # a refusal or a cut tool call shown as an answer
            counts["unfinished_shown"] += 1
            examples["unfinished_shown"].append(f"{label} -> {body[:200]}")
        if response.status_code >= 400 and method != "HEAD":
            try:
                shaped = set(response.json()) == ERROR_KEYS
            except ValueError:
                shaped = False
            if not shaped:
                counts["bad_error_shape"] += 1
                examples["bad_error_shape"].append(f"{label} -> {response.status_code} {body[:200]}")

    async def worker(n: int) -> None:
        async with httpx.AsyncClient(base_url=server.base_url, timeout=60) as client:
            for _ in range(n):
                await one(client)

    share, extra = divmod(bodies, concurrency)
    await asyncio.gather(*(worker(share + (1 if i < extra else 0)) for i in range(concurrency)))
    # Every scripted model failure consumed by an ask must come back as 503 llm_unavailable (the model-failure
    # path, today's contract); any llm_unavailable beyond those is a real 5xx.
    failures_served = scripted - sum(is_failure(reply) for reply in list(server.anthropic.queue))
    unexplained = max(0, counts["llm_unavailable"] - failures_served)
    return {
        "bodies": bodies,
        "seed": seed,
        "seconds": round(time.monotonic() - started, 1),
        "statuses": dict(sorted(statuses.items())),
        "responses_5xx": counts["server_errors"] + unexplained,
        "scripted_model_failures_served": failures_served,
        "llm_unavailable": counts["llm_unavailable"],
        "leaked_internals": counts["leaks"],
        "bad_error_shape": counts["bad_error_shape"],
        "transport_errors": counts["transport"],
        "unfinished_shown": counts["unfinished_shown"],
        "model_requests": len(server.anthropic.requests),
        "examples": {k: v[:5] for k, v in examples.items() if v},
    }


async def run_fuzz(work_dir: Path, bodies: int, seed: int, concurrency: int) -> dict[str, Any]:
    with env.postgres(work_dir) as base:
        dsn = await env.fresh_database(base, "bench_fuzz", [env.FIXTURE_DIR])
        try:
            async with env.backend_process(dsn) as server:
                result = await fuzz(server, bodies, seed, concurrency)
            conn = await asyncpg.connect(dsn, timeout=30)
            try:  # one usage row per ask that reached the model, written before the backend stopped
                rows = await conn.fetch(
                    "SELECT outcome, count(*) AS n FROM llm_usage GROUP BY outcome ORDER BY outcome"
                )
            finally:
                await conn.close()
            result["usage_rows"] = {r["outcome"]: r["n"] for r in rows}
            return result
        finally:
            await env.drop_database(base, "bench_fuzz")


def report(result: dict[str, Any]) -> str:
    lines = [
        f"fuzz: {result['bodies']} requests (seed {result['seed']}) in {result['seconds']} s; "
        f"{result['model_requests']} reached the model stand-in",
        "status: " + ", ".join(f"{k}×{v}" for k, v in result["statuses"].items()),
        f"model failures scripted and served: {result['scripted_model_failures_served']} -> "
        f"{result['llm_unavailable']} × 503 llm_unavailable (the model-failure path)",
        f"responses >= 500 (other than those): {result['responses_5xx']}   "
        f"leaked internals: {result['leaked_internals']}   "
        f"error bodies not shaped {{error,message,request_id}}: {result['bad_error_shape']}   "
        f"transport errors: {result['transport_errors']}   "
        f"unfinished model replies shown as answers: {result['unfinished_shown']}",
        "llm_usage rows by outcome: " + ", ".join(f"{k}×{v}" for k, v in result.get("usage_rows", {}).items()),
    ]
    for kind, items in result["examples"].items():
        lines.append(f"{kind}:")
        lines.extend(f"  {item}" for item in items)
    return "\n".join(lines)


def cmd_fuzz(bodies: int, work_dir: Path, json_path: Path | None, seed: int = 11, concurrency: int = 4) -> int:
    """Run, print the report, write it as JSON; exit 1 unless every count is 0."""
    result = asyncio.run(run_fuzz(work_dir, bodies, seed, concurrency))
    print(report(result))
    if json_path:
        json_path.parent.mkdir(parents=True, exist_ok=True)
        json_path.write_text(json.dumps(result, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        print(f"\nJSON: {json_path}")
    failures = ("responses_5xx", "leaked_internals", "bad_error_shape", "transport_errors", "unfinished_shown")
    return 1 if any(result[name] for name in failures) else 0
