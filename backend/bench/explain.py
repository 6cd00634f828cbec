"""Query plans of the backend's real entity lookups, captured with PostgreSQL's `auto_explain`.

The database is set to preload auto_explain for new sessions (log_min_duration 0), a fresh backend
answers one question per entity kind, and the plans are read back from the server log (found next to
the data directory, as the embedded launcher writes it). Unavailable (e.g. a remote server whose log
cannot be read): returns None and the caller reports that.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import asyncpg
import httpx

from backend.bench import env

_ENTRY = re.compile(r"^\S.*?(LOG|NOTICE):\s+duration: [\d.]+ ms\s+plan:\s*$")
_NODE = re.compile(
    r"(Seq Scan|Index Only Scan|Index Scan|Bitmap Index Scan|Bitmap Heap Scan) (?:using (\S+) )?on (\w+)"
)
_NOT_LOOKUPS = ("SET", "SELECT SET_CONFIG", "SELECT PG_", "WITH RECURSIVE TYPEINFO", "SELECT 1 FROM ONLY")
BIG_TABLES = {"movements", "clients", "vehicles", "vehicle_documents", "drivers", "balances"}


async def _log_path(dsn: str) -> Path | None:
    conn = await asyncpg.connect(dsn, timeout=30)
    try:
        data_dir = Path(await conn.fetchval("SHOW data_directory"))
        current: str | None = await conn.fetchval("SELECT pg_current_logfile()")
    finally:
        await conn.close()
    for p in ([data_dir / current] if current else []) + [data_dir.parent / "postgres.log"]:
        if p.is_file():
            return p
    return None


def _plans(text: str) -> list[dict[str, Any]]:
    plans: list[dict[str, list[str]]] = []
    cur: dict[str, list[str]] | None = None
    for line in text.splitlines():
        if _ENTRY.match(line):
            cur = {"lines": []}
            plans.append(cur)
        elif cur is not None and line[:1] in ("\t", " "):
            cur["lines"].append(line.strip())
        else:
            cur = None
    out, seen = [], set()
    for p in plans:
        query = next((ln[len("Query Text:") :].strip() for ln in p["lines"] if ln.startswith("Query Text:")), "")
        nodes = [m.groups() for ln in p["lines"] for m in [_NODE.search(ln)] if m]
        flat = " ".join(query.split())
        if not nodes or not flat or flat in seen or flat.upper().startswith(_NOT_LOOKUPS):
            continue
        seen.add(flat)
        out.append(
            {
                "query": flat[:400],
                "scans": [f"{kind} {idx + ' ' if idx else ''}on {table}" for kind, idx, table in nodes],
                "plan": [ln for ln in p["lines"] if not ln.startswith("Query Text:")][:30],
            }
        )
    return out


async def capture(dsn: str, database: str, questions: list[str], slug: str, admin_id: int) -> dict[str, Any] | None:
    """Plans of every distinct statement the backend ran to answer `questions` (as `slug`'s admin)."""
    log = await _log_path(dsn)
    if log is None:
        return None
    conn = await asyncpg.connect(dsn, timeout=30)
    try:
        await conn.execute(f"ALTER DATABASE \"{database}\" SET session_preload_libraries = 'auto_explain'")
        await conn.execute(f'ALTER DATABASE "{database}" SET auto_explain.log_min_duration = 0')
        await conn.execute(f'ALTER DATABASE "{database}" SET auto_explain.log_nested_statements = on')
    finally:
        await conn.close()
    try:
        async with env.backend(dsn) as server:
            secret = server.secrets.get(slug) or await env.register_large_admin(dsn)
            start = log.stat().st_size  # only the backend's own statements from here on
            async with httpx.AsyncClient(
                base_url=server.base_url, timeout=30, headers={"Authorization": f"Bearer {secret}"}
            ) as client:
                for q in questions:
                    r = await client.post(
                        "/v1/ask", json={"question": q, "history": [], "chat_id": 1, "user_id": admin_id}
                    )
                    r.raise_for_status()
    finally:
        conn = await asyncpg.connect(dsn, timeout=30)
        try:
            await conn.execute(f'ALTER DATABASE "{database}" RESET ALL')
        finally:
            await conn.close()
    with log.open(encoding="utf-8", errors="replace") as f:
        f.seek(start)
        plans = _plans(f.read())
    seq = sorted(
        {s for p in plans for s in p["scans"] if s.startswith("Seq Scan") and s.rsplit(" ", 1)[-1] in BIG_TABLES}
    )
    return {"log": str(log), "statements": len(plans), "seq_scans_on_big_tables": seq, "plans": plans}
