"""The flow of one question: parse, the entities it names, the follow-up it is, one intent handler.

See the package docstring (`backend.answers`) for the whole flow."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import asyncpg

from backend.answers import (
    again,
    asking,
    bare_number,
    compare,
    fleet,
    in_focus,
    listed_first,
    recall,
    scope,
    status,
    tallies,
    vehicles,
)
from backend.answers import followup as fu
from backend.answers.about import entity_answer
from backend.answers.client import asks_saldo
from backend.answers.company_wide import company_answer
from backend.answers.compound import two_questions
from backend.answers.entities import asks_unknown_of_kind, unknown_of_kind
from backend.answers.focus import Subject, from_history, from_mentions
from backend.answers.lacking import asks_lacking_documents
from backend.answers.model import Ask, Exact, city_in
from backend.answers.named_company import asks_other_company
from backend.answers.negation import negated
from backend.answers.notes_of import company_latest, note_in_focus
from backend.answers.over_set import over_set
from backend.answers.picks import (
    both_before,
    newest_listed_note,
    ordinal,
    other_entity,
    pick_by_position,
    pick_from_list,
)
from backend.answers.reask import reasked
from backend.answers.render import company_short, without_city
from backend.context.company_catalogue import company_catalogue
from backend.context.resolve import Entities
from backend.core.document_request import sends_it
from backend.core.history import Turn
from backend.core.text import fold
from backend.store import asset_types as store_asset_types
from backend.store import companies as store_companies
from backend.understanding import language
from backend.understanding.parse import Question, parse_question
from backend.understanding.periods import OTHER_PERIOD, with_month_of

__all__ = ["Exact", "Understood", "understand"]


@dataclass
class Understood:
    """The parse (merged with the previous question when elliptical), what it is about, the answer, and
    `asked`: the entities the question itself names, as resolved here (the model's context reuses them:
    `backend.context.build_context(asked=...)`; empty when the question names none)."""

    question: Question
    subject: Subject
    exact: Exact | None
    asked: Entities = field(default_factory=Entities)


async def _company(
    conn: asyncpg.Connection,
) -> tuple[store_companies.Company, list[store_asset_types.AssetType], list[str], list[tuple[str, str]] | None]:
    known = await company_catalogue(conn)  # the request's own when /v1/ask read it with the admin check
    return known.company, known.assets, known.cities, known.others


def _settled(asked: Entities, q: Question, subject: Subject, exact: Exact | None) -> Understood:
    if exact is not None and exact.kind != "answer":
        exact.focus = []  # only an answer sets the focus (an ambiguous list or a not-found does not)
    return Understood(q, subject, exact, asked)


def _names_entity(q: Question, cities: list[str]) -> bool:
    """`q` names a client, vehicle, driver or note — a city alone («… en Cali») is no entity."""
    m = q.mentions
    return bool(m.codes or m.numbers or m.notes or m.plates or m.spoken_codes or city_in(q.name_words, cities)[1])


def _notes_asked(q: Question, previous: Question | None) -> bool:
    """`q` (or the question before it, `previous`) is about delivery notes («la última remisión»)."""
    about = q.subject == "notes" or q.attribute in ("notes", "note_word") or "remision" in q.tokens
    return about or (previous is not None and _notes_asked(previous, None))


async def _both(
    conn: asyncpg.Connection, company_id: int, parts: tuple[str, str], turns: list[Turn], focus: list[object]
) -> Understood | None:
    """Each of two questions joined in one message, the second as the first's follow-up; None when either
    is not answered (the message is then read whole)."""
    first = await understand(conn, company_id=company_id, question=parts[0], turns=turns, focus=focus)
    if first.exact is None or first.exact.kind != "answer":
        return None
    pair = Turn(parts[0], first.exact.text)
    second_focus: list[object] = [f.model_dump() for f in first.exact.focus] or focus
    second = await understand(
        conn, company_id=company_id, question=f"y {parts[1]}", turns=[*turns, pair][-6:], focus=second_focus
    )
    if second.exact is None or second.exact.kind != "answer":
        return None
    exact = Exact(f"{first.exact.text}\n{second.exact.text}", "answer", f"{first.exact.intent}+{second.exact.intent}")
    exact.focus = second.exact.focus or first.exact.focus
    return Understood(first.question, first.subject, exact, first.asked)


async def understand(
    conn: asyncpg.Connection, *, company_id: int, question: str, turns: list[Turn], focus: list[object]
) -> Understood:
    """The exact answer to `question` (conn inside `tenant_transaction`), or `exact=None` when the
    question is not understood. `turns` are sanitized history turns; `focus` the untrusted request focus."""
    company, assets, cities, others = await _company(conn)
    question = fu.without_correction(question) if turns else question  # «perdón, quería decir estibas»
    before = fu.previous(turns, company.today) if turns else None
    if before is not None and before.period is not None:  # «¿y del 16 al 30?»: the month just asked
        question = with_month_of(question, before.period) or question
    if (parts := two_questions(question, company.today)) is not None:
        both = await _both(conn, company_id, parts, turns, focus)
        if both is not None:
            return both
    q = negated(parse_question(question, company.today))  # «¿quién no tiene la licencia vigente?»: the expired
    if sends_it(question):  # «mándamela» after an answer about one delivery note: that note, to send
        number = await note_in_focus(conn, turns, focus)
        if number is None:
            return Understood(q, Subject(), asking.which_note())
        return await understand(conn, company_id=company_id, question=f"remisión {number}", turns=[], focus=[])
    reworded = reasked(q, turns, company.today)
    if reworded is not None:  # «todas», «¿cuáles son?», «¿por qué no?», «¿cuántos son?»: the previous one again
        return await understand(conn, company_id=company_id, question=reworded, turns=turns[:-1], focus=focus)
    if language.english(question):
        return Understood(q, Subject(), Exact(language.SPANISH_ONLY, "not_found", "language"))
    if scope.other_company(q) or await asks_other_company(conn, question, company.name, cities, others):
        # «¿y la otra empresa?», «¿cuántos vehículos tiene Lácteos del Valle?»: never another company's data
        own_only = Exact(scope.only_own_company(company_short(company.name)), "not_found", "other_company")
        return Understood(q, Subject(), own_only)
    first_of = listed_first.of_listed(q, turns)
    listed = fu.previous(turns, company.today) if first_of else None
    if first_of and listed is not None:  # «¿cuál vence primero?» of the documents just listed
        first_ask = Ask(conn, company_id, company, assets, cities, q)
        return _settled(Entities(), q, Subject(), await listed_first.answer(first_ask, listed, first_of))
    compared = await compare.answer(Ask(conn, company_id, company, assets, cities, q), turns)
    if compared is not None:  # «¿cuál de los dos tiene más?», then «¿y estibas?»
        return _settled(Entities(), q, Subject(), compared)
    asset_words = {w for a in assets for w in fold(f"{a.name} {a.plural}").split()}
    beyond = tallies.threshold(fold(question))
    about_clients = q.subject == "clients" or (q.asset and not q.movement)
    beyond_city, beyond_words = city_in(tuple(w for w in q.name_words if w not in asset_words), cities)
    if beyond is not None and about_clients and not set(beyond_words) - tallies.THRESHOLD_WORDS:
        # «¿qué clientes tienen más de 1000 canastillas?»: the amount is no client code
        q.mentions.numbers = [n for n in q.mentions.numbers if n != beyond.said]
        q.mentions.codes = [n for n in q.mentions.codes if n != beyond.said]
        q.mentions.words = []
        q = replace(q, name_words=())
        if not q.names_entity():
            ask = Ask(conn, company_id, company, assets, cities, q, beyond_city)  # «clientes de Cali con más de…»
            return _settled(Entities(), q, Subject(), await tallies.clients_beyond(ask, beyond))
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
    of_set = over_set(q, previous)
    if of_set is not None:  # «¿quién los maneja?» after «¿cuántos motocarros hay?»: the drivers of those
        return _settled(
            Entities(), of_set, Subject(), await company_answer(Ask(conn, company_id, company, assets, cities, of_set))
        )
    merged = (
        (previous is None or not fu.leaves_vehicle(q, previous))
        and fu.should_merge(q, previous)
        or (city is not None and previous is not None and again.counts_again(q, previous, city_said=city))
        or (city is not None and previous is not None and fu.corrects_city(q))  # «no, en Barranquilla»
    )
    own_scope = scope.company_scope(q)  # the question's own words, before it takes earlier slots
    own = q
    if merged and previous is not None:  # should_merge is False without a previous question
        q = fu.merged(q, previous, company.today)
        if q.aggregation == "count" and again.LIST_WORDS & set(own.tokens) and not again.COUNT_WORDS & set(own.tokens):
            q = replace(q, aggregation=None, slots_set=q.slots_set - {"aggregation"})  # «¿cuáles en Bello?»
        if own.slots_set == {"period"} and q.attribute is None and asks_saldo(previous):
            q = replace(q, attribute="balance")  # «¿cuántas tapas tiene el 007?» → «¿y el 1 de noviembre?»
        if fu.drops_period(own) and q.period is not None:
            q = replace(q, period=None, slots_set=q.slots_set - {"period"})
    if city is None and turns and (merged or fu.THERE & set(q.tokens)) and not q.names_entity():
        city = fu.previous_city(turns, cities, company.today)
    if city is None and turns and fu.THERE & set(q.tokens) and not q.names_entity():
        city = await fu.city_of_latest(conn, turns)  # «¿cuántos clientes hay allá?» after «está en Rionegro»
    if said_both and not q.names_entity():  # «compara los dos»: each of the two just discussed
        pair = await both_before(conn, turns)
        if pair.count() == 2:
            ask = Ask(conn, company_id, company, assets, cities, q, city)
            return _settled(Entities(), q, pair, await entity_answer(ask, pair))
    note_words = "remision" in q.tokens or "remisiones" in q.tokens
    subject = await from_mentions(conn, q.mentions, spoken_notes=note_words) if q.names_entity() else Subject()
    asked = subject.resolved
    subject = await bare_number.client_reading(conn, q, subject, note_words, city)
    subject.source = "question" if subject.count() else ""
    ask = Ask(conn, company_id, company, assets, cities, q, city)
    if subject.count():
        return _settled(asked, q, subject, await entity_answer(ask, subject))
    back = recall.recalls(q.tokens)
    if back is not None:  # «¿y el primero que te pregunté?»: that entity, asked what was asked of it
        found = await recall.asked_before(conn, turns, back)
        if found is None:
            return _settled(asked, q, subject, asking.recall_none())
        k, chosen = found
        latest = await from_history(conn, turns)
        same_kind = [k2 for k2 in ("clients", "vehicles", "drivers", "notes") if getattr(latest, k2)]
        if previous is not None and same_kind and getattr(chosen, same_kind[0]):
            ask.q = q = previous
            return _settled(asked, q, chosen, await entity_answer(ask, chosen))
        return await understand(conn, company_id=company_id, question=turns[k].q, turns=turns[:k], focus=focus)
    if subject.ambiguous:
        picked = await pick_from_list(conn, turns, subject.ambiguous[0]) if turns else Subject()
        if picked.count() != 1:
            return _settled(asked, q, subject, await asking.ambiguous(conn, q, subject))
        subject = picked  # «el depósito», «el agudelo» among the listed candidates
        if not merged and previous is not None and q.is_elliptical():
            ask.q = q = fu.merged(q, previous, company.today)
        return _settled(asked, q, subject, await entity_answer(ask, subject))
    if subject.missing:
        fleet_wide = q.aggregation or q.subject or q.expiry or q.status or q.period or q.movement
        if subject.missing[0][0] != "name" or (not fleet_wide and (q.asset or q.attribute or q.doc_type)):
            return _settled(asked, q, subject, asking.missing(ask, subject))
        bare_noun = q.slots_set <= {"subject"} and not set(q.tokens) & fu.QUESTION_WORDS  # «drop table clients»
        if not fleet_wide or bare_noun:
            return _settled(asked, q, subject, None)  # words that name nothing: not understood
    newest = newest_listed_note(turns[-1].a) if turns and again.asks_latest(own) and not subject.count() else None
    if newest is not None:  # «¿cuál fue la última?» after a list of notes: the newest listed
        listed_note = Subject(notes=[newest], source="history")
        return _settled(asked, q, listed_note, await entity_answer(ask, listed_note))
    position = ordinal(q.tokens) if turns and not subject.count() else None
    if position is not None:  # «el segundo» of the listed candidates: the listed question, about that one
        picked = await pick_by_position(conn, [t.a for t in turns], position)
        if picked.missing:
            shown = "Esa lista no tiene tantos: dime «el primero», «el segundo»… o el código o la placa."
            return _settled(asked, q, picked, Exact(shown, "not_found", "needs_entity"))
        if picked.count():
            if not merged and previous is not None and q.is_elliptical():
                ask.q = q = fu.merged(q, previous, company.today)
            line_doc = parse_question(picked.line, company.today).doc_type if picked.line else None
            if line_doc and not q.doc_type:  # «el segundo» of due documents: that line's document
                ask.q = q = replace(q, doc_type=line_doc, slots_set=q.slots_set | {"doc_type"})
            return _settled(asked, q, picked, await entity_answer(ask, picked))
    other_said = fu.OTHER & set(q.tokens) and not OTHER_PERIOD.search(" ".join(q.tokens))  # «la otra semana»
    if turns and other_said and not q.names_entity():  # «¿y el otro?»: the one before
        other = await other_entity(conn, turns)
        if other.count() and fu.other_of_kind(own) and previous is not None:
            ask.q = q = previous  # «¿y la otra placa?» after «¿y el SOAT de ese carro?»: that, of the other one
        if other.count():
            return _settled(asked, q, other, await entity_answer(ask, other))
        if fu.other_of_kind(own):
            return _settled(asked, q, other, asking.other_none())
    if asks_unknown_of_kind(ask):
        return _settled(asked, q, subject, unknown_of_kind(ask))
    all_of_them = fu.ALL_OF_THEM & set(q.tokens) and not fu.REFERS_BACK & set(q.tokens)
    if turns and q.asset and all_of_them and not q.names_entity():
        # «¿cuántas estibas tienen entre todos?» after «¿qué clientes hay en Barranquilla?»: their total
        ask.city = city or fu.previous_city(turns, cities, company.today)
        return _settled(asked, q, subject, await fleet.asset_total(ask))
    entity_before = merged and previous is not None and _names_entity(previous, cities) and not q.names_entity()
    refers_back = merged and bool(fu.REFERS_BACK & set(own.tokens))
    ready = status.asks_ready(q) and not status.asks_fleet_ready(q)  # «¿puede salir?» of the one in focus
    # «¿quién maneja el camión inactivo?», «¿y los motocarros quién los maneja?» (after a client)
    described = q.active is not None or q.brand or q.model_year or (q.subject == "vehicles" and q.vehicle_kind)
    if q.attribute in ("driver", "who") and described and not q.names_entity() and not refers_back:
        ask.q = q = replace(q, subject="vehicles", follow_up=False)  # the vehicles so described: their drivers
    about_focus = fu.needs_focus(q) or entity_before or refers_back or ready
    if asks_lacking_documents(own) and not (fu.REFERS_BACK | {"le", "les"}) & set(own.tokens):
        about_focus = False  # «¿y sin documentos?» after «vehículos sin conductor»: the fleet's, not the one listed
    # «¿y este mes?» after the fleet's due documents: the fleet's again, not an entity discussed before it
    of_fleet_list = merged and bool(turns) and own.is_elliptical() and listed_first.of_fleet_documents(turns[-1].a)
    if (
        own_scope != "company"
        and not fu.dated_fleet_question(own)
        and not of_fleet_list
        and (about_focus or (city and turns and not q.aggregation and not q.subject))
    ):
        on = await in_focus.answer(ask, own, previous, turns, focus, merged=merged, scope_of=own_scope, words=words)
        ask.q = q = on.q
        subject = on.subject
        if on.exact is not None:
            return _settled(asked, q, subject, on.exact)
    about_one = fu.refers_back(q) or fu.bare_when(q) or (scope.asks_one_client(q) and not ask.city)
    exact = None if about_one and not subject.count() else without_city(await company_answer(ask), ask.city)
    if exact is None and not subject.count() and again.asks_latest(q) and _notes_asked(q, previous):
        exact = await company_latest(ask, previous if previous is not None and _notes_asked(previous, None) else None)
    elif exact is None and q.expiry and fu.bare_when(q):
        exact = asking.which_expiry()
    elif exact is None and scope.asks_one_client(q):
        exact = asking.which_client()
    elif exact is None and fu.needs_focus(q):
        exact = asking.which_entity()
    return _settled(asked, q, subject, exact)
