"""Rankings lowest first: «¿quién tiene menos canastillas?», «los 5 clientes con menos estibas», «el cliente con
menor saldo de tapas», the drivers with the fewest delivery notes. A negative saldo is the lowest; a client
with no movements of the asset counts 0 (as its saldo reads everywhere); ties of one asked are all named.
Real PostgreSQL with the fleet fixture; today 2026-12-01."""

from __future__ import annotations

import pytest

from backend.understanding.parse import parse_question
from tests.answers_chain import TODAY, ask_chain


@pytest.mark.parametrize(
    "text,slots",
    [
        ("¿quién tiene menos canastillas?", {"aggregation": "bottom", "top_n": 1, "asset": "canastilla"}),
        ("los 5 clientes con menos estibas", {"aggregation": "bottom", "top_n": 5, "asset": "estiba"}),
        ("el cliente con menor saldo de tapas", {"aggregation": "bottom", "top_n": 1, "asset": "tapa"}),
        ("el saldo más bajo de canastillas", {"aggregation": "bottom", "asset": "canastilla"}),
        ("los que menos tapas tienen", {"aggregation": "bottom", "top_n": None}),
        ("el cliente con mayor saldo de tapas", {"aggregation": "top", "top_n": 1}),
        ("¿y con menos?", {"aggregation": "bottom"}),
        ("¿y con más?", {"aggregation": "top"}),
        ("clientes con menos de 10 tapas", {"aggregation": None}),  # a threshold, not a ranking
        ("el carro menos viejo", {"aggregation": None, "age": "newest"}),
    ],
)
def test_lowest_first_is_read_and_its_words_name_no_one(text, slots):
    q = parse_question(text, TODAY)
    assert {name: getattr(q, name) for name in slots} == slots
    if q.aggregation == "bottom":
        assert not q.names_entity(), q.name_words


async def test_the_lowest_clients_start_with_negatives_and_count_a_client_without_movements_as_0(fleet_conn):
    lowest, one, tapas = await ask_chain(
        fleet_conn,
        ["los 5 clientes con menos estibas", "¿quién tiene menos canastillas?", "el cliente con menor saldo de tapas"],
    )
    assert lowest.text.splitlines() == [
        "Los 5 clientes con menos estibas:",
        "1. [584] AVÍCOLA LA ESPERANZA S.A.S. (Bogotá): -10 estibas ⚠️ (saldo negativo: revisar datos)",
        "2. [896] DEPÓSITO EL PORVENIR Y CIA (Barranquilla): -3 estibas ⚠️ (saldo negativo: revisar datos)",
        "3. [405] ALMACÉN LA MACARENA DEL NORTE (Bello): -1 estiba ⚠️ (saldo negativo: revisar datos)",
        "4. [261] ALMACÉN EL LAGUITO (Rionegro): 0 estibas",  # no estiba ever moved: 0
        "5. [173] AVÍCOLA EL DORADO LTDA (Bogotá): 2 estibas",
    ]
    assert one.text == (
        "El cliente con menos canastillas es [521] INVERSIONES LOS ALPES EXPRESS (Barranquilla), con -9 canastillas"
        " ⚠️ (saldo negativo: revisar datos)."
    )
    assert tapas.text.startswith("El cliente con menos tapas es [507] ")
    below = (await ask_chain(fleet_conn, ["clientes con menos de 1 estiba"]))[0]
    assert "[261] ALMACÉN EL LAGUITO (Rionegro): 0 estibas" in below.text  # the threshold counts it too


async def test_ties_of_the_one_asked_are_all_named_and_a_client_with_no_movements_at_all_is_0(fleet_conn):
    company = await fleet_conn.fetchval("SELECT id FROM companies WHERE slug = 'lacteos-del-valle'")
    for code in ("T1", "T2"):  # two new clients with no movements: they tie at 0, below every other
        await fleet_conn.execute(
            "INSERT INTO clients (company_id, code, name, name_folded, city) VALUES ($1, $2, $3, $4, 'Bello')",
            company,
            code,
            f"TIENDA NUEVA {code}",
            f"tienda nueva {code.lower()}",
        )
    one, three = await ask_chain(
        fleet_conn,
        ["¿quién tiene menos canastillas?", "los 3 clientes con menos canastas de leche"],
        slug="lacteos-del-valle",
    )
    assert one.text.splitlines() == [
        "Empatan 2 clientes con menos canastillas, 0 canastillas cada uno:",
        "• [T1] TIENDA NUEVA T1 (Bello)",
        "• [T2] TIENDA NUEVA T2 (Bello)",
    ]
    assert three.text.splitlines()[1:] == [
        "1. [T1] TIENDA NUEVA T1 (Bello): 0 canastas de leche",
        "2. [T2] TIENDA NUEVA T2 (Bello): 0 canastas de leche",
        "3. [855] SUPERMERCADO LA CANDELARIA (Rionegro): 1 canasta de leche",
    ]


async def test_the_other_end_of_the_ranking_just_given(fleet_conn):
    _, fewest, most = await ask_chain(fleet_conn, ["los 3 clientes con más tapas", "¿y con menos?", "¿y con más?"])
    assert fewest.text.splitlines()[:3] == [
        "Los 3 clientes con menos tapas:",
        "1. [507] AVÍCOLA EL CARIBE S.A.S. (Pereira): -1 tapa ⚠️ (saldo negativo: revisar datos)",
        "2. [758] SURTIDORA EL PROGRESO #2 (Cali): 1 tapa",
    ]
    assert most.text.splitlines()[:2] == [
        "Los 3 clientes con más tapas:",
        "1. [632] ALMACÉN SAN JOSÉ EXPRESS (Itagüí): 7.992 tapas",
    ]


async def test_the_drivers_with_the_fewest_notes_count_every_driver(fleet_conn):
    (fewest,) = await ask_chain(fleet_conn, ["¿qué conductor hizo menos entregas en noviembre?"])
    assert fewest.text.splitlines() == [
        "Empatan 4 conductores con menos entregas en noviembre, ninguna remisión:",
        "• Camilo Henao Londoño (sin vehículo asignado)",
        "• Fabián Gómez Ospina (sin vehículo asignado)",
        "• Yeison Restrepo Cardona (sin vehículo asignado)",
        "• Óscar Valencia Ospina (sin vehículo asignado)",
    ]


async def test_who_moved_most_with_no_asset_said_ranks_every_asset_and_is_the_companys_question(fleet_conn):
    """«¿quién despachó más en noviembre?» named no asset, so it was no ranking: the period's totals, or —
    after a client's saldo — that client's November («No encontré despachos del 412 en noviembre.»)."""
    for text in ("quien despacho mas en noviembre", "¿a quién le despachamos más en noviembre?"):
        assert parse_question(text, TODAY).aggregation == "top"
    assert parse_question("¿qué cliente devolvió menos en octubre?", TODAY).aggregation == "bottom"
    _, most, returned = await ask_chain(
        fleet_conn,
        ["¿cuántas canastillas tiene el 412?", "quien despacho mas en noviembre", "quien devolvio mas en octubre"],
    )
    assert most.text == (
        "El cliente al que más unidades se le despacharon en noviembre es [632] ALMACÉN SAN JOSÉ EXPRESS (Itagüí),"
        " con 4.366 unidades."
    )
    assert returned.text == (
        "El cliente que más unidades devolvió en octubre es [632] ALMACÉN SAN JOSÉ EXPRESS (Itagüí),"
        " con 2.986 unidades."
    )
