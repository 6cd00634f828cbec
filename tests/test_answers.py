"""Exact answers (issue 13): parser, periods, conversation focus, follow-up chains, precise not-found, and
no user text in the system prompt (issue 11). Real PostgreSQL with the fleet fixture; today 2026-12-01."""

from __future__ import annotations

from datetime import date

import httpx
import pytest

from backend.answers import understand
from backend.core.history import Turn
from backend.core.text import fold
from backend.db.connect import tenant_transaction
from backend.understanding.parse import parse_question
from backend.understanding.periods import find_period

TODAY = date(2026, 12, 1)


@pytest.mark.parametrize(
    "text,start,end,label",
    [
        ("remisiones del 310 en noviembre", date(2026, 11, 1), date(2026, 11, 30), "en noviembre"),
        ("¿qué vence esta semana?", date(2026, 11, 30), date(2026, 12, 6), "esta semana"),  # weeks start on Monday
        ("del 1 al 15 de noviembre", date(2026, 11, 1), date(2026, 11, 15), "del 1 al 15 de noviembre"),
        ("entre el 1 y el 15 de noviembre", date(2026, 11, 1), date(2026, 11, 15), "del 1 al 15 de noviembre"),
        ("lo que vence en los próximos quince días", date(2026, 12, 1), date(2026, 12, 16), "en los próximos 15 días"),
        ("¿cuánto despachamos ayer?", date(2026, 11, 30), date(2026, 11, 30), "ayer"),
        ("¿y hoy?", TODAY, TODAY, "hoy"),
        ("este mes", date(2026, 12, 1), date(2026, 12, 31), "este mes"),
        ("el mes pasado", date(2026, 11, 1), date(2026, 11, 30), "el mes pasado"),
        ("en octubre de 2025", date(2025, 10, 1), date(2025, 10, 31), "en octubre de 2025"),
        (
            "del 1 de enero al 30 de noviembre",
            date(2026, 1, 1),
            date(2026, 11, 30),
            "del 1 de enero al 30 de noviembre",
        ),
        ("entre enero y junio", date(2026, 1, 1), date(2026, 6, 30), "de enero a junio"),
        ("de noviembre a enero", date(2025, 11, 1), date(2026, 1, 31), "de noviembre a enero"),
        (
            "entre el 15 de octubre y el 10 de noviembre",
            date(2026, 10, 15),
            date(2026, 11, 10),
            "del 15 de octubre al 10 de noviembre",
        ),
        ("desde marzo", date(2026, 3, 1), TODAY, "desde el 1 de marzo"),
        ("en lo que va del año", date(2026, 1, 1), TODAY, "en lo que va del año"),
        ("el año pasado", date(2025, 1, 1), date(2025, 12, 31), "el año pasado"),
        ("en el año 2025", date(2025, 1, 1), date(2025, 12, 31), "en 2025"),
        ("¿cuántas tapas devolvieron hace dos días?", date(2026, 11, 29), date(2026, 11, 29), "el 29 de noviembre"),
        ("hace una semana", date(2026, 11, 23), date(2026, 11, 29), "del 23 al 29 de noviembre"),
        ("hace 2 meses", date(2026, 10, 1), date(2026, 10, 31), "en octubre"),
        ("hace un mes", date(2026, 11, 1), date(2026, 11, 30), "en noviembre"),
    ],
)
def test_spanish_periods(text, start, end, label):
    period, _ = find_period(text, TODAY)
    assert (period.start, period.end, period.label) == (start, end, label)


def test_a_month_ahead_when_the_question_looks_ahead():
    assert find_period("¿qué vence en enero?", TODAY, future=True)[0].start == date(2027, 1, 1)
    assert find_period("remisiones de enero", TODAY)[0].start == date(2026, 1, 1)


@pytest.mark.parametrize(
    "text,slots",
    [
        ("¿cuántas canstillas tiene el 412?", {"asset": "canastilla"}),
        ("vencimeinto de la tecno de KLM482", {"doc_type": "TECNOMECANICA", "expiry": True}),
        ("¿y la póliza?", {"doc_type": "POLIZA_RC"}),
        ("los 3 clientes con más tapas", {"aggregation": "top", "top_n": 3, "asset": "tapa", "subject": "clients"}),
        ("¿cuántos vehículos inactivos hay?", {"aggregation": "count", "active": False, "subject": "vehicles"}),
        ("¿cuántas estibas hay en la calle?", {"aggregation": "total", "asset": "estiba"}),
        ("clientes con saldo negativo", {"aggregation": "negative"}),
        ("¿quién era el conductor?", {"attribute": "driver"}),
        ("¿cuántas tapas devolvió?", {"asset": "tapa", "movement": "return"}),
    ],
)
def test_parser_slots_with_typos_and_spoken_style(text, slots):
    q = parse_question(text, TODAY)
    assert {name: getattr(q, name) for name in slots} == slots


def test_numbers_of_periods_and_rankings_are_not_entities():
    for text in ("del 1 al 15 de noviembre", "los 3 clientes con más tapas", "los próximos 15 días"):
        m = parse_question(text, TODAY).mentions
        assert not (m.codes or m.numbers or m.notes), text
    assert parse_question("remisiones del 310 en noviembre", TODAY).mentions.notes == []


async def ask_chain(conn, questions, *, slug="frigorifico-andino", focus=None):
    """Answers of a chain of questions, each with the previous answered pairs as history (as the bot
    stores them: `answer` and `ambiguous`, never `not_found`) and the latest focus sent back."""
    company = await conn.fetchval("SELECT id FROM companies WHERE slug = $1", slug)
    turns, sent_focus, out = [], list(focus or []), []
    for question in questions:
        async with tenant_transaction(conn, company, today=TODAY):
            exact = (await understand(conn, company_id=company, question=question, turns=turns, focus=sent_focus)).exact
        out.append(exact)
        if exact is not None and exact.kind != "not_found":
            turns = (turns + [Turn(question, exact.text)])[-6:]
            if exact.kind == "answer" and exact.focus:
                sent_focus = [f.model_dump() for f in exact.focus]
    return out


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


