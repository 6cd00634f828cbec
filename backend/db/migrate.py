"""Ordered, numbered SQL migrations from `sql/`, recorded in `schema_migrations`."""

from __future__ import annotations

import re
from pathlib import Path

import asyncpg

SQL_DIR = Path(__file__).resolve().parents[2] / "sql"
_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")
_LOCK_KEY = 7_311_942  # advisory lock: two `migrate` runs never interleave


def migration_files(sql_dir: Path = SQL_DIR) -> list[Path]:
    """The migration files in order: `NNN_name.sql`; raises ValueError on a duplicate number."""
    files = sorted(p for p in sql_dir.glob("*.sql") if _NAME.match(p.name))
    numbers = [p.name[:3] for p in files]
    if len(numbers) != len(set(numbers)):
        raise ValueError(f"duplicate migration number in {sql_dir}")
    return files


async def migrate(conn: asyncpg.Connection, sql_dir: Path = SQL_DIR) -> list[str]:
    """Apply the migrations not yet recorded, each in its own transaction; return their names.

    Running it again applies nothing and returns [].
    """
    await conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
    )
    await conn.execute("SELECT pg_advisory_lock($1)", _LOCK_KEY)
    try:
        done = {r["name"] for r in await conn.fetch("SELECT name FROM schema_migrations")}
        applied = []
        for path in migration_files(sql_dir):
            if path.name in done:
                continue
            async with conn.transaction():
                await conn.execute(path.read_text(encoding="utf-8"))
                await conn.execute("INSERT INTO schema_migrations (name) VALUES ($1)", path.name)
            applied.append(path.name)
        return applied
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", _LOCK_KEY)
