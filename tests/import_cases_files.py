"""The cases of tests/test_import_safety.py: the bad files (CSV shape, encoding) and references (duplicates,
unknown keys, companies and zones). id -> (files, file with the error, line, a piece of the reason). Each
imports a small directory on top of the fleet fixture (company frigorifico-andino, client 412, plate KLM482,
driver 1072416216), so only the planted problem is wrong.
"""

from __future__ import annotations

from tests.import_cases_common import (
    BIG,
    CLIENTS,
    COMPANIES,
    DOCUMENTS,
    DRIVERS,
    FA,
    MOVEMENTS,
    VEHICLES,
    Case,
    movement,
)

ASSET_TYPES = "company,code,name,plural_name\n"
FILE_CASES: dict[str, Case] = {
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
    "timezone of a company with movements changed": (
        {"companies.csv": COMPANIES + f"{FA},Frigorífico Andino S.A.S.,Asia/Tokyo\n"},
        "companies.csv",
        2,
        "ya tiene movimientos leídos en la zona horaria 'America/Bogota'",
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
    # session 14: two asset types of one company called the same (folded) made «canastillas» one of them
    "asset type named like another": (
        {"asset_types.csv": ASSET_TYPES + f"{FA},BOT,Canastilla,botellas\n"},
        "asset_types.csv",
        2,
        "el tipo de activo 'BOT' se llama como el tipo 'CAN' («canastilla»)",
    ),
    "asset type whose name is another's plural": (
        {"asset_types.csv": ASSET_TYPES + f"{FA},BOT,estibas,botellas\n"},
        "asset_types.csv",
        2,
        "una pregunta por «estibas» no sabría de cuál es",
    ),
    "two asset types of the file with one plural": (
        {"asset_types.csv": ASSET_TYPES + f"{FA},BOT,botella,botellas\n{FA},BTL,botellita,Botellas\n"},
        "asset_types.csv",
        3,
        "se llama como el tipo 'BOT' de la línea 2",
    ),
}
