"""Every route of the backend, as its paths are spelled: a trailing slash is no route (404 `not_found` in
the error shape), never a redirect. Routing alone: the app is not started (no database, no model)."""

from __future__ import annotations

import re

import httpx
import pytest
from fastapi import FastAPI

from backend.api.app import create_app
from backend.config import BackendSettings

_PARAM = re.compile(r"\{[^}]+\}")
# A parameter that takes the rest of the path (`{code_or_name:path}`): the slash is part of the term.
REST_OF_PATH = {"/v1/clients/{code_or_name}"}
DOCS = ("/openapi.json", "/docs", "/redoc")


def _app() -> FastAPI:
    return create_app(BackendSettings(database_url="postgresql://unused/none"))


def _routes() -> list[tuple[str, str, bool]]:
    """(method, path with its parameters filled in, whether a parameter takes the rest of the path) of
    every route the OpenAPI document lists, and the documentation pages."""
    found = [("GET", path, False) for path in DOCS]
    for path, operations in _app().openapi()["paths"].items():
        for method in sorted(operations):
            found.append((method.upper(), _PARAM.sub("412", path), path in REST_OF_PATH))
    return found


def test_the_route_list_holds_every_documented_route() -> None:
    paths = {path for _, path, _ in _routes()}
    assert {"/v1/ask", "/v1/health", "/v1/me", "/v1/expiries", "/v1/alerts", "/v1/bot/admins"} <= paths
    assert "/v1/voice/candidates" in paths and "/v1/delivery-notes/412.pdf" in paths
    assert {"/v1/clients/412"} == {path for _, path, rest in _routes() if rest}


@pytest.mark.parametrize(("method", "path", "rest"), _routes())
async def test_a_trailing_slash_is_a_404_in_the_error_shape_never_a_redirect(method: str, path: str, rest: bool):
    transport = httpx.ASGITransport(app=_app(), raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
        response = await client.request(method, path + "/", json={} if method in {"POST", "PUT"} else None)
    assert not 300 <= response.status_code < 400, (method, path, response.status_code, response.headers)
    if rest:  # the slash is part of the term, answered as any term (here: 401, no bot secret)
        assert response.json()["error"] != "not_found"
        return
    assert response.status_code == 404, (method, path, response.text)
    body = response.json()
    assert set(body) == {"error", "message", "request_id"} and body["error"] == "not_found"
