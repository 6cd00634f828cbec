"""Hostile path and query parameters and headers of the /v1 routes, session 14. Real backend, fleet fixture.

Before: a chart asked for an asset type that is only control or invisible characters (`asset=%00`,
`asset=%E2%80%8B`) was the chart of every type (as `client=%00` was the company's, fixed in session 10);
a delivery note asked as `%00.pdf` was «No encontré la remisión  en…» (nothing named) and one typed with
another script's digits («٥٠٠٠١», what an Arabic keyboard types) was not found although /remision and
every question read it; a request with two `Authorization` headers was authenticated by the first one
(a proxy that passes on the last one would check another secret than the backend's); a body in UTF-16
or UTF-32 was read (`json.loads` guesses the encoding of bytes) although the contract is UTF-8.
"""

from __future__ import annotations

import codecs
import json

import asyncpg
import httpx
import pytest

from tests.test_backend_api import ask_body, assert_error


@pytest.mark.parametrize("asset", ["\x00", "\u200b", " \x07 ", "\u2066\u2069"])
async def test_a_chart_of_an_asset_type_that_is_only_control_characters_is_not_found(backend_server, asset) -> None:
    headers = backend_server.headers()
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=headers, timeout=30) as http:
        r = await http.get("/v1/charts/balance.png", params={"user_id": 1001, "asset": asset})
        typed = await http.get("/v1/charts/balance.png", params={"user_id": 1001, "asset": "ＣＡＮＡＳＴＩＬＬＡＳ"})
    assert_error(r, 404, "asset_type_not_found")
    assert "«" not in r.json()["message"] and "canastillas" in r.json()["message"], r.text
    assert typed.status_code == 200 and typed.headers["content-type"] == "image/png", typed.text
    assert "Canastillas" in httpx.URL("?t=" + typed.headers["x-chart-title"]).params["t"]


async def _note_of(backend_server) -> str:
    """A delivery note of frigorifico-andino written in digits only."""
    conn = await asyncpg.connect(backend_server.dsn)
    try:
        found = await conn.fetchval(
            "SELECT min(m.delivery_note) FROM movements m JOIN companies c ON c.id = m.company_id"
            " WHERE c.slug = 'frigorifico-andino' AND m.delivery_note ~ '^[0-9]+$'"
        )
    finally:
        await conn.close()
    assert isinstance(found, str)
    return found


async def test_a_delivery_note_number_is_read_as_typed_and_nothing_is_refused_in_spanish(backend_server) -> None:
    note = await _note_of(backend_server)
    arabic = "".join(chr(0x660 + int(d)) for d in note)
    wide = "".join(chr(0xFF10 + int(d)) for d in note)
    async with httpx.AsyncClient(
        base_url=backend_server.base_url, headers=backend_server.headers(), timeout=30
    ) as http:
        for number in (note, arabic, wide, f"\u200b{note}"):
            r = await http.get(f"/v1/delivery-notes/{number}.pdf", params={"user_id": 1001})
            assert r.status_code == 200 and r.content.startswith(b"%PDF"), (number, r.text[:200])
        for number in ("%00", "%E2%80%8B", "%07%20"):
            r = await http.get(f"/v1/delivery-notes/{number}.pdf", params={"user_id": 1001})
            assert_error(r, 422, "invalid_request")
            assert r.json()["message"] == "Falta el número de la remisión.", r.text


@pytest.mark.parametrize("order", ["good_first", "good_last"])
async def test_two_authorization_headers_are_refused_whichever_is_first(backend_server, order) -> None:
    good, bad = f"Bearer {backend_server.secret}", "Bearer fo_not_a_real_secret"
    pairs = [good, bad] if order == "good_first" else [bad, good]
    headers = [("Authorization", value) for value in pairs]
    async with httpx.AsyncClient(base_url=backend_server.base_url, timeout=30) as http:
        r = await http.get("/v1/me", params={"user_id": 1001}, headers=headers)
        twice_good = await http.get("/v1/me", params={"user_id": 1001}, headers=[("Authorization", good)] * 2)
        once = await http.get("/v1/me", params={"user_id": 1001}, headers={"Authorization": good})
    assert_error(r, 401, "unauthorized")
    assert_error(twice_good, 401, "unauthorized")
    assert once.status_code == 200, once.text


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32", "utf-32-be"])
async def test_a_body_in_another_encoding_than_utf8_is_422(backend_server, encoding) -> None:
    body = ask_body("¿cuántas canastillas tiene el 412?", user_id=1001)
    async with httpx.AsyncClient(
        base_url=backend_server.base_url, headers=backend_server.headers(), timeout=30
    ) as http:
        other = await http.post("/v1/ask", content=json.dumps(body).encode(encoding))
        with_bom = await http.post("/v1/ask", content=codecs.BOM_UTF8 + json.dumps(body).encode("utf-8"))
    assert_error(other, 422, "invalid_request")
    assert with_bom.status_code == 200, with_bom.text
