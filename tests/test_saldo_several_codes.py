"""/saldo with several client codes («/saldo 412 632», «/saldo 412, 632 y 77») gives each client's saldo,
as «saldo del 412 y del 632» does in the chat; a code that is no client is named («No encontré ningún
cliente con el código «999».»), never silently left out. Before: «No encontré ningún cliente con
«412 632».» (the whole text was one search term)."""

from __future__ import annotations

import csv
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest

from backend.testing.bot_runner import run_bot
from bot.replies import plain_from_html

FA_ADMIN = 1001
FIXTURE = Path(__file__).resolve().parents[1] / "demo-data" / "fleet"


def _saldo(client: str, asset: str, company: str = "frigorifico-andino") -> int:
    with open(FIXTURE / "movements.csv", newline="", encoding="utf-8") as fh:
        return sum(
            int(r["quantity"])
            for r in csv.DictReader(fh)
            if (r["company"], r["client_code"], r["asset_type"]) == (company, client, asset)
        )


@pytest.mark.parametrize(
    ("text", "codes"),
    [("412 632", ["412", "632"]), ("412, 632 y 77", ["412", "632", "77"]), ("632;412", ["632", "412"]),
     ("412 412", ["412"])],
)  # fmt: skip
async def test_several_codes_are_each_client(backend_server, text: str, codes: list[str]) -> None:
    async with httpx.AsyncClient(base_url=backend_server.base_url, timeout=30) as http:
        r = await http.get(f"/v1/clients/{quote(text)}", params={"user_id": FA_ADMIN}, headers=backend_server.headers())
    assert r.status_code == 200, r.text
    body = r.json()
    assert [m["code"] for m in body["matches"]] == codes and body["total"] == len(codes)
    can = {m["code"]: next(b["balance"] for b in m["balances"] if b["asset_code"] == "CAN") for m in body["matches"]}
    assert can == {c: _saldo(c, "CAN") for c in codes}


@pytest.mark.parametrize(
    ("text", "message"),
    [("412 999", "No encontré ningún cliente con el código «999»."),
     ("998 412 999", "No encontré ningún cliente con los códigos «998», «999».")],
)  # fmt: skip
async def test_a_code_that_is_no_client_is_named(backend_server, text: str, message: str) -> None:
    async with httpx.AsyncClient(base_url=backend_server.base_url, timeout=30) as http:
        r = await http.get(f"/v1/clients/{quote(text)}", params={"user_id": FA_ADMIN}, headers=backend_server.headers())
    assert r.status_code == 404 and r.json()["message"] == message


async def test_the_saldo_command_shows_each_code(telegram_stub, backend_server) -> None:
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        stub.push(stub.command("/saldo 412 632", chat_id=FA_ADMIN))
        await stub.wait_texts(FA_ADMIN, 1)
    (shown,) = [plain_from_html(p["text"]) for p in stub.sent(FA_ADMIN)]
    assert shown.startswith("Encontré 2 clientes para «412 632»:")
    assert "[412] DISTRIBUIDORA PUERTO CLARO" in shown and "[632] ALMACÉN SAN JOSÉ EXPRESS" in shown
    assert f"{_saldo('632', 'CAN'):,} canastillas".replace(",", ".") in shown
