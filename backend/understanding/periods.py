"""Spanish periods in a question -> a date range in the company's local calendar (pure).

    find_period("remisiones del 310 en noviembre", today=date(2026, 12, 1))
      -> Period(date(2026, 11, 1), date(2026, 11, 30), "en noviembre")

Understood: «hoy», «ayer», «anteayer» («antier»), «mañana», «esta semana» / «la semana pasada» / «la próxima
semana» (weeks start on Monday), «este mes» / «el mes pasado» / «el próximo mes», «este año», «en octubre [de
2026]», «el 15 de noviembre», «del 1 al 15 de noviembre», «entre el 1 y el 15 de noviembre», «los próximos 15
días», «en 10 días», «los últimos 7 días». A month without a year is the latest one not after today, or the
next one not before today when the question looks ahead (`future=True`, e.g. expiries). Labels are built from
the dates, never copied from the question. No date library parses these phrases correctly (dateparser reads
«del 1 al 15 de noviembre» as one day), hence these rules.
"""

from __future__ import annotations

import calendar
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

from backend.core import spanish
from backend.core.spoken_numbers import WORD_VALUES
from backend.understanding.vocabulary import MONTHS

_MONTH = "(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + ")"
_YEAR = r"(?:\s+(?:de|del)\s+(\d{4}))?"
# The number words a period says («los últimos quince días», «hace dos semanas»), in this order for the regex.
_NUM_WORDS = {
    word: WORD_VALUES[word]
    for word in (
        "un una uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince "
        "veinte treinta cuarenta sesenta noventa"
    ).split()
}
_MONTH_NAMES = (
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
)
_N = r"(\d{1,3}|" + "|".join(_NUM_WORDS) + ")"


@dataclass(frozen=True)
class Period:
    """Inclusive local-date range and a Spanish label made from the dates («en octubre», «esta semana»)."""

    start: date
    end: date
    label: str

    def contains(self, day: date) -> bool:
        return self.start <= day <= self.end


def fold_aligned(text: str) -> str:
    """Lower-case, accents removed, one output character per input character (spans stay valid)."""
    out = []
    for ch in text:
        base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        out.append(base[0].lower() if len(base) >= 1 and len(base[0].lower()) == 1 else " ")
    return "".join(out)


def _n(word: str) -> int:
    return int(word) if word.isdigit() else _NUM_WORDS[word]


def _month_range(year: int, month: int) -> tuple[date, date]:
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


