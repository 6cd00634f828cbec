"""One definition of a delivery-note number (`backend.core.note_numbers`) for the CSV import, `/remision`,
the words path and the PDF route.

Before: the import stored any text as a note («R-1234», «r-1234», «8.297», «8297abc»), `/remision` took
digits only (so «/remision R-1234» was a usage message for a note the company has) and read a sign or
full-width digits as another note («/remision -8297» sent note 8297), and «remisión R-1234» in words was
note «1234».
"""

from __future__ import annotations

from pathlib import Path

import asyncpg
import httpx
import pytest

from backend.core.document_request import command_number, requested_note
from backend.core.note_numbers import note_number
from backend.importer.load import ImportFailed, import_dir
from backend.testing.bot_runner import run_bot

FA = "frigorifico-andino"
MOVEMENTS = "company,occurred_at,kind,delivery_note,client_code,asset_type,quantity,vehicle_plate,driver_document\n"


def movements(note: str) -> str:
    return MOVEMENTS + f"{FA},2026-11-30T10:00:00,dispatch,{note},412,CAN,5,KLM482,1072416216\n"


@pytest.mark.parametrize(
    "written, canonical",
    [("8297", "8297"), ("0042", "0042"), ("R-1234", "R-1234"), ("r-1234", "R-1234"), ("RM1234", "RM1234"),
     ("FAC-2026-0042", "FAC-2026-0042"), (" 8297 ", "8297")],
)  # fmt: skip
def test_what_a_note_number_is(written, canonical):
    assert note_number(written) == canonical


NOT_NOTES = ["-8297", "+8297", "8297.5", "8297,5", "8297abc", "8297-B", "8 297", "８２９７", "٨٢٩٧",
             "1" * 13, "1e10", "0x1F", "R--1", "-", "", "ABCDEFGHI-1", "R-" + "1-" * 12 + "1"]  # fmt: skip
OTHER_SCRIPTS = ["８２９７", "٨٢٩٧"]  # no key holds them, but a command reads them as ASCII (`typed_text`)


@pytest.mark.parametrize("text", NOT_NOTES)
def test_what_a_note_number_is_not(text):
    assert note_number(text) is None


@pytest.mark.parametrize(
    "args", [[t] for t in NOT_NOTES if t not in OTHER_SCRIPTS] + [["8", "297"], ["1094;", "DROP"], ["#-8297"]]
)
def test_the_command_refuses_what_is_no_note_number(args):
    """Before: «-8297» and «+8297» were note 8297."""
    assert command_number(args) is None


@pytest.mark.parametrize("typed", OTHER_SCRIPTS)
def test_the_command_reads_other_scripts_digits_as_the_number_they_write(typed):
    """«/remision ８２９７» typed with full-width or Arabic-Indic digits is note 8297 (was the usage)."""
    assert command_number([typed]) == "8297"


def test_the_command_reads_what_the_import_stores():
    """Before: «R-1234» was refused (digits only) though the import stores it."""
    assert [command_number(a) for a in (["R-1234"], ["r-1234"], ["#1094"], ["n°", "1.094"], ["No.", "0042"])] == [
        "R-1234", "R-1234", "1094", "1094", "0042"
    ]  # fmt: skip


@pytest.mark.parametrize(
    "text, number",
    [("mándame la remisión R-1234", "R-1234"), ("pásame la remisión r-1234", "R-1234"),
     ("el pdf de la remisión RM1234", "RM1234"), ("la remisión FAC-2026-0042 en pdf", "FAC-2026-0042"),
     ("mándame la remisión 1.234", "1234")],
)  # fmt: skip
def test_the_words_path_reads_the_same_numbers(text, number):
    """Before: «remisión R-1234» was note 1234 (the letter dropped), «remisión RM1234» too."""
    assert requested_note(text) == number


@pytest.mark.parametrize(
    "text",
    ["mándame la remisión -8297", "remisión 8297abc", "mándame la remisión ８２９７", "remisión 8297.5",
     "la KLM482 en pdf"],
)  # fmt: skip
def test_the_words_path_takes_no_other_note(text):
    """Before: «-8297», «8297abc» and «８２９７» asked for note 8297."""
    assert requested_note(text) is None


async def _import(dsn: str, directory: Path, note: str) -> None:
    directory.mkdir()
    (directory / "movements.csv").write_text(movements(note))
    conn = await asyncpg.connect(dsn)
    try:
        await import_dir(conn, directory)
    finally:
        await conn.close()


@pytest.mark.parametrize("note", ["8.297", "8297abc", "-8297", "R 1234", "R/1234", "8297.5", "1" * 13])
async def test_the_import_refuses_what_is_no_note_number(fleet_dsn, tmp_path, note):
    """Before: each was stored as a note that neither /remision nor a question could ask for."""
    with pytest.raises(ImportFailed) as caught:
        await _import(fleet_dsn, tmp_path / "csv", note)
    [error] = caught.value.errors
    assert (error.file, error.line) == ("movements.csv", 2)
    assert "número de remisión inválido en 'delivery_note'" in error.reason and "R-1234" in error.reason


async def test_a_lettered_note_is_imported_once_and_found_by_command_words_and_route(
    fleet_dsn, tmp_path, backend_server, telegram_stub
):
    """Before: «r-1234» was stored as written; «/remision r-1234» was a usage message and «remisión R-1234»
    in words asked for note 1234."""
    await _import(fleet_dsn, tmp_path / "a", "r-1234")
    await _import(fleet_dsn, tmp_path / "b", "R-1234")  # the same line with the canonical spelling: no new movement
    conn = await asyncpg.connect(fleet_dsn)
    try:
        stored = await conn.fetch("SELECT delivery_note FROM movements WHERE delivery_note ILIKE 'r-1234'")
    finally:
        await conn.close()
    assert [r["delivery_note"] for r in stored] == ["R-1234"]

    server, admin = backend_server, backend_server.admin_user_id
    async with httpx.AsyncClient(base_url=server.base_url, headers=server.headers(), timeout=30) as c:
        pdf = await c.get("/v1/delivery-notes/r-1234.pdf", params={"user_id": admin})
    assert pdf.status_code == 200 and "remision-frigorifico-andino-R-1234.pdf" in pdf.headers["content-disposition"]

    async with run_bot(telegram_stub, backend_url=server.base_url, backend_secret=server.secret):
        telegram_stub.push(telegram_stub.command("/remision r-1234", chat_id=admin))
        await telegram_stub.wait_for(lambda: len(telegram_stub.calls_of("sendDocument")) == 1, "the command's PDF")
        telegram_stub.push(telegram_stub.text("mándame la remisión R-1234", chat_id=admin))
        await telegram_stub.wait_for(lambda: len(telegram_stub.calls_of("sendDocument")) == 2, "the words' PDF")
        telegram_stub.push(telegram_stub.command("/remision -8297", chat_id=admin))
        [usage] = await telegram_stub.wait_texts(admin, 1)
        assert usage.startswith("Dime el número de la remisión")
    names = [call.files["document"][0] for call in telegram_stub.calls_of("sendDocument")]
    assert names == ["remision-frigorifico-andino-R-1234.pdf"] * 2
