"""The flow of one question: parse, the entities it names, the follow-up it is, one intent handler.

See the package docstring (`backend.answers`) for the whole flow; the parts it drives a `Step` through:
`early.py` (what the message is before it meets the conversation), `picked.py` (an entity picked from
what was said before), `fallback.py` (the entities in focus or the company's answer)."""

from __future__ import annotations

from dataclasses import replace

import asyncpg

from backend.answers import (
    again,
    asking,
    bare_city,
    bare_count,
    bare_number,
    city_compare,
    city_versus,
    confirm,
    named_compare,
    of_those,
    typed_code,
    vehicles,
    yes_no,
)
from backend.answers import followup as fu
from backend.answers.about import entity_answer
from backend.answers.after_failed import not_found_before, not_understood, topic_turns
from backend.answers.client import asks_saldo
from backend.answers.company_wide import company_answer
from backend.answers.compound import two_questions
from backend.answers.each_city import per_city, per_kind
from backend.answers.early import both, each_city, routed
from backend.answers.fallback import fallback
from backend.answers.focus import Subject, from_mentions
from backend.answers.lines import ordinal
from backend.answers.model import Exact, city_in
from backend.answers.negation import negated
from backend.answers.new_question import drops_period
from backend.answers.notes_of import note_in_focus
from backend.answers.of_those_city import of_those_in_city
from backend.answers.over_set import over_set
from backend.answers.period_again import in_context, saldo_chain
from backend.answers.picked import picked
from backend.answers.picked_document import as_picked_document
from backend.answers.picks import both_before
from backend.answers.scope import company_scope
from backend.answers.those_documents import of_those_documents
from backend.answers.understood import Step, Understood, settled
from backend.answers.year_again import model_year_again
from backend.context.company_catalogue import company_catalogue
from backend.context.resolve import Entities
from backend.core.history import Turn
from backend.core.text import fold
from backend.understanding.parse import parse_question

__all__ = ["Exact", "Understood", "understand"]


async def understand(
    conn: asyncpg.Connection, *, company_id: int, question: str, turns: list[Turn], focus: list[object]
) -> Understood:
    """The exact answer to `question` (conn inside `tenant_transaction`), or `exact=None` when the
    question is not understood. `turns` are sanitized history turns; `focus` the untrusted request focus."""
    turns = topic_turns(turns)  # «¿y la otra empresa?» (refused) changed no topic

    async def reread(again: str) -> Understood:
        return await _understand(conn, company_id=company_id, question=again, turns=turns, focus=focus)

    known = await company_catalogue(conn)
    if (checked := await confirm.confirmed(conn, question, known.cities, known.company.today, reread)) is not None:
        return checked  # «¿el 412 está en Rionegro?»: «Sí, [412] … está en Rionegro.»
    if turns and (which := await city_compare.which_city(conn, question, turns)) is not None:
        return which
    understood = await _understand(conn, company_id=company_id, question=question, turns=turns, focus=focus)
    if not turns:
        return yes_no.with_yes_no(question, understood)  # «¿el 412 debe estibas?»: «Sí, … tiene 306 estibas.»
    return yes_no.with_yes_no(question, await city_compare.with_verdict(conn, question, turns, understood, reread))


