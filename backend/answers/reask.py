"""Follow-ups that ask the previous question again, reworded: «todas» after a capped list (every line),
«¿cuáles son?» after a count (as a list), «¿por qué no?» after a yes/no (its reasons), «¿cuántos son?»
after a list (as a count). Each gives the question to answer instead, with the history before it."""

from __future__ import annotations

from datetime import date

from backend.answers import again
from backend.answers import followup as fu
from backend.answers.render import wants_all
from backend.core.history import Turn
from backend.understanding.parse import Question


def reasked(q: Question, turns: list[Turn], today: date) -> str | None:
    """The previous question reworded as `q` asks it again (answered with `turns[:-1]`), or None."""
    if not turns:
        return None
    if wants_all(q.tokens) and not q.slots_set and not q.names_entity() and len(q.tokens) <= 4:
        return f"{turns[-1].q} todas"  # «todas» / «muéstramelas todas» after a capped list: every line
    if fu.asks_which_ones(q):
        # «¿cuáles son?» after «¿cuántos clientes hay en Medellín?»: the same question as a list (after a
        # list, «¿cuáles?» asks it again)
        return fu.as_list_question(turns[-1].q) or fu.as_list_follow_up(turns, today) or turns[-1].q
    if again.asks_why(q) and again.asks_same(q, turns[-1].a):
        return turns[-1].q  # «¿por qué no?» after «¿la QBM563 puede salir hoy?»: its reasons again
    if again.asks_how_many(q):
        # «¿cuántos son?» after «¿qué vehículos tienen el SOAT vencido?»: the same question as a count
        word = next(t for t in q.tokens if t in again.COUNT_WORDS)
        return again.as_count_question(turns[-1].q, word)
    return None
