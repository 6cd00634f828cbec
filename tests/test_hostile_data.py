"""Data the import accepts, at its limits, must not break the answers about it.

Before: a client whose name has 200 characters (the import's limit) made every question about it a 500
`internal_error` — its focus label «[code] name» passed FocusEntity's 200-character limit.
"""

from __future__ import annotations

import asyncpg
import httpx
import pytest

from backend.contract import LABEL_MAX, FocusEntity
from backend.importer.load import import_dir
from backend.testing.backend_server import start_backend
from tests.test_backend_api import ask_body

CODE = "99901"
NAME = "DISTRIBUIDORAS " + "LARGA " * 31  # 200 characters once stripped


@pytest.fixture
async def long_client(fleet_dsn, tmp_path):
    assert len(NAME.strip()) == 200
    (tmp_path / "clients.csv").write_text(f"company,code,name,city\nfrigorifico-andino,{CODE},{NAME},Cali\n")
    conn = await asyncpg.connect(fleet_dsn)
    try:
        await import_dir(conn, tmp_path)
    finally:
        await conn.close()
    async with start_backend(fleet_dsn, None, rate_limit="10000/minute") as server:
        yield server


async def test_a_client_with_the_longest_name_is_answered_and_followed_up(long_client):
    server = long_client
    async with httpx.AsyncClient(base_url=server.base_url, headers=server.headers(), timeout=30) as c:
        asked = await c.post("/v1/ask", json=ask_body(f"¿cuántas canastillas tiene el cliente {CODE}?"))
        assert asked.status_code == 200, asked.text
        focus = asked.json()["focus"]
        assert [f["key"] for f in focus] == [CODE] and len(focus[0]["label"]) <= LABEL_MAX
        city = await c.post("/v1/ask", json={**ask_body("¿y en qué ciudad queda?"), "focus": focus})
        chart = await c.get("/v1/charts/balance.png", params={"client": CODE, "user_id": server.admin_user_id})
    assert city.status_code == 200 and "Cali" in city.json()["answer"], city.text
    assert chart.status_code == 200 and chart.headers["content-type"] == "image/png"


def test_a_long_label_is_cut_not_a_reason_to_refuse_the_entity():
    entity = FocusEntity(kind="client", key="412", label="[412] " + "X" * 1000)
    assert entity.label == ("[412] " + "X" * 1000)[:LABEL_MAX]
