"""CSV import, data safety first: every bad file or value is refused with `archivo, línea N: motivo`, the
database is left exactly as it was (row counts and a checksum of every table), and no traceback.

Each case imports a small directory on top of the fleet fixture, so references to its companies,
clients, vehicles and drivers resolve and only the planted problem is wrong.
"""

from __future__ import annotations

from pathlib import Path

import asyncpg
import pytest

from backend.importer.load import ImportFailed, import_dir
from tests.conftest import _db_from
from tests.import_cases_common import CLIENTS, FA
from tests.import_cases_files import FILE_CASES
from tests.import_cases_values import VALUE_CASES

TABLES = ["companies", "clients", "asset_types", "vehicles", "drivers", "vehicle_documents", "movements", "balances"]
CASES = {**FILE_CASES, **VALUE_CASES}


async def snapshot(conn: asyncpg.Connection) -> dict[str, tuple[int, str]]:
    """Per table: (row count, md5 of every row's text in a fixed order)."""
    out = {}
    for table in TABLES:
        out[table] = tuple(
            await conn.fetchrow(
                f"SELECT count(*), coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') FROM {table} t"
            )
        )
    return out


@pytest.fixture(scope="module")
async def fleet(pg_base_dsn: str, db_templates: dict[str, str]):
    """One fleet database for the module: every case must leave it unchanged (checked each time)."""
    async for dsn in _db_from(pg_base_dsn, db_templates["fleet"]):
        conn = await asyncpg.connect(dsn)
        try:
            yield dsn, conn
        finally:
            await conn.close()


def write(directory: Path, files: dict[str, str | bytes]) -> Path:
    directory.mkdir(exist_ok=True)
    for name, content in files.items():
        path = directory / name
        path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return directory


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
async def test_bad_import_is_refused_with_file_line_and_reason_and_changes_nothing(fleet, tmp_path, case: str):
    files, file, line, reason = CASES[case]
    _, conn = fleet
    before = await snapshot(conn)
    with pytest.raises(ImportFailed) as caught:
        await import_dir(conn, write(tmp_path / "csv", files))
    assert [(e.file, e.line) for e in caught.value.errors] == [(file, line)], caught.value.errors
    assert reason in caught.value.errors[0].reason
    assert f"{file}, línea {line}: " in str(caught.value)
    assert await snapshot(conn) == before


@pytest.mark.parametrize(
    "case",
    [
        "NUL inside a field",
        "quantity over int4",
        "quantity of 5,000 digits",
        "same client twice",
        "unknown timezone, then movements",
        "field over the csv limit",
    ],
)
def test_cli_refuses_without_traceback(fleet, tmp_path, monkeypatch, capsys, case: str):
    from backend.cli.main import main

    dsn, _ = fleet
    files, file, line, reason = CASES[case]
    monkeypatch.setenv("DATABASE_URL", dsn)
    code = main(["import", str(write(tmp_path / "csv", files))])
    err = capsys.readouterr().err
    assert code == 1
    assert f"{file}, línea {line}: " in err and reason in err
    assert "Traceback" not in err and "asyncpg" not in err


async def test_bom_crlf_and_cleaned_text_are_accepted(fleet, tmp_path):
    """A UTF-8 BOM, CRLF line ends, quoted line breaks and invisible characters in free text are fine:
    the text is stored cleaned (NFC, no invisible characters, one line)."""
    _, conn = fleet
    clients = (
        "\ufeff" + CLIENTS + f"{FA},412,DISTRIBUIDORA PUERTO CLARO,Rionegro\n"
        f'{FA},9990,"ACME\u200b  Distribuciones\nS.A.S",Cali\u2060\n'
        f"{FA},9991,CAFE\u0301 DEL SUR,Pasto\n"
    ).replace("\n", "\r\n")
    report = await import_dir(conn, write(tmp_path / "csv", {"clients.csv": clients}))
    assert report.lines() == ["clients.csv: 3 filas (2 nuevas)"]
    stored = dict(
        await conn.fetch(
            "SELECT code, name || '|' || city FROM clients WHERE code IN ('412', '9990', '9991')"
            " AND company_id = (SELECT id FROM companies WHERE slug = $1)",
            FA,
        )
    )
    assert stored == {
        "412": "DISTRIBUIDORA PUERTO CLARO|Rionegro",
        "9990": "ACME Distribuciones S.A.S|Cali",
        "9991": "CAFÉ DEL SUR|Pasto",
    }
