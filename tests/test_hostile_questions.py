"""Questions written the way people write numbers: the answer is about the entity meant, or none — never
another one. Through the real backend (data-only answers: no API key), real database."""

from __future__ import annotations

import httpx
import pytest

from backend.testing.backend_server import start_backend
from tests.test_backend_api import ask_body


@pytest.fixture
async def data_only(fleet_dsn):
    async with start_backend(fleet_dsn, None, rate_limit="10000/minute") as server:
        yield server


async def test_a_client_code_with_a_thousands_dot_is_that_client(data_only):
    """Before: «cliente 1.050» was client «1» («No tengo un cliente con el código 1.»); «cliente 412.5»
    was client 412."""
    server = data_only
    async with httpx.AsyncClient(base_url=server.base_url, headers=server.headers(), timeout=30) as c:
        dotted = await c.post("/v1/ask", json=ask_body("¿cuántas canastillas tiene el cliente 1.050?"))
        plain = await c.post("/v1/ask", json=ask_body("¿cuántas canastillas tiene el cliente 1050?"))
        decimal = await c.post("/v1/ask", json=ask_body("¿cuántas canastillas tiene el cliente 412.5?"))
    assert dotted.status_code == plain.status_code == decimal.status_code == 200
    assert dotted.json()["answer"] == plain.json()["answer"] and "[1050]" in plain.json()["answer"]
    assert "[412]" not in decimal.json()["answer"], decimal.json()["answer"]
