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

TABLES = ["companies", "clients", "asset_types", "vehicles", "drivers", "vehicle_documents", "movements", "balances"]
CLIENTS = "company,code,name,city\n"
VEHICLES = "company,plate,kind,brand_model,model_year,active\n"
DRIVERS = "company,document_number,full_name,phone,license_expires_on,vehicle_plate\n"
DOCUMENTS = "company,plate,doc_type,number,issued_on,expires_on\n"
MOVEMENTS = "company,occurred_at,kind,delivery_note,client_code,asset_type,quantity,vehicle_plate,driver_document\n"
COMPANIES = "slug,name,timezone\n"
FA = "frigorifico-andino"


def movement(
    quantity: str = "5",
    *,
    kind: str = "dispatch",
    at: str = "2026-11-30T10:00:00",
    client: str = "412",
    asset: str = "CAN",
    plate: str = "KLM482",
    driver: str = "1072416216",
) -> str:
    return f"{FA},{at},{kind},9001,{client},{asset},{quantity},{plate},{driver}\n"


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


BIG = "x" * 200_000
# id -> (files, file with the error, line, a piece of the reason)
CASES: dict[str, tuple[dict[str, str | bytes], str, int, str]] = {
    "duplicated column": (
        {"clients.csv": "company,code,name,city,name\n" + f"{FA},412,NUEVO,Rionegro,OTRO\n"},
        "clients.csv",
        1,
        "la columna 'name' está repetida en el encabezado (columnas 3 y 5)",
    ),
    "field over the csv limit": (
        {"clients.csv": CLIENTS + f'{FA},412,x,Rionegro\n{FA},9999,"{BIG}",Cali\n'},
        "clients.csv",
        3,
        "supera el máximo de 131072 caracteres",
    ),
    "NUL inside a field": (
        {"clients.csv": CLIENTS + f"{FA},412,DISTRI\x00BUIDORA,Rionegro\n"},
        "clients.csv",
        2,
        "la columna 'name' contiene un carácter NUL",
    ),
    "quantity over int4": (
        {"movements.csv": MOVEMENTS + movement("3000000000")},
        "movements.csv",
        2,
        "valor fuera de rango en 'quantity': 3000000000",
    ),
    "quantity under int4": (
        {"movements.csv": MOVEMENTS + movement("-99999999999", kind="return")},
        "movements.csv",
        2,
        "valor fuera de rango en 'quantity'",
    ),
    "model year over int4": (
        {"vehicles.csv": VEHICLES + f"{FA},KLM482,motocarro,Bajaj RE,99999999999,true\n"},
        "vehicles.csv",
        2,
        "valor fuera de rango en 'model_year'",
    ),
    "model year absurd": (
        {"vehicles.csv": VEHICLES + f"{FA},KLM482,motocarro,Bajaj RE,20155,true\n"},
        "vehicles.csv",
        2,
        "debe estar entre 1900 y 2100",
    ),
    "same client twice": (
        {"clients.csv": CLIENTS + f"{FA},777,UNO,Cali\n{FA},200,DOS,Cali\n{FA}, 777 ,TRES,Cali\n"},
        "clients.csv",
        4,
        "repetido: company='frigorifico-andino', code='777' ya está en la línea 2",
    ),
    "same plate twice, written differently": (
        {"vehicles.csv": VEHICLES + f"{FA},klm-482,motocarro,Bajaj RE,2015,true\n{FA},KLM482,furgón,NHR,2016,true\n"},
        "vehicles.csv",
        3,
        "plate='KLM482' ya está en la línea 2",
    ),
    "same company slug twice": (
        {"companies.csv": COMPANIES + "nueva,Nueva,America/Bogota\nNUEVA,Otra,America/Lima\n"},
        "companies.csv",
        3,
        "slug='nueva' ya está en la línea 2",
    ),
    "same document twice": (
        {
            "vehicle_documents.csv": DOCUMENTS + f"{FA},KLM482,SOAT,S-1,2026-01-01,2027-01-01\n"
            f"{FA},KLM482,soat,S-1,2026-02-01,2027-02-01\n"
        },
        "vehicle_documents.csv",
        3,
        "ya está en la línea 2",
    ),
    "slug the database refuses": (
        {"companies.csv": COMPANIES + "Lácteos Nuevos,Lácteos Nuevos,America/Bogota\n"},
        "companies.csv",
        2,
        "slug inválido en 'slug': 'lácteos nuevos'",
    ),
    "slug starting with a dash": (
        {"companies.csv": COMPANIES + "-nueva,Nueva,America/Bogota\n"},
        "companies.csv",
        2,
        "slug inválido",
    ),
    "unknown timezone, then movements": (
        {
            "companies.csv": COMPANIES + "nueva,Nueva,America/Medellin\n",
            "clients.csv": CLIENTS + "nueva,1,UNO,Cali\n",
            "asset_types.csv": "company,code,name,plural_name\nnueva,CAN,canastilla,canastillas\n",
            "movements.csv": MOVEMENTS + "nueva,2026-11-30T10:00:00,opening,,1,CAN,5,,\n",
        },
        "companies.csv",
        2,
        "zona horaria desconocida: 'America/Medellin'",
    ),
    "timezone that is a file, not a zone": (
        {"companies.csv": COMPANIES + "nueva,Nueva,../../etc/passwd\n"},
        "companies.csv",
        2,
        "zona horaria desconocida",
    ),
    "not UTF-8 (line of the first bad byte)": (
        {
            "clients.csv": (CLIENTS + f"{FA},412,DISTRIBUIDORA PUERTO CLARO,Rionegro\n{FA},9998,NUEVO,Cali\n").encode()
            + f"{FA},310,COMERCIAL BAHÍA SOLANA,Barranquilla\n".encode("latin-1")
        },
        "clients.csv",
        4,
        "no está en UTF-8 (byte 0xcd",
    ),
    "date 0001-01-01": (
        {"drivers.csv": DRIVERS + f"{FA},1072416216,Diego Arango,+57 319,0001-01-01,KLM482\n"},
        "drivers.csv",
        2,
        "fecha fuera de rango en 'license_expires_on'",
    ),
    "date 99999-01-01": (
        {"vehicle_documents.csv": DOCUMENTS + f"{FA},KLM482,SOAT,S-9,2026-01-01,99999-01-01\n"},
        "vehicle_documents.csv",
        2,
        "fecha inválida en 'expires_on'",
    ),
    "moment in year 1": (
        {"movements.csv": MOVEMENTS + movement(at="0001-01-01T00:00:00")},
        "movements.csv",
        2,
        "fecha fuera de rango en 'occurred_at'",
    ),
    "moment in year 9999": (
        {"movements.csv": MOVEMENTS + movement(at="9999-12-31T23:59:59")},
        "movements.csv",
        2,
        "fecha fuera de rango en 'occurred_at'",
    ),
    "week date": (
        {"drivers.csv": DRIVERS + f"{FA},1072416216,Diego Arango,+57 319,2027-W01-1,KLM482\n"},
        "drivers.csv",
        2,
        "fecha inválida en 'license_expires_on'",
    ),
    "issued after it expires": (
        {"vehicle_documents.csv": DOCUMENTS + f"{FA},KLM482,SOAT,S-9,2027-06-01,2027-01-01\n"},
        "vehicle_documents.csv",
        2,
        "es posterior a 'expires_on'",
    ),
    "empty required code": (
        {"clients.csv": CLIENTS + f"{FA}, ,NUEVO,Cali\n"},
        "clients.csv",
        2,
        "la columna 'code' está vacía",
    ),
    "name only invisible characters": (
        {"clients.csv": CLIENTS + f"{FA},9997,\u200b\u2060,Cali\n"},
        "clients.csv",
        2,
        "la columna 'name' está vacía",
    ),
    "empty client in a movement": (
        {"movements.csv": MOVEMENTS + movement(client="")},
        "movements.csv",
        2,
        "la columna 'client_code' está vacía",
    ),
    "absurdly long name": (
        {"clients.csv": CLIENTS + f"{FA},9996,{'N' * 5000},Cali\n"},
        "clients.csv",
        2,
        "la columna 'name' tiene 5000 caracteres (máximo 200)",
    ),
    "absurdly long code": (
        {"clients.csv": CLIENTS + f"{FA},{'7' * 3000},NUEVO,Cali\n"},
        "clients.csv",
        2,
        "la columna 'code' tiene 3000 caracteres (máximo 64)",
    ),
    "invisible character in a key": (
        {"clients.csv": CLIENTS + f"{FA},412\u200b,NUEVO,Cali\n"},
        "clients.csv",
        2,
        "la columna 'code' tiene caracteres invisibles o de control: '412\\u200b'",
    ),
    "quantity zero": ({"movements.csv": MOVEMENTS + movement("0")}, "movements.csv", 2, "es 0"),
    "negative dispatch": ({"movements.csv": MOVEMENTS + movement("-5")}, "movements.csv", 2, "debe ser positiva"),
    "positive return": (
        {"movements.csv": MOVEMENTS + movement("5", kind="return")},
        "movements.csv",
        2,
        "debe ser negativa",
    ),
    "unicode digits": ({"movements.csv": MOVEMENTS + movement("٤١٢")}, "movements.csv", 2, "valor no numérico"),
    # a spreadsheet's rendering of an identifier, or look-alike characters: each would be a new record
    "document number in scientific notation": (
        {"drivers.csv": DRIVERS + f"{FA},1.07242E+09,Pepe Pérez,,2027-01-01,\n"},
        "drivers.csv",
        2,
        "notación científica",
    ),
    "code written as a decimal": (
        {"clients.csv": CLIENTS + f"{FA},412.0,NUEVO,Cali\n"},
        "clients.csv",
        2,
        "un número con decimales",
    ),
    "note number written as a decimal": (
        {"movements.csv": MOVEMENTS + movement().replace(",9001,", ',"9001,00",')},
        "movements.csv",
        2,
        "un número con decimales",
    ),
    "code kept by a formula": (
        {"clients.csv": CLIENTS + f'{FA},"=""007""",NUEVO,Cali\n'},
        "clients.csv",
        2,
        "fórmula de hoja de cálculo",
    ),
    "code with arabic-indic digits": (
        {"clients.csv": CLIENTS + f"{FA},٤١٢,NUEVO,Cali\n"},
        "clients.csv",
        2,
        "U+0664",
    ),
    "code with full-width digits": (
        {"clients.csv": CLIENTS + f"{FA},４１２,NUEVO,Cali\n"},
        "clients.csv",
        2,
        "U+FF14",
    ),
    "note number with a combining mark": (
        {"movements.csv": MOVEMENTS + movement().replace(",9001,", ",90\u030101,")},
        "movements.csv",
        2,
        "U+0301",
    ),
    # the movements' local times were read in the old zone: a new one would double them on re-import
    "timezone of a company with movements changed": (
        {"companies.csv": COMPANIES + f"{FA},Frigorífico Andino S.A.S.,Asia/Tokyo\n"},
        "companies.csv",
        2,
        "ya tiene movimientos leídos en la zona horaria 'America/Bogota'",
    ),
    # int() refuses over 4,300 digits: was a ValueError traceback out of `fleetops import`
    "quantity of 5,000 digits": (
        {"movements.csv": MOVEMENTS + movement("9" * 5000)},
        "movements.csv",
        2,
        "valor fuera de rango en 'quantity': '9999",
    ),
    "model year of 5,000 digits, leading zeros": (
        {"vehicles.csv": VEHICLES + f"{FA},ZZZ998,moto,X,{'0' * 10 + '2' * 5000},true\n"},
        "vehicles.csv",
        2,
        "valor fuera de rango en 'model_year'",
    ),
    "number with underscores": (
        {"movements.csv": MOVEMENTS + movement("1_000")},
        "movements.csv",
        2,
        "valor no numérico",
    ),
    "unknown asset type": (
        {"movements.csv": MOVEMENTS + movement(asset="XYZ")},
        "movements.csv",
        2,
        "tipo de activo desconocido: 'XYZ'",
    ),
    "unknown vehicle in a movement": (
        {"movements.csv": MOVEMENTS + movement(plate="ZZZ999")},
        "movements.csv",
        2,
        "vehículo (placa) desconocido: 'ZZZ999'",
    ),
    "unknown driver": (
        {"movements.csv": MOVEMENTS + movement(driver="123")},
        "movements.csv",
        2,
        "conductor (documento) desconocido: '123'",
    ),
    "unknown vehicle of a driver": (
        {"drivers.csv": DRIVERS + f"{FA},1072416216,Diego,+57 319,2027-04-17,ZZZ999\n"},
        "drivers.csv",
        2,
        "vehículo (placa) desconocido: 'ZZZ999'",
    ),
    "unknown company": (
        {"clients.csv": CLIENTS + "otra-empresa,1,UNO,Cali\n"},
        "clients.csv",
        2,
        "empresa desconocida: 'otra-empresa'",
    ),
    "bad plate": (
        {"vehicles.csv": VEHICLES + f"{FA},KLM/482,motocarro,Bajaj RE,2015,true\n"},
        "vehicles.csv",
        2,
        "placa inválida en 'plate'",
    ),
    "header repeated inside the file": (
        {"clients.csv": "\ufeff" + CLIENTS + f"{FA},9995,UNO,Cali\n" + "\ufeff" + CLIENTS + f"{FA},9994,DOS,Cali\n"},
        "clients.csv",
        3,
        "el encabezado se repite aquí",
    ),
    "empty file": ({"clients.csv": ""}, "clients.csv", 1, "el archivo está vacío"),
    "quote never closed": (
        {"clients.csv": CLIENTS + f'{FA},412,"DISTRIBUIDORA,Rionegro\n{FA},310,X,Y\n'},
        "clients.csv",
        2,
        "comilla",
    ),
    "too many fields": (
        {"clients.csv": CLIENTS + f"{FA},412,DISTRIBUIDORA,Rionegro,extra\n"},
        "clients.csv",
        2,
        "la fila tiene 5 campos y el encabezado 4",
    ),
}


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
