"""Digits typed on a phone keyboard of another layout — full-width «４１２» (CJK input), Arabic-Indic
«٤١٢», Devanagari «४१२» — are the key they write, in slash commands and in questions. No key holds
them (the import refuses them), so reading them as ASCII cannot reach another entity. Before:
«/saldo ４１２» was «No encontré ningún cliente con «４１２»», «/vencimientos ١٥» the usage, and
«¿cuántas canastillas tiene el cliente ٤١٢?» went to the model without the client's data (not found).
«²», «①» (digits that are no script's decimal digits) still name nothing. Real backend on the fleet
fixture, real bot, Telegram stand-in."""

from __future__ import annotations

import csv
from pathlib import Path

import httpx
import pytest

from backend.api.question_text import clean_question
from backend.core.history import sanitize_history
from backend.core.lookalike_letters import ascii_forms, typed_text
from backend.testing.bot_runner import run_bot
from bot.replies import plain_from_html

FA_ADMIN = 1001
FIXTURE = Path(__file__).resolve().parents[1] / "demo-data" / "fleet"


def _saldo_412_canastillas() -> int:
    with open(FIXTURE / "movements.csv", newline="", encoding="utf-8") as fh:
        return sum(
            int(r["quantity"])
            for r in csv.DictReader(fh)
            if (r["company"], r["client_code"], r["asset_type"]) == ("frigorifico-andino", "412", "CAN")
        )


@pytest.mark.parametrize(
    ("typed", "ascii"),
    [("４１２", "412"), ("٤١٢", "412"), ("۴۱۲", "412"), ("४१२", "412"), ("ＡＬＨ６８７", "ALH687"),
     ("ｋｌｍ－４８２", "klm-482"), ("²", "²"), ("①", "①"), ("Bahía ñ", "Bahía ñ")],
)  # fmt: skip
def test_what_each_form_is_read_as(typed: str, ascii: str) -> None:
    assert ascii_forms(typed) == ascii == typed_text(typed)


def test_questions_and_history_read_them_as_ascii() -> None:
    assert (
        clean_question("¿cuántas canastillas tiene el cliente ٤١٢?", 4096)
        == "¿cuántas canastillas tiene el cliente 412?"
    )
    (turn,) = sanitize_history([{"q": "¿y la ＫＬＭ４８２?", "a": "KLM482: Diego."}])
    assert turn.q == "¿y la KLM482?"


async def test_a_question_with_such_digits_is_answered_from_the_data(backend_server) -> None:
    async with httpx.AsyncClient(base_url=backend_server.base_url, timeout=30) as http:
        r = await http.post(
            "/v1/ask",
            json={
                "user_id": FA_ADMIN,
                "chat_id": FA_ADMIN,
                "question": "¿cuántas canastillas tiene el cliente ٤١٢?",
                "history": [],
            },
            headers=backend_server.headers(),
        )
    assert r.status_code == 200, r.text
    assert r.json()["answer_kind"] != "not_found"
    assert "DISTRIBUIDORA PUERTO CLARO" in str(backend_server.anthropic.last_body["system"])


async def test_the_commands_read_them_as_the_key(telegram_stub, backend_server) -> None:
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        stub.push(stub.command("/saldo ４１２", chat_id=FA_ADMIN))
        await stub.wait_texts(FA_ADMIN, 1)
        stub.push(stub.command("/vencimientos ١٥", chat_id=FA_ADMIN))
        await stub.wait_texts(FA_ADMIN, 2)
    balance, expiries = (plain_from_html(p["text"]) for p in stub.sent(FA_ADMIN))
    assert "[412] DISTRIBUIDORA PUERTO CLARO" in balance
    assert f"{_saldo_412_canastillas():,} canastillas".replace(",", ".") in balance
    assert expiries.startswith("Documentos vencidos o por vencer en 15 días")