async def test_fleet_wide_questions(fleet_conn):
    answers = await ask_chain(
        fleet_conn,
        [
            "¿cuántas estibas hay en la calle?",
            "¿cuántos vehículos inactivos hay?",
            "¿qué vehículos tienen el SOAT vencido?",
            "¿qué documentos vencen esta semana?",
            "¿cuántos clientes tenemos en Barranquilla?",
            "conductores con licencia vencida o por vencer",
        ],
    )
    total, inactive, soat, week, barranquilla, licences = answers
    assert total.text == "Hay 104.019 estibas en la calle."
    assert inactive.text == "Hay 1 vehículo inactivo: BDD786."
    assert soat.text.splitlines()[1:] == [
        "• SBY121 · SOAT · venció el 10 de noviembre (hace 21 días)",
        "• TRX905 · SOAT · venció el 20 de noviembre (hace 11 días)",
        "• NXM840 · SOAT · venció el 24 de noviembre (hace 7 días)",
    ]
    assert "KLM482 · tecnomecánica · vence el 4 de diciembre (en 3 días)" in week.text and "venció" not in week.text
    assert barranquilla.text == "Hay 31 clientes en Barranquilla."
    assert "Camilo Agudelo Restrepo (NXM840) · vence el 30 de diciembre (en 29 días)" in licences.text
    assert all(a.focus == [] for a in answers)


async def test_lists_are_capped_with_the_rest_counted(fleet_conn):
    (top,) = await ask_chain(fleet_conn, ["top 15 clientes con más canastillas"])
    lines = top.text.splitlines()
    assert len(lines) == 12 and lines[-1] == "… y 5 más." and all("[" in line for line in lines[1:11])


@pytest.mark.parametrize(
    "slug,question,answer",
    [
        ("frigorifico-andino", "¿y el 413?", "No tengo un cliente con el código 413."),
        (
            "lacteos-del-valle",
            "¿cuándo vence el SOAT de la KLM482?",
            "La placa KLM482 no está en la flota de Lácteos del Valle.",
        ),
        ("frigorifico-andino", "¿quién llevó la remisión 99999?", "No encontré la remisión 99999."),
    ],
)
async def test_precise_not_found(fleet_conn, slug, question, answer):
    (exact,) = await ask_chain(fleet_conn, [question], slug=slug)
    assert (exact.text, exact.kind, exact.focus) == (answer, "not_found", [])


async def test_none_in_a_period_is_an_answer_about_the_client_it_keeps_in_focus(fleet_conn):
    """The client exists: no notes (or 0 returned) in a period is its answer, stored, and the subject of what
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
        "[412] DISTRIBUIDORA PUERTO CLARO devolvió 0 estibas en noviembre.",
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


async def test_no_user_text_reaches_the_system_prompt(backend_server):
    """Issue 11: a marker word in every history field, the focus label and the question never appears in
    `system` (compared folded); facts name records by what the database holds."""
    marker = "Zorbláxico"
    history = [
        {"q": f"¿cuánto tiene distribuidora {marker}?", "a": f"{marker} coincide con varios clientes."},
        {"q": f"¿y el cliente {marker} 412?", "a": f"[412] {marker}"},
        {"q": f"remisión {marker}", "a": f"Te envié la remisión {marker}."},
    ]
    focus = [{"kind": "client", "key": "412", "label": marker}, {"kind": "vehicle", "key": marker}]
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=backend_server.headers(), timeout=30) as c:
        for question in (f"¿cuánto tiene {marker}?", f"¿y {marker}?", f"remisión {marker} del cliente {marker}"):
            r = await c.post(
                "/v1/ask",
                json={"question": question, "history": history, "focus": focus, "chat_id": 1, "user_id": 1001},
            )
            assert r.status_code == 200, r.text
            assert fold(marker) not in fold(backend_server.anthropic.last_body["system"])


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


async def test_documents_due_are_the_active_vehicles_and_say_which_inactive_ones_are_left_out(fleet_conn):
    """Inactive vehicles' documents are left out of the fleet's due list and count, as /vencimientos and the
    morning digest do, and said to be in one line: BDD786 (frigorifico-andino, SOAT on 18 January) and GFT663
    (lacteos-del-valle, tecnomecánica on 8 December). A vehicle's own question still answers."""
    listed, count = await ask_chain(
        fleet_conn,
        ["¿qué documentos vencen en los próximos 60 días?", "¿cuántos documentos vencen en los próximos 60 días?"],
    )
    lines = listed.text.splitlines()
    assert "inactivo" not in "\n".join(lines[:-1]) and not any("BDD786" in line for line in lines[:-1])
    assert lines[-1] == "No incluye 1 documento del vehículo inactivo BDD786."
    shown = lines[0].rsplit("(", 1)[1].split(")")[0]
    left_out = "No incluye 1 documento del vehículo inactivo BDD786."
    assert count.text == f"Documentos que vencen en los próximos 60 días: {shown}. {left_out}"

    none, own = await ask_chain(
        fleet_conn,
        ["¿qué documentos vencen en los próximos 30 días?", "¿cuándo vence la tecnomecánica del GFT663?"],
        slug="lacteos-del-valle",
    )
    assert none.text == (
        "Ningún documento vence en los próximos 30 días. No incluye 1 documento del vehículo inactivo GFT663."
    )
    assert "GFT663" in own.text and "8 de diciembre" in own.text
