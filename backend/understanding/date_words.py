"""The words and numbers Spanish dates are made of, shared by `periods` and `calendar_dates` (pure):
month names, the number words a period says, folding that keeps character spans, the year a month
without one is taken in."""

from __future__ import annotations

import calendar
import unicodedata
from datetime import date

from backend.core.spoken_numbers import WORD_VALUES
from backend.understanding.vocabulary import MONTHS

MONTH_RE = "(" + "|".join(sorted(MONTHS, key=len, reverse=True)) + ")"
YEAR_RE = r"(?:\s+(?:de|del)\s+(\d{4}))?"
# The number words a period says («los últimos quince días», «hace dos semanas»), in this order for the regex.
NUM_WORDS = {
    word: WORD_VALUES[word]
    for word in (
        "un una uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince "
        "veinte treinta cuarenta sesenta noventa"
    ).split()
}
MONTH_NAMES = (
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
NUMBER_RE = r"(\d{1,3}|" + "|".join(NUM_WORDS) + ")"


def fold_aligned(text: str) -> str:
    """Lower-case, accents removed, one output character per input character (spans stay valid)."""
    out = []
    for ch in text:
        base = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        out.append(base[0].lower() if len(base) >= 1 and len(base[0].lower()) == 1 else " ")
    return "".join(out)


def number(word: str) -> int:
    return int(word) if word.isdigit() else NUM_WORDS[word]


def month_range(year: int, month: int) -> tuple[date, date]:
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


def pick_year(month: int, year: str | None, today: date, future: bool) -> int:
    if year:
        if not 1900 <= int(year) <= 2200:
            raise ValueError("year out of range")  # «octubre de 0000»: not a period
        return int(year)
    if future:
        return today.year if month >= today.month else today.year + 1
    return today.year if month <= today.month else today.year - 1
