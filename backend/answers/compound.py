"""Two questions in one message about the same thing: «el 1050 dónde queda y cuántas tapas tiene», «el SOAT
de la KLM482 cuándo vence y la tecno». The second part is answered as the follow-up of the first («y …»);
both answers are given, one per line. Pure: the split only."""

from __future__ import annotations

import re
from datetime import date

from backend.understanding.parse import parse_question

_AND = re.compile(r"\s+y\s+", re.I)
_SECOND_OWN = {"attribute", "doc_type", "expiry", "movement"}


def two_questions(text: str, today: date) -> tuple[str, str] | None:
    """(first, second) when `text` joins a question about something with a second question about the same
    thing that names nothing itself; None otherwise (names joined by «y», «canastillas y estibas», …)."""
    for match in _AND.finditer(text):
        first, second = text[: match.start()].strip(), text[match.end() :].strip(" ?¿!.")
        if not first or not second:
            continue
        q1, q2 = parse_question(first, today), parse_question(second, today)
        if q2.names_entity() or not q1.names_entity() or not q1.slots_set:
            continue
        other_detail = q2.slots_set & _SECOND_OWN and (q2.attribute != q1.attribute or q2.doc_type != q1.doc_type)
        if other_detail or (q2.asset and not q1.asset):  # not «canastillas … y cuántas estibas» (both assets)
            return first, second
    return None
