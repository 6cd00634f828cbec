"""A client code is the ERP's whatever its case, spaces or dashes (`store.clients.code_key`): `/saldo c-1050`,
«¿cuánto tiene el c-1050?», «cliente c1050» are client C-1050 (they were «No encontré ningún cliente»)."""

from __future__ import annotations

from datetime import date

from backend.answers import understand
from backend.db.connect import tenant_transaction
from backend.store.clients import clients, find_clients


async def test_a_lettered_code_is_found_in_any_spelling(fleet_conn):
    company = await fleet_conn.fetchval("SELECT id FROM companies WHERE slug = 'frigorifico-andino'")
    tx = fleet_conn.transaction()
    await tx.start()
    try:
        await fleet_conn.execute(
            "INSERT INTO clients (company_id, code, name, name_folded, city)"
            " VALUES ($1, 'C-1050', 'TIENDA LA ESQUINA', 'tienda la esquina', 'Medellín')",
            company,
        )
        found, answers = {}, {}
        async with tenant_transaction(fleet_conn, company, today=date(2026, 12, 1)):
            for typed in ("c-1050", "C 1050", "c1050", " C-1050 "):
                hits = await find_clients(fleet_conn, query=typed)
                found[typed] = (hits[0].code, hits[0].by_code) if hits else None
            found["codes"] = [c.code for c in await clients(fleet_conn, codes=["c-1050"])]
        for question in ("¿cuánto tiene el c-1050?", "saldo del cliente c1050", "¿en qué ciudad queda el c-1050?"):
            async with tenant_transaction(fleet_conn, company, today=date(2026, 12, 1)):
                exact = (await understand(fleet_conn, company_id=company, question=question, turns=[], focus=[])).exact
            answers[question] = exact.text if exact is not None else ""
    finally:
        await tx.rollback()
    assert found == {
        "c-1050": ("C-1050", True),
        "C 1050": ("C-1050", True),
        "c1050": ("C-1050", True),
        " C-1050 ": ("C-1050", True),
        "codes": ["C-1050"],
    }
    assert all("[C-1050] TIENDA LA ESQUINA" in text for text in answers.values()), answers
    assert "Medellín" in answers["¿en qué ciudad queda el c-1050?"]
