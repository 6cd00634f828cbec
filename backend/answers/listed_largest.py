"""«¿cuál fue la más grande?», «¿y la más pequeña?», «¿cuál tuvo más canastillas?», «¿cuál fue el despacho
más grande?» right after delivery notes were listed or counted — of a client («¿qué remisiones tuvo el 412 en
octubre?»), a vehicle, a driver or the company: the note of THOSE notes that moved the most (fewest) units.

It is the notes question asked again with the extreme said (its own extreme words taken out), answered with
the turns before it, so the owner and the period it had stay — also through an extreme asked just before
(«¿cuál fue la más grande?» → «¿y la más pequeña?»)."""

from __future__ import annotations

from datetime import date

from backend.answers.largest_note import about_notes, asks_extreme_note, without_extreme
from backend.core.history import Turn
from backend.core.text import fold
from backend.understanding.parse import Question, parse_question

#: how many turns back the notes question may be (extremes asked of it in between)
_BACK = 4


def _extreme_follow_up(q: Question) -> bool:
    """`q` asks only for the largest / smallest note, naming no owner, period or note of its own."""
    if q.names_entity() or q.period is not None:
        return False
    return asks_extreme_note((*q.tokens, "remision")) is not None


def of_listed_notes(q: Question, turns: list[Turn], today: date) -> tuple[str, list[Turn]] | None:
    """The question to answer instead of `q` and the turns to answer it with, when `q` asks for the largest
    (smallest) of the notes the conversation just gave; else None."""
    if not turns or not _extreme_follow_up(q):
        return None
    for k in range(len(turns) - 1, max(-1, len(turns) - 1 - _BACK), -1):
        before = parse_question(turns[k].q, today)
        if about_notes(before.tokens):
            if before.subject == "clients":  # «¿qué clientes tuvieron remisiones?»: clients were listed
                return None
            return f"{without_extreme(fold(turns[k].q))} {fold(q.text)}", turns[:k]
        if not _extreme_follow_up(before):
            return None
    return None