def _pick_year(month: int, year: str | None, today: date, future: bool) -> int:
    if year:
        if not 1900 <= int(year) <= 2200:
            raise ValueError("year out of range")  # «octubre de 0000»: not a period
        return int(year)
    if future:
        return today.year if month >= today.month else today.year + 1
    return today.year if month <= today.month else today.year - 1


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
        year = _pick_year(month, m.group(4), today, future)
        a, b = _n(m.group(1)), _n(m.group(2))
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
        last = _pick_year(end_month, end_year, today, future)
        first_year = int(start_year) if start_year else (last if start_month <= end_month else last - 1)
        try:
            start = date(first_year, start_month, start_day or 1)
            end = date(last, end_month, end_day or calendar.monthrange(last, end_month)[1])
        except ValueError:
            return None
        if start > end:
            return None
        if start_day is None:
            label = f"de {_MONTH_NAMES[start_month - 1]} a {_MONTH_NAMES[end_month - 1]}"
            return Period(start, end, label + (f" de {last}" if last != today.year else ""))
        return Period(start, end, _range_label(start, end))

    def days_across(m: re.Match[str]) -> Period | None:
        return span(MONTHS[m.group(2)], m.group(3), MONTHS[m.group(5)], m.group(6), _n(m.group(1)), _n(m.group(4)))

    def months_across(m: re.Match[str]) -> Period | None:
        return span(MONTHS[m.group(1)], m.group(2), MONTHS[m.group(3)], m.group(4))

    def since(m: re.Match[str]) -> Period | None:
        """«desde enero», «desde el 15 de marzo»: from that day to today."""
        month = MONTHS[m.group(2)]
        year = _pick_year(month, m.group(3), today, False)
        try:
            start = date(year, month, _n(m.group(1)) if m.group(1) else 1)
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
            day = date(_pick_year(month, m.group(3), today, future), month, _n(m.group(1)))
        except ValueError:
            return None
        return Period(day, day, f"el {spanish.day_month(day)}")

    def month(m: re.Match[str]) -> Period | None:
        number = MONTHS[m.group(1)]
        year = _pick_year(number, m.group(2), today, future)
        start, end = _month_range(year, number)
        year_part = f" de {year}" if year != today.year else ""
        return Period(start, end, f"en {_MONTH_NAMES[number - 1]}{year_part}")

    def next_days(m: re.Match[str]) -> Period:
        days = _n(m.group(1)) * (7 if m.group(2).startswith("semana") else 1)
        return Period(today, today + timedelta(days=days), f"en los próximos {spanish.plural(days, 'día', 'días')}")

    def last_days(m: re.Match[str]) -> Period:
        days = _n(m.group(1)) * (7 if m.group(2).startswith("semana") else 1)
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
        (
            r"\b(?:la\s+)?semana\s+pasada\b|\bla\s+pasada\s+semana\b|\bsemana\s+anterior\b",
            lambda m: Period(monday - timedelta(7), monday - timedelta(1), "la semana pasada"),
        ),
        (
            r"\b(?:la\s+)?(?:proxima|siguiente)\s+semana\b|\bsemana\s+que\s+viene\b",
            lambda m: Period(monday + timedelta(7), monday + timedelta(13), "la próxima semana"),
        ),
        (r"\b(?:esta|la|de\s+la|en\s+la)\s+semana\b", lambda m: Period(monday, monday + timedelta(6), "esta semana")),
        (
            r"\b(?:el\s+)?mes\s+pasado\b|\bmes\s+anterior\b",
            lambda m: Period(prev_month_end.replace(day=1), prev_month_end, "el mes pasado"),
        ),
        (
            r"\b(?:el\s+)?(?:proximo|siguiente)\s+mes\b|\bmes\s+que\s+viene\b",
            lambda m: Period(
                next_month_start,
                (next_month_start + timedelta(days=32)).replace(day=1) - timedelta(1),
                "el próximo mes",
            ),
        ),
        (r"\b(?:este|el|del|en\s+el)\s+mes\b", lambda m: Period(first, next_month_start - timedelta(1), "este mes")),
        (r"\b(?:en|del|de|durante)\s+(?:el\s+)?(?:ano\s+)?(20\d\d)\b", whole_year),  # after «octubre de 2025»
        (
            r"\b(?:este|el|del|en\s+el)\s+ano\b",
            lambda m: Period(date(today.year, 1, 1), date(today.year, 12, 31), "este año"),
        ),
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


_DAY = r"(\d{1,2}|" + "|".join(_NUM_WORDS) + ")"
#: (pattern on the folded text, (day, month, year) from its match; the month a name or a number).
_CALENDAR_DATES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], tuple[str, str, str | None]]], ...] = (
    (re.compile(rf"\b{_DAY}\s+de\s+{_MONTH}{_YEAR}"), lambda m: (m.group(1), m.group(2), m.group(3))),
    (re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b"), lambda m: (m.group(3), m.group(2), m.group(1))),
    (re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b"), lambda m: (m.group(1), m.group(2), m.group(3))),
)


def impossible_date(text: str, today: date) -> str | None:
    """The first date `text` names that is not in the calendar, as written there («30 de febrero», «el 31
    de abril» → «31 de abril», «40 de mayo», «29 de febrero de 2027», «2026-02-30», «31/02/2026», a year
    outside 1900–2200); None when every date it names exists. A day without a year is taken in the year
    `find_period` would give it. The rules above skip such a phrase; this names it, so the caller can say
    so instead of answering for another period («en febrero»)."""
    folded = fold_aligned(text)
    for pattern, parts in _CALENDAR_DATES:
        for m in pattern.finditer(folded):
            day, month_said, year = parts(m)
            month = MONTHS[month_said] if month_said in MONTHS else int(month_said)
            try:
                date(_pick_year(month, year, today, False) if 1 <= month <= 12 else 0, month, _n(day))
            except ValueError:
                return text[m.start() : m.end()]
    return None
