"""Scalars of the wrong JSON type or spelling are 422 `invalid_request` on every /v1 route, as the ids
already were; a path that is no route is a JSON 404, also with a trailing slash. Real backend, fleet fixture.

Before: pydantic's lax mode coerced them — `{"blocked": "yes"}` or `1` blocked an admin, `"0"` unblocked
one; `{"partial": "yes"}` was true; a digest claim's `date` of 1764547200 (a Unix timestamp) was the
2025-12-01 claim and "2026-11-02T00:00:00" the 2026-11-02 one; `?within_days=3_0` was 30 days and
`3.0`, `+3`, ` 3` were 3, `?days=3_0` a 30-day chart; `/v1/me/`, `/v1/ask/` answered 307 with no body.
"""

from __future__ import annotations

import httpx
import pytest

from tests.test_backend_api import ask_body, assert_error

NOT_BOOLS = ["yes", "true", "0", 1, 0, 1.0, None, [], {}]
NOT_DAYS = [1764547200, 1764547200.0, "2026-11-02T00:00:00", "2026-11-02 ", "20261102", "2026-W45-1", True]
NOT_COUNTS = ["3_0", "3.0", "+3", " 3", "3 ", "0x1e", "1e1", "٣", "30" * 10]


def _client(server) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=server.base_url, headers=server.headers(), timeout=30)


@pytest.mark.parametrize("value", NOT_BOOLS)
async def test_a_flag_that_is_not_a_json_bool_is_422(backend_server, value) -> None:
    uid = backend_server.admin_user_id
    async with _client(backend_server) as http:
        assert_error(await http.put(f"/v1/bot/admins/{uid}/blocked", json={"blocked": value}), 422, "invalid_request")
        partial = {"transcript": "cliente 412", "user_id": uid, "partial": value}
        assert_error(await http.post("/v1/voice/candidates", json=partial), 422, "invalid_request")
        admins = (await http.get("/v1/bot/admins")).json()["admins"]
        assert [a["blocked"] for a in admins if a["user_id"] == uid] == [False]  # nothing changed
        for fine in (True, False):
            assert (await http.put(f"/v1/bot/admins/{uid}/blocked", json={"blocked": fine})).status_code == 200


@pytest.mark.parametrize("value", NOT_DAYS)
async def test_a_claim_date_that_is_not_yyyy_mm_dd_text_is_422(backend_server, value) -> None:
    uid = backend_server.admin_user_id
    async with _client(backend_server) as http:
        claim = await http.post("/v1/bot/digest/claims", json={"user_id": uid, "date": value})
        assert_error(claim, 422, "invalid_request")
        done = {"user_id": uid, "date": value, "outcome": "sent"}
        assert_error(await http.put("/v1/bot/digest/claims", json=done), 422, "invalid_request")
        # and the day it would have been read as was not claimed
        for day in ("2025-12-01", "2026-11-02"):
            fresh = await http.post("/v1/bot/digest/claims", json={"user_id": uid, "date": day})
            assert fresh.status_code == 200, fresh.text


@pytest.mark.parametrize("value", NOT_COUNTS)
async def test_a_count_in_the_query_that_is_not_plain_digits_is_422(backend_server, value) -> None:
    uid = backend_server.admin_user_id
    async with _client(backend_server) as http:
        expiries = await http.get("/v1/expiries", params={"user_id": uid, "within_days": value})
        assert_error(expiries, 422, "invalid_request")
        chart = await http.get("/v1/charts/balance.png", params={"user_id": uid, "days": value})
        assert_error(chart, 422, "invalid_request")


async def test_plain_counts_still_read(backend_server) -> None:
    uid = backend_server.admin_user_id
    async with _client(backend_server) as http:
        for value, days in (("15", 15), ("015", 15), ("0", 0)):
            got = await http.get("/v1/expiries", params={"user_id": uid, "within_days": value})
            assert got.status_code == 200 and got.json()["within_days"] == days
        chart = await http.get("/v1/charts/balance.png", params={"user_id": uid, "days": "30"})
        assert chart.status_code == 200 and chart.headers["content-type"] == "image/png"


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/v1/me/"),
        ("GET", "/v1/health/"),
        ("POST", "/v1/ask/"),
        ("GET", "/v1/clients"),
        ("GET", "/v1/expiries/"),
    ],
)
async def test_a_trailing_slash_is_a_json_404_not_a_bare_redirect(backend_server, method, path) -> None:
    uid = backend_server.admin_user_id
    async with _client(backend_server) as http:
        kwargs = {"json": ask_body("saldo del 412", user_id=uid)} if method == "POST" else {}
        assert_error(await http.request(method, path, params={"user_id": uid}, **kwargs), 404, "not_found")


async def test_every_reference_of_the_openapi_document_resolves(backend_server) -> None:
    """Before: the /v1/ask body referred to `#/$defs/SpokenDoubt`, which is not in the document (schemathesis
    skipped the field; a client generator fails on it)."""
    async with _client(backend_server) as http:
        spec = (await http.get("/openapi.json")).json()
    refs: list[str] = []

    def walk(node: object) -> None:
        if isinstance(node, dict):
            refs.extend(v for k, v in node.items() if k == "$ref")
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(spec)
    schemas = spec["components"]["schemas"]
    assert refs and all(r.startswith("#/components/schemas/") and r.split("/")[-1] in schemas for r in refs)
    ask = spec["paths"]["/v1/ask"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert ask["properties"]["unconfirmed"]["items"]["properties"]["kind"]["enum"] == [
        "client",
        "vehicle",
        "delivery_note",
    ]


async def test_the_openapi_document_gives_every_routes_real_error_shape(backend_server) -> None:
    """Before: every route documented FastAPI's own 422 body (`{"detail": [...]}`, never sent) and no 401,
    403, 429, 503…; `user_id` of /v1/digest, /v1/alerts and the chart had no bounds, so `?user_id=0` was a
    valid request by the document and a 422 by the backend (schemathesis: «schema-valid request rejected»)."""
    async with _client(backend_server) as http:
        spec = (await http.get("/openapi.json")).json()
        wrong = await http.get("/v1/digest", params={"user_id": 0})
    assert "HTTPValidationError" not in spec["components"]["schemas"]
    error = {"$ref": "#/components/schemas/ErrorBody"}
    for path, operations in spec["paths"].items():
        for method, operation in operations.items():
            responses = operation["responses"]
            for status in ("401", "403", "422", "429", "500", "503"):
                assert responses[status]["content"]["application/json"]["schema"] == error, (method, path, status)
            for parameter in operation.get("parameters", []):
                assert not {"ge", "le"} & set(parameter["schema"]), (method, path, parameter)  # JSON Schema's words
                if parameter["name"] == "user_id":
                    assert parameter["schema"]["minimum"] == 1, (method, path)
    assert set(wrong.json()) == set(spec["components"]["schemas"]["ErrorBody"]["properties"])
