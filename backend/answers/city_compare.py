"""«¿y en Medellín hay más?» after a city's figure, and «¿cuál tiene más?» after one answer per city: the
flow's answer with the comparison said (the reading of the figures: `more_there`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

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
    if parts is None or m.codes or m.numbers or m.plates or m.notes:  # «menos» alone may be read as a name word
        return None
    cities = [next((c for c in known.cities if part.endswith(f"en {c}") or f" en {c} " in part), "") for part in parts]
    said = more_there.which_city(q.tokens, cities, turns[-1].a)
    return Understood(q, Subject(), Exact(said, "answer", "cities.compare")) if said is not None else None


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
