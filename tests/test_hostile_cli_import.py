"""Hostile input at the `fleetops` command and the CSV import, found by attacking them like an outside
checker would, one test per kind of failure: each one failed before its fix (a traceback, a half-loaded
import, a spreadsheet's CSV refused, a timezone frozen too early). Real PostgreSQL.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys

import asyncpg
import pytest

from backend.cli.demo import free_port  # a port nothing listens on: the database unreachable
from backend.cli.failures import INTERRUPTED
from backend.cli.main import main
from backend.importer.load import ImportFailed, import_dir
from tests.conftest import REPO

# -- the fleetops command: one boundary, one Spanish line per kind of failure -----------------------


def test_an_unreachable_database_is_one_spanish_line_not_a_traceback(monkeypatch, capsys, tmp_path):
    """Before: ConnectionRefusedError's traceback."""
    monkeypatch.setenv("DATABASE_URL", f"postgresql://fleetops@127.0.0.1:{free_port()}/fleetops")
    (tmp_path / "clients.csv").write_text("company,code,name,city\n")
    for argv in (["db", "migrate"], ["import", str(tmp_path)], ["bots", "add", "--company", "frigorifico-andino"]):
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert "No se pudo conectar con la base de datos (ConnectionRefusedError)" in err
        assert "Traceback" not in err


def test_an_embedded_database_that_cannot_start_is_one_spanish_line_not_a_traceback(monkeypatch, capsys, tmp_path):
    """Before: EmbeddedPostgresError's traceback (seen when a data directory holds a stray pgdata)."""
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setenv("FLEETOPS_DATA_DIR", str(tmp_path))
    (tmp_path / "pgdata").mkdir()
    (tmp_path / "pgdata" / "stray.txt").write_text("not a cluster\n")
    assert main(["db", "migrate"]) == 1
    err = capsys.readouterr().err
    assert "La base de datos embebida no arrancó: initdb failed" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "argv",
    [
        ["admins", "add", "--company", "frigorifico-andino", "--telegram-id", str(2**63)],
        ["admins", "add", "--company", "../etc", "--telegram-id", "5"],
        ["admins", "add", "--company", "frigorifico-andino", "--telegram-id", "5", "--name", "N" * 201],
        ["bots", "add", "--company", "frigorifico\udcff"],
    ],
    ids=["id past int64", "slug with a path", "name too long", "undecodable slug"],
)
def test_bad_arguments_are_refused_before_the_database(argv, monkeypatch, capsys):
    """Before: the id reached asyncpg (DataError traceback), the undecodable byte its encoder."""
    monkeypatch.setenv("DATABASE_URL", f"postgresql://fleetops@127.0.0.1:{free_port()}/fleetops")
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and "error: argumento" in err and "Traceback" not in err


async def test_names_with_undecodable_bytes_and_controls_are_stored_cleaned(fleet_dsn, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", fleet_dsn)
    argv = [
        "admins",
        "add",
        "--company",
        "frigorifico-andino",
        "--telegram-id",
        "777",
        "--name",
        "Ana\udcff\x1b[2J\u200b Ruiz",
    ]
    assert await asyncio.to_thread(main, argv) == 0
    conn = await asyncpg.connect(fleet_dsn)
    try:
        assert await conn.fetchval("SELECT name FROM admins WHERE telegram_user_id = 777") == "Ana[2J Ruiz"
    finally:
        await conn.close()


async def test_an_import_interrupted_midway_loads_nothing_and_says_so(empty_dsn, tmp_path):
    """Ctrl-C while the movements are being written: exit 130, one line, and not one row committed."""
    env = {**os.environ, "DATABASE_URL": empty_dsn, "PYTHONPATH": str(REPO)}
    process = subprocess.Popen(
        [sys.executable, "-m", "backend.cli", "import", str(REPO / "demo-data" / "fleet")],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    conn = await asyncpg.connect(empty_dsn)
    try:
        for _ in range(600):  # wait for the movements' insert to be running in the import's transaction
            writing = await conn.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
                " AND state = 'active' AND query ILIKE '%INSERT INTO movements%'"
            )
            if writing or process.poll() is not None:
                break
            await asyncio.sleep(0.01)
        assert writing, "the import finished before it could be interrupted"
        process.send_signal(signal.SIGINT)
        _, err = await asyncio.to_thread(process.communicate, timeout=60)
        assert process.returncode == 130, err
        assert err.strip().endswith(INTERRUPTED) and "Traceback" not in err
        for table in ("companies", "clients", "vehicles", "movements", "balances"):
            assert await conn.fetchval(f"SELECT count(*) FROM {table}") == 0, table
    finally:
        process.kill()
        await conn.close()


# -- the CSV a spreadsheet in Spanish writes -----------------------------------------------------


async def test_semicolon_or_tab_separated_files_with_capitalised_headers_are_imported(fleet_dsn, tmp_path):
    """Before: «falta la columna 'company', 'code', 'name', 'city'» for a file whose every column is there
    (Excel es-CO saves «CSV» with semicolons)."""
    fa = "frigorifico-andino"
    (tmp_path / "clients.csv").write_bytes(
        (f'\ufeffCompany;Code;Name;City\r\n{fa};9990;"ACME, S.A.S";Cali\r\n{fa};9991;BETA;Pasto\r\n').encode()
    )
    (tmp_path / "vehicles.csv").write_text(
        f"COMPANY\tPLATE\tKIND\tBRAND_MODEL\tMODEL_YEAR\tACTIVE\n{fa}\tzzz-901\tfurgón\tNPR, 2019\t2019\ttrue\n"
    )
    conn = await asyncpg.connect(fleet_dsn)
    try:
        report = await import_dir(conn, tmp_path)
        assert report.lines() == ["clients.csv: 2 filas (2 nuevas)", "vehicles.csv: 1 filas (1 nuevas)"]
        names = await conn.fetch("SELECT code, name FROM clients WHERE code IN ('9990', '9991') ORDER BY code")
        assert [tuple(r) for r in names] == [("9990", "ACME, S.A.S"), ("9991", "BETA")]
        assert await conn.fetchval("SELECT brand_model FROM vehicles WHERE plate = 'ZZZ901'") == "NPR, 2019"
    finally:
        await conn.close()


async def test_a_header_with_no_known_separator_still_names_the_missing_columns(fleet_dsn, tmp_path):
    (tmp_path / "clients.csv").write_text("company|code|name|city\nfrigorifico-andino|1|X|Cali\n")
    conn = await asyncpg.connect(fleet_dsn)
    try:
        with pytest.raises(ImportFailed) as failed:
            await import_dir(conn, tmp_path)
    finally:
        await conn.close()
    assert str(failed.value.errors[0]) == "clients.csv, línea 1: falta la columna 'company', 'code', 'name', 'city'"


async def test_a_company_without_movements_may_still_change_its_timezone(fleet_dsn, tmp_path):
    """The zone is frozen only once movements were read in it (tests/test_import_safety.py: refused then)."""
    conn = await asyncpg.connect(fleet_dsn)
    try:
        for zone in ("America/Bogota", "Asia/Tokyo"):
            (tmp_path / "companies.csv").write_text(f"slug,name,timezone\nnueva-sa,Nueva S.A.,{zone}\n")
            await import_dir(conn, tmp_path)
        assert await conn.fetchval("SELECT timezone FROM companies WHERE slug = 'nueva-sa'") == "Asia/Tokyo"
    finally:
        await conn.close()
