"""Migrations are applied by name, not by "above the highest number": a lower-numbered file that lands
after a higher one (parallel branches: 005 merged after 006 was applied) is still applied, once."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.db.migrate import MigrationsMissing, migrate, migration_files

ROOT = Path(__file__).resolve().parent.parent


async def test_a_late_lower_numbered_migration_is_applied(empty_conn, tmp_path: Path) -> None:
    (tmp_path / "001_gap_a.sql").write_text("CREATE TABLE gap_a (id int);", encoding="utf-8")
    (tmp_path / "003_gap_c.sql").write_text("CREATE TABLE gap_c (id int);", encoding="utf-8")
    assert await migrate(empty_conn, tmp_path) == ["001_gap_a.sql", "003_gap_c.sql"]

    (tmp_path / "002_gap_b.sql").write_text("CREATE TABLE gap_b (id int);", encoding="utf-8")
    assert await migrate(empty_conn, tmp_path) == ["002_gap_b.sql"]
    assert await empty_conn.fetchval("SELECT to_regclass('gap_b') IS NOT NULL")
    assert await migrate(empty_conn, tmp_path) == []


async def test_digest_migration_is_recorded(empty_conn) -> None:
    names = {r["name"] for r in await empty_conn.fetch("SELECT name FROM schema_migrations")}
    assert "006_morning_digest.sql" in names
    assert (
        await empty_conn.fetchval(
            "SELECT column_default FROM information_schema.columns "
            "WHERE table_name = 'admins' AND column_name = 'alerts'"
        )
        == "'daily'::text"
    )


def test_the_migrations_are_read_as_package_resources_of_the_sql_folder() -> None:
    """`backend.db.sql` (what the wheel ships) holds exactly the files of sql/, in number order."""
    assert [p.name for p in migration_files()] == sorted(p.name for p in (ROOT / "sql").glob("*.sql"))


async def test_no_migration_files_is_a_loud_error_and_writes_nothing(empty_conn, tmp_path: Path) -> None:
    before = await empty_conn.fetchval("SELECT count(*) FROM schema_migrations")
    (tmp_path / "notes.txt").write_text("not a migration", encoding="utf-8")
    for folder in (tmp_path, tmp_path / "missing"):
        with pytest.raises(MigrationsMissing, match="No encontré archivos de migración"):
            await migrate(empty_conn, folder)
    assert await empty_conn.fetchval("SELECT count(*) FROM schema_migrations") == before
