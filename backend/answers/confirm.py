"""A yes-or-no question that states one fact to check: «¿el 412 está en Rionegro?», «¿la KLM482 es de Diego
Arango?», «¿la TRX905 es Chevrolet?», «¿la BXN883 es modelo 2014?», «¿la KLM482 es un motocarro?», «¿la
remisión 8297 fue para el 412?», «¿la 8423 la llevó Camilo Correa?».

The fact's own question is asked instead («¿en qué ciudad queda el 412?», «¿quién maneja la KLM482?»…) and
its answer is led by «Sí» when it says what the question stated, else «No»: «No, [632] ALMACÉN SAN JOSÉ
EXPRESS está en Itagüí.». A question with a wh-word («¿en qué ciudad…?») or naming no such fact is none.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import date

import asyncpg

from backend.answers import vehicles
from backend.answers.model import city_in
from backend.answers.understood import Understood
from backend.answers.yes_no import asks_a_figure
from backend.core.text import fold
from backend.understanding.parse import parse_question
from backend.understanding.vocabulary_fleet import VEHICLE_KINDS

#: Words that state a fact («es», «está», «queda», «fue», «maneja»…): the question checks it.
_STATES = frozenset(
    """es son esta estan queda quedan fue maneja manejaba conduce lleva llevo llevaba entrego ubicado ubicada
    modelo""".split()
)
_DRIVES = frozenset({"maneja", "manejaba", "conduce", "lleva", "llevaba", "conductor", "chofer", "asignada"})
_LEAD = frozenset({"y", "e", "oye", "oiga", "bueno", "entonces", "pero", "pregunta", "una"})
_YEAR = re.compile(r"\b(19[5-9]\d|20[0-4]\d)\b")


@dataclass(frozen=True)
class _Check:
    """The question to ask instead, the folded words its answer must hold for «Sí», and the intents it may
    answer with (another intent: not this fact, the answer is left as it is)."""

    question: str
    holds: tuple[str, ...]
    intents: tuple[str, ...]


def _states_a_fact(question: str) -> bool:
    words = re.findall(r"[0-9a-zñ]+", fold(question))
    while words and words[0] in _LEAD:
        words = words[1:]
    return bool(words) and not asks_a_figure(words) and bool(_STATES & set(words))


async def _check(conn: asyncpg.Connection, question: str, cities: list[str], today: date) -> _Check | None:
    q = parse_question(question, today)
    m = q.mentions
    if len(m.plates) == 1 and not m.notes and not m.codes:
        plate = m.plates[0]
        if (year := _YEAR.search(question)) is not None:
            return _Check(f"¿de qué año es la {plate}?", (year.group(1),), ("vehicle.info", "vehicle.year"))
        said_kind = q.vehicle_kind or next((VEHICLE_KINDS[t] for t in q.tokens if t in VEHICLE_KINDS), None)
        if said_kind:  # «camión» is no kind slot (a word for any vehicle), but «¿es un camión?» asks it
            kind = fold(said_kind)
            return _Check(f"¿qué tipo de vehículo es la {plate}?", (kind,), ("vehicle.info", "vehicle.kind"))
        if q.name_words:
            branded = await vehicles.with_brand(conn, parse_question(" ".join(q.name_words), today))
            if branded.brand:
                words = tuple(fold(branded.brand).split())
                return _Check(f"¿qué marca es la {plate}?", words, ("vehicle.info", "vehicle.brand"))
            names = tuple(fold(w) for w in q.name_words)
            if not _DRIVES & set(q.tokens) and "es de" not in " ".join(q.tokens):
                return None  # «¿la KLM482 está disponible?»: no driver named
            return _Check(f"¿quién maneja la {plate}?", names, ("vehicle.driver",))
        if q.active is not None:  # «¿la TRX905 está activa?»
            return _Check(f"¿la {plate} está activa?", ("activo" if q.active else "inactivo",), ("vehicle.status",))
        return None
    codes = [*m.codes, *m.numbers]
    if len(m.notes) == 1:
        note = m.notes[0]
        if codes:
            return _Check(f"¿a quién se entregó la remisión {note}?", (f"[{codes[0]}]",), ("note.client",))
        if q.name_words:
            names = tuple(fold(w) for w in q.name_words)
            return _Check(f"¿quién llevó la remisión {note}?", names, ("note.driver",))
        return None
    city, rest = city_in(q.name_words, cities)
    if city is None or not (len(codes) == 1 or rest) or m.plates or m.notes:
        return None
    who = f"el {codes[0]}" if codes else " ".join(rest)
    return _Check(f"¿en qué ciudad queda {who}?", (fold(city),), ("client.city",))


async def confirmed(
    conn: asyncpg.Connection,
    question: str,
    cities: list[str],
    today: date,
    reread: Callable[[str], Awaitable[Understood]],
) -> Understood | None:
    """The answer to `question` when it states a fact to check (see the module docstring), else None."""
    if not _states_a_fact(question):
        return None
    check = await _check(conn, question, cities, today)
    if check is None:
        return None
    understood = await reread(check.question)
    exact = understood.exact
    if exact is None or exact.kind != "answer" or exact.intent not in check.intents:
        return understood if exact is not None and exact.kind == "not_found" else None
    if "o" in re.findall(r"[0-9a-zñ]+", fold(question)):  # «¿es de Rionegro o de Medellín?»: a choice, no verdict
        return understood
    said = fold(exact.text)
    holds = all(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", said) for w in check.holds)
    text = exact.text
    first = text[:1].lower() if text[1:2].islower() else text[:1]  # «El conductor…» → «el…», «BXN883» kept
    exact.text = f"{'Sí' if holds else 'No'}, {first}{text[1:]}"
    return understood
