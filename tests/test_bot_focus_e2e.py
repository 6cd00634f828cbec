"""The conversation focus end to end: the real Application, the Telegram stand-in and the real backend
in data-only mode (no API key), real database. The bot keeps the backend's focus and sends it back;
the backend resolves «¿quién la llevó?» from it."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from backend.testing.backend_server import start_backend
from backend.testing.bot_runner import run_bot

FLEET = Path(__file__).resolve().parents[1] / "demo-data" / "fleet"


def _fixture(name: str) -> list[dict[str, str]]:
    with open(FLEET / name, encoding="utf-8") as f:
        return [r for r in csv.DictReader(f) if r["company"] == "frigorifico-andino"]


@pytest.fixture
async def data_only_backend(fleet_dsn):
    pytest.importorskip("backend.answers")  # the backend side of issue 13 (focus in /v1/ask answers)
    async with start_backend(fleet_dsn, None) as server:
        yield server


async def _ask(stub, app, chat_id: int, text: str) -> str:
    before = len(stub.sent(chat_id))
    stub.push(stub.text(text, chat_id=chat_id))
    texts = await stub.wait_texts(chat_id, before + 1)
    await stub.wait_for(lambda: app.update_processor.current_concurrent_updates == 0, "handlers to finish")
    return texts[-1]


async def test_focus_from_the_backend_and_from_a_pdf(telegram_stub, data_only_backend) -> None:
    stub, server = telegram_stub, data_only_backend
    admin = server.admin_user_id
    client = next(r for r in _fixture("clients.csv") if r["code"] == "412")
    note = next(r for r in _fixture("movements.csv") if r["delivery_note"] == "8297")
    driver = next(r for r in _fixture("drivers.csv") if r["document_number"] == note["driver_document"])
    async with run_bot(stub, backend_url=server.base_url, backend_secret=server.secret) as app:
        memory = app.bot_data.memory
        await _ask(stub, app, admin, "¿cuántas canastillas tiene el 412?")
        assert [(f.kind, f.key) for f in memory.focus((admin, admin))] == [("client", "412")]
        memoria = await _ask(stub, app, admin, "/memoria")
        assert f"Tema: [412] {client['name']}" in memoria
        city = await _ask(stub, app, admin, "¿y en qué ciudad queda?")
        assert client["city"] in city

        stub.push(stub.command("/remision 8297", chat_id=admin))
        await stub.wait_for(lambda: stub.calls_of("sendDocument"), "the PDF")
        await stub.wait_for(lambda: memory.focus((admin, admin))[0].kind == "delivery_note", "the note's focus")
        who = await _ask(stub, app, admin, "¿quién la llevó?")
    assert driver["full_name"] in who


def _balance(code: str, asset: str) -> int:
    return sum(
        int(m["quantity"]) for m in _fixture("movements.csv") if m["client_code"] == code and m["asset_type"] == asset
    )


async def test_a_comparison_of_the_two_just_discussed_then_forgotten(telegram_stub, data_only_backend) -> None:
    """«¿cuál de los dos tiene más?» through the real bot is about the two clients its memory holds («dos» is
    no client code 2), «¿y la otra empresa?» shows no data and keeps them; after /olvidar it asks which."""
    stub, server = telegram_stub, data_only_backend
    admin = server.admin_user_id
    est = {code: _balance(code, "EST") for code in ("412", "310")}
    winner = max(est, key=lambda code: est[code])
    name = next(r["name"] for r in _fixture("clients.csv") if r["code"] == winner)
    async with run_bot(stub, backend_url=server.base_url, backend_secret=server.secret) as app:
        await _ask(stub, app, admin, "cuantas estibas tiene el 412")
        await _ask(stub, app, admin, "y el 310")
        other = await _ask(stub, app, admin, "y la otra empresa?")
        compared = await _ask(stub, app, admin, "cual de los dos tiene mas")
        await _ask(stub, app, admin, "/olvidar")
        forgotten = await _ask(stub, app, admin, "cual de los dos tiene mas")
    assert other.startswith("Solo tengo los datos de Frigorífico Andino") and not any(ch.isdigit() for ch in other)
    assert f"[{winner}] {name}: {est[winner]}" in compared, compared
    assert "código 2" not in compared
    assert forgotten.startswith("¿Cuáles comparo?") and "[" not in forgotten, forgotten


async def test_expiries_command_is_remembered_so_its_follow_up_is_about_documents(
    telegram_stub, data_only_backend
) -> None:
    """/vencimientos leaves its request and lines in memory (no entity in focus): «¿y este mes?» next is the
    documents due this month, not the client asked before the command."""
    stub, server = telegram_stub, data_only_backend
    admin = server.admin_user_id
    async with run_bot(stub, backend_url=server.base_url, backend_secret=server.secret) as app:
        memory = app.bot_data.memory
        await _ask(stub, app, admin, "¿cuántas canastillas tiene el 412?")
        await _ask(stub, app, admin, "/vencimientos 30")
        stored = memory.pairs((admin, admin))[-1]
        assert stored.q == "documentos vencidos o por vencer en los próximos 30 días"
        assert stored.a.startswith("Documentos vencidos o por vencer en 30 días") and "<b>" not in stored.a
        assert memory.focus((admin, admin)) == []
        month = await _ask(stub, app, admin, "¿y este mes?")
    assert month.startswith("Documentos que vencen este mes") and "412" not in month
