"""«¿y el primero que te pregunté?»: an entity named by an earlier question of the working memory."""

from __future__ import annotations

import asyncpg

from backend.answers.focus import Subject, from_mentions, ordinal
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
    seen: list[tuple[int, Subject]] = []
    keys: set[tuple[str, object]] = set()
    for i, turn in enumerate(turns):
        named = await from_mentions(conn, find_mentions(turn.q), names=True)
        rows = [("c", c) for c in named.clients] + [("v", v) for v in named.vehicles]
        rows += [("d", d) for d in named.drivers] + [("n", n) for n in named.notes]
        for kind, row in rows:
            key = (kind, getattr(row, "id", row))
            if key in keys:
                continue
            keys.add(key)
            one = {"c": "clients", "v": "vehicles", "d": "drivers", "n": "notes"}[kind]
            seen.append((i, Subject(**{one: [row]}, source="history")))
    if not -len(seen) <= position < len(seen):
        return None
    return seen[position]
