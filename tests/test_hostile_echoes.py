"""What a message quotes back of a long search is cut at a word with «…» (`backend.core.text.echoed`);
it was cut at 80 characters inside a word, without a sign that it was cut. A chart asked for a client
that is only control characters (`client=%00`) is that client not found, not the company's chart (the
bot removes such characters first; any other caller of the backend could send them). Real backend on
the fleet fixture."""

from __future__ import annotations

import httpx
import pytest

from backend.core.text import echoed


@pytest.mark.parametrize(
    ("text", "limit", "shown"),
    [("corto", 80, "corto"), ("uno dos tres cuatro", 12, "uno dos…"), ("a" * 100, 10, "a" * 9 + "…"),
     ("uno, dos, tres", 11, "uno, dos…"), ("x" * 80, 80, "x" * 80)],
)  # fmt: skip
def test_what_is_echoed(text: str, limit: int, shown: str) -> None:
    assert echoed(text, limit) == shown and len(echoed(text, limit)) <= limit


async def test_a_long_search_is_echoed_cut_at_a_word(backend_server) -> None:
    words = " ".join(f"palabra{i}" for i in range(60))
    async with httpx.AsyncClient(base_url=backend_server.base_url, timeout=30) as http:
        r = await http.get(f"/v1/clients/{words}", params={"user_id": 1001}, headers=backend_server.headers())
    assert r.status_code == 404
    quoted = r.json()["message"].split("«", 1)[1].split("»", 1)[0]
    assert quoted.endswith("…") and len(quoted) <= 80
    assert all(word in words.split() for word in quoted[:-1].split())  # whole words only


@pytest.mark.parametrize("client", ["\x00", "\u200b", " \x07 "])
async def test_a_chart_of_a_client_that_is_only_control_characters_is_not_found(backend_server, client) -> None:
    async with httpx.AsyncClient(base_url=backend_server.base_url, timeout=30) as http:
        r = await http.get(
            "/v1/charts/balance.png", params={"user_id": 1001, "client": client}, headers=backend_server.headers()
        )
        company = await http.get("/v1/charts/balance.png", params={"user_id": 1001}, headers=backend_server.headers())
        unauthorized = await http.get("/v1/charts/balance.png", params={"user_id": 1001, "client": client})
    assert r.status_code == 404 and r.json()["error"] == "client_not_found", r.text
    assert company.status_code == 200 and company.headers["content-type"] == "image/png"
    assert unauthorized.status_code == 401
