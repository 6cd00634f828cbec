"""Two questions in one message about the same thing: «el 1050 dónde queda y cuántas tapas tiene», «el SOAT
de la KLM482 cuándo vence y la tecno»; or two measures of the company asked at once: «¿cuántas despachamos
ayer y cuántas devolvieron?», «¿cuántos vehículos hay y cuántos conductores?». The second part is answered
as the follow-up of the first («y …», so it keeps the first's period and scope); both answers are given, one
per line. Pure: the split only."""

from __future__ import annotations

import re
from datetime import date

from backend.answers.status import READY
from backend.core.text import fold
from backend.understanding.parse import Question, parse_question

_AND = re.compile(r"\s+y\s+", re.I)
_SECOND_OWN = {"attribute", "doc_type", "expiry", "movement"}
#: a second part that is a question of its own («… y cuántas devolvieron»), not a list («… y estibas»)
_ASKS = re.compile(r"^(?:cuant[oa]s?|que|cual(?:es)?|quien(?:es)?|donde|cuando|a cuant[oa]s)\b")
_MEASURE = ("movement", "asset", "attribute", "subject", "aggregation", "doc_type", "status", "light", "active")


def _another_measure(q1: Question, q2: Question) -> bool:
    """`q2` (a question of its own) asks a measure `q1` does not: another movement, asset, subject, …"""
    ready1, ready2 = (bool(READY.search(" ".join(q.tokens))) for q in (q1, q2))
    if ready1 != ready2 or (ready2 and ("no" in q1.tokens) != ("no" in q2.tokens)):
        return True  # «… al día y cuántos no pueden salir»
    return any(name in q2.slots_set and getattr(q2, name) != getattr(q1, name) for name in _MEASURE)


def _standalone(q1: Question, q2: Question, second: str) -> str:
    """The company's second measure as a question of its own, on the first's period when it moves units or
    counts notes and says no period («… ayer y cuántas devolvieron» → «cuántas devolvieron ayer»; «qué
    vence esta semana y qué está vencido» keeps its own); «y cuántas estibas» (no measure of its own, only an
    asset) stays the first's follow-up."""
    own = q2.slots_set & {"movement", "attribute", "subject", "aggregation", "status", "doc_type", "light", "active"}
    if not own and not READY.search(" ".join(q2.tokens)):
        return f"y {second}"
    if q2.period is None and q1.period is not None and (q2.movement or {"remisiones", "despachos"} & set(q2.tokens)):
        return f"{second} {q1.period.label}"
    return second


def two_questions(text: str, today: date) -> tuple[str, str] | None:
    """(first, second) when `text` joins a question about something with a second question about the same
    thing that names nothing itself, or two of the company's measures; None otherwise (names joined by «y»,
    «canastillas y estibas», …). The second is as it is to be asked: «y …» (the first's follow-up) or whole."""
    for match in _AND.finditer(text):
        first, second = text[: match.start()].strip(), text[match.end() :].strip(" ?¿!.")
        if not first or not second:
            continue
        q1, q2 = parse_question(first, today), parse_question(second, today)
        if q2.names_entity() or not q1.slots_set:
            continue
        if not q1.names_entity():  # two of the company's measures: each answered
            if _ASKS.match(fold(second)) and _another_measure(q1, q2):
                return first, _standalone(q1, q2, second)
            continue
        other_detail = q2.slots_set & _SECOND_OWN and (q2.attribute != q1.attribute or q2.doc_type != q1.doc_type)
        if other_detail or (q2.asset and not q1.asset):  # not «canastillas … y cuántas estibas» (both assets)
            return first, f"y {second}"
    return None
