"""A weekday said as a period (pure): «el domingo», «el lunes pasado», «del viernes», «el próximo martes».

    weekday_period("viernes", None, today=date(2026, 12, 1), future=False)
      -> (date(2026, 11, 27), "el viernes 27 de noviembre")

A weekday alone (or «pasado», «anterior», «este») is the latest such day on or before today — today
itself when it is that day —, or the next one on or after today when the question looks ahead
(`future=True`, e.g. expiries); «próximo», «que viene», «entrante», «siguiente» the next one after
today; «antepasado» a week before the latest. A weekday followed by a day number («el domingo 29 de
noviembre») is left to the day rule, and a plural habit («los lunes») is no period.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date, timedelta
from typing import TypeVar

from backend.core import spanish

_P = TypeVar("_P")

WEEKDAYS = ("lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo")

_AHEAD = r"proximo|que\s+viene|entrante|siguiente"
_BEHIND = r"pasado|anterior|antepasado"

#: Folded text (see `date_words.fold_aligned`): group 1 «próximo» before the day, 2 the day, 3 a word after.
WEEKDAY_RE = (
    r"\b(?:(?:el|del|este|al|para\s+el|en\s+el|desde\s+el|hasta\s+el)\s+)?(?:(proximo)\s+)?(?:dia\s+)?"
    r"(?<!\blos\s)(" + "|".join(WEEKDAYS) + r")\b"
    r"(?:\s+(" + _AHEAD + "|" + _BEHIND + r")\b)?(?!\s+(?:\d|de\s+la\s+semana\s+pasada))"
)


#: «del lunes al viernes», «entre el lunes y el miércoles»: group 1 the first day, 2 the last.
WEEKDAY_RANGE_RE = (
    r"\b(?:del|de|desde\s+el|entre\s+el)\s+("
    + "|".join(WEEKDAYS)
    + r")\s+(?:al|a|hasta\s+el|y\s+el)\s+("
    + "|".join(WEEKDAYS)
    + r")\b"
)


def weekday_day(name: str, before: str | None, after: str | None, today: date, future: bool) -> date:
    """The date a weekday phrase names (`name` folded, `before` / `after` its words around, or None)."""
    target = WEEKDAYS.index(name)
    back = (today.weekday() - target) % 7  # 0: today is that day
    latest = today - timedelta(days=back)
    word = " ".join((after or "").split())
    if before or word in ("proximo", "que viene", "entrante", "siguiente"):
        return latest + timedelta(days=7)
    if word == "antepasado":
        return latest - timedelta(days=7)
    if future and not word:
        return latest if back == 0 else latest + timedelta(days=7)
    return latest


def weekday_label(day: date, today: date) -> str:
    """«el viernes 27 de noviembre» («… de 2025» when `day` is of another year than `today`)."""
    name = spanish.weekday_date(day).split()[0]
    return f"el {name} {spanish.day_month(day)}" + (f" de {day.year}" if day.year != today.year else "")


def weekday_span(m: re.Match[str], today: date, future: bool) -> tuple[date, date, str]:
    """(start, end, label) of a `WEEKDAY_RE` match: one day."""
    day = weekday_day(m.group(2), m.group(1), m.group(3), today, future)
    return day, day, weekday_label(day, today)


def weekday_range(m: re.Match[str], today: date, future: bool) -> tuple[date, date, str]:
    """(start, end, label) of a `WEEKDAY_RANGE_RE` match: the latest such span ending on or before today
    (the next one when looking ahead), «del lunes 23 al viernes 27 de noviembre»."""
    end = weekday_day(m.group(2), None, None, today, future)
    start = end - timedelta(days=(WEEKDAYS.index(m.group(2)) - WEEKDAYS.index(m.group(1))) % 7)
    first = spanish.weekday_date(start).split()[0]
    return start, end, f"del {first} {start.day} al {weekday_label(end, today).removeprefix('el ')}"


def weekday_rules(
    today: date, future: bool, period: Callable[[date, date, str], _P]
) -> list[tuple[str, Callable[[re.Match[str]], _P]]]:
    """The weekday rules of `periods._rules` (a span first, then one day), each building `period(start, end,
    label)`."""
    return [
        (WEEKDAY_RANGE_RE, lambda m: period(*weekday_range(m, today, future))),
        (WEEKDAY_RE, lambda m: period(*weekday_span(m, today, future))),
    ]
