"""/grafica and «gráfica de …» take the asset words admins use (`backend.core.asset_words`): singulars,
plurals, synonyms (canasta, pallets, palets), typos and a client before or after the word; a word that is no
asset type of the company is answered with the words it accepts, in Spanish."""

from __future__ import annotations

from urllib.parse import unquote

import httpx
import pytest

from bot.charts import ChartRequest, command_request, requested_chart


@pytest.mark.parametrize(
    "args, request_",
    [
        ("412 canasta", ChartRequest(client="412", asset="canasta")),
        ("canastas", ChartRequest(asset="canastas")),
        ("tapa", ChartRequest(asset="tapa")),
        ("pallets", ChartRequest(asset="pallets")),
        ("palets del 310", ChartRequest(client="310", asset="palets")),
        ("canastilas", ChartRequest(asset="canastilas")),  # a typo
        ("estibas 310", ChartRequest(client="310", asset="estibas")),
        ("bahia solana", ChartRequest(client="bahia solana")),
        ("412 botellas", ChartRequest(client="412 botellas")),  # no asset word: the backend says what it takes
    ],
)
def test_the_command_splits_the_asset_word_from_the_client(args, request_):
    assert command_request(args.split()) == request_


def test_a_chart_asked_in_words_takes_the_same_asset_words():
    assert requested_chart("gráfica de estibas del 310") == ChartRequest(client="310", asset="estibas")
    assert requested_chart("grafica del 412 de canastas") == ChartRequest(client="412", asset="canastas")


async def test_the_route_takes_the_words_of_each_company_and_says_what_it_accepts(backend_server):
    h, admin = backend_server.headers(), backend_server.admin_user_id
    async with httpx.AsyncClient(base_url=backend_server.base_url, timeout=30) as http:

        async def chart(**params: str) -> httpx.Response:
            return await http.get("/v1/charts/balance.png", params={**params, "user_id": admin}, headers=h)

        for word, title in (
            ("canasta", "Canastillas"),
            ("pallets", "Estibas"),
            ("palet", "Estibas"),
            ("tapa", "Tapas"),
            ("canastilas", "Canastillas"),
            ("TAP", "Tapas"),
        ):
            r = await chart(asset=word)
            assert r.status_code == 200, (word, r.text)
            assert unquote(r.headers["x-chart-title"]).startswith(f"{title} — "), word
        r = await chart(asset="botellas")
        assert r.status_code == 404 and r.json()["message"] == (
            "No manejo activos llamados «botellas» en tu empresa. La gráfica puede ser de canastillas, estibas"
            " o tapas (o sin tipo: todos)."
        )
        r = await chart(client="412 botellas")
        assert r.status_code == 404 and r.json()["error"] == "asset_type_not_found"
        assert "canastillas, estibas o tapas" in r.json()["message"]
        r = await chart(client="zorblaxico")
        assert r.status_code == 404 and r.json()["message"].startswith("No encontré ningún cliente con «zorblaxico».")
        assert "/grafica 412 canastillas" in r.json()["message"]
        lv = {"asset": "canastas", "user_id": 2001}
        r = await http.get("/v1/charts/balance.png", params=lv, headers=backend_server.headers("lacteos-del-valle"))
        assert r.status_code == 200 and unquote(r.headers["x-chart-title"]).startswith("Canastas de leche — ")
