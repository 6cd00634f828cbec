"""A question about what the conversation is on: the entities of the latest answer (one, or each of a
short list), narrowed by a city said («el de Pereira»), else the focus the bot sent back."""

from __future__ import annotations

from dataclasses import dataclass

from backend.answers import again, asking, scope
from backend.answers import followup as fu
from backend.answers.about import entity_answer
from backend.answers.earlier_client import asks_a_saldo, earlier_client, earlier_note
from backend.answers.entities import unknown_of_kind
from backend.answers.focus import Subject, from_history, from_request
from backend.answers.model import Ask, Exact, city_in
from backend.answers.picks import pick_by_city
from backend.context.resolve import Ambiguous
from backend.core.history import Turn
from backend.understanding.parse import Question


@dataclass
class InFocus:
    """The question as answered (`q`, merged when a city picked a listed one), the subject found and the
    answer (None: the question falls through to the company-wide answers)."""

    q: Question
    subject: Subject
    exact: Exact | None = None


async def answer(
    ask: Ask,
    own: Question,
    previous: Question | None,
    turns: list[Turn],
    focus: list[object],
    *,
    merged: bool,
    scope_of: scope.Scope | None,
    words: tuple[str, ...],
) -> InFocus:
    """`ask.q` answered about the entities in focus; `own` is the question as said (before it took the
    previous question's slots), `scope_of` its own scope (`scope.company_scope`)."""
    conn, q, today = ask.conn, ask.q, ask.company.today
    listed = await from_history(conn, turns)
    subject = pick_by_city(listed, ask.city, words)
    city_said = ask.city is not None and city_in(own.tokens, ask.cities)[0] is not None
    if city_said and subject is listed and not (fu.REFERS_BACK | {"le", "les"}) & set(own.tokens):
        return InFocus(q, Subject())  # «canastillas en Medellín» after a vehicle or a client: the city's own
    if subject is not listed and not merged and previous is not None and q.is_elliptical():
        ask.q = q = fu.merged(q, previous, today)  # «el de Pereira» answers the listed question
        ask.city = None
        if subject.is_list():  # several candidates there: the shorter list
            group = Ambiguous("clients", [c.id for c in subject.clients], [c.label for c in subject.clients])
            return InFocus(q, subject, await asking.ambiguous(conn, q, Subject(ambiguous=[group])))
    fleet_before = scope.after_company_question(turns, today)
    if scope.of_city_clients(own, turns, ask.cities, today) is not None:
        return InFocus(q, Subject())  # «¿y cuántas estibas tienen?» after the clients of a city: theirs
    if merged and fleet_before and listed.count() == 1 and fu.REFERS_BACK & set(own.tokens):
        ask.q = q = own  # «¿y cuántas tapas tiene ese mismo?» after «el cliente con más estibas»
    elif subject.is_list() and len(subject.notes) > 1 and again.asks_latest(q) and not merged:
        subject = Subject(notes=subject.notes[:1])  # «¿cuál fue la última?» of notes listed newest first
    elif subject.is_list() and not subject.named and q.attribute == "unknown" and not q.follow_up:
        return InFocus(q, subject, unknown_of_kind(ask))  # «¿quién es el gerente?» after a list
    elif subject.is_list() and not subject.named and not merged and fu.needs_focus(q) and not again.counts_members(q):
        if max(len(x) for x in (subject.clients, subject.vehicles, subject.drivers, subject.notes)) > asking.EACH_MAX:
            return InFocus(q, subject, asking.which_of_list())
        subject.named = True  # «¿y quién los maneja?» after a short list: each of them
    elif (subject.is_list() and not subject.named) or (merged and fleet_before):
        subject = Subject()  # an earlier list answer, or a fleet-wide question followed up: no single focus
    earlier = await earlier_client(conn, turns) if not subject.clients and asks_a_saldo(own) else None
    if earlier is not None and earlier.count():  # «¿y sus canastillas?» after «¿cuántos vehículos hay?»: the 861
        subject = earlier
    if not subject.count() and not (merged and fleet_before):
        subject = await from_request(conn, focus)
    if q.attribute == "client" and not (subject.notes or subject.clients) and not own.names_entity():
        note = await earlier_note(conn, turns)  # «¿y a quién se entregó?» after the note's driver's licence
        subject = note if note.count() else subject
    subject = scope.narrowed(subject, scope_of, q)
    if subject.count():
        ask.city = None
        return InFocus(q, subject, await entity_answer(ask, subject))
    return InFocus(q, subject)
