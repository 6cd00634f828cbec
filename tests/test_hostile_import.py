"""Hostile CSV imports: each is refused with `archivo, línea N: motivo` and changes nothing, or is
accepted exactly as documented (README, «CSV import format»)."""

from __future__ import annotations

import asyncpg
import pytest

from backend.importer.load import ImportFailed, import_dir
from tests.import_cases_common import COMPANIES
from tests.test_import_safety import snapshot, write


async def _refused(conn: asyncpg.Connection, directory, files: dict[str, str | bytes]) -> list[str]:
    before = await snapshot(conn)
    with pytest.raises(ImportFailed) as caught:
        await import_dir(conn, write(directory, files))
    assert await snapshot(conn) == before
    return [str(e) for e in caught.value.errors]


@pytest.mark.parametrize(
    "zone, reason",
    [
        ("Factory", "no sirve para una empresa"),
        ("Etc/GMT+5", "Etc/GMT+5 es UTC−5"),
        ("Etc/GMT-5", "no sirve para una empresa"),
        ("UTC", "no sirve para una empresa"),
        ("GMT", "no sirve para una empresa"),
        ("US/Eastern", "no sirve para una empresa"),
        ("EST5EDT", "no sirve para una empresa"),
        ("Cuba", "no sirve para una empresa"),
        ("america/bogota", "se escribe 'America/Bogota'"),
        ("America/../Etc/GMT+5", "zona horaria desconocida"),
    ],
)
async def test_a_company_timezone_is_a_regions_zone(empty_conn, tmp_path, zone, reason):
    """Before: Factory (abbreviation «-00») and Etc/GMT+5 (which is UTC−5) were accepted as a company's zone."""
    errors = await _refused(empty_conn, tmp_path / "csv", {"companies.csv": COMPANIES + f"acme,ACME,{zone}\n"})
    assert len(errors) == 1 and errors[0].startswith("companies.csv, línea 2: ") and reason in errors[0], errors


async def test_region_zones_are_accepted(empty_conn, tmp_path):
    rows = "acme,ACME,America/Bogota\nsur,SUR,America/Argentina/Buenos_Aires\nmar,MAR,Atlantic/Canary\n"
    report = await import_dir(empty_conn, write(tmp_path / "csv", {"companies.csv": COMPANIES + rows}))
    assert report.lines() == ["companies.csv: 3 filas (3 nuevas)"]


CLIENTS = "company,code,name,city\n"
MOVEMENTS = "company,occurred_at,kind,delivery_note,client_code,asset_type,quantity,vehicle_plate,driver_document\n"
FA = "frigorifico-andino"


@pytest.mark.parametrize(
    "files, reason",
    [
        ({"clients.csv": CLIENTS + f"{FA},1.050,ACME,Cali\n"}, "'1.050', con separadores de miles: escríbalo"),
        ({"clients.csv": CLIENTS + f"{FA},1 050,ACME,Cali\n"}, "'1 050', con separadores de miles"),
        ({"clients.csv": CLIENTS + f"{FA},41 2,ACME,Cali\n"}, "tiene espacios dentro: '41 2'"),
        ({"clients.csv": CLIENTS + f"{FA},1\u00a0050,ACME,Cali\n"}, "(U+00A0), que parece otro carácter"),
        ({"clients.csv": CLIENTS + f"{FA},41\u202f2,ACME,Cali\n"}, "(U+202F), que parece otro carácter"),
        (
            {"movements.csv": MOVEMENTS + f"{FA},2026-11-30T10:00:00,dispatch,9001,412,CAN,5,KLM482,1.072.416.216\n"},
            "'driver_document' tiene '1.072.416.216', con separadores de miles",
        ),
        (
            {"drivers.csv": "company,document_number,full_name,phone,license_expires_on,vehicle_plate\n"
             f"{FA},1.072.416.216,Diego,+57 319,2027-04-17,KLM482\n"},
            "'document_number' tiene '1.072.416.216', con separadores de miles",
        ),
    ],
)  # fmt: skip
async def test_a_typed_key_with_thousands_separators_or_spaces_is_refused(fleet_conn, tmp_path, files, reason):
    """Before: stored as written — «1.050» as a client that «cliente 1.050» (read as 1050) never finds,
    «41 2» and «1 050» as codes no question can name, «1\\u00a0050» shown like «1 050» but another key."""
    errors = await _refused(fleet_conn, tmp_path / "csv", files)
    assert len(errors) == 1 and reason in errors[0], errors


async def test_a_file_over_the_size_cap_is_refused_before_it_is_read(fleet_conn, tmp_path, monkeypatch):
    """Before: read whole and parsed at ≈ 17× its size in memory (a 1 GB file ≈ 17 GB), no cap."""
    from backend.importer import csvfile

    monkeypatch.setattr(csvfile, "MAX_FILE_BYTES", 1024)
    big = CLIENTS + "".join(f"{FA},{9000 + i},CLIENTE {i},Cali\n" for i in range(100))
    errors = await _refused(fleet_conn, tmp_path / "csv", {"clients.csv": big})
    [error] = errors
    assert error.startswith("clients.csv, línea 1: el archivo pesa ") and "impórtelo por partes" in error


def _movement(at: str) -> str:
    return MOVEMENTS + f"{FA},{at},dispatch,9001,412,CAN,5,KLM482,1072416216\n"


async def test_a_movement_after_today_is_refused(fleet_conn, tmp_path):
    """Before: «2062-11-30» (a typed year) was stored and counted in the client's saldo from then on."""
    from datetime import date

    before = await snapshot(fleet_conn)
    with pytest.raises(ImportFailed) as caught:
        await import_dir(fleet_conn, write(tmp_path / "a", {"movements.csv": _movement("2062-11-30T10:00:00")}),
                         today=date(2026, 12, 1))  # fmt: skip
    assert [str(e) for e in caught.value.errors] == [
        "movements.csv, línea 2: 'occurred_at' (2062-11-30) es posterior a hoy (2026-12-01): un movimiento ya "
        "ocurrió; revise la fecha (¿el año?)"
    ]
    assert await snapshot(fleet_conn) == before
    report = await import_dir(fleet_conn, write(tmp_path / "b", {"movements.csv": _movement("2026-12-02T23:00:00")}),
                              today=date(2026, 12, 1))  # fmt: skip
    assert report.lines() == ["movements.csv: 1 filas (1 nuevas)"]  # tomorrow: another timezone's today


def test_the_import_command_uses_fleetops_today(fleet_dsn, tmp_path, monkeypatch, capsys):
    from backend.cli.main import main

    monkeypatch.setenv("DATABASE_URL", fleet_dsn)
    monkeypatch.setenv("FLEETOPS_TODAY", "2026-12-01")
    assert main(["import", str(write(tmp_path / "csv", {"movements.csv": _movement("2099-01-01T10:00:00")}))]) == 1
    assert "es posterior a hoy (2026-12-01)" in capsys.readouterr().err
