"""«¿cuál fue la más grande?», «¿y la más pequeña?», «¿cuál tuvo más canastillas?», «¿cuál fue el despacho
más grande?» right after delivery notes were listed or counted — of a client («¿qué remisiones tuvo el 412 en
octubre?»), a vehicle, a driver or the company: the note of THOSE notes that moved the most (fewest) units.

It is asked again as one question of its own: the extreme said, of the owner those notes were of and in
their period — the period of the chain as merged («¿cuántas remisiones tuvo el 412 en octubre?» → «¿y en
noviembre?» → «¿cuál fue la más grande?» is the 412's November), or the one the question says («¿y la más
grande de noviembre?») —, also through an extreme asked just before («… la más grande» → «¿y la más
pequeña?»)."""

from __future__ import annotations

import re
from datetime import date

import asyncpg

from backend.answers import followup as fu
from backend.answers.focus import Subject, answer_mentions, from_mentions
from backend.answers.largest_note import about_notes, asks_extreme_note
from backend.context.mentions import find_mentions
from backend.core.history import Turn
from backend.core.text import fold
from backend.understanding.parse import Question, parse_question

#: how many turns back the notes question may be (extremes asked of it in between)
_BACK = 4


#: words of a note's size, never a name («¿cuál fue la de menos unidades?»)
_MEASURE = frozenset({"unidades", "unidad", "cantidad", "movio", "movieron"})


def _extreme_follow_up(q: Question) -> bool:
    """`q` asks only for the largest / smallest note, naming no owner or note of its own."""
    m = q.mentions
    named = m.codes or m.numbers or m.plates or m.notes or m.spoken_codes or set(q.name_words) - _MEASURE
    return not named and asks_extreme_note((*q.tokens, "remision")) is not None


def _base(q: Question, turns: list[Turn], today: date) -> int | None:
    """The turn whose notes `q` asks the largest of: the latest about notes (as merged with the ones before
    it), with only extremes asked after it; None when there is none."""
    if not turns or not _extreme_follow_up(q):
        return None
    for k in range(len(turns) - 1, max(-1, len(turns) - 1 - _BACK), -1):
        before = parse_question(turns[k].q, today)
        merged = fu.previous(turns[: k + 1], today) if before.is_elliptical() else before
        if merged is not None and (about_notes(merged.tokens) or (merged is not before and merged.subject == "notes")):
            return None if merged.subject == "clients" else k  # «¿qué clientes tuvieron remisiones?»: clients
        if not _extreme_follow_up(before):
            return None
    return None


def _phrase(said: Subject) -> str | None:
    """«del 412», «de la KLM482», «de Diego Toro Zapata» when `said` is one client, vehicle or driver."""
    if len(said.clients) + len(said.vehicles) + len(said.drivers) != 1:
        return None
    if said.clients:
        return f"del {said.clients[0].code}"
    return f"de la {said.vehicles[0].plate}" if said.vehicles else f"de {said.drivers[0].full_name}"


async def _owner(conn: asyncpg.Connection, turns: list[Turn], k: int, today: date) -> str:
    """Whose notes turn `k` gave — named by its question, else by its answer's first line («Remisiones de
    [412] …»), walking back through the elliptical follow-ups it merged onto —, "" for the company's."""
    for j in range(k, max(-1, k - _BACK), -1):
        said = parse_question(turns[j].q, today)
        asked = await from_mentions(conn, said.mentions) if said.names_entity() else Subject()
        head = turns[j].a.split("\n", 1)[0]
        owner = _phrase(asked) or _phrase(await from_mentions(conn, answer_mentions(head), names=False))
        owner = owner or await _driver_of_head(conn, head)  # «Diego Arango Muñoz tuvo 16 remisiones …»
        if owner is not None:
            return owner
        if not said.is_elliptical():
            return ""
    return ""


#: the name leading a notes answer: «Diego Arango Muñoz tuvo 16 remisiones …», «Remisiones de Marta … en …»
_NAME_HEAD = re.compile(r"^(?:Remisiones de )?([^\W\d][^\d\[\]:]*?) (?:tuvo|hizo|en|del|de la) ")


async def _driver_of_head(conn: asyncpg.Connection, head: str) -> str | None:
    """«de Diego Arango Muñoz» when a notes answer's first line names one driver by name and nothing else."""
    said = _NAME_HEAD.match(head)
    if said is None:
        return None
    found = await from_mentions(conn, find_mentions(said.group(1)), names=True)
    if len(found.drivers) != 1 or found.clients or found.vehicles:
        return None
    return _phrase(Subject(drivers=found.drivers))


async def of_listed_notes(conn: asyncpg.Connection, q: Question, turns: list[Turn], today: date) -> str | None:
    """The question to answer instead of `q` (with no turns before it) when `q` asks for the largest
    (smallest) of the notes the conversation just gave; else None."""
    k = _base(q, turns, today)
    if k is None:
        return None
    merged = fu.previous(turns[: k + 1], today)
    period = "" if q.period is not None or merged is None or merged.period is None else merged.period.label
    note = "" if {"remision", "despacho", "devolucion"} & set(q.tokens) else "remision"
    return " ".join(f"{fold(q.text)} {note} {await _owner(conn, turns, k, today)} {period}".split())
