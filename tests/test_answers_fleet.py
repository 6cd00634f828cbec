"""Exact answers (issue 13): fleet-wide questions, capped lists, precise not-found, documents due of the active
vehicles, and no user text in the system prompt (issue 11). Real PostgreSQL with the fleet fixture."""

from __future__ import annotations

import httpx
import pytest

from backend.core.text import fold
from tests.answers_chain import ask_chain


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
