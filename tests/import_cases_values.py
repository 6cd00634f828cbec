"""The cases of tests/test_import_safety.py: the bad values (numbers, dates, codes, text). id -> (files, file
with the error, line, a piece of the reason). Each imports a small directory on top of the fleet fixture
(company frigorifico-andino, client 412, plate KLM482, driver 1072416216), so only the planted problem is
wrong.
"""

from __future__ import annotations

from tests.import_cases_common import (
    CLIENTS,
    DOCUMENTS,
    DRIVERS,
    FA,
    MOVEMENTS,
    VEHICLES,
    Case,
    movement,
)

VALUE_CASES: dict[str, Case] = {
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
    "bad plate": (
        {"vehicles.csv": VEHICLES + f"{FA},KLM/482,motocarro,Bajaj RE,2015,true\n"},
        "vehicles.csv",
        2,
        "placa inválida en 'plate'",
    ),
}
