"""Follow-up chains of session 14 that the bank cannot see in full (it folds case and judges the last turn
only): an amount said bare after a figure is yes or no of it and the turn after it keeps the chain; its
number is no client code; a wh-word anywhere asks a figure. Real PostgreSQL with the fleet fixture; today
2026-12-01 (the whole chains are in the bank: `questions/chains14.py`)."""

from __future__ import annotations

import pytest

from backend.answers.yes_no import asks_yes_no, bare_amount
from backend.context.mentions import find_mentions
from tests.answers_chain import ask_chain


@pytest.mark.parametrize(
    "question, rest",
    [
        ("¿tiene más de 200?", ""),
        ("¿es más de 5000?", ""),
        ("¿y más de 100?", ""),
        ("más de 300?", ""),
        ("¿son menos de 10.000?", ""),
        ("¿y más de 100 tapas?", "tapas"),
        ("¿y ya pasa de 300?", ""),
        ("¿supera los 100.000?", ""),
        ("¿el 632 tiene más de 10000 canastillas?", None),  # its own client: a yes/no of its own
        ("clientes con más de 1000 canastillas", None),
        ("¿cuántos clientes tienen más de 100 estibas?", None),
        ("¿y el 310?", None),
    ],
)
def test_an_amount_said_bare_is_told_from_a_question_of_its_own(question, rest):
    assert bare_amount(question) == rest


@pytest.mark.parametrize(
    "question", ["¿tiene más de 200?", "¿y menos de 50?", "¿es mayor a 412?", "¿ya pasa de 300?", "¿supera los 412?"]
)
def test_the_number_of_an_amount_is_no_client_code(question):
    assert find_mentions(question).numbers == []


@pytest.mark.parametrize(
    "question",
    ["¿y ese cliente cuántas canastillas tiene?", "¿y el primero que te pregunté cuántas estibas tiene?"],
)
def test_a_wh_word_anywhere_asks_a_figure_not_yes_or_no(question):
    assert not asks_yes_no(question)


async def test_an_amount_said_bare_is_yes_or_no_of_the_figure_and_the_chain_goes_on(fleet_conn):
    over, estibas = (await ask_chain(fleet_conn, ["¿cuántas tapas tiene el 997?", "¿es más de 5000?", "¿y estibas?"]))[
        1:
    ]
    assert over.text == "No, [997] PANADERÍA LA MACARENA EXPRESS tiene 4.683 tapas."
    assert estibas.text == "[997] PANADERÍA LA MACARENA EXPRESS tiene 5.710 estibas."
    street = await ask_chain(fleet_conn, ["¿cuántas canastillas hay en la calle?", "¿son más de 100000?"])
    assert street[1].text == "Sí, hay 101.705 canastillas en la calle."


async def test_after_a_list_beyond_an_amount_another_amount_is_that_list_again(fleet_conn):
    again = (await ask_chain(fleet_conn, ["clientes con más de 1.000 estibas", "¿y más de 3000?"]))[1]
    assert again.text.startswith("Clientes con más de 3.000 estibas: 3.")


async def test_the_first_asked_answers_the_question_said_of_it(fleet_conn):
    city = (
        await ask_chain(
            fleet_conn,
            ["saldo del 310", "¿quién maneja la KLM482?", "¿y el primero que te pregunté en qué ciudad está?"],
        )
    )[-1]
    assert city.text == "[310] COMERCIAL BAHÍA SOLANA está en Barranquilla."
    phone = (
        await ask_chain(fleet_conn, ["¿quién maneja la KLM482?", "¿y la TRX905?", "¿y el primero cuál es su teléfono?"])
    )[-1]
    assert phone.text == "El teléfono de Diego Arango Muñoz es +57 319 567 7563."
    first_note = (await ask_chain(fleet_conn, ["saldo del 1050", "y la primera remision"]))[-1]
    assert "1094" in first_note.text  # «la primera remisión» of the client: no recall


async def test_the_other_after_two_compared_and_another_vehicle_after_what_it_lacks(fleet_conn):
    other = (
        await ask_chain(
            fleet_conn, ["¿quién tiene más canastillas, el 412 o el 310?", "¿y el otro en qué ciudad queda?"]
        )
    )[-1]
    assert other.text == "[412] DISTRIBUIDORA PUERTO CLARO está en Rionegro."
    lacks = (await ask_chain(fleet_conn, ["¿quién maneja la NXM840?", "¿y qué le falta?", "¿y la QMW158?"]))[-1]
    assert lacks.intent == "vehicle.lacking" and lacks.text.startswith("QMW158 no tiene todo al día")


async def test_what_the_clients_just_counted_hold_and_a_drivers_largest_note(fleet_conn):
    held = (
        await ask_chain(
            fleet_conn,
            ["¿cuántas canastillas tiene el 632?", "¿cuántos clientes hay en Itagüí?", "¿y cuántas estibas tienen?"],
        )
    )[-1]
    assert held.text == "Hay 18.377 estibas en clientes de Itagüí."
    chain = [
        "¿quién maneja la KLM482?",
        "¿y la licencia de ese?",
        "¿cuántas remisiones hizo en noviembre?",
        "¿cuál fue la más grande?",
    ]
    largest = (await ask_chain(fleet_conn, chain))[-1]
    assert largest.text.startswith("La remisión más grande de Diego Arango Muñoz en noviembre es la remisión 8325")


async def test_a_persons_pronoun_is_the_driver_the_answer_named(fleet_conn):
    chain = ["¿quién maneja la TRX905?", "¿y cuántas remisiones hizo ella en noviembre?", "¿y en octubre?"]
    november, october = (await ask_chain(fleet_conn, chain))[1:]
    assert november.text.startswith("Marta Londoño Mejía tuvo 8 remisiones en noviembre:")
    assert october.text.startswith("Marta Londoño Mejía tuvo 10 remisiones en octubre:")
    article = (await ask_chain(fleet_conn, ["¿quién maneja la KLM482?", "¿cuántas canastillas tiene el 412?"]))[-1]
    assert article.text == "[412] DISTRIBUIDORA PUERTO CLARO tiene 298 canastillas."  # «el» is no pronoun
