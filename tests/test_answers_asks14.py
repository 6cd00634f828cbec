"""Questions nobody had written (session 14): a weekday as a period, a «No» that gives its figures, a zero
count said in words, a saldo asked of a new client after any question, a fact stated to check («¿el 412 está
en Rionegro?»), polite verbs that are no name. The chains are in the bank too (`questions/asks14.py`); here
what it cannot see (case, the exact sentence). Real PostgreSQL with the fleet fixture; today 2026-12-01."""

from __future__ import annotations

from datetime import date

import pytest

from backend.answers.yes_no import asks_yes_no
from backend.understanding.parse import parse_question
from backend.understanding.periods import find_period
from tests.answers_chain import TODAY, ask_chain


@pytest.mark.parametrize(
    "text, day, label",
    [
        ("¿hubo remisiones el domingo?", date(2026, 11, 29), "el domingo 29 de noviembre"),
        ("cuantas canastillas despachamos el lunes", date(2026, 11, 30), "el lunes 30 de noviembre"),
        ("remisiones del viernes pasado", date(2026, 11, 27), "el viernes 27 de noviembre"),
        ("¿qué se despachó el martes?", date(2026, 12, 1), "el martes 1 de diciembre"),  # today is a Tuesday
        ("el sábado antepasado", date(2026, 11, 21), "el sábado 21 de noviembre"),
        ("el próximo lunes", date(2026, 12, 7), "el lunes 7 de diciembre"),
        ("el miércoles que viene", date(2026, 12, 2), "el miércoles 2 de diciembre"),
    ],
)
def test_a_weekday_is_the_latest_such_day_on_or_before_today(text, day, label):
    period = find_period(text, TODAY)[0]
    assert period is not None and (period.start, period.end, period.label) == (day, day, label)


@pytest.mark.parametrize(
    "text, start, end",
    [
        ("remisiones del lunes al viernes", date(2026, 11, 23), date(2026, 11, 27)),
        ("entre el lunes y el miercoles", date(2026, 11, 23), date(2026, 11, 25)),
        ("desde el jueves hasta el sabado", date(2026, 11, 26), date(2026, 11, 28)),
    ],
)
def test_two_weekdays_are_the_latest_such_span(text, start, end):
    period = find_period(text, TODAY)[0]
    assert period is not None and (period.start, period.end) == (start, end)


def test_a_weekday_looking_ahead_is_the_next_one_and_a_habit_or_a_dated_day_is_no_weekday():
    ahead = find_period("¿qué vence el jueves?", TODAY, future=True)[0]
    assert ahead is not None and ahead.start == date(2026, 12, 3)
    assert find_period("los lunes despachamos más", TODAY)[0] is None
    dated = find_period("el domingo 29 de noviembre", TODAY)[0]
    assert dated is not None and dated.label == "el 29 de noviembre"


async def test_a_weekday_is_answered_as_its_day(fleet_conn):
    sunday, monday, friday = await ask_chain(
        fleet_conn,
        ["¿hubo remisiones el domingo?", "¿cuántas canastillas despachamos el lunes?", "remisiones del viernes pasado"],
    )
    assert sunday.text == "No, no encontré remisiones el domingo 29 de noviembre."
    assert monday.text == "El lunes 30 de noviembre se despacharon 423 canastillas."
    assert friday.text.startswith("Remisiones el viernes 27 de noviembre: 14.")


async def test_a_zero_count_of_notes_is_said_in_words(fleet_conn):
    (medellin,) = await ask_chain(fleet_conn, ["¿cuántas remisiones hubo ayer en Medellín?"])
    assert medellin.text == "Ayer no hubo remisiones en Medellín."
    (today,) = await ask_chain(fleet_conn, ["¿cuántas remisiones hubo hoy?"])
    assert today.text == "Hoy no ha habido remisiones aún."
    (sunday,) = await ask_chain(fleet_conn, ["cuantas devoluciones hubo el domingo"])
    assert sunday.text == "El domingo 29 de noviembre no hubo remisiones con devolución."


async def test_no_negative_saldo_gives_the_saldos(fleet_conn):
    (no,) = await ask_chain(fleet_conn, ["¿el 412 tiene saldo negativo?"])
    assert no.text == (
        "No, [412] DISTRIBUIDORA PUERTO CLARO no tiene saldos negativos:"
        " tiene 298 canastillas, 306 estibas y 109 tapas."
    )


@pytest.mark.parametrize(
    "before",
    ["¿cuántas remisiones hubo en Cali?", "clientes de Medellín con saldo negativo", "remisiones de cali de ayer"],
)
async def test_how_many_a_new_client_owes_is_its_saldo_after_any_question(fleet_conn, before):
    _, owes = await ask_chain(fleet_conn, [before, "y el 77 cuántas debe?"])
    assert owes.text == "[77] MINIMERCADO EL_SOL *24H* (Itagüí) tiene 22 canastillas, 42 estibas y 105 tapas."


