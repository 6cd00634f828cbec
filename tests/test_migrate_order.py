"""Migrations are applied by name, not by "above the highest number": a lower-numbered file that lands
after a higher one (parallel branches: 005 merged after 006 was applied) is still applied, once."""

from __future__ import annotations

from pathlib import Path

from backend.db.migrate import migrate


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
