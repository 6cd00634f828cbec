"""Spanish periods in a question -> a date range in the company's local calendar (pure).

    find_period("remisiones del 310 en noviembre", today=date(2026, 12, 1))
      -> Period(date(2026, 11, 1), date(2026, 11, 30), "en noviembre")

Understood: «hoy», «ayer», «anteayer» («antier»), «mañana», «esta semana» / «la semana pasada» / «la próxima
semana» (weeks start on Monday), «este mes» / «el mes pasado» / «el próximo mes», «este año», «en octubre [de
2026]», «el 15 de noviembre», «del 1 al 15 de noviembre», «entre el 1 y el 15 de noviembre», «los próximos 15
días», «en 10 días», «los últimos 7 días», «hace dos días» (that day; «hace una semana», «hace un mes»: that
week or month), a weekday («el domingo», «el viernes pasado»: `weekdays.py`). A month without a year is the
latest one not after today, or the next one not before today when the question looks ahead (`future=True`,
e.g. expiries). Labels are built from the dates, never copied from the question. No date library parses
these phrases correctly (dateparser reads «del 1 al 15 de noviembre» as one day), hence these rules.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

from backend.core import spanish
from backend.understanding.date_words import (
    MONTH_NAMES,
    fold_aligned,
    month_range,
    number,
    pick_year,
)
from backend.understanding.date_words import MONTH_RE as _MONTH
from backend.understanding.date_words import NUMBER_RE as _N
from backend.understanding.date_words import YEAR_RE as _YEAR
from backend.understanding.vocabulary import MONTHS
from backend.understanding.weekdays import weekday_rules

# «la semana que pasó», «el mes recién pasado», «el año que acaba de pasar»: the last one, not this one
_JUST_GONE = r"(?:que\s+paso|recien\s+pasad[oa]|que\s+acaba\s+de\s+pasar|inmediatamente\s+anterior)\b"
OTHER_PERIOD = re.compile(r"\bla otra semana\b|\bel otro mes\b")  # Colombian: the next one, not «el otro»


@dataclass(frozen=True)
class Period:
    """Inclusive local-date range and a Spanish label made from the dates («en octubre», «esta semana»)."""

    start: date
    end: date
    label: str

    def contains(self, day: date) -> bool:
        return self.start <= day <= self.end


def _range_label(start: date, end: date) -> str:
    if start.month == end.month and start.year == end.year:
        return f"del {start.day} al {spanish.day_month(end)}"
    return f"del {spanish.day_month(start)} al {spanish.day_month(end)}"


#: Builds the period a pattern's match names (None: the match names no valid period).
_Rule = Callable[[re.Match[str]], Period | None]


def _monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


def _rules(today: date, future: bool) -> list[tuple[str, _Rule]]:  # noqa: C901 - a flat table of rules reads best
    monday = _monday(today)
    first = today.replace(day=1)
    prev_month_end = first - timedelta(days=1)
    next_month_start = (first + timedelta(days=32)).replace(day=1)

    def day_range(m: re.Match[str]) -> Period | None:
        month = MONTHS[m.group(3)]
        year = pick_year(month, m.group(4), today, future)
        a, b = number(m.group(1)), number(m.group(2))
        try:
            start, end = date(year, month, a), date(year, month, b)
        except ValueError:
            return None
        return Period(start, end, _range_label(start, end)) if start <= end else None

    def span(
        start_month: int,
        start_year: str | None,
        end_month: int,
        end_year: str | None,
        start_day: int | None = None,
        end_day: int | None = None,
    ) -> Period | None:
        """Across months: the end's year as a lone month's, the start's the same or the year before."""
        last = pick_year(end_month, end_year, today, future)
        first_year = int(start_year) if start_year else (last if start_month <= end_month else last - 1)
        try:
            start = date(first_year, start_month, start_day or 1)
            end = date(last, end_month, end_day or calendar.monthrange(last, end_month)[1])
        except ValueError:
            return None
        if start > end:
            return None
        if start_day is None:
            label = f"de {MONTH_NAMES[start_month - 1]} a {MONTH_NAMES[end_month - 1]}"
            return Period(start, end, label + (f" de {last}" if last != today.year else ""))
        return Period(start, end, _range_label(start, end))

    def days_across(m: re.Match[str]) -> Period | None:
        start_day, end_day = number(m.group(1)), number(m.group(4))
        return span(MONTHS[m.group(2)], m.group(3), MONTHS[m.group(5)], m.group(6), start_day, end_day)

    def months_across(m: re.Match[str]) -> Period | None:
        return span(MONTHS[m.group(1)], m.group(2), MONTHS[m.group(3)], m.group(4))

    def since(m: re.Match[str]) -> Period | None:
        """«desde enero», «desde el 15 de marzo»: from that day to today."""
        month = MONTHS[m.group(2)]
        year = pick_year(month, m.group(3), today, False)
        try:
            start = date(year, month, number(m.group(1)) if m.group(1) else 1)
        except ValueError:
            return None
        return (
            Period(start, today, f"desde el {spanish.day_month(start)}" + (f" de {year}" if year != today.year else ""))
            if start <= today
            else None
        )

    def whole_year(m: re.Match[str]) -> Period | None:
        year = int(m.group(1))
        if not 2000 <= year <= today.year + 1:
            return None
        return Period(date(year, 1, 1), date(year, 12, 31), "este año" if year == today.year else f"en {year}")

    def one_day(m: re.Match[str]) -> Period | None:
        month = MONTHS[m.group(2)]
        try:
            day = date(pick_year(month, m.group(3), today, future), month, number(m.group(1)))
        except ValueError:
            return None
        return Period(day, day, f"el {spanish.day_month(day)}")

    def month(m: re.Match[str]) -> Period | None:
        number = MONTHS[m.group(1)]
        year = pick_year(number, m.group(2), today, future)
        start, end = month_range(year, number)
        year_part = f" de {year}" if year != today.year else ""
        return Period(start, end, f"en {MONTH_NAMES[number - 1]}{year_part}")

    def next_days(m: re.Match[str]) -> Period:
        days = number(m.group(1)) * (7 if m.group(2).startswith("semana") else 1)
        return Period(today, today + timedelta(days=days), f"en los próximos {spanish.plural(days, 'día', 'días')}")

    def ago(m: re.Match[str]) -> Period:
        """«hace dos días»: that day; «hace una semana»: that week (Monday to Sunday); «hace un mes»: that month."""
        n, unit = number(m.group(1)), m.group(2)
        if unit.startswith("dia"):
            day = today - timedelta(days=n)
            return Period(day, day, f"el {spanish.day_month(day)}")
        if unit.startswith("semana"):
            start = _monday(today - timedelta(days=7 * n))
            return Period(start, start + timedelta(days=6), _range_label(start, start + timedelta(days=6)))
        return months_back(n)

    def months_back(n: int) -> Period:
        months = today.year * 12 + today.month - 1 - n
        start, end = month_range(months // 12, months % 12 + 1)
        return Period(
            start, end, f"en {MONTH_NAMES[start.month - 1]}" + (f" de {start.year}" if start.year != today.year else "")
        )

    before_last = monday - timedelta(14), monday - timedelta(8)

    def last_days(m: re.Match[str]) -> Period:
        days = number(m.group(1)) * (7 if m.group(2).startswith("semana") else 1)
        return Period(today - timedelta(days=days), today, f"en los últimos {spanish.plural(days, 'día', 'días')}")

    return [
        (
            rf"\b(?:del?|desde el)\s+{_N}\s+de\s+{_MONTH}{_YEAR}\s+(?:al|hasta el|a)\s+{_N}\s+de\s+{_MONTH}{_YEAR}",
            days_across,
        ),
        (rf"\bentre\s+el\s+{_N}\s+de\s+{_MONTH}{_YEAR}\s+y\s+el\s+{_N}\s+de\s+{_MONTH}{_YEAR}", days_across),
        (rf"\b(?:entre|de|desde)\s+{_MONTH}{_YEAR}\s+(?:y|a|hasta)\s+{_MONTH}{_YEAR}\b", months_across),
        (rf"\bdesde\s+(?:el\s+)?(?:{_N}\s+de\s+)?{_MONTH}{_YEAR}\b", since),
        (
            r"\b(?:el\s+)?ano\s+(?:pasado|anterior)\b",
            lambda m: Period(date(today.year - 1, 1, 1), date(today.year - 1, 12, 31), "el año pasado"),
        ),
        (
            r"\b(?:en\s+)?lo\s+que\s+va\s+del?\s+ano\b",
            lambda m: Period(date(today.year, 1, 1), today, "en lo que va del año"),
        ),
        (rf"\b(?:del?|desde el)\s+{_N}\s+(?:al|hasta el|a)\s+{_N}\s+de\s+{_MONTH}{_YEAR}", day_range),
        (rf"\bentre\s+el\s+{_N}\s+y\s+el\s+{_N}\s+de\s+{_MONTH}{_YEAR}", day_range),
        (rf"\b(?:proximos|proximas|siguientes|otros)\s+{_N}\s+(dias|semanas)\b", next_days),
        (rf"\b(?:ultimos|ultimas|pasados)\s+{_N}\s+(dias|semanas)\b", last_days),
        (rf"\bhace\s+{_N}\s+(dias?|semanas?|mes|meses)\b", ago),
        (rf"\b(?:dentro de|en)\s+(?:los\s+)?{_N}\s+(dias|semanas)\b", next_days),
        (rf"\b(?:el\s+)?(\d{{1,2}})\s+de\s+{_MONTH}{_YEAR}", one_day),
        (rf"\b(?:(?:el\s+)?mes\s+de\s+)?{_MONTH}{_YEAR}\b", month),
        (r"\bpasado\s+manana\b", lambda m: Period(today + timedelta(2), today + timedelta(2), "pasado mañana")),
        (
            r"\banteayer\b|\bantier\b|\bantes\s+de\s+ayer\b",
            lambda m: Period(today - timedelta(2), today - timedelta(2), "anteayer"),
        ),
        (r"\bhoy\b", lambda m: Period(today, today, "hoy")),
        (r"\bayer\b", lambda m: Period(today - timedelta(1), today - timedelta(1), "ayer")),
        (r"\bmanana\b", lambda m: Period(today + timedelta(1), today + timedelta(1), "mañana")),
        (  # «la semana antepasada», «el mes antepasado», «el año antepasado»: the one before the last
            r"\b(?:la\s+)?(?:semana\s+antepasada|antepasada\s+semana)\b",
            lambda m: Period(*before_last, _range_label(*before_last)),
        ),
        (r"\b(?:el\s+)?mes\s+antepasado\b", lambda m: months_back(2)),
        (
            r"\b(?:el\s+)?ano\s+antepasado\b",
            lambda m: Period(date(today.year - 2, 1, 1), date(today.year - 2, 12, 31), f"en {today.year - 2}"),
        ),
        (
            rf"\b(?:la\s+)?semana\s+{_JUST_GONE}|\bsemana\s+(?:previa|de\s+antes|antes)\b",
            lambda m: Period(monday - timedelta(7), monday - timedelta(1), "la semana pasada"),
        ),
        (
            rf"\b(?:el\s+)?mes\s+{_JUST_GONE}|\bmes\s+(?:previo|de\s+antes)\b",
            lambda m: Period(prev_month_end.replace(day=1), prev_month_end, "el mes pasado"),
        ),
        (
            rf"\b(?:el\s+)?ano\s+{_JUST_GONE}",
            lambda m: Period(date(today.year - 1, 1, 1), date(today.year - 1, 12, 31), "el año pasado"),
        ),
        (
            r"\b(?:la\s+)?semana\s+pasada\b|\bla\s+pasada\s+semana\b|\bsemana\s+anterior\b",
            lambda m: Period(monday - timedelta(7), monday - timedelta(1), "la semana pasada"),
        ),
        (
            r"\b(?:la\s+)?(?:proxima|siguiente)\s+semana\b|\bsemana\s+que\s+viene\b|\bla\s+otra\s+semana\b",
            lambda m: Period(monday + timedelta(7), monday + timedelta(13), "la próxima semana"),
        ),
        (r"\b(?:esta|la|de\s+la|en\s+la)\s+semana\b", lambda m: Period(monday, monday + timedelta(6), "esta semana")),
        (
            r"\b(?:el\s+)?mes\s+pasado\b|\bmes\s+anterior\b",
            lambda m: Period(prev_month_end.replace(day=1), prev_month_end, "el mes pasado"),
        ),
        (
            r"\b(?:el\s+)?(?:proximo|siguiente)\s+mes\b|\bmes\s+que\s+viene\b|\bel\s+otro\s+mes\b",
            lambda m: Period(
                next_month_start,
                (next_month_start + timedelta(days=32)).replace(day=1) - timedelta(1),
                "el próximo mes",
            ),
        ),
        (r"\b(?:este|el|del|en\s+el)\s+mes\b", lambda m: Period(first, next_month_start - timedelta(1), "este mes")),
        (
            r"\b(?:el\s+|del\s+|en\s+el\s+)?(?:proximo|siguiente|otro)\s+ano\b|\bano\s+(?:que\s+viene|entrante)\b",
            lambda m: Period(date(today.year + 1, 1, 1), date(today.year + 1, 12, 31), "el próximo año"),
        ),
        (r"\b(?:en|del|de|durante)\s+(?:el\s+)?(?:ano\s+)?(20\d\d)\b", whole_year),  # after «octubre de 2025»
        (
            r"\b(?:este|el|del|en\s+el)\s+ano\b",
            lambda m: Period(date(today.year, 1, 1), date(today.year, 12, 31), "este año"),
        ),
        *weekday_rules(today, future, Period),
    ]


def find_period(text: str, today: date, *, future: bool = False) -> tuple[Period | None, list[tuple[int, int]]]:
    """(the first period named in `text`, the character spans of every period phrase — to mask them)."""
    folded = fold_aligned(text)
    found: Period | None = None
    spans: list[tuple[int, int]] = []
    for pattern, build in _rules(today, future):
        for m in re.finditer(pattern, folded):
            if any(a < m.end() and m.start() < b for a, b in spans):
                continue
            try:
                period = build(m)
            except (ValueError, OverflowError):  # «el 31 de febrero», «octubre de 0000»
                period = None
            if period is None:
                continue
            spans.append(m.span())
            if found is None:
                found = period
    return found, spans


# Days said without their month, right after a question with a period: «¿y del 16 al 30?», «entre el 1 y el 10»
_BARE_DAYS = re.compile(
    rf"^(?:y\s+)?(?:(?:del?|desde el)\s+{_N}\s+(?:al|hasta el|a)\s+{_N}|entre\s+el\s+{_N}\s+y\s+el\s+{_N})"
    r"(?:\s+(?:de\s+ese\s+mes|del\s+mismo\s+mes))?$"
)


def with_month_of(text: str, period: Period) -> str | None:
    """`text` with the month (and year) of `period` when it names days without one («y del 16 al 30» after
    «… del 1 al 15 de noviembre» → «y del 16 al 30 de noviembre de 2026»); None when it is no such phrase."""
    folded = " ".join(re.sub(r"[¿?¡!.,]", " ", fold_aligned(text)).split())
    if _BARE_DAYS.fullmatch(folded) is None:
        return None
    return f"{text.rstrip('?¿ ')} de {MONTH_NAMES[period.start.month - 1]} de {period.start.year}"
