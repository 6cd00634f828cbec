"""Exact answers (issue 13), the parser: Spanish periods, slots with typos and spoken style, numbers that are
no entities. Today 2026-12-01."""

from __future__ import annotations

from datetime import date

import pytest

from backend.understanding.parse import parse_question
from backend.understanding.periods import find_period
from tests.answers_chain import TODAY


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
