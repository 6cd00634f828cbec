"""A period said relative to the one just answered, read as its dates (pure).

    shifted("¿y la anterior?", Period(23 Nov, 29 Nov, "la semana pasada"), today)
      -> "¿y del 16 al 22 de noviembre de 2026?"

Right after an answer about a period, «¿y la anterior?», «¿y la semana antes?», «¿y el mes anterior?»,
«¿y el día siguiente?», «dos semanas antes», «la semana anterior a esa» move from THAT period, not from
today: the week before a week (Monday to Sunday), the calendar month before the month the period starts in,
the day before its first day, the year before; a phrase with no unit («la anterior», «el siguiente») takes
the period's own (a day, a week, a month, a year, else as many days as it spans). Asked afresh («¿cuántas
canastillas se despacharon la semana anterior?» with no «y», after no period) these phrases keep their
reading relative to today (`periods`). The phrase is replaced by the dates («del 16 al 22 de noviembre de
2026»), so the question parses as any other and its answer names the period it is about.
"""

from __future__ import annotations

import calendar
import re
from datetime import date, timedelta

from backend.understanding.date_words import MONTH_NAMES, NUMBER_RE, fold_aligned, month_range, number
from backend.understanding.periods import Period, find_period, with_month_of

_UNIT = r"(dia|semana|mes|ano)"
_BACK = r"(?:anterior|previ[oa]|antes|de\s+antes)"
_AHEAD = r"(?:siguiente|posterior|despues|de\s+despues)"
_TO_THAT = r"(?:\s+(?:a|de)\s+(?:esa|ese|eso|esta|este))?"
_UNITS = {"dia": "dia", "dias": "dia", "semana": "semana", "semanas": "semana", "mes": "mes", "meses": "mes"}
_UNITS |= {"ano": "ano", "anos": "ano"}

# (pattern, direction): group 1 the unit when said, group 2 how many when said
_PHRASES: tuple[tuple[re.Pattern[str], int], ...] = (
    (re.compile(rf"\b(?:la|el|del|de\s+la|en\s+la|en\s+el)\s+{_UNIT}\s+{_BACK}{_TO_THAT}\b"), -1),
    (re.compile(rf"\b(?:la|el|del|de\s+la|en\s+la|en\s+el)\s+{_UNIT}\s+{_AHEAD}{_TO_THAT}\b"), 1),
    (re.compile(rf"\b(?:la|el|del|de\s+la|en\s+la|en\s+el)\s+(?:anterior|previ[oa])\s+{_UNIT}\b"), -1),
    (re.compile(rf"\b(?:la|el|del|de\s+la|en\s+la|en\s+el)\s+(?:siguiente|posterior)\s+{_UNIT}\b"), 1),
    (re.compile(rf"\b(){NUMBER_RE}\s+(dias?|semanas?|mes|meses|anos?)\s+antes{_TO_THAT}\b"), -1),
    (re.compile(rf"\b(){NUMBER_RE}\s+(dias?|semanas?|mes|meses|anos?)\s+despues{_TO_THAT}\b"), 1),
)
_UNITLESS: tuple[tuple[re.Pattern[str], int], ...] = (
    (re.compile(rf"\b(?:la|el)\s+(?:anterior|previ[oa]|de\s+antes){_TO_THAT}\b"), -1),
    (re.compile(rf"\b(?:la|el)\s+(?:siguiente|posterior|de\s+despues){_TO_THAT}\b"), 1),
)
_AGO = re.compile(rf"\bhace\s+{NUMBER_RE}\s+(dias?|semanas?|mes|meses|anos?)\b")
_EXPLICIT = re.compile(r"\b(?:a|de)\s+(?:esa|ese|eso)\b")
_ASKS = frozenset("cuantas cuantos cuanto cuanta cual cuales que quien quienes donde cuando como hay".split())


def _unit_of(p: Period) -> tuple[str, int]:
    """The period's own unit and, for a span of days that is no calendar unit, its length."""
    if p.start == p.end:
        return "dia", 1
    if p.start.weekday() == 0 and p.end == p.start + timedelta(days=6):
        return "semana", 1
    if p.start.day == 1 and p.end == month_range(p.start.year, p.start.month)[1]:
        months = (p.end.year - p.start.year) * 12 + p.end.month - p.start.month + 1
        return ("ano", 1) if months == 12 and p.start.month == 1 else ("mes", months)
    return "dia", (p.end - p.start).days + 1


