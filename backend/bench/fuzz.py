"""`fleetops bench --fuzz N`: N generated requests against a live backend, counting 5xx and leaked internals.

The backend is `fleetops backend` in its own process on 127.0.0.1 (`backend.bench.env.backend_process`:
fleet fixture database, the Anthropic stand-in in this process, no practical rate limit). Requests are
generated from a seed (reproducible): /v1/ask bodies mutated from valid ones (ids at and past the
int64 edges, bools, floats, strings; text with NUL, control, invisible, bidi and tag characters, lone
surrogates, 1,000-character words; history of every shape), raw bodies (bytes, truncated or deeply
nested JSON, not UTF-8, over the 64 KiB cap, sometimes chunked), the GET routes with generated path
segments and query values, odd methods, paths and headers; and the model stand-in is scripted to
answer some asks with broken 200s (truncated JSON, HTML, the wrong shape, control characters) or errors.

Reported: responses by status, responses >= 500, responses whose body leaks internals (a traceback,
SQL, an exception class name, a file path, upstream text), error bodies not shaped
`{"error","message","request_id"}`, transport failures. Target: 0, 0, 0, 0. The generated inputs
never contain the leak markers themselves, so an echo of the input is not counted as a leak.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import quote

import asyncpg
import httpx

from backend.bench import env

LEAK = re.compile(
    r"Traceback|File \"|\.py\b|site-packages|/usr/|/root/|/work/|/home/|\bSELECT\b|\bINSERT\b|"
    r"\bFROM\b|\bWHERE\b|syntax error|violates|asyncpg|psycopg|pydantic|starlette|uvicorn|anthropic|"
    r"\b[A-Z][A-Za-z]+(?:Error|Exception)\b|upstream detail|Overloaded|stub"
)
ERROR_KEYS = {"error", "message", "request_id"}
WEIRD = [
    "\x00",
    "\x01",
    "\x1b[2J",
    "\x7f",
    "\u0085",
    "\u200b",
    "\u200d",
    "\u2060",
    "\u00ad",
    "\u202e",
    "\u2066",
    "\ufeff",
    "\U000e0041",
    "\U000e007f",
    "\ud800",
    "\udfff",
    "\ufffd",
    "\U0010ffff",
    "\ue000",
    "🍕",
    "👨\u200d👩",
    "e\u0301",
    "ñ",
    "\n",
    "\r\n",
    "\t",
    " ",
    "%",
    "_",
    "\\",
    "'",
    '"',
    "<",
    "&",
    "--",
    ";",
    "/",
    "..",
    "?",
    "#",
]
WORDS = [
    "¿cuánto",
    "debe",
    "el",
    "412",
    "cliente",
    "KLM482",
    "klm 482",
    "bahía",
    "solana",
    "remisión",
    "1094",
    "vence",
    "SOAT",
    "tecnomecánica",
    "canastillas",
    "cuatrocientos doce",
    "007",
    "77",
    "y",
    "ese",
    "?",
    "0",
]
EDGE_INTS = [0, 1, -1, 1001, 2001, 2**31, 2**53 + 1, 2**63 - 1, 2**63, -(2**63), -(2**63) - 1, 10**30, -(10**30)]
BROKEN_MODEL = [
    (b'{"id": "msg_x", "type": "message", "content": [{"type": "te', "application/json"),
    (b"<html><body>502 Bad Gateway</body></html>", "text/html"),
    (b'{"completion": "hola"}', "application/json"),
    (b"[1, 2]", "application/json"),
    (b"", "application/json"),
]


class Generator:
    """Reproducible request generator; `next()` -> (method, path, params, headers, content, model_script)."""

    def __init__(self, seed: int, secret: str) -> None:
        self.rng = random.Random(seed)
        self.secret = secret

    # -- pieces ----------------------------------------------------------------------------------------
    def text(self, max_words: int = 12) -> str:
        r = self.rng
        parts = []
        for _ in range(r.randint(0, max_words)):
            roll = r.random()
            if roll < 0.45:
                parts.append(r.choice(WORDS))
            elif roll < 0.75:
                parts.append(r.choice(WEIRD))
            elif roll < 0.9:
                parts.append("".join(chr(r.randint(0x20, 0x2FFF)) for _ in range(r.randint(1, 8))))
            elif roll < 0.97:
                parts.append(
                    chr(
                        r.choice(
                            [
                                r.randint(0, 0x1F),
                                r.randint(0xD800, 0xDFFF),
                                r.randint(0xE0000, 0xE007F),
                                r.randint(0x10000, 0x10FFFF),
                            ]
                        )
                    )
                )
            else:
                parts.append(r.choice(WORDS) * r.randint(50, 400))
        return r.choice([" ", "", "\n"]).join(parts)

    def scalar(self) -> Any:
        r = self.rng
        return r.choice(
            [
                None,
                True,
                False,
                r.choice(EDGE_INTS),
                r.randint(-(10**6), 10**6),
                r.random() * 1e6,
                1001.0,
                -0.0,
                1e308,
                self.text(3),
                str(r.choice(EDGE_INTS)),
                "",
                [],
                {},
            ]
        )

    def junk(self, depth: int = 0) -> Any:
        r = self.rng
        if depth > 3 or r.random() < 0.5:
            return self.scalar()
        if r.random() < 0.5:
            return [self.junk(depth + 1) for _ in range(r.randint(0, 4))]
        return {self.text(2): self.junk(depth + 1) for _ in range(r.randint(0, 4))}

    def history(self) -> Any:
        r = self.rng
        roll = r.random()
        if roll < 0.8:
            return [
                {"q": self.text(), "a": self.text()} if r.random() < 0.8 else self.junk()
                for _ in range(r.randint(0, 20))
            ]
        if roll < 0.9:
            return [{"q": r.choice(WORDS) * 300, "a": "x" * 5000}] * r.randint(1, 9)
        return self.junk()

    def ask_body(self) -> dict[str, Any]:
        r = self.rng
        chat_id = r.randint(-(2**63), 2**63 - 1) if r.random() < 0.9 else r.choice(EDGE_INTS)
        body: dict[str, Any] = {
            "question": self.text(),
            "history": self.history(),
            "chat_id": chat_id,
            "user_id": 1001,
            "source": r.choice(["text", "voice"]),
        }
        for key in ("question", "history", "chat_id", "user_id", "focus", "source"):
            if r.random() < 0.05:
                body[key] = self.junk()
            if r.random() < 0.02:
                body.pop(key, None)
        if r.random() < 0.1:
            body["user_id"] = r.choice(EDGE_INTS + [True, 1001.0, "1001", None, -1001])
        if r.random() < 0.15:
            body["focus"] = [
                {"kind": r.choice(["client", "vehicle", "x", 1]), "key": self.text(2), "label": self.text(4)}
                for _ in range(r.randint(0, 4))
            ]
        if r.random() < 0.1:
            body[self.text(1)] = self.junk()
        return body

    def raw_body(self) -> bytes:
        r = self.rng
        valid = json.dumps(self.ask_body()).encode()
        return r.choice(
            [
                bytes(r.randint(0, 255) for _ in range(r.randint(0, 300))),
                valid[: r.randint(0, len(valid))],
                b"[" * r.choice([100, 1000, 5000, 60000]),
                b'{"question": ' * r.choice([10, 1000]),
                self.text(5).encode("utf-8", "surrogatepass"),
                valid.replace(b'"', b"'"),
                b"\xef\xbb\xbf" + valid,
                valid.decode().replace("1001", "1e400").encode(),
                b'{"question": NaN, "user_id": Infinity, "chat_id": 1}',
                b'{"question": "a", "question": "b", "user_id": 1001, "user_id": 1001, "chat_id": 1}',
                json.dumps({"question": "x" * r.choice([70_000, 200_000]), "user_id": 1001, "chat_id": 1}).encode(),
            ]
        )

    # -- one request -------------------------------------------------------------------------------------
    def next(self) -> tuple[str, str, dict[str, Any], dict[str, str], bytes | None, Any]:
        r = self.rng
        headers = {"Authorization": f"Bearer {self.secret}"}
        roll = r.random()
        if roll < 0.03:
            printable = "".join(ch for ch in self.text(2) if 32 <= ord(ch) < 127)  # what HTTP lets a header carry
            headers["Authorization"] = r.choice(
                ["", "Bearer", "Basic eA==", "Bearer " + "x" * 5000, ("Bearer " + printable).strip()]
            )
        elif roll < 0.05:
            headers["X-Real-IP"] = "203.0.113.9"
        model = None
        kind = r.random()
        if kind < 0.55:
            content = json.dumps(self.ask_body()).encode() if r.random() < 0.8 else self.raw_body()
            headers["Content-Type"] = r.choice(
                ["application/json"] * 6
                + [
                    "text/plain",
                    "application/x-www-form-urlencoded",
                    "multipart/form-data",
                    "application/json; charset=latin-1",
                ]
            )
            if r.random() < 0.05:
                del headers["Content-Type"]
            if r.random() < 0.15:
                model = r.choice(
                    BROKEN_MODEL + [429, 500, 529, "\x00 texto \x1b con control", "Hola\u200b\u202e [412]"]
                )
            return "POST", "/v1/ask", {}, headers, content, model
        if kind < 0.93:
            route = r.choice(["me", "clients", "expiries", "delivery-notes"])
            segment = quote(self.text(4).encode("utf-8", "surrogatepass"), safe="") or "x"
            path = {
                "me": "/v1/me",
                "clients": f"/v1/clients/{segment}",
                "expiries": "/v1/expiries",
                "delivery-notes": f"/v1/delivery-notes/{r.choice([segment, '1094', '7851'])}.pdf",
            }[route]
            params: dict[str, Any] = {}
            if r.random() < 0.9:
                params["user_id"] = r.choice(["1001"] * 12 + [str(r.choice(EDGE_INTS)), self.text(1), "1001.0", "true"])
            if route == "expiries" and r.random() < 0.8:
                params["within_days"] = r.choice([str(r.choice(EDGE_INTS)), "30", "-1", "366", "367", self.text(1)])
            return "GET", path, {k: v.encode("utf-8", "surrogatepass") for k, v in params.items()}, headers, None, None
        method = r.choice(["PUT", "DELETE", "PATCH", "OPTIONS", "GET", "POST", "HEAD"])
        path = r.choice(
            [
                "/",
                "/v1",
                "/v1/ask",
                "/v1/health",
                "/openapi.json",
                "/docs",
                "/v1/clients/",
                "/v1/../etc/passwd",
                "/v1/clients/%2e%2e%2f",
                "/" + quote(self.text(2).encode("utf-8", "surrogatepass")),
            ]
        )
        return method, path, {}, headers, self.raw_body() if r.random() < 0.3 else None, None


def _has_control(text: str) -> bool:
    return any(ord(ch) < 32 and ch != "\n" for ch in text)


def _is_failure(reply: Any) -> bool:
    """Whether a queued stand-in reply makes the ask fail (HTTP error, broken body, control characters)."""
    return reply.status >= 400 or reply.raw_body is not None or _has_control(reply.text)


def script_model(stub: Any, model: Any) -> int:
    """Queue the scripted model reply; 1 when it is a failure (the ask must answer 503 llm_unavailable)."""
    if model is None:
        return 0
    if isinstance(model, int):
        stub.reply_error(model)
    elif isinstance(model, tuple):
        stub.reply_raw(model[0], content_type=model[1])
    else:
        stub.reply_text(model)
        return int(_has_control(model))  # control characters: a bad reply
    return 1


def leaks(text: str) -> list[str]:
    return [m.group(0) for m in LEAK.finditer(text)]


async def fuzz(server: Any, bodies: int, seed: int, concurrency: int) -> dict[str, Any]:
    gen = Generator(seed, server.secrets["frigorifico-andino"])
    statuses: Counter[int] = Counter()
    examples: dict[str, list[str]] = {"server_errors": [], "leaks": [], "bad_error_shape": [], "transport": []}
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
    failures_served = scripted - sum(_is_failure(reply) for reply in list(server.anthropic.queue))
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
        f"transport errors: {result['transport_errors']}",
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
    bad = result["responses_5xx"] + result["leaked_internals"] + result["bad_error_shape"] + result["transport_errors"]
    return 1 if bad else 0
