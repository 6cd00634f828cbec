"""«¿y en Medellín hay más?» right after a figure of another city («¿cuántas canastillas hay en Cali?»): the
same figure for the new city (the flow's answer) and whether it is more or less than the one just given —
«Sí, más que en Cali (9.789). Hay 12.600 canastillas en clientes de Medellín.». Pure: reading the two
answers' headline figures."""

from __future__ import annotations

import re

from backend.core import spanish

_ASKS = re.compile(r"\b(?:hay|tiene[n]?|son|hubo|tenemos) (mas|menos)$")
_FIGURE = re.compile(r"(?<![\w.])(\d{1,3}(?:\.\d{3})+|\d+)(?![\w.])")
_NONE = re.compile(r"^(?:No hay|Ningún|Ninguna|Ninguno)\b")


def asks_more(tokens: tuple[str, ...]) -> str | None:
    """«mas» / «menos» when the question ends asking whether there is more («¿y en Medellín hay más?»)."""
    m = _ASKS.search(" ".join(tokens).strip())
    return m.group(1) if m else None


def _figure(answer: str) -> int | None:
    """The headline figure of an answer's first line (0 for «No hay …»), None when it shows none or several kinds."""
    first = answer.split("\n", 1)[0]
    if _NONE.match(first):
        return 0
    m = _FIGURE.search(first)
    return int(m.group(1).replace(".", "")) if m else None


def verdict(how: str, before: str, before_city: str, now: str) -> str | None:
    """«Sí, más que en Cali (9.789).» / «No, menos que en Cali (9.789).» / «Igual que en Cali (34).» before
    `now` (the new city's answer), comparing with `before` (the previous answer, of `before_city`); None
    when either shows no figure."""
    a, b = _figure(before), _figure(now)
    if a is None or b is None:
        return None
    if a == b:
        return f"Lo mismo que en {before_city} ({spanish.number(a)})."
    more = b > a
    yes = more == (how == "mas")
    return f"{'Sí' if yes else 'No'}, {'más' if more else 'menos'} que en {before_city} ({spanish.number(a)})."