async def _understand(
    conn: asyncpg.Connection, *, company_id: int, question: str, turns: list[Turn], focus: list[object]
) -> Understood:
    known = await company_catalogue(conn)  # the request's own when /v1/ask read it with the admin check
    company, cities = known.company, known.cities
    question = fu.without_correction(question) if turns else question  # «perdón, quería decir estibas»
    before = fu.previous(turns, company.today) if turns else None
    # «¿y del 16 al 30?»: the month just asked; «¿y la anterior?», «¿y el mes anterior?»: from the period answered
    question = in_context(question, turns, before, company.today)
    if turns and (document := await as_picked_document(conn, question, turns, company.today)) is not None:
        question = document  # «¿y ese cuándo vence?» after «¿quién maneja el primero?» of a documents list
    question, read_as = await typed_code.joined(conn, question)  # «canastiyas del 41 2»: the 412
    q = negated(parse_question(question, company.today))  # «¿quién no tiene la licencia vigente?»: the expired
    if turns and bare_count.as_follow_up(q, known.assets):
        number = await note_in_focus(conn, turns[-1:], focus)  # … of the delivery note just given
        # «¿cuántas canastillas (traía)?» right after an answer: as «¿y cuántas …?»
        question = f"y {question}" if number is None else f"{question} en la remisión {number}"
        q = negated(parse_question(question, company.today))
    if (as_asked := bare_city.reworded(q, cities, known.assets, turns, company.today)) is not None:
        question = as_asked  # «¿cuántas en Rionegro?»: the saldo there, of the asset just asked or of every one
        q = negated(parse_question(question, company.today))
    if turns and q.name_words == ("menos",) and set(q.tokens) <= {"y", "e", "menos"}:
        question = "y el que menos"  # «¿y menos?» right after a ranking: its other end, «menos» is no name
        q = negated(parse_question(question, company.today))
    s = Step(conn, company_id, company, known.assets, cities, turns, focus, understand, q, q, others=known.others)
    if (by_cities := await city_versus.routed(s)) is not None:  # «compara Medellín con Itagüí», «compáralas»
        return by_cities
    if (parts := two_questions(question, company.today)) is not None:
        joined = await both(s, parts)
        if joined is not None:
            return joined
    parts_by_city = per_city(q.tokens, cities) or per_kind(q.tokens)
    if parts_by_city is not None:  # «canastillas en Medellín y en Cali», «camiones y furgones»: each
        by_city = await each_city(s, parts_by_city)
        if by_city is not None:
            return by_city
    early = await routed(s, question)
    if early is not None:
        return early
    q = s.q
    asset_words = {w for a in s.assets for w in fold(f"{a.name} {a.plural}").split()}
    city, words = city_in(tuple(w for w in q.name_words if w not in asset_words), cities)
    if words != q.name_words:
        q.mentions.words = list(words)
        q = replace(q, name_words=words)
    q = await vehicles.with_brand(conn, q)  # «¿cuántos Chevrolet hay?»: a brand, no name
    said_both = bool(turns) and (again.said_both(q) or again.plural_follow_up(q))
    if said_both:
        q = again.without_both(q)
    previous = fu.previous(turns, company.today)
    previous = await vehicles.with_brand(conn, previous) if previous is not None else None
    if previous is not None and set(previous.name_words) & asset_words:  # «leche» of «canastas de leche»: no name
        previous = replace(previous, name_words=tuple(w for w in previous.name_words if w not in asset_words))
    q = model_year_again(q, previous, company.today.year)  # «¿y el 2010?» after «vehículos modelo 2015»
    q = of_those.of_previous_vehicles(q, previous)  # «¿cuál es el más nuevo?» after «¿cuántos motocarros hay?»
    q = of_those.of_previous_people(q, previous)  # «¿cuántos no tienen carro?» after «¿cuántos conductores hay?»
    picks_one = ordinal(q.tokens) is not None  # «¿quién maneja el primero?»: one of the set, not the set
    plural = {"los", "las", "sus", "esos", "esas", "todos", "todas"} & set(q.tokens)
    picked_last = bool(turns) and ordinal(parse_question(turns[-1].q, company.today).tokens) is not None
    after_pick = picked_last and not plural
    picks_one = picks_one or after_pick  # «¿quién lo maneja?» right after «¿y el segundo?»: the one picked
    of_set = None if picks_one else over_set(q, previous) or of_those_documents(q, previous)
    if of_set is not None:  # «¿quién los maneja?» after «¿cuántos motocarros hay?»: the drivers of those
        return settled(Entities(), of_set, Subject(), await company_answer(s.ask(of_set)))
    merged = (
        (previous is None or not fu.leaves_vehicle(q, previous))
        and fu.should_merge(q, previous)
        or (city is not None and previous is not None and again.counts_again(q, previous, city_said=city))
        or (city is not None and previous is not None and fu.corrects_city(q))  # «no, en Barranquilla»
    )
    own_scope = company_scope(q)  # the question's own words, before it takes earlier slots
    own = q
    if merged and previous is not None:  # should_merge is False without a previous question
        q = fu.merged(q, previous, company.today)
        if q.aggregation == "count" and again.LIST_WORDS & set(own.tokens) and not again.COUNT_WORDS & set(own.tokens):
            q = replace(q, aggregation=None, slots_set=q.slots_set - {"aggregation"})  # «¿cuáles en Bello?»
        of_saldo = asks_saldo(previous) or saldo_chain(turns, company.today)  # «¿y hace un mes?» → «¿y hace 2?»
        if own.slots_set == {"period"} and q.attribute is None and of_saldo:
            q = replace(q, attribute="balance")  # «¿cuántas tapas tiene el 007?» → «¿y el 1 de noviembre?»
        if drops_period(own) and q.period is not None:
            q = replace(q, period=None, slots_set=q.slots_set - {"period"})
    if city is None and turns and (merged or fu.THERE & set(q.tokens)) and not q.names_entity():
        city = fu.previous_city(turns, cities, company.today)
    if city is None and turns and fu.THERE & set(q.tokens) and not q.names_entity():
        city = await fu.city_of_latest(conn, turns)  # «¿cuántos clientes hay allá?» after «está en Rionegro»
    if city is None and turns and not merged and of_those.keeps_city(q, previous):
        city = fu.previous_city(turns, cities, company.today)  # «¿cuál tiene más?» of the clients of Cali
    if said_both and not q.names_entity():  # «compara los dos»: each of the two just discussed
        pair = await both_before(conn, turns)
        if pair.count() == 2:
            return settled(Entities(), q, pair, await entity_answer(s.ask(q, city), pair))
    follows = merged or own.tokens[:1] in (("y",), ("e",)) or fu.refers_back(own) or fu.bare_when(own)
    if turns and not q.names_entity() and follows:
        if not_understood(turns):  # «¿y estibas?» right after «No entendí la pregunta.»: which one?
            return settled(Entities(), q, Subject(), asking.which_entity())
        if (failed := not_found_before(turns)) is not None:  # «¿y estibas?» after «saldo del 413»: not found again
            return settled(Entities(), q, Subject(), Exact(failed, "not_found", "not_found"))
    note_words = "remision" in q.tokens or "remisiones" in q.tokens
    subject = await from_mentions(conn, q.mentions, spoken_notes=note_words) if q.names_entity() else Subject()
    asked = subject.resolved
    subject = await bare_number.client_reading(conn, q, subject, note_words, city)
    subject.source = "question" if subject.count() else ""
    if subject.count() > 1 and (versus := await named_compare.versus(s.ask(q, city), subject)) is not None:
        return settled(asked, q, subject, versus)  # «¿quién tiene más canastillas, el 412 o el 310?»
    q = named_compare.of_missing(q, subject)  # … «o el 999?» (no such client): the 412's figure, 999 not found
    if subject.count():  # «el 7» answered for [007], «41 2» for 412: the reading said first
        exact = typed_code.announced(q, subject, await entity_answer(s.ask(q, city), subject), read_as)
        return settled(asked, q, subject, exact)
    s.q, s.own, s.previous, s.merged, s.city, s.words = q, own, previous, merged, city, words
    s.own_scope, s.asked, s.subject = own_scope, asked, subject
    return await of_those_in_city(s) or await picked(s) or await fallback(s)
