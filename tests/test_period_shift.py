"""A period said relative to the one just answered (`understanding.period_shift`), and «la semana que pasó»
/ «la semana antepasada» read from today (`periods`). Today 2026-12-01 (a Tuesday)."""

from __future__ import annotations

from datetime import date

import pytest

from backend.understanding.period_shift import as_answered, as_day_ago, shifted
from backend.understanding.periods import Period, find_period
from tests.answers_chain import TODAY

LAST_WEEK = Period(date(2026, 11, 23), date(2026, 11, 29), "la semana pasada")
NOVEMBER = Period(date(2026, 11, 1), date(2026, 11, 30), "en noviembre")
YESTERDAY = Period(date(2026, 11, 30), date(2026, 11, 30), "ayer")
FIRST_HALF = Period(date(2026, 11, 1), date(2026, 11, 15), "del 1 al 15 de noviembre")


def _read(text: str | None) -> tuple[date, date] | None:
    period = find_period(text, TODAY)[0] if text is not None else None
    return (period.start, period.end) if period is not None else None


@pytest.mark.parametrize(
    "text,before,start,end",
    [
        ("¿y la anterior?", LAST_WEEK, date(2026, 11, 16), date(2026, 11, 22)),
        ("¿y la semana antes?", LAST_WEEK, date(2026, 11, 16), date(2026, 11, 22)),
        ("y la semana de antes", LAST_WEEK, date(2026, 11, 16), date(2026, 11, 22)),
        ("¿y cuántas estibas la semana anterior?", LAST_WEEK, date(2026, 11, 16), date(2026, 11, 22)),
        ("¿y la siguiente?", LAST_WEEK, date(2026, 11, 30), date(2026, 12, 6)),
        ("¿y dos semanas antes?", LAST_WEEK, date(2026, 11, 9), date(2026, 11, 15)),
        ("¿y el mes anterior?", LAST_WEEK, date(2026, 10, 1), date(2026, 10, 31)),  # before the week's month
        ("¿y el mes anterior?", NOVEMBER, date(2026, 10, 1), date(2026, 10, 31)),
        ("¿y el anterior?", NOVEMBER, date(2026, 10, 1), date(2026, 10, 31)),
        ("¿y el mes siguiente?", NOVEMBER, date(2026, 12, 1), date(2026, 12, 31)),
        ("¿y el día anterior?", YESTERDAY, date(2026, 11, 29), date(2026, 11, 29)),
        ("¿y la semana anterior?", YESTERDAY, date(2026, 11, 23), date(2026, 11, 29)),
        ("¿y la anterior?", FIRST_HALF, date(2026, 10, 17), date(2026, 10, 31)),  # as many days before
        ("¿y el año anterior?", NOVEMBER, date(2025, 1, 1), date(2025, 12, 31)),
        ("¿cuántas se despacharon la semana anterior?", LAST_WEEK, date(2026, 11, 16), date(2026, 11, 22)),
        ("¿cuántas van la semana anterior a esa?", YESTERDAY, date(2026, 11, 23), date(2026, 11, 29)),
    ],
)
def test_a_period_relative_to_the_one_answered(text: str, before: Period, start: date, end: date) -> None:
    assert _read(shifted(text, before, TODAY)) == (start, end)


@pytest.mark.parametrize(
    "text,before",
    [
        ("¿y la semana pasada?", NOVEMBER),  # from today, whatever was answered
        ("¿cuántas canastillas se despacharon la semana anterior?", NOVEMBER),  # its own question: last week
        ("¿y estibas?", LAST_WEEK),
    ],
)
def test_no_relative_period(text: str, before: Period) -> None:
    assert shifted(text, before, TODAY) is None


def test_unitless_is_no_period_when_it_steps_through_a_list() -> None:
    assert shifted("la anterior", NOVEMBER, TODAY, unitless=False) is None
    # the week before the one November starts in (Sunday 1 Nov is in 26 Oct – 1 Nov)
    assert _read(shifted("la semana anterior", NOVEMBER, TODAY, unitless=False)) == (
        date(2026, 10, 19),
        date(2026, 10, 25),
    )


def test_history_reads_a_unitless_shift_only_when_its_answer_was_about_it() -> None:
    answered = as_answered("y la anterior?", LAST_WEEK, TODAY, "Del 16 al 22 de noviembre se despacharon 3.862.")
    assert _read(answered) == (date(2026, 11, 16), date(2026, 11, 22))
    line_above = "Remisión 8423 del 26 de noviembre de 2026 para [310] COMERCIAL BAHÍA SOLANA"
    assert as_answered("la anterior", NOVEMBER, TODAY, line_above) == "la anterior"


@pytest.mark.parametrize(
    "text,start,end",
    [
        ("¿cuántas se despacharon la semana que pasó?", date(2026, 11, 23), date(2026, 11, 29)),
        ("la semana recién pasada", date(2026, 11, 23), date(2026, 11, 29)),
        ("la semana antepasada", date(2026, 11, 16), date(2026, 11, 22)),
        ("el mes que pasó", date(2026, 11, 1), date(2026, 11, 30)),
        ("el mes antepasado", date(2026, 10, 1), date(2026, 10, 31)),
        ("el año que pasó", date(2025, 1, 1), date(2025, 12, 31)),
        ("la semana", date(2026, 11, 30), date(2026, 12, 6)),
    ],
)
def test_periods_gone_said_from_today(text: str, start: date, end: date) -> None:
    assert _read(text) == (start, end)


@pytest.mark.parametrize(
    "text,before,start,end",
    [
        ("¿y hace un mes?", NOVEMBER, date(2026, 10, 1), date(2026, 10, 31)),  # the calendar month before
        ("y hace una semana", YESTERDAY, date(2026, 11, 23), date(2026, 11, 23)),  # that day, a week before
        ("y hace 15 dias", LAST_WEEK, date(2026, 11, 8), date(2026, 11, 14)),  # the same days, 15 before
        (
            "¿y el 29?",
            Period(date(2026, 11, 28), date(2026, 11, 28), "el 28 de noviembre"),
            date(2026, 11, 29),
            date(2026, 11, 29),
        ),
    ],
)
def test_hace_and_a_bare_day_after_a_period(text, before, start, end):
    """Before: «¿y hace un mes?» after November was November again (a month back from today), «¿y el 29?»
    after a day was client 29."""
    assert _read(as_answered(text, before, TODAY, "")) == (start, end)


def test_hace_after_a_saldo_is_that_very_day():
    """«¿y hace un mes?» right after a saldo (no period): the saldo on 1 November, not at November's close."""
    assert as_day_ago("y hace un mes", TODAY) == "y el 1 de noviembre de 2026"
    assert as_day_ago("¿y hace 2 semanas?", TODAY) == "¿y el 17 de noviembre de 2026?"
    assert as_day_ago("¿y la semana pasada?", TODAY) is None
