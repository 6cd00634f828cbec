"""The facts round of session 12, what the bank cannot see (it folds case): a verdict's sentence after «Sí:» /
«No:» starts lowercase unless it opens with a name, a code or a plate; and a yes-or-no question of a figure
leads with «Sí» / «No» (the whole chains are in the bank: `questions/facts12.py`). Real PostgreSQL with the
fleet fixture; today 2026-12-01."""

from __future__ import annotations

import pytest

from backend.answers.render import verdict_led
from backend.answers.yes_no import asks_yes_no
from tests.answers_chain import ask_chain


@pytest.mark.parametrize(
    "holds, line, said",
    [
        (False, "Más canastillas tiene [310] X: 423.", "No: más canastillas tiene [310] X: 423."),
        (True, "Menos tapas hay en Cali: 5.", "Sí: menos tapas hay en Cali: 5."),
        (True, "Medellín y Bello tienen lo mismo: 3.", "Sí: Medellín y Bello tienen lo mismo: 3."),
        (False, "[412] X tiene más.", "No: [412] X tiene más."),
        (True, "KLM482 es más nueva.", "Sí: KLM482 es más nueva."),
    ],
)
def test_a_verdict_lowercases_only_a_common_word(holds, line, said):
    assert verdict_led(holds, line) == said


@pytest.mark.parametrize(
    "question, asks",
    [
        ("¿el 412 debe estibas?", True),
        ("oye, ¿hubo remisiones ayer?", True),
        ("¿hay clientes en Cali?", True),
        ("¿cuántas estibas debe el 412?", False),
        ("¿qué clientes tienen saldo negativo?", False),
        ("saldo del 412", False),
    ],
)
def test_a_yes_or_no_question_is_told_from_a_question_of_a_figure(question, asks):
    assert asks_yes_no(question) is asks


async def test_a_comparison_claimed_starts_lowercase_after_its_verdict(fleet_conn):
    (named,) = await ask_chain(fleet_conn, ["¿el 412 tiene más canastillas que el 310?"])
    assert named.text.startswith("No: más canastillas tiene [310]")
    (cities,) = await ask_chain(fleet_conn, ["¿Medellín tiene más estibas que Itagüí?"])
    assert cities.text.startswith("No: más estibas hay en Itagüí")


async def test_a_yes_or_no_question_leads_with_its_verdict_in_case(fleet_conn):
    owes, over = await ask_chain(fleet_conn, ["¿el 412 debe estibas?", "¿el 632 tiene más de 10000 canastillas?"])
    assert owes.text.startswith("Sí, [412]") and "306 estibas" in owes.text
    assert over.text.startswith("Sí, [632]") and "10.245 canastillas" in over.text


@pytest.mark.parametrize("question", ["Quantas castillas tienen el cliente 868", "cuantaz tiene el 868", "kuantos hay"])
def test_a_wh_word_one_letter_off_asks_no_yes_or_no(question: str) -> None:
    """Heard by Whisper or typed: «Quantas … tienen …» asks a figure, so no «Sí,» goes before it."""
    assert not asks_yes_no(question)
