"""Schema, migrations, CSV import, balances, semáforo and row-level security on a real PostgreSQL."""

from __future__ import annotations

import filecmp
import os
import shutil
import tempfile
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import asyncpg
import pytest

from backend.db.connect import tenant_transaction
from backend.db.migrate import migrate, migration_files
from backend.importer.load import import_dir
from tests.conftest import FIXTURE_DIR, SHARED_FIXTURE_DIR

EXPECTED_ROWS = {
    "companies.csv": 2,
    "clients.csv": 410,
    "asset_types.csv": 5,
    "vehicles.csv": 54,
    "drivers.csv": 60,
    "vehicle_documents.csv": 149,
    "movements.csv": 24876,
}
TABLES = ["companies", "clients", "asset_types", "vehicles", "drivers", "vehicle_documents", "movements"]


async def company(conn: asyncpg.Connection, slug: str) -> int:
    return await conn.fetchval("SELECT id FROM companies WHERE slug = $1", slug)


async def table_counts(conn: asyncpg.Connection) -> dict[str, int]:
    return {t: await conn.fetchval(f"SELECT count(*) FROM {t}") for t in TABLES}


def test_repo_fixture_is_identical_to_shared():
    if not SHARED_FIXTURE_DIR.is_dir():
        pytest.skip("../shared/fixtures/fleet is not present")
    names = sorted(p.name for p in SHARED_FIXTURE_DIR.glob("*.csv"))
    assert names == sorted(p.name for p in FIXTURE_DIR.glob("*.csv"))
    match, mismatch, errors = filecmp.cmpfiles(SHARED_FIXTURE_DIR, FIXTURE_DIR, names, shallow=False)
    assert (mismatch, errors) == ([], [])


async def test_migrate_twice_is_a_noop(empty_conn):
    schema_sql = """SELECT count(*) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                    WHERE n.nspname = 'public'"""
    before = await empty_conn.fetchval(schema_sql)
    assert await migrate(empty_conn) == []
    assert await empty_conn.fetchval(schema_sql) == before
    assert await empty_conn.fetchval("SELECT count(*) FROM schema_migrations") == len(migration_files())


async def test_fixture_imports_with_right_counts_and_reimport_is_idempotent(empty_conn):
    report = await import_dir(empty_conn, FIXTURE_DIR)
    assert report.rows == EXPECTED_ROWS
    assert report.new == EXPECTED_ROWS
    counts = await table_counts(empty_conn)
    assert counts == {name.removesuffix(".csv"): n for name, n in EXPECTED_ROWS.items()}
    balances_before = await empty_conn.fetch(
        "SELECT client_id, asset_type_id, sum(quantity) FROM movements GROUP BY 1, 2 ORDER BY 1, 2"
    )

    again = await import_dir(empty_conn, FIXTURE_DIR)
    assert again.new == {name: 0 for name in EXPECTED_ROWS}
    assert await table_counts(empty_conn) == counts
    assert (
        await empty_conn.fetch(
            "SELECT client_id, asset_type_id, sum(quantity) FROM movements GROUP BY 1, 2 ORDER BY 1, 2"
        )
        == balances_before
    )


async def test_balance_of_412_can_is_the_sum_of_its_movements(fleet_conn):
    cid = await company(fleet_conn, "frigorifico-andino")
    expected = 0
    with open(FIXTURE_DIR / "movements.csv", encoding="utf-8") as f:
        for line in f.readlines()[1:]:
            cols = line.rstrip("\n").split(",")
            if cols[0] == "frigorifico-andino" and cols[4] == "412" and cols[5] == "CAN":
                expected += int(cols[6])
    async with tenant_transaction(fleet_conn, cid) as conn:
        balance = await conn.fetchval(
            "SELECT balance FROM client_balances WHERE client_code = '412' AND asset_code = 'CAN'"
        )
    assert expected != 0
    assert balance == expected


async def test_same_code_in_two_companies_is_two_clients(fleet_conn):
    rows = await fleet_conn.fetch(
        "SELECT co.slug, cl.id, cl.name FROM clients cl JOIN companies co ON co.id = cl.company_id"
        " WHERE cl.code = '412' ORDER BY co.slug"
    )
    assert [r["slug"] for r in rows] == ["frigorifico-andino", "lacteos-del-valle"]
    assert rows[0]["id"] != rows[1]["id"] and rows[0]["name"] != rows[1]["name"]


