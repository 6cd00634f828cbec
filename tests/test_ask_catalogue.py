"""A question's company catalogue (issue 15, probe latency): `/v1/ask` reads the company's row, asset
types and cities in the statement that checks the admin (`caller_row(catalogue=True)`) and answers and
builds the context from them (`backend.context.company_catalogue`), instead of four statements more
per question (the company row twice, the asset types, the cities). The answers stay those of the
catalogue read on its own; an import between two questions is seen by the second.

Real PostgreSQL, the product's pool cut to one connection whose statements are logged.
"""

from __future__ import annotations

import asyncio
from datetime import date

import asyncpg
import httpx
import pytest

from backend.answers import understand
from backend.api.app import create_app, create_pool
from backend.config import BackendSettings
from backend.db.connect import tenant_transaction
from backend.store import asset_types as store_asset_types
from backend.store import companies as store_companies
from backend.testing.backend_server import ADMINS, TEST_TODAY, register_callers
from tests.test_backend_api import ask_body

QUESTIONS = (
    "¿Cuántas estibas tiene el cliente 412?",
    "¿Cuántos clientes hay en Barranquilla?",
    "¿Qué saldo tiene puerto claro?",
    "¿Qué documentos vencen este mes?",
)
# what each of the four statements looked like (backend.store.companies / asset_types)
CATALOGUE_STATEMENTS = (
    "FROM companies WHERE id = fleetops_company_id()",
    "FROM asset_types ORDER BY code",
    "SELECT DISTINCT city FROM clients",
)


async def _exact_read_alone(dsn: str, slug: str, question: str) -> str | None:
    """The exact answer with the catalogue read by `understand` itself (no request)."""
    conn = await asyncpg.connect(dsn)
    try:
        company_id = await conn.fetchval("SELECT id FROM companies WHERE slug = $1", slug)
        async with tenant_transaction(conn, company_id, today=date.fromisoformat(TEST_TODAY)) as tx:
            understood = await understand(tx, company_id=company_id, question=question, turns=[], focus=[])
    finally:
        await conn.close()
    return understood.exact.text if understood.exact else None


@pytest.fixture
async def logged(fleet_dsn):
    secrets = await register_callers(fleet_dsn)
    settings = BackendSettings(
        _env_file=None, database_url=fleet_dsn, today=TEST_TODAY, pool_min_size=1, pool_max_size=1
    )
    pool = await create_pool(settings)
    seen: list[str] = []
    async with pool.acquire() as conn:  # the pool's only connection: every request runs on it
        conn.add_query_logger(lambda record: seen.append(" ".join(record.query.split())))
    app = create_app(settings, pool=pool, anthropic_client=None)  # no model: the exact answer is the reply
    try:
        async with app.router.lifespan_context(app):
            yield app, seen, secrets
    finally:
        await pool.close()


async def _ask(app, secret: str, question: str, user_id: int) -> str:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
        r = await c.post(
            "/v1/ask", json=ask_body(question, user_id=user_id), headers={"Authorization": f"Bearer {secret}"}
        )
    assert r.status_code == 200, r.text
    await app.state.usage.join()
    await asyncio.sleep(0)  # the query logger's callbacks run on the next loop iteration
    return str(r.json()["answer"])


@pytest.mark.parametrize("question", QUESTIONS)
async def test_a_question_reads_no_catalogue_statement_and_answers_the_same(logged, fleet_dsn, question):
    app, seen, secrets = logged
    slug = "frigorifico-andino"
    seen.clear()
    answer = await _ask(app, secrets[slug], question, ADMINS[slug][0])
    assert answer == await _exact_read_alone(fleet_dsn, slug, question)
    assert not [q for q in seen if any(s in q for s in CATALOGUE_STATEMENTS)], seen
    assert sum("fleetops_today(" in q for q in seen) == 1, seen  # the company row once: with the admin check


async def test_an_import_between_two_questions_is_seen_by_the_second(logged, fleet_dsn):
    """Nothing of the catalogue outlives its request: a city imported after one question is known to
    the next at once."""
    app, _seen, secrets = logged
    slug = "frigorifico-andino"
    question = "¿Cuántos clientes hay en Popayán?"
    before = await _ask(app, secrets[slug], question, ADMINS[slug][0])
    owner = await asyncpg.connect(fleet_dsn)
    try:
        await owner.execute(
            "INSERT INTO clients (company_id, code, name, name_folded, city)"
            " SELECT id, '9901', 'TIENDA NUEVA', 'tienda nueva', 'Popayán' FROM companies WHERE slug = $1",
            slug,
        )
    finally:
        await owner.close()
    after = await _ask(app, secrets[slug], question, ADMINS[slug][0])
    assert after == await _exact_read_alone(fleet_dsn, slug, question)
    assert after != before and "1" in after, (before, after)


async def test_caller_row_catalogue_is_what_the_reads_alone_give(fleet_dsn, empty_dsn):
    """Both fixture companies, and a company with no asset types and no clients (empty arrays)."""
    owner = await asyncpg.connect(empty_dsn)
    try:
        await owner.execute("INSERT INTO companies (slug, name, timezone) VALUES ('vacia', 'Vacía', 'America/Bogota')")
    finally:
        await owner.close()
    for dsn in (fleet_dsn, empty_dsn):
        conn = await asyncpg.connect(dsn)
        try:
            for company_id in [r["id"] for r in await conn.fetch("SELECT id FROM companies ORDER BY id")]:
                async with tenant_transaction(conn, company_id) as tx:
                    row = await store_companies.caller_row(tx, company_id=company_id, user_id=1, catalogue=True)
                    assert row is not None
                    assert row.assets == await store_asset_types.catalogue(tx)
                    assert row.cities == await store_companies.cities(tx)
                    plain = await store_companies.caller_row(tx, company_id=company_id, user_id=1)
                    assert plain is not None and plain.assets is None and plain.cities is None
        finally:
            await conn.close()
