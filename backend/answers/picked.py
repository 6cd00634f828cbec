"""An entity picked from what was said before, when the question names none that resolves: «el primero que
te pregunté», one of the candidates just listed («el agudelo», «el segundo»), the newest note listed
(«¿cuál fue la última?»), «el otro»; and a name that resolves to nothing. Each returns the answer, or None
(the flow goes on to the focus and the company's answer)."""

from __future__ import annotations

from dataclasses import replace

from backend.answers import again, asking, nth, recall
from backend.answers import followup as fu
from backend.answers.about import entity_answer
from backend.answers.focus import Subject, from_history
from backend.answers.lines import ordinal, relative, several
from backend.answers.owner_named import notes_of_a_name
from backend.answers.picks import (
    narrow_by_earlier_name,
    newest_listed_note,
    other_entity,
    pick_by_earlier_name,
    pick_from_list,
)
from backend.answers.understood import Step, Understood, settled
from backend.core.text import fold
from backend.understanding.parse import Question
from backend.understanding.periods import OTHER_PERIOD


async def picked(s: Step) -> Understood | None:
    """The answer about an entity picked from the conversation (see the module docstring), else None."""
    back = recall.recalls(s.q.tokens)
    if back is not None:  # «¿y el primero que te pregunté?»: that entity, asked what was asked of it
        return await _recalled(s, back)
    if s.subject.ambiguous:
        return await _among_candidates(s)
    if s.subject.missing:
        q, subject = s.q, s.subject
        fleet_wide = q.aggregation or q.subject or q.expiry or q.status or q.period or q.movement
        if subject.missing[0][0] != "name" or (not fleet_wide and (q.asset or q.attribute or q.doc_type)):
            return settled(s.asked, q, subject, asking.missing(s.ask(city=s.city), subject))
        bare_noun = q.slots_set <= {"subject"} and not set(q.tokens) & fu.QUESTION_WORDS  # «drop table clients»
        if not fleet_wide or bare_noun:
            return settled(s.asked, q, subject, None)  # words that name nothing: not understood
        if notes_of_a_name(q):  # «remisiones de tienda la vaquita feliz»: that name is not found
            return settled(s.asked, q, subject, asking.missing(s.ask(city=s.city), subject))
    newest = newest_listed_note(s.turns[-1].a) if s.turns and again.asks_latest(s.own) else None
    if newest is not None:  # «¿cuál fue la última?» after a list of notes: the newest listed
        listed_note = Subject(notes=[newest], source="history")
        return settled(s.asked, s.q, listed_note, await entity_answer(s.ask(city=s.city), listed_note))
    places = several(s.q.tokens) if s.turns else None
    if places is not None:  # «los dos primeros en qué ciudad quedan», «el primero y el tercero»: each of them
        found = await nth.several_at(s, places)
        if found is not None:
            return found
    position = ordinal(s.q.tokens) if s.turns else None
    if position is not None:  # «el segundo» of what was listed or ranked: the question asked, about that one
        found = await nth.at_position(s, position)
        if found is not None:
            return found
        if await recall.several_asked(s.conn, s.turns, s.q.tokens):  # no list: «¿y el primero cuál es su teléfono?»
            return await _recalled(s, position)  # after «¿quién maneja la KLM482?» → «¿y la TRX905?»: the KLM482's
    step = relative(s.q.tokens) if s.turns else None
    if step is not None:  # «el de arriba», «el siguiente»: a line away from the one picked last
        found = await nth.step_from_last(s, step)
        if found is not None:
            return found
    return await _other(s)


async def _recalled(s: Step, back: int) -> Understood:
    found = await recall.asked_before(s.conn, s.turns, back)
    if found is None:
        return settled(s.asked, s.q, s.subject, asking.recall_none())
    k, chosen = found
    if s.own.slots_set - {"aggregation", "period"}:  # «… en qué ciudad está?», «… cuántas estibas tiene?»
        return settled(s.asked, s.own, chosen, await entity_answer(s.ask(s.own, s.city), chosen))
    latest = await from_history(s.conn, s.turns)
    same_kind = [k2 for k2 in ("clients", "vehicles", "drivers", "notes") if getattr(latest, k2)]
    if s.previous is not None and same_kind and getattr(chosen, same_kind[0]):
        return settled(s.asked, s.previous, chosen, await entity_answer(s.ask(s.previous, s.city), chosen))
    turns = s.turns
    return await s.again(s.conn, company_id=s.company_id, question=turns[k].q, turns=turns[:k], focus=s.focus)


async def _among_candidates(s: Step) -> Understood:
    subject = s.subject
    chosen = await pick_from_list(s.conn, s.turns, subject.ambiguous[0]) if s.turns else Subject()
    if chosen.count() != 1 and s.turns:  # «el express» after «almacén san josé»: the one of that name
        chosen = await pick_by_earlier_name(s.conn, s.turns, subject.ambiguous[0])
    narrower = await narrow_by_earlier_name(s.conn, s.turns, subject.ambiguous[0]) if chosen.count() != 1 else None
    if narrower is not None:  # «la express» after 15 «macarena» candidates: the ones of both words
        q = _elliptical_merged(s)
        return settled(s.asked, q, subject, await asking.ambiguous(s.conn, q, Subject(ambiguous=[narrower])))
    if chosen.count() != 1:
        return settled(s.asked, s.q, subject, await asking.ambiguous(s.conn, s.q, subject))
    # «el depósito», «el agudelo» among the listed candidates
    q = _elliptical_merged(s)
    return settled(s.asked, q, chosen, await entity_answer(s.ask(q, s.city), chosen))


def _elliptical_merged(s: Step) -> Question:
    """`s.q` merged with the previous question when it was not and reads as elliptical."""
    if not s.merged and s.previous is not None and s.q.is_elliptical():
        return fu.merged(s.q, s.previous, s.company.today)
    return s.q


_DOC_WORDS = {"soat": "SOAT", "tecnomecanica": "TECNOMECANICA", "poliza": "POLIZA_RC"}


def _one_doc_type(answer: str) -> str | None:
    """The one document type `answer` speaks of («Primero vence el SOAT de TRX905 …»), else None."""
    words = set(fold(answer).split())
    said = {doc for word, doc in _DOC_WORDS.items() if word in words}
    return said.pop() if len(said) == 1 else None


async def _other(s: Step) -> Understood | None:
    q = s.q
    other_said = fu.OTHER & set(q.tokens) and not OTHER_PERIOD.search(" ".join(q.tokens))  # «la otra semana»
    if not (s.turns and other_said and not q.names_entity()):
        return None
    of_two = await nth.other_listed(s) if s.own.slots_set <= {"aggregation"} else None
    if of_two is not None:  # «¿y el otro?» after «el segundo» of a list of two: its first
        return of_two
    other = await other_entity(s.conn, s.turns)  # «¿y el otro?»: the one before
    if other.count() and fu.other_of_kind(s.own) and s.previous is not None:
        q = s.previous  # «¿y la otra placa?» after «¿y el SOAT de ese carro?»: that, of the other one
    said_doc = _one_doc_type(s.turns[-1].a)
    if other.count() and q.expiry and q.doc_type is None and said_doc:  # «¿y el otro cuándo vence?»: that one
        q = replace(q, doc_type=said_doc, slots_set=q.slots_set | {"doc_type"})
    if other.count():
        return settled(s.asked, q, other, await entity_answer(s.ask(q, s.city), other))
    if fu.other_of_kind(s.own):
        return settled(s.asked, q, other, asking.other_none())
    return None
