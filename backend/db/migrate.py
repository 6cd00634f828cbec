"""Ordered, numbered SQL migrations, recorded in `schema_migrations`.

The source folder is `sql/` at the top of the repository. It is read as the resources of the package
`backend.db.sql`: in a checkout `backend/db/sql` is a symlink to `../../sql`, and the wheel ships the files
there as package data (pyproject.toml, [tool.setuptools.package-data]), so an installed fleetops migrates
without the repository.
"""

from __future__ import annotations

import re
from importlib.resources import files
from importlib.resources.abc import Traversable

import asyncpg

MIGRATIONS_PACKAGE = "backend.db.sql"
_NAME = re.compile(r"^(\d{3})_[a-z0-9_]+\.sql$")
_LOCK_KEY = 7_311_942  # advisory lock: two `migrate` runs never interleave


class MigrationsMissing(RuntimeError):
    """No migration file where they should be (a broken install): nothing was applied."""


def migration_files(sql_dir: Traversable | None = None) -> list[Traversable]:
    """The migration files of `sql_dir` (default: the package `backend.db.sql`) in order: `NNN_name.sql`.

    Raises ValueError on a duplicate number and MigrationsMissing (Spanish message) when there are none.
    """
    try:
        folder: Traversable | None = files(MIGRATIONS_PACKAGE) if sql_dir is None else sql_dir
    except ModuleNotFoundError:  # a wheel built without the package data
        folder = None
    found = []
    if folder is not None and folder.is_dir():
        found = sorted((p for p in folder.iterdir() if _NAME.match(p.name)), key=lambda p: p.name)
    if not found:
        raise MigrationsMissing(
            f"No encontré archivos de migración (NNN_nombre.sql) en {folder or MIGRATIONS_PACKAGE}: la instalación"
            " de fleetops está incompleta; no se aplicó nada."
        )
    numbers = [p.name[:3] for p in found]
    if len(numbers) != len(set(numbers)):
        raise ValueError(f"duplicate migration number in {folder}")
    return found


async def migrate(conn: asyncpg.Connection, sql_dir: Traversable | None = None) -> list[str]:
    """Apply the migrations not yet recorded, each in its own transaction; return their names.

    Running it again applies nothing and returns []. `sql_dir` defaults to the package `backend.db.sql`;
    MigrationsMissing when it holds no migration file (checked before anything is written).
    """
    in_order = migration_files(sql_dir)
    await conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
    )
    await conn.execute("SELECT pg_advisory_lock($1)", _LOCK_KEY)
    try:
        done = {r["name"] for r in await conn.fetch("SELECT name FROM schema_migrations")}
        applied = []
        for path in in_order:
            if path.name in done:
                continue
            async with conn.transaction():
                await conn.execute(path.read_text(encoding="utf-8"))
                await conn.execute("INSERT INTO schema_migrations (name) VALUES ($1)", path.name)
            applied.append(path.name)
        return applied
    finally:
        await conn.execute("SELECT pg_advisory_unlock($1)", _LOCK_KEY)
