"""«¿y en Medellín hay más?» right after a figure of another city («¿cuántas canastillas hay en Cali?»): the
same figure for the new city (the flow's answer) and whether it is more or less than the one just given —
«Sí, más que en Cali (9.789). Hay 12.600 canastillas en clientes de Medellín.». Pure: reading the two
answers' headline figures."""

from __future__ import annotations

import re

from backend.core import spanish

_ASKS = re.compile(r"\b(?:hay|tiene[n]?|son|hubo|tenemos) (mas|menos)( o (?:mas|menos))?(?: en [a-z ]+)?$")
_WHICH = re.compile(r"^(?:y )?(?:cual|cuales|donde|en cual|en donde)(?: ciudad)? (?:tiene[n]?|hay) (mas|menos)$")
_FIGURE = re.compile(r"(?<![\w.])(\d{1,3}(?:\.\d{3})+|\d+)(?![\w.])")
_NONE = re.compile(r"^(?:No hay|Ningún|Ninguna|Ninguno)\b")


def asks_more(tokens: tuple[str, ...]) -> str | None:
    """«mas» / «menos» when the question ends asking whether there is more («¿y en Medellín hay más?», «¿hay
    más en Medellín?», «¿… hay más o menos?»)."""
    m = _ASKS.search(" ".join(tokens).strip())
    return ("either" if m.group(2) else m.group(1)) if m else None


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
    than = f"{'más' if more else 'menos'} que en {before_city} ({spanish.number(a)})."
    if how == "either":  # «¿hay más o menos?»: no yes or no
        return than[0].upper() + than[1:]
    return f"{'Sí' if more == (how == 'mas') else 'No'}, {than}"


def which_city(tokens: tuple[str, ...], cities_said: list[str], answer: str) -> str | None:
    """«¿cuál tiene más?» right after `answer` gave one line per city of `cities_said` (in order): the city
    with the most (or fewest) and its figure beside the others' («Medellín: 10.693, más que Cali (10.502).»);
    None when `tokens` ask something else or the lines show no figure each."""
    m = _WHICH.match(" ".join(tokens).strip())
    lines = answer.split("\n")
    if m is None or len(lines) != len(cities_said):
        return None
    figures = [_figure(line) for line in lines]
    if any(f is None for f in figures):
        return None
    pairs = list(zip(cities_said, [f or 0 for f in figures], strict=True))
    pairs.sort(key=lambda p: -p[1] if m.group(1) == "mas" else p[1])
    (city, n), rest = pairs[0], pairs[1:]
    if any(other == n for _, other in rest):
        tied = [c for c, other in pairs if other == n]
        return f"Empatan {' y '.join(tied)}, con {spanish.number(n)}."
    others = ", ".join(f"{c} ({spanish.number(v)})" for c, v in rest)
    return f"{city}: {spanish.number(n)}, {'más' if m.group(1) == 'mas' else 'menos'} que {others}."
