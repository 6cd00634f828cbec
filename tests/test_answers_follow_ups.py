"""Exact answers (issue 13): conversation focus and follow-up chains — one slot changed, the rest kept; a focus
re-resolved in the caller's company; typos and ties. Real PostgreSQL with the fleet fixture; today 2026-12-01."""

from __future__ import annotations

from tests.answers_chain import ask_chain


async def test_follow_ups_change_one_slot_and_keep_the_rest(fleet_conn):
    answers = await ask_chain(
        fleet_conn,
        [
            "¿cuántas canastillas tiene el 412?",
            "¿y en qué ciudad queda?",
            "¿y estibas?",
            "¿y el 310?",
            "¿en qué ciudad está?",
        ],
    )
    assert [a.text for a in answers] == [
        "[412] DISTRIBUIDORA PUERTO CLARO tiene 298 canastillas.",
        "[412] DISTRIBUIDORA PUERTO CLARO está en Rionegro.",
        "[412] DISTRIBUIDORA PUERTO CLARO tiene 306 estibas.",
        "[310] COMERCIAL BAHÍA SOLANA tiene 388 estibas.",
        "[310] COMERCIAL BAHÍA SOLANA está en Barranquilla.",
    ]
    assert answers[0].focus[0].model_dump() == {
        "kind": "client",
        "key": "412",
        "label": "[412] DISTRIBUIDORA PUERTO CLARO",
    }


async def test_vehicle_and_driver_follow_ups_with_or_without_y(fleet_conn):
    answers = await ask_chain(
        fleet_conn,
        ["¿cuándo vence el SOAT de la KLM482?", "¿y la tecnomecánica?", "¿quién era el conductor?", "¿y su teléfono?"],
    )
    assert [a.text for a in answers] == [
        "El SOAT de KLM482 vence el 12 de febrero de 2027 (en 73 días).",
        "La tecnomecánica de KLM482 vence el 4 de diciembre de 2026 (en 3 días).",
        "El conductor de KLM482 es Diego Arango Muñoz.",
        "El teléfono de Diego Arango Muñoz es +57 319 567 7563.",
    ]


async def test_delivery_note_follow_ups_from_the_focus_alone(fleet_conn):
    """After a PDF the bot sends the note as focus (no history pair needed)."""
    focus = [{"kind": "delivery_note", "key": "8297", "label": "remisión 8297"}]
    answers = await ask_chain(fleet_conn, ["¿cuántas tapas devolvió?", "¿quién la llevó?"], focus=focus)
    assert [a.text for a in answers] == [
        "En la remisión 8297 se devolvieron 101 tapas.",
        "La remisión 8297 la llevó Luis Gómez Ríos en CQN859.",
    ]


async def test_request_focus_is_re_resolved_in_the_callers_company(fleet_conn):
    forged = [
        {"kind": "client", "key": "412", "label": "[412] ROBADO"},
        {"kind": "vehicle", "key": "KLM482"},
        {"kind": "nonsense", "key": "x"},
        "not even a dict",
        {"kind": "client"},
    ]
    (mine,) = await ask_chain(fleet_conn, ["¿en qué ciudad queda?"], focus=forged)
    assert mine.text == "[412] DISTRIBUIDORA PUERTO CLARO está en Rionegro."  # DB label, not the forged one
    other = await ask_chain(
        fleet_conn,
        ["¿cuándo vence el SOAT?"],
        slug="lacteos-del-valle",
        focus=[{"kind": "vehicle", "key": "KLM482", "label": "KLM482"}],
    )
    assert "KLM482" not in other[0].text  # another company's plate does not resolve: fleet-wide answer instead


async def test_none_in_a_period_is_an_answer_about_the_client_it_keeps_in_focus(fleet_conn):
    """The client exists: no notes (or none returned) in a period is its answer, stored, and the subject of what
    follows («¿y el 412?» → «¿y en octubre?» stays with the 412)."""
    (none,) = await ask_chain(fleet_conn, ["remisiones del 310 en octubre"])
    assert (none.text, none.kind, [f.key for f in none.focus]) == (
        "No encontré remisiones del 310 en octubre.",
        "answer",
        ["310"],
    )
    chain = await ask_chain(
        fleet_conn, ["¿cuántas estibas le devolvió el 310 en noviembre?", "¿y el 412?", "¿y en octubre?"]
    )
    assert [a.text for a in chain] == [
        "[310] COMERCIAL BAHÍA SOLANA devolvió 63 estibas en noviembre.",
        "[412] DISTRIBUIDORA PUERTO CLARO no devolvió ninguna estiba en noviembre.",
        "[412] DISTRIBUIDORA PUERTO CLARO devolvió 121 estibas en octubre.",
    ]


async def test_an_empty_period_of_a_known_client_is_an_answer_that_can_be_followed(fleet_conn):
    """«No encontré remisiones del 310 en octubre.» is precise and about a client that exists: it keeps the
    client as the focus and stays in memory, so «¿y en noviembre?» varies the period."""
    october, november = await ask_chain(fleet_conn, ["remisiones del 310 en octubre", "¿y en noviembre?"])
    assert (october.text, october.kind) == ("No encontré remisiones del 310 en octubre.", "answer")
    assert [f.key for f in october.focus] == ["310"]
    assert november.text.startswith("Remisiones de [310] COMERCIAL BAHÍA SOLANA en noviembre: 3.")


async def test_names_with_typos_resolve_and_ties_are_listed(fleet_conn):
    typo, tie = await ask_chain(fleet_conn, ["¿cuánto tiene distribudora puerto claro?", "¿cuánto tiene bahía?"])
    assert typo.text.startswith("[412] DISTRIBUIDORA PUERTO CLARO")
    assert tie.kind == "ambiguous" and tie.focus == [] and "[310] COMERCIAL BAHÍA SOLANA" in tie.text
    (picked,) = await ask_chain(fleet_conn, ["el de Barranquilla"], focus=[])
    assert picked is None or "BAHÍA" not in picked.text  # nothing to pick from without the list
    chain = await ask_chain(fleet_conn, ["¿cuánto tiene bahía?", "el de Barranquilla"])
    assert chain[1].text.startswith("[310] COMERCIAL BAHÍA SOLANA")


async def test_expiry_of_ese_after_a_client_and_a_vehicles_notes(fleet_conn):
    """«¿y ese cuándo vence?» after a saldo: a client has nothing that expires; a vehicle's delivery notes."""
    answers = await ask_chain(
        fleet_conn,
        [
            "¿cuántas canastillas tiene el 412?",
            "¿y ese cuándo vence?",
            "¿cuál fue el último movimiento de la KLM482?",
            "¿qué remisiones hizo la CQN859 esta semana?",
        ],
    )
    assert answers[1].text.startswith("[412] DISTRIBUIDORA PUERTO CLARO es un cliente: los clientes no tienen vencim")
    assert answers[2].text == (
        "La última remisión de KLM482 es la remisión 8486 (28 de noviembre): despacho 21 canastillas;"
        " devolución 8 canastillas."
    )
    assert answers[3].text.splitlines() == [
        "Remisiones de CQN859 esta semana: 1.",
        "• remisión 8503 (30 de noviembre): despacho 42 estibas y 26 tapas; devolución 16 estibas y 10 tapas",
    ]