async def test_codes_are_text_not_numbers(fleet_conn):
    cid = await company(fleet_conn, "frigorifico-andino")
    names = dict(
        await fleet_conn.fetch("SELECT code, name FROM clients WHERE company_id = $1 AND code IN ('007', '77')", cid)
    )
    assert names == {"007": "CARNES D'LUCA & HERMANOS", "77": "MINIMERCADO EL_SOL *24H*"}


async def test_negative_balances_are_shown_negative(fleet_conn):
    shown = 0
    for slug in ("frigorifico-andino", "lacteos-del-valle"):
        async with tenant_transaction(fleet_conn, await company(fleet_conn, slug)) as conn:
            shown += await conn.fetchval("SELECT count(*) FROM client_balances WHERE balance < 0")
    raw = await fleet_conn.fetchval(
        "SELECT count(*) FROM (SELECT 1 FROM movements GROUP BY client_id, asset_type_id HAVING sum(quantity) < 0) s"
    )
    assert raw > 0 and shown == raw


async def test_rls_returns_zero_rows_of_another_company_without_a_where(fleet_conn):
    andino = await company(fleet_conn, "frigorifico-andino")
    lacteos = await company(fleet_conn, "lacteos-del-valle")
    async with tenant_transaction(fleet_conn, lacteos) as conn:
        for table in TABLES + ["admins", "llm_usage", "balances", "client_balances", "document_expiries"]:
            leaked = await conn.fetchval(
                f"SELECT count(*) FROM {table} WHERE company_id = $1"
                if table != "companies"
                else f"SELECT count(*) FROM {table} WHERE id = $1",
                andino,
            )
            assert leaked == 0, table
        assert await conn.fetchval("SELECT count(*) FROM vehicles WHERE plate = 'KLM482'") == 0
        assert await conn.fetchval("SELECT count(*) FROM clients") == 90
        assert await conn.fetchval("SELECT count(DISTINCT company_id) FROM movements") == 1
        with pytest.raises(asyncpg.InsufficientPrivilegeError):
            await conn.fetch("SELECT * FROM bot_credentials")
    async with fleet_conn.transaction():
        # outside a tenant transaction the app role sees nothing at all (fail closed)
        await fleet_conn.execute("SET LOCAL ROLE fleetops_app")
        assert await fleet_conn.fetchval("SELECT count(*) FROM clients") == 0


async def test_days_remaining_follow_the_company_local_date(fleet_conn):
    cid = await company(fleet_conn, "frigorifico-andino")
    vehicle = await fleet_conn.fetchval("SELECT id FROM vehicles WHERE company_id = $1 AND plate = 'KLM482'", cid)
    await fleet_conn.execute(
        "INSERT INTO vehicle_documents (company_id, vehicle_id, doc_type, number, expires_on)"
        " VALUES ($1, $2, 'POLIZA_RC', 'TEST-1', '2026-12-01')",
        cid,
        vehicle,
    )
    now = datetime(2026, 11, 30, 20, 0, tzinfo=ZoneInfo("America/Bogota"))  # 2026-12-01 01:00 UTC
    async with tenant_transaction(fleet_conn, cid, now=now) as conn:
        row = await conn.fetchrow(
            "SELECT today, days_remaining, status FROM document_expiries WHERE document_number = 'TEST-1'"
        )
    assert str(row["today"]) == "2026-11-30"
    assert row["days_remaining"] == 1
    assert row["status"] == "rojo"


@pytest.mark.parametrize(
    ("days", "status"), [(-1, "vencido"), (0, "rojo"), (7, "rojo"), (8, "amarillo"), (30, "amarillo"), (31, "verde")]
)
async def test_semaforo_thresholds(fleet_conn, days, status):
    from datetime import date, timedelta

    today = date(2026, 12, 1)
    cid = await company(fleet_conn, "frigorifico-andino")
    vehicle = await fleet_conn.fetchval("SELECT id FROM vehicles WHERE company_id = $1 AND plate = 'KLM482'", cid)
    await fleet_conn.execute(
        "INSERT INTO vehicle_documents (company_id, vehicle_id, doc_type, number, expires_on)"
        " VALUES ($1, $2, 'SOAT', 'EDGE', $3)",
        cid,
        vehicle,
        today + timedelta(days=days),
    )
    async with tenant_transaction(fleet_conn, cid, today=today) as conn:
        row = await conn.fetchrow("SELECT days_remaining, status FROM document_expiries WHERE document_number = 'EDGE'")
    assert (row["days_remaining"], row["status"]) == (days, status)


