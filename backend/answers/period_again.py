"""A follow-up's period relative to the one just answered (`understanding.period_shift`), in the flow.

«¿y del 16 al 30?» is those days of the month just asked; «¿y la anterior?», «¿y la semana antes?», «¿y el
mes anterior?» move from the period just answered. «el anterior» / «el siguiente» alone right after a line
picked from a list («la segunda») is the line above or below (`nth`), not a period."""

from __future__ import annotations

from datetime import date

from backend.answers.client import asks_saldo
from backend.answers.followup import previous
from backend.answers.lines import ordinal, relative
from backend.core.history import Turn
from backend.understanding.parse import Question, parse_question
from backend.understanding.period_shift import as_answered, as_day_ago, shifted, with_day_of
from backend.understanding.periods import with_month_of


def in_context(question: str, turns: list[Turn], before: Question | None, today: date) -> str:
    """`question` with a period said relative to `before`'s written as its dates (else unchanged)."""
    if before is not None and turns and (asks_saldo(before) or saldo_chain(turns, today)):
        own = parse_question(question, today)
        plain = own.attribute in (None, "balance", "balance_verb") and not own.names_entity()  # «… cuánto debía»
        if plain and (day := as_day_ago(question, today)) is not None:
            return day  # «¿y hace un mes?» after a saldo (also one on a day): the saldo on that day
    if before is None or before.period is None or not turns:
        return question
    days = with_month_of(question, before.period) or with_day_of(question, before.period)
    if days is not None:
        return days
    latest = parse_question(turns[-1].q, today).tokens
    step = relative(latest) is not None and not _read_as_period(turns, today)
    picked = ordinal(latest) is not None or step  # «la segunda» → «la anterior»: the line above
    return shifted(question, before.period, today, unitless=not picked) or question


def saldo_chain(turns: list[Turn], today: date) -> bool:
    """The latest turns asked a saldo, then only periods of it («¿cuántas tiene el 412?» → «¿y hace un mes?»)."""
    for turn in reversed(turns):
        q = parse_question(turn.q, today)
        if not q.slots_set <= {"period"} or q.names_entity() or asks_saldo(q):
            return asks_saldo(q)
    return False


def _read_as_period(turns: list[Turn], today: date) -> bool:
    """The latest turn («¿y la anterior?») was answered about the period before the one asked before it."""
    asked = previous(turns[:-1], today)
    latest = turns[-1]
    return as_answered(latest.q, asked.period if asked else None, today, latest.a) != latest.q
