"""«¿y el 2010?», «¿y del 2012?» right after a question about the vehicles of a model year: that model year
again, never delivery note 2010 or client 2010."""

from __future__ import annotations

import re
from dataclasses import replace

from backend.understanding.parse import Question

_YEAR = re.compile(r"^(?:19|20)\d{2}$")
_NOTE_WORDS = frozenset({"remision", "remisiones", "cliente", "clientes"})


def model_year_again(q: Question, previous: Question | None, this_year: int) -> Question:
    """`q` with the year it says (a number, or a whole year read as a period) as a model year when the
    question before asked one (`previous.model_year`) and `q` names nothing else (no plate, no note or
    client word); a model year said in a follow-up is the fleet's, not the focus'; else `q` unchanged."""
    if q.model_year is not None and q.follow_up and not q.names_entity():
        return replace(q, follow_up=False)  # «¿y modelo 2012?»: a set of the fleet, not what is in focus
    if previous is None or previous.model_year is None or q.model_year is not None:
        return q
    year = q.period
    whole_years = year is not None and (year.start.month, year.start.day, year.end.month, year.end.day) == (
        1,
        1,
        12,
        31,
    )
    if year is not None and whole_years and q.slots_set == {"period"} and not q.names_entity():
        # «¿y del 2012?»: that model year
        return replace(q, period=None, model_year=(year.start.year, year.end.year), slots_set=frozenset({"model_year"}))
    m = q.mentions
    said = {*m.numbers, *m.codes, *m.notes}
    if not said or m.plates or _NOTE_WORDS & set(q.tokens) or q.name_words:
        return q
    years = sorted({int(n) for n in said if _YEAR.match(n) and int(n) <= this_year + 1})
    if len(years) != len(said):
        return q
    m.numbers = m.codes = m.notes = []
    return replace(q, model_year=(years[0], years[-1]), slots_set=q.slots_set | {"model_year"})
