"""Dates a question names that are not in the calendar («30 de febrero», «2026-02-30»), so the answer can
say so instead of answering for the month around it (pure)."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date

from backend.understanding.date_words import MONTH_RE, NUM_WORDS, YEAR_RE, fold_aligned, number, pick_year
from backend.understanding.vocabulary import MONTHS

_DAY = r"(\d{1,2}|" + "|".join(NUM_WORDS) + ")"
#: (pattern on the folded text, (day, month, year) from its match; the month a name or a number).
_CALENDAR_DATES: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], tuple[str, str, str | None]]], ...] = (
    (re.compile(rf"\b{_DAY}\s+de\s+{MONTH_RE}{YEAR_RE}"), lambda m: (m.group(1), m.group(2), m.group(3))),
    (re.compile(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b"), lambda m: (m.group(3), m.group(2), m.group(1))),
    (re.compile(r"\b(\d{1,2})/(\d{1,2})/(\d{4})\b"), lambda m: (m.group(1), m.group(2), m.group(3))),
)


def impossible_date(text: str, today: date) -> str | None:
    """The first date `text` names that is not in the calendar, as written there («30 de febrero», «el 31
    de abril» → «31 de abril», «40 de mayo», «29 de febrero de 2027», «2026-02-30», «31/02/2026», a year
    outside 1900–2200); None when every date it names exists. A day without a year is taken in the year
    `periods.find_period` would give it. Its rules skip such a phrase; this names it, so the caller can
    say so instead of answering for another period («en febrero»)."""
    folded = fold_aligned(text)
    for pattern, parts in _CALENDAR_DATES:
        for m in pattern.finditer(folded):
            day, month_said, year = parts(m)
            month = MONTHS[month_said] if month_said in MONTHS else int(month_said)
            try:
                date(pick_year(month, year, today, False) if 1 <= month <= 12 else 0, month, number(day))
            except ValueError:
                return text[m.start() : m.end()]
    return None
