"""A state asked in the negative: «¿quién no tiene la licencia vigente?», «conductores sin licencia
vigente», «¿qué documentos no están vigentes?» ask for the expired ones (the parse reads «vigente»)."""

from __future__ import annotations

import re
from dataclasses import replace

from backend.understanding.parse import Question

_NOT_VALID = re.compile(r"\b(no|sin)\b(?: \w+){0,3} vigentes?\b")


def negated(q: Question) -> Question:
    """`q` with «no … vigente» read as «vencido» (the negating word dropped), else `q` itself. A yes-or-no
    question about one record («¿la licencia de Diego Toro no está vigente?») keeps its words."""
    if q.status != "vigente" or q.names_entity():
        return q
    said = _NOT_VALID.search(" ".join(q.tokens))
    if said is None:
        return q
    at = len(" ".join(q.tokens)[: said.start(1)].split())  # the token index of «no» / «sin»
    return replace(q, status="vencido", tokens=q.tokens[:at] + q.tokens[at + 1 :])
