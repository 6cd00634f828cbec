"""«¿Cuáles de esos tienen la tecno vencida?», «¿cuáles tienen el SOAT vencido?» right after «¿cuántos
furgones hay?»: a question of documents about the vehicles of the kind a fleet question just described —
that kind's documents, not the whole fleet's nor a vehicle in focus before the set."""

from __future__ import annotations

from dataclasses import replace

from backend.answers.over_set import vehicle_set
from backend.answers.scope_words import PLURAL_WHICH, typed_words
from backend.understanding.parse import Question

_THOSE = frozenset("esos esas estos estas ellos ellas aquellos aquellas".split())


def of_those_documents(q: Question, previous: Question | None) -> Question | None:
    """`q` narrowed to the vehicle kind `previous` described, when `q` asks of documents and points back
    at that set (a plural «esos», or a plural «which» with no noun of its own); else None."""
    if previous is None or q.names_entity() or not vehicle_set(previous) or not previous.vehicle_kind:
        return None
    if previous.brand or previous.model_year or not (q.doc_type or q.status or q.expiry or q.light):
        return None
    if q.vehicle_kind or q.brand or q.model_year or q.subject not in (None, "vehicles", "documents"):
        return None
    words, typed = typed_words(q)
    points_back = bool(words & _THOSE) or (q.subject is None and bool(PLURAL_WHICH.search(typed)))
    if not points_back:
        return None
    return replace(q, vehicle_kind=previous.vehicle_kind, follow_up=False, slots_set=q.slots_set | {"vehicle_kind"})
