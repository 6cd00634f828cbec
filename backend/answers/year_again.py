"""«¿y el 2010?», «¿y del 2012?» right after a question about the vehicles of a model year: that model year
again, never delivery note 2010 or client 2010."""

from __future__ import annotations

import re
from dataclasses import replace

from backend.understanding.parse import Question

_YEAR = re.compile(r"^(?:19|20)\d{2}$")
_NOTE_WORDS = frozenset({"remision", "remisiones", "cliente", "clientes"})


def model_year_again(q: Question, previous: Question | None, this_year: int) -> Question:
    """`q` with the year it says as a model year when the question before asked one (`previous.model_year`)
    and `q` names nothing else (no plate, no note or client word); else `q` unchanged."""
    if previous is None or previous.model_year is None or q.model_year is not None:
        return q
    m = q.mentions
    said = {*m.numbers, *m.codes, *m.notes}
    if not said or m.plates or _NOTE_WORDS & set(q.tokens) or q.name_words:
        return q
    years = sorted({int(n) for n in said if _YEAR.match(n) and int(n) <= this_year + 1})
    if len(years) != len(said):
        return q
    m.numbers = m.codes = m.notes = []
    return replace(q, model_year=(years[0], years[-1]), slots_set=q.slots_set | {"model_year"})
