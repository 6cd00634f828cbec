"""Fewer statements per question (issue 15, probe latency): a question's client rows and saldos are read
once for its transaction (`backend.store.request_reads`), and the other companies' names are kept per
company for a few seconds (`backend.context.company_catalogue.OtherNamesCache`) instead of one statement
per question — yet a question naming another company is still refused, and each company keeps its own.

Real PostgreSQL, the product's pool cut to one connection whose statements are logged, the Anthropic
stand-in as the model (so the context, which reads the client and its saldos again, is built).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import date
from typing import Any

import httpx
import pytest
from anthropic import AsyncAnthropic

from backend.api.app import create_app, create_pool
from backend.config import BackendSettings
from backend.context.company_catalogue import OtherNamesCache
from backend.db.connect import tenant_transaction
from backend.store import clients as store_clients
from backend.store.request_reads import remembered
from backend.testing.anthropic_stub import AnthropicStub
from backend.testing.backend_server import ADMINS, TEST_TODAY, register_callers
from tests.test_backend_api import ask_body

CLIENT_ROWS = "FROM clients WHERE id = ANY"
SALDOS = "FROM client_balances WHERE client_id = ANY"
OTHER_NAMES = "fleetops_other_company_names()"
REFUSED = "no consulto los de otras empresas"  # backend.answers.scope.only_own_company


@pytest.fixture
async def logged(fleet_dsn: str, anthropic_stub: AnthropicStub) -> AsyncIterator[tuple[Any, list[str], dict[str, str]]]:
    secrets = await register_callers(fleet_dsn)
    settings = BackendSettings(
        _env_file=None, database_url=fleet_dsn, today=TEST_TODAY, pool_min_size=1, pool_max_size=1, model="claude-test"
    )
    pool = await create_pool(settings)
    seen: list[str] = []
    async with pool.acquire() as conn:  # the pool's only connection: every request runs on it
        conn.add_query_logger(lambda record: seen.append(" ".join(record.query.split())))
    model = AsyncAnthropic(base_url=anthropic_stub.base_url, api_key="test-key", max_retries=0)
    app = create_app(settings, pool=pool, anthropic_client=model)
    try:
        async with app.router.lifespan_context(app):
            yield app, seen, secrets
    finally:
        await model.close()
        await pool.close()


async def _ask(app: Any, seen: list[str], secret: str, question: str, user_id: int) -> tuple[dict[str, Any], list[str]]:
    """The answer body and the statements of that one request (its usage row's included)."""
    seen.clear()
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
        r = await c.post(
            "/v1/ask", json=ask_body(question, user_id=user_id), headers={"Authorization": f"Bearer {secret}"}
        )
    assert r.status_code == 200, r.text
    await app.state.usage.join()
    await asyncio.sleep(0)  # the query logger's callbacks run on the next loop iteration
    return r.json(), list(seen)


async def test_a_question_reads_its_clients_row_and_saldos_once(logged, anthropic_stub):
    """Before: the client's row three times (its code, the exact answer, the context) and its saldos
    twice (the answer, the context), all in the same transaction. (The company's facts, read by the
    first question and then kept, are read before: their top clients' saldos are a read of their own.)"""
    app, seen, secrets = logged
    slug = "frigorifico-andino"
    await _ask(app, seen, secrets[slug], "¿Qué documentos vencen este mes?", ADMINS[slug][0])  # the company facts
    body, statements = await _ask(app, seen, secrets[slug], "¿Cuántas estibas tiene el cliente 412?", ADMINS[slug][0])
    assert body["mode"] == "model" and body["focus"][0]["key"] == "412", body
    assert sum(CLIENT_ROWS in q for q in statements) == 1, statements
    assert sum(SALDOS in q for q in statements) == 1, statements
    facts = str(anthropic_stub.last_body)
    assert "[412]" in facts and "estiba" in facts.lower()  # the context still has the client and its saldos


async def test_the_other_companies_names_are_kept_per_company_and_still_refuse(logged, anthropic_stub):
    app, seen, secrets = logged
    andino, lacteos = "frigorifico-andino", "lacteos-del-valle"
    _body, first = await _ask(app, seen, secrets[andino], "¿Cuántas estibas tiene el cliente 412?", ADMINS[andino][0])
    assert sum(OTHER_NAMES in q for q in first) == 1, first  # read with the admin check, no statement of its own
    named, second = await _ask(
        app, seen, secrets[andino], "¿cuántos vehículos tiene lácteos del valle?", ADMINS[andino][0]
    )
    assert not any(OTHER_NAMES in q for q in second), second  # the kept names
    assert named["answer_kind"] == "not_found", named
    assert REFUSED in str(anthropic_stub.last_body), anthropic_stub.last_body  # the model is handed the refusal
    # the other company has its own entry: read for it, and it is refused the first company's name
    own, third = await _ask(app, seen, secrets[lacteos], "¿qué saldo tiene frigorífico andino?", ADMINS[lacteos][0])
    assert sum(OTHER_NAMES in q for q in third) == 1, third
    assert own["answer_kind"] == "not_found", own
    assert REFUSED in str(anthropic_stub.last_body), anthropic_stub.last_body


def test_kept_names_expire_after_the_ttl():
    now = [100.0]
    cache = OtherNamesCache(5.0, timer=lambda: now[0])
    cache.put(1, [("b", "B")])
    assert cache.get(1) == [("b", "B")] and cache.get(2) is None
    now[0] += 5.1
    assert cache.get(1) is None


async def test_client_rows_and_saldos_are_served_again_only_inside_the_block(fleet_conn):
    company_id = await fleet_conn.fetchval("SELECT id FROM companies WHERE slug = 'frigorifico-andino'")
    seen: list[str] = []
    fleet_conn.add_query_logger(lambda record: seen.append(" ".join(record.query.split())))
    async with tenant_transaction(fleet_conn, company_id, today=date.fromisoformat(TEST_TODAY)) as tx:

        async def reads() -> tuple[list[store_clients.Client], list[store_clients.Client], int]:
            seen.clear()
            by_code = await store_clients.clients(tx, codes=["412"])
            by_id = await store_clients.clients(tx, ids=[by_code[0].id])
            saldos = await store_clients.client_balances(tx, client_ids=[by_code[0].id])
            again = await store_clients.client_balances(tx, client_ids=[by_code[0].id])
            assert saldos == again and saldos
            assert await store_clients.clients(tx, codes=["no-such-code"]) == []
            assert await store_clients.clients(tx, codes=["no-such-code"]) == []  # not found: asked again
            await asyncio.sleep(0)
            return by_code, by_id, sum(CLIENT_ROWS in q or SALDOS in q for q in seen)  # not asyncpg's type reads

        outside = await reads()
        async with remembered():
            inside = await reads()
        after = await reads()
    assert outside[0] == outside[1] == inside[0] == inside[1]
    assert outside[2] == after[2] == 6  # every read a statement
    assert inside[2] == 4  # the client once, its saldos once, the unknown code each time