async def test_today_override_and_vehicle_without_documents(fleet_conn):
    from datetime import date

    cid = await company(fleet_conn, "frigorifico-andino")
    async with tenant_transaction(fleet_conn, cid, today=date(2026, 12, 1)) as conn:
        statuses = dict(await conn.fetch("SELECT status, count(*) FROM document_expiries GROUP BY status"))
        klm = await conn.fetch(
            "SELECT doc_type, days_remaining, status FROM document_expiries WHERE plate = 'KLM482' ORDER BY doc_type"
        )
        bare = await conn.fetch("SELECT plate, doc_type FROM document_expiries WHERE status = 'sin_documentos'")
    assert statuses.get("vencido", 0) > 0
    assert {(r["doc_type"], r["days_remaining"], r["status"]) for r in klm} >= {("TECNOMECANICA", 3, "rojo")}
    assert bare and all(r["doc_type"] is None for r in bare)


async def _balances_match_movements(conn: asyncpg.Connection) -> None:
    mismatched = await conn.fetchval("""
        SELECT count(*) FROM (
            SELECT client_id, asset_type_id, sum(quantity) AS s, count(*) AS n, max(occurred_at) AS last
            FROM movements GROUP BY 1, 2) m
        FULL JOIN (SELECT * FROM balances WHERE movements > 0) b USING (client_id, asset_type_id)
        WHERE m.s IS DISTINCT FROM b.balance OR m.n IS DISTINCT FROM b.movements
           OR m.last IS DISTINCT FROM b.last_movement_at""")
    assert mismatched == 0


async def test_maintained_balances_follow_every_change_to_movements(fleet_conn):
    assert await fleet_conn.fetchval("SELECT count(*) FROM balances") > 1000
    await _balances_match_movements(fleet_conn)
    # delete the latest movement of a client, move some quantities, re-import: still the sum
    await fleet_conn.execute("""DELETE FROM movements WHERE id = (
        SELECT id FROM movements WHERE client_id = (SELECT min(client_id) FROM movements)
        ORDER BY occurred_at DESC LIMIT 1)""")
    await fleet_conn.execute("UPDATE movements SET quantity = quantity + 5 WHERE id % 97 = 0")
    await fleet_conn.execute(
        "UPDATE movements SET client_id = (SELECT max(id) FROM clients WHERE company_id = 1)"
        " WHERE id IN (SELECT id FROM movements WHERE company_id = 1 LIMIT 3)"
    )
    await _balances_match_movements(fleet_conn)
    await import_dir(fleet_conn, FIXTURE_DIR)
    await _balances_match_movements(fleet_conn)
    await fleet_conn.execute("DELETE FROM movements")
    await _balances_match_movements(fleet_conn)
    assert await fleet_conn.fetchval("SELECT count(*) FROM balances WHERE balance <> 0 OR movements <> 0") == 0


def test_embedded_server_survives_a_stale_pid_file_and_reports_who_started_it(request):
    from backend.db.embedded import EmbeddedPostgres

    # Not under pytest's basetemp: a concurrent pytest run prunes old basetemps (see conftest.py).
    data_dir = Path(tempfile.mkdtemp(prefix="fleetops-test-pidfile-"))
    request.addfinalizer(lambda: shutil.rmtree(data_dir, ignore_errors=True))
    server = EmbeddedPostgres(data_dir / "data", fast_unsafe=True)
    assert server.start() is True  # initdb + start: this call owns it
    try:
        assert EmbeddedPostgres(data_dir / "data").start() is False  # already running: someone else's
    finally:
        server.stop()
    pidfile = server.pgdata / "postmaster.pid"
    assert not pidfile.exists()
    pidfile.write_text(f"{os.getpid()}\n{server.pgdata}\n")  # a kill -9 leaves this, pointing at a reused pid
    assert server.start() is True
    server.stop()
    assert len(str(server.socket_dir / ".s.PGSQL.5432")) < 100
