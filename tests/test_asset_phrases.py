"""/saldo and /grafica take a company's asset type by its whole name, several words too («/saldo 664 canastas
de leche», «/grafica canastas de leche del 664»: `backend.core.asset_words.split_named` over the company's own
types), and an error names only what is wrong: the client part («999»), or the asset word of no type of the
company («664 estibas» at Lácteos del Valle)."""

from __future__ import annotations

import csv
from pathlib import Path
from urllib.parse import quote, unquote

import httpx

from backend.testing.bot_runner import run_bot
from bot.charts import command_request
from bot.replies import plain_from_html

LV, LV_ADMIN = "lacteos-del-valle", 2001
FIXTURE = Path(__file__).resolve().parents[1] / "demo-data" / "fleet"


def _saldo(company: str, client: str, asset: str) -> int:
    with open(FIXTURE / "movements.csv", newline="", encoding="utf-8") as fh:
        rows = csv.DictReader(fh)
        return sum(
            int(r["quantity"])
            for r in rows
            if (r["company"], r["client_code"], r["asset_type"]) == (company, client, asset)
        )


async def test_saldo_and_chart_routes_split_a_multi_word_asset_type_off_the_client(backend_server) -> None:
    h = backend_server.headers(LV)
    async with httpx.AsyncClient(base_url=backend_server.base_url, timeout=30) as http:

        async def saldo(text: str) -> httpx.Response:
            return await http.get(f"/v1/clients/{quote(text)}", params={"user_id": LV_ADMIN}, headers=h)

        async def chart(words: str) -> httpx.Response:
            asked = command_request(words.split())  # as the bot's /grafica sends it
            params = {
                "user_id": LV_ADMIN,
                "client": asked.client or "",
                **({"asset": asked.asset} if asked.asset else {}),
            }
            return await http.get("/v1/charts/balance.png", params=params, headers=h)

        for text in ("664 canastas de leche", "canastas de leche del 664", "664 canasta de leche"):
            r = await saldo(text)
            assert r.status_code == 200, (text, r.text)
            (match,) = r.json()["matches"]
            assert match["code"] == "664"
            assert [(b["asset_code"], b["balance"]) for b in match["balances"]] == [("CAV", _saldo(LV, "664", "CAV"))]
        r = await saldo("999 canastas de leche")
        assert r.status_code == 404 and r.json()["message"] == "No encontré ningún cliente con «999»."
        r = await saldo("664 estibas")
        assert r.status_code == 404 and r.json()["error"] == "asset_type_not_found"
        assert "«estibas»" in r.json()["message"] and "664" not in r.json()["message"]
        for words in ("664 canastas de leche", "canastas de leche 664", "canastas de leche del 664"):
            r = await chart(words)
            assert r.status_code == 200, (words, r.text)
            assert unquote(r.headers["x-chart-title"]).endswith(" · canastas de leche")
            assert unquote(r.headers["x-chart-client"]) == "664"
        r = await chart("999 canastas de leche")
        assert r.status_code == 404 and r.json()["message"].startswith("No encontré ningún cliente con «999».")
        r = await chart("canastas de leche")
        assert r.status_code == 200 and unquote(r.headers["x-chart-title"]).startswith("Canastas de leche — ")
        fa = backend_server.headers()
        r = await http.get(
            "/v1/charts/balance.png", params={"user_id": 1001, "client": "canastillas de bahia solana"}, headers=fa
        )
        assert (
            r.status_code == 200 and unquote(r.headers["x-chart-title"]) == "[310] COMERCIAL BAHÍA SOLANA · canastillas"
        )


async def test_the_saldo_command_shows_the_asset_type_asked(telegram_stub, backend_server) -> None:
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secrets[LV]):
        stub.push(stub.command("/saldo 664 canastas de leche", chat_id=LV_ADMIN))
        await stub.wait_texts(LV_ADMIN, 1)
        stub.push(stub.command("/saldo 999 canastas de leche", chat_id=LV_ADMIN))
        await stub.wait_texts(LV_ADMIN, 2)
        shown = [plain_from_html(p["text"]) for p in stub.sent(LV_ADMIN)]
    assert shown[0].startswith("[664] SUPERMERCADO SAN JOSÉ S.A.S. (Cali)")
    assert "canastas de leche" in shown[0] and "canastillas" not in shown[0]
    assert f"{_saldo(LV, '664', 'CAV'):,}".replace(",", ".") in shown[0]
    assert "999" in shown[1] and "canastas de leche" not in shown[1]
