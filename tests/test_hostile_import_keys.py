"""Keys an import stored that fleetops could not name afterwards, and what re-importing them did.

Client codes: «+412», «41_2» or a 13-character code were imported, though no question can name them
(`backend/core/client_codes.py`, the rule `backend.context.mentions` reads codes by); now refused.
Delivery notes: imports before the upper-case rule (`backend/core/note_numbers.py`) stored «r-9001» as
written; every lookup asks for the canonical «R-9001», so such a note was unreachable, and importing the
same file again added its lines a second time (their fingerprint had the note as written). Migration 007
upper-cases the stored notes; the import recognises a line by either fingerprint. Real PostgreSQL.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import asyncpg
import pytest

from backend.importer.load import ImportFailed, import_dir
from backend.store.delivery_notes import delivery_note
from tests.import_cases_common import CLIENTS, FA, MOVEMENTS
from tests.test_import_safety import snapshot, write

ROOT = Path(__file__).resolve().parent.parent
MIGRATION = ROOT / "sql" / "007_note_numbers_upper_case.sql"
LINE = ("2026-11-20T10:00:00", "dispatch", "r-9001", "412", "CAN", 5, "KLM482", "1072416216")


def _csv(note: str) -> str:
    at, kind, _, client, asset, quantity, plate, driver = LINE
    line = f"{FA},{at},{kind},{note},{client},{asset},{quantity},{plate},{driver}\n"
    return MOVEMENTS + line + line  # the same line twice: two movements


async def _as_imported_before_the_rule(conn: asyncpg.Connection, company_id: int) -> None:
    """Make the two lines what an import before the upper-case rule stored: the note as written, and the
    fingerprint it computed from it (backend/importer/load.py: the line's fields and its repeat index)."""
    at = datetime.fromisoformat(LINE[0]).replace(tzinfo=ZoneInfo("America/Bogota")).isoformat()
    key = (company_id, at, *LINE[1:])
    ids = await conn.fetch("SELECT id FROM movements WHERE delivery_note = 'R-9001' ORDER BY id")
    assert len(ids) == 2
    for n, row in enumerate(ids, start=1):
        old = hashlib.sha256(repr((key, n)).encode()).digest()
        await conn.execute(
            "UPDATE movements SET delivery_note = 'r-9001', fingerprint = $2 WHERE id = $1", row["id"], old
        )


async def test_a_lower_case_note_imported_before_the_rule_is_reachable_and_never_doubled(fleet_conn, tmp_path):
    conn = fleet_conn
    company_id = await conn.fetchval("SELECT id FROM companies WHERE slug = $1", FA)
    first = await import_dir(conn, write(tmp_path / "a", {"movements.csv": _csv("r-9001")}))
    assert first.lines() == ["movements.csv: 2 filas (2 nuevas)"]
    await _as_imported_before_the_rule(conn, company_id)
    assert await delivery_note(conn, company_id=company_id, number="r-9001") is None  # unreachable

    assert await conn.fetchval("SELECT name FROM schema_migrations WHERE name = $1", MIGRATION.name)
    for _ in range(2):  # the migration, and a second run of it: idempotent
        await conn.execute(MIGRATION.read_text(encoding="utf-8"))
        note = await delivery_note(conn, company_id=company_id, number="R-9001")
        assert note is not None and note.total_dispatched == 10
    before = await snapshot(conn)
    again = await import_dir(conn, write(tmp_path / "b", {"movements.csv": _csv("r-9001")}))  # the same file
    assert again.lines() == ["movements.csv: 2 filas (0 nuevas)"]
    assert await snapshot(conn) == before  # no line doubled, no saldo changed


@pytest.mark.parametrize("code", ["+412", "-412", "412-", "41--2", "41_2", "4/12", "412+", "(412)", "C" * 13])
async def test_a_client_code_no_question_can_name_is_refused(fleet_conn, tmp_path, code):
    """Before: «+412» was stored, and «¿y el +412?» was read as client 412 (another client, or none)."""
    reason = f"código de cliente inválido en 'code': {code!r} (se espera letras y dígitos"
    before = await snapshot(fleet_conn)
    for name, body in (
        ("clients.csv", CLIENTS + f"{FA},{code},NUEVO,Cali\n"),
        ("movements.csv", MOVEMENTS + f"{FA},2026-11-20T10:00:00,dispatch,,{code},CAN,5,,\n"),
    ):
        with pytest.raises(ImportFailed) as caught:
            await import_dir(fleet_conn, write(tmp_path / name, {name: body}))
        [error] = [str(e) for e in caught.value.errors]
        assert error.startswith(f"{name}, línea 2: "), error
        column = "code" if name == "clients.csv" else "client_code"
        assert reason.replace("'code'", f"'{column}'") in error, error
    assert await snapshot(fleet_conn) == before


async def test_client_codes_of_letters_digits_and_inner_dashes_are_imported(fleet_conn, tmp_path):
    body = CLIENTS + "".join(f"{FA},{code},NUEVO {code},Cali\n" for code in ("C-1050", "0007", "AB12", "1" * 12))
    report = await import_dir(fleet_conn, write(tmp_path, {"clients.csv": body}))
    assert report.lines() == ["clients.csv: 4 filas (4 nuevas)"]
