"""«¿y el primero que te pregunté?»: an entity named by an earlier question of the working memory."""

from __future__ import annotations

import asyncpg

from backend.answers.focus import Subject, from_mentions
from backend.answers.lines import ordinal
from backend.context.mentions import find_mentions
from backend.core.history import Turn

ASKED_BEFORE = {"pregunte", "preguntaba", "pregunto", "preguntamos", "dije", "mencione", "pedi", "consulte"}


def recalls(tokens: tuple[str, ...]) -> int | None:
    """The position among the entities asked before («el primero que te pregunté» → 0, «el último que te
    dije» → -1), else None (not a recall)."""
    if not ASKED_BEFORE & set(tokens):
        return None
    kept = tuple(t for t in tokens if t not in ASKED_BEFORE and t not in ("te", "le", "yo", "antes", "al"))
    return ordinal(kept)


async def asked_before(conn: asyncpg.Connection, turns: list[Turn], position: int) -> tuple[int, Subject] | None:
    """The index of the turn that first named the `position`-th distinct entity asked about (oldest first)
    and that entity alone, or None when the memory has no such one."""
    seen = await asked_entities(conn, turns)
    if not -len(seen) <= position < len(seen):
        return None
    return seen[position]


async def asked_entities(conn: asyncpg.Connection, turns: list[Turn]) -> list[tuple[int, Subject]]:
    """Each distinct entity the questions of `turns` named (oldest first), with the index of the turn that
    named it first."""
    seen: list[tuple[int, Subject]] = []
    keys: set[tuple[str, object]] = set()
    for i, turn in enumerate(turns):
        named = await from_mentions(conn, find_mentions(turn.q), names=True)
        ones = [Subject(clients=[c], source="history") for c in named.clients]
        ones += [Subject(vehicles=[v], source="history") for v in named.vehicles]
        ones += [Subject(drivers=[d], source="history") for d in named.drivers]
        ones += [Subject(notes=[n], source="history") for n in named.notes]
        for one in ones:
            key = (one.focus()[0].kind, one.focus()[0].key)
            if key not in keys:
                keys.add(key)
                seen.append((i, one))
    return seen


#: nouns that make an ordinal a thing of its own («la primera remisión» of a client): no recall
_OWN_NOUNS = frozenset({"remision", "remisiones", "despacho", "devolucion", "entrega", "viaje", "vez"})


async def several_asked(conn: asyncpg.Connection, turns: list[Turn], tokens: tuple[str, ...]) -> bool:
    """«el primero» with no list to pick from reads as a recall: the memory's questions asked of entities
    in more than one turn, and the ordinal names no thing of its own («la primera remisión»)."""
    if _OWN_NOUNS & set(tokens):
        return False
    return len({i for i, _ in await asked_entities(conn, turns)}) > 1
