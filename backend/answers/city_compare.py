"""«¿y en Medellín hay más?» after a city's figure, and «¿cuál tiene más?» after one answer per city: the
flow's answer with the comparison said (the reading of the figures: `more_there`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import date

import asyncpg

from backend.answers import more_there
from backend.answers.each_city import per_city
from backend.answers.focus import Subject
from backend.answers.model import Exact, city_in
from backend.answers.understood import Understood
from backend.context.company_catalogue import company_catalogue
from backend.core.history import Turn
from backend.understanding.parse import parse_question


async def which_city(conn: asyncpg.Connection, question: str, turns: list[Turn]) -> Understood | None:
    """«¿cuál tiene más?» right after one answer per city («estibas en Cali y Medellín»): which city, else None."""
    known = await company_catalogue(conn)
    q = parse_question(question, known.company.today)
    parts = per_city(parse_question(turns[-1].q, known.company.today).tokens, known.cities)
    m = q.mentions
    if m.codes or m.numbers or m.plates or m.notes:  # «menos» alone may be read as a name word
        return None
    if parts is None:  # «total de canastillas en Barranquilla» → «¿y en Medellín?» → «¿cuál tiene más?»
        two = _two_cities(turns, known.cities, known.company.today)
        if two is None:
            return None
        cities, answers = two
    else:
        cities = [
            next((c for c in known.cities if part.endswith(f"en {c}") or f" en {c} " in part), "") for part in parts
        ]
        answers = turns[-1].a
    said = more_there.which_city(q.tokens, cities, answers)
    return Understood(q, Subject(), Exact(said, "answer", "cities.compare")) if said is not None else None


def _two_cities(turns: list[Turn], cities: list[str], today: date) -> tuple[list[str], str] | None:
    """The two cities of the latest two turns — a city's figure, then «¿y en <city>?» — and their answers'
    first lines, one per city; None unless the latest is such a follow-up of another city."""
    if len(turns) < 2:
        return None
    before, latest = (parse_question(t.q, today) for t in turns[-2:])
    city_before, city_latest = city_in(before.tokens, cities)[0], city_in(latest.tokens, cities)[0]
    if city_before is None or city_latest is None or city_before == city_latest or not latest.is_elliptical():
        return None
    if latest.names_entity() and city_in(latest.name_words, cities)[1]:
        return None  # «¿y el 310 de Cali?»: an entity, not the city's figure
    lines = [t.a.split("\n", 1)[0] for t in turns[-2:]]
    return [city_before, city_latest], "\n".join(lines)


async def with_verdict(
    conn: asyncpg.Connection,
    question: str,
    turns: list[Turn],
    understood: Understood,
    reread: Callable[[str], Awaitable[Understood]],
) -> Understood:
    """`understood` (the flow's answer to `question`) with «Sí, más que en Cali (9.789).» before it when
    `question` asks whether there is more in another city than the latest answer's; `reread` answers
    «y en <city>» when the question alone was not understood («¿hay más en Medellín?»)."""
    how = more_there.asks_more(understood.question.tokens)
    if how is None:
        return understood
    known = await company_catalogue(conn)
    today = known.company.today
    city, _ = city_in(parse_question(question, today).tokens, known.cities)
    if city and (understood.exact is None or understood.exact.kind != "answer"):
        understood = await reread(f"y en {city}")
    exact = understood.exact
    if exact is None or exact.kind != "answer":
        return understood
    before, _ = city_in(parse_question(turns[-1].q, today).tokens, known.cities)
    said = more_there.verdict(how, turns[-1].a, before, exact.text) if city and before and city != before else None
    if said is not None:
        exact.text = f"{said} {exact.text}"
    return understood