@pytest.mark.parametrize(
    "question, asks",
    [
        ("y el 77 cuántas debe?", False),
        ("el 412 cuánto tiene?", False),
        ("q conductor tiene la licencia vencida", False),
    ]
    + [("¿el 412 tiene cuenta?", True), ("¿el 412 debe estibas?", True)],
)
def test_a_wh_word_after_the_subject_asks_a_figure(question, asks):
    assert asks_yes_no(question) is asks


@pytest.mark.parametrize(
    "question, said",
    [
        ("el 412 esta en rionegro?", "Sí, [412] DISTRIBUIDORA PUERTO CLARO está en Rionegro."),
        ("el 632 queda en medellin?", "No, [632] ALMACÉN SAN JOSÉ EXPRESS está en Itagüí."),
        ("avicola el tesoro es de cali?", "Sí, [150] AVÍCOLA EL TESORO está en Cali."),
        ("la KLM482 es de diego arango?", "Sí, el conductor de KLM482 es Diego Arango Muñoz."),
        ("la KLM482 la maneja marta londoño?", "No, el conductor de KLM482 es Diego Arango Muñoz."),
        ("la TRX905 es chevrolet?", "Sí, la marca de TRX905 es Chevrolet NHR."),
        ("la BXN883 es modelo 2014?", "Sí, BXN883 es modelo 2014."),
        ("la NXM840 es del 2012?", "No, NXM840 es modelo 2010."),
        ("la TRX905 es un camion?", "No, TRX905 es un furgón."),
        ("la TRX905 esta activa?", "Sí, TRX905 está activo."),
        ("la remision 8297 fue para el 412?", "No, la remisión 8297 fue para [007] CARNES D'LUCA & HERMANOS (Bello)."),
        ("la remision 8297 la llevo luis gomez?", "Sí, la remisión 8297 la llevó Luis Gómez Ríos en CQN859."),
    ],
)
async def test_a_fact_stated_is_checked_yes_or_no(fleet_conn, question, said):
    (answer,) = await ask_chain(fleet_conn, [question])
    assert answer.text == said


async def test_a_choice_between_two_facts_is_the_fact_with_no_verdict(fleet_conn):
    (city,) = await ask_chain(fleet_conn, ["el 412 es de rionegro o de medellin?"])
    assert city.text == "[412] DISTRIBUIDORA PUERTO CLARO está en Rionegro."


async def test_something_moved_on_a_day_asked_yes_or_no_leads_with_yes(fleet_conn):
    (saturday,) = await ask_chain(fleet_conn, ["hubo despachos el sabado?"])
    assert saturday.text == "Sí, el sábado 28 de noviembre se despacharon 615 canastillas, 908 estibas y 732 tapas."


@pytest.mark.parametrize("verb", ["me pasas", "me regalas", "me das", "me dices", "me puedes dar", "vos sabes"])
def test_a_polite_verb_is_no_name(verb):
    assert parse_question(f"{verb} el cel de diego arango", TODAY).name_words == ("diego", "arango")


async def test_a_zero_saldo_and_a_tie_at_zero_are_said_in_words(fleet_conn):
    held, owes = await ask_chain(fleet_conn, ["¿cuántas estibas tiene el 261?", "¿el 261 debe estibas?"])
    assert held.text == "[261] ALMACÉN EL LAGUITO no tiene estibas (saldo 0)."
    assert owes.text == "No, [261] ALMACÉN EL LAGUITO no tiene estibas (saldo 0)."
    fewest, second = await ask_chain(fleet_conn, ["que conductor hizo menos entregas en noviembre", "y el segundo"])
    assert fewest.text.startswith("Empatan 4 conductores con menos entregas en noviembre, ninguna remisión:")
    assert second.text == "El segundo de la lista es Fabián Gómez Ospina (sin vehículo asignado): ninguna remisión."


@pytest.mark.parametrize(
    "question, said",
    [
        (
            "que ciudad tiene mas clientes",
            "La ciudad con más clientes es Envigado: 41 clientes. Le siguen Rionegro (39) y Cali (34).",
        ),
        ("necesito el numero de cedula de diego arango", "La cédula de Diego Arango Muñoz es 1072416216."),
        ("cuantos años tiene la BXN883", "BXN883 es modelo 2014."),
        (
            "que le llevamos al 310 la ultima vez",
            "La última remisión de [310] COMERCIAL BAHÍA SOLANA es la remisión 8423 (26 de noviembre):"
            " despacho 12 canastillas, 38 estibas y 61 tapas.",
        ),
    ],
)
async def test_one_fact_typed_loosely_is_that_fact(fleet_conn, question, said):
    (answer,) = await ask_chain(fleet_conn, [question])
    assert answer.text == said


async def test_whom_a_driver_took_the_latest_note_to_is_that_notes_client(fleet_conn):
    (latest,) = await ask_chain(fleet_conn, ["a quien le llevo diego arango la ultima remision"])
    assert latest.text == "La remisión 8486 fue para [632] ALMACÉN SAN JOSÉ EXPRESS (Itagüí)."
