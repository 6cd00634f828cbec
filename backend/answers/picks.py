"""Picking from what was said before: a candidate of a listed answer («el depósito», «el agudelo»), a line
by position («el segundo», «la última»), a client of a list by city or name word («el de Pereira»), the
entity discussed before the latest one («¿y el otro?») and the two just discussed («los dos»).
"""

from __future__ import annotations

import re

import asyncpg

from backend.answers.focus import Subject, answer_mentions, from_history, from_mentions
from backend.context.mentions import find_mentions
from backend.context.resolve import Ambiguous
from backend.core.history import Turn
from backend.core.text import fold
from backend.store import clients as store_clients
from backend.store import vehicles as store_vehicles


async def pick_from_list(conn: asyncpg.Connection, turns: list[Turn], group: Ambiguous) -> Subject:
    """The candidates of `group` that the latest answer listed («el depósito» after a client list, «el
    agudelo» after a driver list): clients by their «[code]», drivers by their full name."""
    said = turns[-1].a
    if group.table == "drivers":
        rows = await store_vehicles.drivers(conn, ids=group.ids)
        return Subject(drivers=[d for d in rows if d.full_name in said], source="history")
    listed = await from_mentions(conn, answer_mentions(said), names=False)
    return Subject(clients=[c for c in listed.clients if c.id in set(group.ids)], source="history")


async def narrow_by_earlier_name(conn: asyncpg.Connection, turns: list[Turn], group: Ambiguous) -> Ambiguous | None:
    """«la express» right after «canastillas de macarena» listed 15 candidates: those of `group` whose name
    also holds every word of the name asked in the latest turn (the LA MACARENA … EXPRESS ones), as a shorter
    list of candidates; None when that leaves all, one or none of them."""
    if group.table != "clients" or not turns:
        return None
    words = {w for w in find_mentions(turns[-1].q).words if len(w) > 2}
    rows = await store_clients.clients(conn, ids=group.ids)
    kept = [c for c in rows if words and words <= set(fold(c.name).split())]
    if not 1 < len(kept) < len(rows):
        return None
    return Ambiguous("clients", [c.id for c in kept], [c.label for c in kept])


async def pick_by_earlier_name(conn: asyncpg.Connection, turns: list[Turn], group: Ambiguous) -> Subject:
    """«el express» right after «almacén san josé» (answered for [936], [632] ALMACÉN SAN JOSÉ EXPRESS beside
    it): the one candidate of `group` whose name holds the most words (two at least) of a name asked in the
    latest turns, newest first; empty when none or several tie."""
    if group.table != "clients" or not turns:
        return Subject()
    rows = await store_clients.clients(conn, ids=group.ids)
    for turn in reversed(turns[-3:]):
        words = {w for w in find_mentions(turn.q).words if len(w) > 2}
        scored = [(len(words & set(fold(c.name).split())), c) for c in rows]
        best = max((n for n, _ in scored), default=0)
        top = [c for n, c in scored if n == best]
        if best >= 2 and len(top) == 1:
            return Subject(clients=top, source="history")
    return Subject()


#: an answer comparing two named in the question («¿quién tiene más, el 412 o el 310?»): it leads with one
_COMPARED = re.compile(r", frente a |^(?:Sí|No): ")


async def other_entity(conn: asyncpg.Connection, turns: list[Turn]) -> Subject:
    """«¿y el otro?»: the entity of the same kind as the latest turn's one that was discussed just before it
    («el 412 …» → «¿y el 310?» → «¿y el otro?» is the 412); right after a comparison of two («¿cuál de los
    dos vence primero?»), the one its answer did not lead with. Empty when there is no such one."""
    latest = await from_history(conn, turns)
    compared = bool(turns) and _COMPARED.search(turns[-1].a) is not None  # «… 423, frente a 298 de [412] …»
    if turns and (compared or not (await from_mentions(conn, find_mentions(turns[-1].q))).count()):
        for kind in ("clients", "vehicles", "drivers", "notes"):
            pair: list[object] = getattr(latest, kind)
            if len(pair) == 2:  # two compared: the one named second
                second = Subject(source="history")
                setattr(second, kind, [max(pair, key=lambda row: _at(turns[-1].a, row))])
                return second
    kinds = [k for k in ("clients", "vehicles", "drivers", "notes") if len(getattr(latest, k)) == 1]
    for i in range(len(turns) - 1, 0, -1):
        before = await from_history(conn, turns[:i])
        for kind in kinds:
            ours, theirs = getattr(latest, kind), getattr(before, kind)
            if len(theirs) == 1 and _key(theirs[0]) != _key(ours[0]):
                return Subject(**{kind: theirs}, source="history")
    return Subject()


async def both_before(conn: asyncpg.Connection, turns: list[Turn]) -> Subject:
    """«los dos»: the latest turn's entity and the one of its kind discussed just before it (`other_entity`),
    the earlier first; empty unless both are found."""
    latest, other = await from_history(conn, turns), await other_entity(conn, turns)
    for kind in ("clients", "vehicles", "drivers", "notes"):
        if len(getattr(latest, kind)) == 1 and len(getattr(other, kind)) == 1:
            pair = getattr(other, kind) + getattr(latest, kind)
            return Subject(**{kind: pair}, source="history", named=True)
    for kind in ("clients", "vehicles", "drivers", "notes"):  # «compara esos dos» right after a top 3: its first two
        listed: list[object] = getattr(latest, kind)
        if len(listed) > 2 and turns:
            two = Subject(source="history", named=True)
            setattr(two, kind, sorted(listed, key=lambda row: _at(turns[-1].a, row))[:2])
            return two
    return Subject()


def _at(text: str, row: object) -> int:
    """Where `text` first names `row` (a client's «[code]», a plate, a driver's name, a note's number)."""
    if isinstance(row, store_clients.Client):
        said = f"[{row.code}]"
    elif isinstance(row, store_vehicles.Vehicle):
        said = row.plate
    elif isinstance(row, store_vehicles.Driver):
        said = row.full_name
    else:
        said = str(row)
    return text.find(said) if said in text else len(text)


def _key(row: object) -> object:
    return getattr(row, "id", row)


def pick_by_city(subject: Subject, city: str | None, words: tuple[str, ...]) -> Subject:
    """From several clients of an earlier list, the one «de Barranquilla» or whose name has `words`."""
    if len(subject.clients) < 2:
        return subject
    if city:
        chosen = [c for c in subject.clients if c.city == city]
    else:
        chosen = [c for c in subject.clients if words and all(w in fold(c.name).split() for w in words)]
    if len(chosen) == 1 or (city and 1 < len(chosen) < len(subject.clients)):
        return Subject(clients=chosen, source=subject.source)  # one, or the fewer of that city
    return subject


def newest_listed_note(answer: str) -> str | None:
    """The first note of `answer` when it lists several (notes are listed newest first): «¿cuál fue la
    última?» right after «remisiones del 412 en octubre»."""
    notes = re.findall(r"^•\s*remisión (\w{1,20})\b", answer, re.M)
    return notes[0] if len(notes) > 1 else None
