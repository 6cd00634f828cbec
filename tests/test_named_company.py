"""A question naming another company of the deployment (`backend.answers.named_company`): by its name, its
slug or a distinctive part of it, typos of long words included; never by a short near word or the own
company's words."""

from __future__ import annotations

import pytest

from backend.answers.named_company import names_other_company

FA, LV = "Frigorífico Andino S.A.S.", "Lácteos del Valle S.A.S."
OF_FA = [("lacteos-del-valle", LV)]
OF_LV = [("frigorifico-andino", FA)]


@pytest.mark.parametrize(
    "question, own, others, named",
    [
        ("cuantos vehiculos tiene lacteos del valle", FA, OF_FA, True),
        ("saldo del 412 de lacteos-del-valle", FA, OF_FA, True),
        ("¿y en Lácteos?", FA, OF_FA, True),
        ("conductores de lactios", FA, OF_FA, True),  # a typo of a long word
        ("que frigorifico andino tiene mas canastillas", LV, OF_LV, True),
        ("clientes del frigorifco", LV, OF_LV, True),
        ("cuanto vale una canastilla", FA, OF_FA, False),  # «vale» is no «valle»
        ("cuantas canastillas hay en la calle", FA, OF_FA, False),
        ("cuantos vehiculos tiene frigorifico andino", FA, OF_FA, False),  # the own company
        ("saldo del 412", LV, OF_LV, False),
        ("cuantos vehiculos tiene lacteos del valle", FA, [], False),  # no other company
    ],
)
def test_names_other_company(question: str, own: str, others: list[tuple[str, str]], named: bool) -> None:
    assert names_other_company(question, own, others) is named


async def test_other_company_names_are_only_the_others(fleet_conn) -> None:
    from backend.db.connect import tenant_transaction
    from backend.store.companies import other_company_names

    company = await fleet_conn.fetchval("SELECT id FROM companies WHERE slug = 'frigorifico-andino'")
    async with tenant_transaction(fleet_conn, company):
        assert await other_company_names(fleet_conn) == [("lacteos-del-valle", LV)]
    assert await fleet_conn.fetch("SELECT * FROM fleetops_other_company_names()") == []  # no tenant: none


async def test_a_word_of_the_other_company_that_an_own_client_holds_is_that_clients(fleet_conn) -> None:
    """With a client «SUPERMERCADO ANDINO» at Lácteos, «andino» alone is that client's word, not Frigorífico
    Andino: its question is answered; the other company's whole name, or a word of it no own name holds, is
    still refused. (With 50 companies on a host their names' words — «distribuidora», «alimentos» — are
    often words of a company's own clients.)"""
    from datetime import date

    from backend.answers import understand
    from backend.db.connect import tenant_transaction

    lv = await fleet_conn.fetchval("SELECT id FROM companies WHERE slug = 'lacteos-del-valle'")
    tx = fleet_conn.transaction()
    await tx.start()
    try:
        await fleet_conn.execute(
            "INSERT INTO clients (company_id, code, name, name_folded, city)"
            " VALUES ($1, 'T901', 'SUPERMERCADO ANDINO', 'supermercado andino', 'Cali')",
            lv,
        )
        intents = {}
        for question in (
            "saldo del supermercado andino",
            "que frigorifico andino tiene mas canastillas",
            "¿y en el frigorifico?",
        ):
            async with tenant_transaction(fleet_conn, lv, today=date(2026, 12, 1)):
                exact = (await understand(fleet_conn, company_id=lv, question=question, turns=[], focus=[])).exact
            intents[question] = exact.intent if exact is not None else None
    finally:
        await tx.rollback()
    assert intents["saldo del supermercado andino"] != "other_company"
    assert intents["que frigorifico andino tiene mas canastillas"] == "other_company"
    assert intents["¿y en el frigorifico?"] == "other_company"