def moved(p: Period, unit: str | None, steps: int) -> tuple[date, date]:
    """The dates `steps` units away from `p` (negative: before it)."""
    size = 1
    if unit is None:
        unit, size = _unit_of(p)
    if unit == "dia":
        start = p.start + timedelta(days=steps * size) if steps < 0 or size > 1 else p.end + timedelta(days=steps)
        return start, start + timedelta(days=size - 1)
    if unit == "semana":
        monday = p.start - timedelta(days=p.start.weekday()) + timedelta(days=7 * steps)
        return monday, monday + timedelta(days=6)
    if unit == "mes":
        months = p.start.year * 12 + p.start.month - 1 + steps * size
        first = date(months // 12, months % 12 + 1, 1)
        last_month = months + size - 1
        return first, month_range(last_month // 12, last_month % 12 + 1)[1]
    year = p.start.year + steps
    return date(year, 1, 1), date(year, 12, 31)


def said(start: date, end: date) -> str:
    """Words `find_period` reads back as exactly these dates (each with its year)."""
    if start == end:
        return f"el {start.day} de {MONTH_NAMES[start.month - 1]} de {start.year}"
    if (start.month, start.day, end.month, end.day) == (1, 1, 12, 31) and start.year == end.year:
        return f"en el año {start.year}"
    if start.day == 1 and end.day == calendar.monthrange(end.year, end.month)[1]:
        if (start.year, start.month) == (end.year, end.month):
            return f"en {MONTH_NAMES[start.month - 1]} de {start.year}"
        return f"de {MONTH_NAMES[start.month - 1]} de {start.year} a {MONTH_NAMES[end.month - 1]} de {end.year}"
    if (start.year, start.month) == (end.year, end.month):
        return f"del {start.day} al {end.day} de {MONTH_NAMES[start.month - 1]} de {start.year}"
    return (
        f"del {start.day} de {MONTH_NAMES[start.month - 1]} de {start.year}"
        f" al {end.day} de {MONTH_NAMES[end.month - 1]} de {end.year}"
    )


def _follows_up(folded: str) -> bool:
    """«¿y la anterior?», «la semana antes?», «¿y cuántas estibas el mes anterior?»: a follow-up, not a
    question of its own («¿cuántas se despacharon la semana anterior?» is last week)."""
    words = re.sub(r"[^a-z0-9ñ ]", " ", folded).split()
    return words[:1] in (["y"], ["e"], ["tambien"]) or not _ASKS & set(words)


# A day number alone right after a question about one day: «¿y el 29?» after «… el 28 de noviembre»
_BARE_DAY = re.compile(r"^(?:y\s+)?(?:el\s+(?:dia\s+)?|del\s+(?:dia\s+)?|dia\s+)(\d{1,2})$")


def with_day_of(text: str, before: Period) -> str | None:
    """«¿y el 29?» right after a question about one day: the 29th of that month (not client 29); None when
    `before` is no single day or `text` no bare day of its month."""
    folded = " ".join(re.sub(r"[¿?¡!.,]", " ", fold_aligned(text)).split())
    day = _BARE_DAY.fullmatch(folded)
    if before.start != before.end or day is None:
        return None
    if not 1 <= int(day.group(1)) <= calendar.monthrange(before.start.year, before.start.month)[1]:
        return None  # «¿y el 77?» after a day: a client
    return f"{text.rstrip('?¿ ')} de {MONTH_NAMES[before.start.month - 1]} de {before.start.year}"


def back_from(day: date, unit: str, n: int) -> date:
    """The day `n` units (dia, semana, mes, ano) before `day` (a month back from the 31st: the month's last)."""
    if unit in ("dia", "semana"):
        return day - timedelta(days=n * (7 if unit == "semana" else 1))
    months = day.year * 12 + day.month - 1 - n * (12 if unit == "ano" else 1)
    year, month = months // 12, months % 12 + 1
    return date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def as_day_ago(text: str, today: date) -> str | None:
    """«¿y hace un mes?» of a saldo: that very day («el 1 de noviembre de 2026»), not the month; None when
    `text` says no «hace N …»."""
    folded = fold_aligned(text)
    m = _AGO.search(folded)
    if m is None:
        return None
    day = back_from(today, _UNITS[m.group(2)], number(m.group(1)))
    return f"{text[: m.start()]}{said(day, day)}{text[m.end() :]}"


def _ago_shifted(text: str, folded: str, before: Period) -> str | None:
    """«¿y hace una semana?» right after a period: that period moved back (a month: the calendar month)."""
    m = _AGO.search(folded)
    if m is None:
        return None
    unit, n = _UNITS[m.group(2)], number(m.group(1))
    if unit in ("mes", "ano") and _unit_of(before)[0] in ("mes", "ano"):
        start, end = moved(before, unit, -n)  # «¿y hace un mes?» after November: October, whole
    else:  # a day, a week or any span: the same days that long before
        start, end = back_from(before.start, unit, n), back_from(before.end, unit, n)
    return f"{text[: m.start()]}{said(start, end)}{text[m.end() :]}"


def shifted(text: str, before: Period, today: date, *, unitless: bool = True) -> str | None:
    """`text` with its period relative to `before` written as dates; None when it says no such period.
    `unitless`: «la anterior», «el siguiente» may be a period (not the line above of a list just given)."""
    folded = fold_aligned(text)
    if not _follows_up(folded) and not _EXPLICIT.search(folded):
        fresh = find_period(text, today)[0]
        if fresh is None or (fresh.start, fresh.end) != (before.start, before.end):
            return None  # a question of its own, unless its period read afresh is the one just answered
    if (ago := _ago_shifted(text, folded, before)) is not None:
        return ago
    for pattern, direction in (*_PHRASES, *(_UNITLESS if unitless else ())):
        m = pattern.search(folded)
        if m is None:
            continue
        groups = m.groups()
        unit = _UNITS[groups[-1]] if groups and groups[-1] else None
        steps = number(groups[1]) if len(groups) == 3 else 1
        start, end = moved(before, unit, direction * steps)
        return f"{text[: m.start()]}{said(start, end)}{text[m.end() :]}"
    return None


def as_answered(text: str, before: Period | None, today: date, answer: str) -> str:
    """A history turn's question as it was read after a question about `before`: days without their month
    («¿y del 16 al 30?») in that month, a period relative to it as its dates — a unit-less «¿y la anterior?»
    only when its answer was about those dates (else it was the line above of a list)."""
    if before is None:
        return text
    days = with_month_of(text, before) or with_day_of(text, before)
    if days is not None:
        return days
    with_unit = shifted(text, before, today, unitless=False)
    if with_unit is not None:
        return with_unit
    unitless = shifted(text, before, today)
    if unitless is None:
        return text
    read, told = find_period(unitless, today)[0], find_period(answer, today)[0]
    same = read is not None and told is not None and (read.start, read.end) == (told.start, told.end)
    return unitless if same else text
