"""What the import cases of tests/test_import_safety.py share: the CSV headers, the company and one
movement line (`import_cases_files`, `import_cases_values`)."""

from __future__ import annotations

CLIENTS = "company,code,name,city\n"
VEHICLES = "company,plate,kind,brand_model,model_year,active\n"
DRIVERS = "company,document_number,full_name,phone,license_expires_on,vehicle_plate\n"
DOCUMENTS = "company,plate,doc_type,number,issued_on,expires_on\n"
MOVEMENTS = "company,occurred_at,kind,delivery_note,client_code,asset_type,quantity,vehicle_plate,driver_document\n"
COMPANIES = "slug,name,timezone\n"
FA = "frigorifico-andino"
BIG = "x" * 200_000
Case = tuple[dict[str, str | bytes], str, int, str]


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
