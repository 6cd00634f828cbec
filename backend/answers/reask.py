"""Follow-ups that ask the previous question again, reworded: «todas» after a capped list (every line),
«¿cuáles son?» after a count (as a list), «¿por qué no?» after a yes/no (its reasons), «¿cuántos son?»
after a list (as a count). Each gives the question to answer instead, with the history before it."""

from __future__ import annotations

import re
from datetime import date

from backend.answers import again
from backend.answers import followup as fu
from backend.answers.last_count import stated_count
from backend.answers.render import MAX_LINES, wants_all
from backend.core.history import Turn
from backend.understanding.parse import Question

_CUT = re.compile(r"^… y \d[\d.]* más\b", re.M)  # the hint under a capped list (`render.capped`)


def cut(answer: str) -> bool:
    """`answer` is a list shown capped: «… y 5 más.» under its lines, or (the hint trimmed off the history
    turn) a first line stating more than a list shows («Clientes con más de 1.000 canastillas: 15.»)."""
    said = stated_count(answer)
    more = said is not None and int(re.sub(r"\D", "", said.rsplit(" ", 1)[-1]) or 0) > MAX_LINES
    return bool(_CUT.search(answer)) or more


def reasked(q: Question, turns: list[Turn], today: date) -> str | None:
    """The previous question reworded as `q` asks it again (answered with `turns[:-1]`), or None."""
    if not turns:
        return None
    if wants_all(q.tokens) and not q.slots_set and not q.names_entity() and len(q.tokens) <= 4:
        return f"{turns[-1].q} todas"  # «todas» / «muéstramelas todas» after a capped list: every line
    if fu.asks_which_ones(q):
        # «¿cuáles son?» after «¿cuántos clientes hay en Medellín?»: the same question as a list (after a
        # list, «¿cuáles?» asks it again; after a capped list, «¿cuáles?» asks every line)
        if cut(turns[-1].a):
            return f"{turns[-1].q} todos"
        return fu.as_list_question(turns[-1].q) or fu.as_list_follow_up(turns, today) or turns[-1].q
    if again.asks_why(q) and again.asks_same(q, turns[-1].a):
        return turns[-1].q  # «¿por qué no?» after «¿la QBM563 puede salir hoy?»: its reasons again
    if again.asks_how_many(q):
        # «¿cuántos son?» after «¿qué vehículos tienen el SOAT vencido?»: the same question as a count
        word = next(t for t in q.tokens if t in again.COUNT_WORDS)
        return again.as_count_question(turns[-1].q, word)
    return None
