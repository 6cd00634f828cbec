"""What a message is before its parse meets the conversation's entities: two questions in one, «mándamela»,
the previous question asked again, English, another company, the first of a list just given, a comparison
of the entities just discussed, clients beyond an amount. Each gives the answer at once (or None: the flow
goes on)."""

from __future__ import annotations

from dataclasses import replace

from backend.answers import (
    asking,
    compare,
    counts,
    document_order,
    groupings,
    licence_order,
    lights,
    listed_first,
    listed_largest,
    listed_licences,
    number_pick,
    scope,
    tallies,
    vehicle_next_due,
    why_negative,
)
from backend.answers import followup as fu
from backend.answers.focus import Subject
from backend.answers.grouping_again import carried
from backend.answers.last_count import last_count
from backend.answers.model import Exact, city_in
from backend.answers.named_company import asks_other_company
from backend.answers.notes_of import note_in_focus
from backend.answers.of_listed_vehicles import of_listed_vehicles
from backend.answers.reask import reasked
from backend.answers.render import company_short
from backend.answers.understood import Step, Understood, settled
from backend.context.resolve import Entities
from backend.core.document_request import sends_it
from backend.core.history import Turn
from backend.core.text import fold
from backend.understanding import language
from backend.understanding.parse import parse_question


async def both(s: Step, parts: tuple[str, str]) -> Understood | None:
    """Each of two questions joined in one message (`compound.two_questions`: the second as it is to be asked,
    «y …» as the first's follow-up); None when either is not answered or both say the same (the message is
    then read whole)."""
    first = await s.again(s.conn, company_id=s.company_id, question=parts[0], turns=s.turns, focus=s.focus)
    if first.exact is None or first.exact.kind != "answer":
        return None
    pair = Turn(parts[0], first.exact.text)
    second_focus: list[object] = [f.model_dump() for f in first.exact.focus] or s.focus
    turns = [*s.turns, pair][-6:]
    if not parts[1].startswith("y "):  # a question of its own («… y qué está vencido»): not of the first's list
        turns, second_focus = s.turns, s.focus
    second = await s.again(s.conn, company_id=s.company_id, question=parts[1], turns=turns, focus=second_focus)
    if second.exact is None or second.exact.kind != "answer" or second.exact.text == first.exact.text:
        return None
    texts = dict.fromkeys([first.exact.text, second.exact.text])  # the same answer twice: said once
    exact = Exact("\n".join(texts), "answer", f"{first.exact.intent}+{second.exact.intent}")
    exact.focus = second.exact.focus or first.exact.focus
    return Understood(first.question, first.subject, exact, first.asked)


async def each_city(s: Step, parts: list[str]) -> Understood | None:
    """The question asked of each city (`each_city.per_city`), one answer per line; None when none is answered."""
    done = [
        await s.again(s.conn, company_id=s.company_id, question=part, turns=s.turns, focus=s.focus) for part in parts
    ]
    answered = [u for u in done if u.exact is not None and u.exact.kind == "answer"]
    if not answered:
        return None
    texts = list(dict.fromkeys(u.exact.text for u in done if u.exact is not None))
    intents = "+".join(u.exact.intent for u in answered if u.exact is not None)
    return Understood(answered[0].question, Subject(), Exact("\n".join(texts), "answer", intents), answered[0].asked)


async def routed(s: Step, question: str) -> Understood | None:
    """The answer of a message that one of the routes above takes whole (`s.q` its parse), else None.
    Clients beyond an amount («¿qué clientes tienen más de 1000 canastillas?») take the amount out of
    `s.q`'s codes and names even when they name an entity (then the flow goes on)."""
    q, turns, today = s.q, s.turns, s.company.today
    if sends_it(question):  # «mándamela» after an answer about one delivery note: that note, to send
        number = await note_in_focus(s.conn, turns, s.focus)
        if number is None:
            return Understood(q, Subject(), asking.which_note())
        return await s.again(s.conn, company_id=s.company_id, question=f"remisión {number}", turns=[], focus=[])
    if (negative := await why_negative.client_asked_about(s.conn, q, turns)) is not None:  # «¿por qué está negativo?»
        return settled(Entities(), q, Subject(clients=[negative]), await why_negative.explained(s.ask(), negative))
    if (counted := last_count(q, turns)) is not None:  # «¿cuántos son?» after «… (10):»: that count
        return Understood(q, Subject(), counted)
    reworded = reasked(q, turns, today)
    if reworded is not None:  # «todas», «¿cuáles son?», «¿por qué no?», «¿cuántos son?»: the previous one again
        return await s.again(s.conn, company_id=s.company_id, question=reworded, turns=turns[:-1], focus=s.focus)
    largest = await listed_largest.of_listed_notes(s.conn, q, turns, today)
    if largest is not None:  # «¿cuál fue la más grande?» after the 412's notes of October: the largest of those
        return await s.again(s.conn, company_id=s.company_id, question=largest, turns=[], focus=[])
    place = await number_pick.as_place(s, question)
    if place is not None:  # «el 2» right after a list: its second line, not the client 2
        return await s.again(s.conn, company_id=s.company_id, question=place[0], turns=place[1], focus=s.focus)
    in_light = lights.of_vehicles_in_light(q, turns)
    if in_light is not None:  # «¿y en rojo?» after «¿cuántos vehículos están en verde?»: the vehicles in red
        return await s.again(s.conn, company_id=s.company_id, question=in_light, turns=turns, focus=s.focus)
    narrowed = await of_listed_vehicles(s.conn, q, turns, today)
    if narrowed is not None:  # «de esos, ¿cuál es camión?» after a list of vehicles: the camiones of that list
        return await s.again(s.conn, company_id=s.company_id, question=narrowed[0], turns=narrowed[1], focus=s.focus)
    if language.english(question):
        return Understood(q, Subject(), Exact(language.SPANISH_ONLY, "not_found", "language"))
    if scope.other_company(q) or await asks_other_company(s.conn, question, s.company.name, s.cities, s.others):
        # «¿y la otra empresa?», «¿cuántos vehículos tiene Lácteos del Valle?»: never another company's data
        own_only = Exact(scope.only_own_company(company_short(s.company.name)), "not_found", "other_company")
        return Understood(q, Subject(), own_only)
    if licence_order.asks_first_of_roster(q, turns):  # «¿cuál tiene la licencia que vence primero?» of the roster
        return settled(Entities(), q, Subject(), await licence_order.first_of_roster(s.ask(), turns))
    if licence_order.asks_next(q, turns):  # «¿y después?» after the licence due first: the next one by date
        return settled(Entities(), q, Subject(), await licence_order.next_one(s.ask(), turns))
    if document_order.asks_next(q, turns):  # «¿y después?» after the document expired first: the next by date
        return settled(Entities(), q, Subject(), await document_order.next_one(s.ask(), turns))
    first_licence = listed_licences.of_listed_licences(q, turns)
    licences_asked = fu.previous(turns, today) if first_licence else None
    if first_licence and licences_asked is not None:  # «¿cuál vence primero?» of the licences just given
        return settled(Entities(), q, Subject(), await listed_licences.answer(s.ask(), licences_asked, first_licence))
    listed_docs = fu.previous(turns, today) if listed_first.asks_their_vehicles(q, turns) else None
    if listed_docs is not None:  # «¿de qué vehículos?» after a list of documents: the vehicles of that list
        return settled(Entities(), q, Subject(), await listed_first.their_vehicles(s.ask(), listed_docs))
    first_of = listed_first.of_listed(q, turns)
    listed = fu.previous(turns, today) if first_of else None
    if first_of and listed is not None:  # «¿cuál vence primero?» of the documents just listed
        return settled(Entities(), q, Subject(), await listed_first.answer(s.ask(), listed, first_of))
    if listed_first.asks_expired_longest(q):  # «¿cuál lleva más tiempo vencido?» afresh: that one, not a list
        return settled(Entities(), q, Subject(), await _expired_longest(s))
    if (vehicle_first := vehicle_next_due.of_vehicle_listed(q, turns)) is not None:  # after one vehicle's list
        return settled(Entities(), q, Subject(), await vehicle_next_due.answer(s.ask(), *vehicle_first))
    compared = await compare.answer(s.ask(), turns)
    if compared is not None:  # «¿cuál de los dos tiene más?», then «¿y estibas?»
        return settled(Entities(), q, Subject(), compared)
    grouping, of = groupings.asks_grouping(q), q
    if grouping is None and turns and (again := carried(q, turns, today)) is not None:
        grouping, of = again  # «¿y en octubre?» right after «¿qué día se despacharon más canastillas?»
    if grouping is not None and (city := groupings.city_only(s, of)) is not None:
        # «¿qué ciudad tiene más canastillas?», «¿qué día se despacharon más tapas en Cali?»: ranked groups
        return settled(Entities(), of, Subject(), await groupings.answer(s.ask(of, city or None), grouping))
    return await _beyond(s, question)


_LICENCE_WORDS = frozenset({"licencia", "licencias", "pase", "pases", "conductor", "conductores", "chofer"})


async def _expired_longest(s: Step) -> Exact:
    """The document — or the licence, when licences are said or drivers were just given — expired longest ago;
    of the vehicle kind the question before asked about, if one."""
    q, today = s.q, s.company.today
    before = fu.previous(s.turns, today) if s.turns else None
    drivers_before = before is not None and (before.subject in ("drivers", "licences") or before.attribute == "licence")
    said_documents = q.doc_type or q.vehicle_kind or q.subject in ("documents", "vehicles")
    if q.attribute == "licence" or _LICENCE_WORDS & set(q.tokens) or (drivers_before and not said_documents):
        return await listed_licences.answer(s.ask(), parse_question("licencias vencidas", today), "past")
    expired = parse_question("documentos vencidos", today)
    if before is not None and before.vehicle_kind and not before.mentions.plates:  # «¿qué camiones tenemos?»
        expired = replace(expired, vehicle_kind=before.vehicle_kind)  # → «¿cuál lleva más tiempo vencido?»: of those
    return await listed_first.answer(s.ask(), expired, "past")


async def _beyond(s: Step, question: str) -> Understood | None:
    q = s.q
    if (past := counts.asks_notes_beyond(q)) is not None:  # «¿cuántas remisiones de más de 50 canastillas…?»
        m = q.mentions
        if not (m.codes or m.plates or m.notes or [n for n in m.numbers if n != past.said]):
            return settled(Entities(), q, Subject(), await counts.notes_beyond(s.ask(), past))
    asset_words = {w for a in s.assets for w in fold(f"{a.name} {a.plural}").split()}
    beyond = tallies.threshold(fold(question))
    about_clients = q.subject == "clients" or (q.asset and not q.movement)
    before = fu.previous(s.turns, s.company.today) if beyond is not None and not about_clients and s.turns else None
    if before is not None and before.asset and tallies.threshold(fold(s.turns[-1].q)) is not None:
        # «¿y más de 2000?» after «¿cuántos clientes tienen más de 1000 canastillas?»: the same asset
        s.q = q = replace(q, asset=before.asset, subject="clients", slots_set=q.slots_set | {"asset", "subject"})
        about_clients = True
    beyond_city, beyond_words = city_in(tuple(w for w in q.name_words if w not in asset_words), s.cities)
    if before is not None and about_clients and beyond_city is None:  # «… de Cali con más de 500» → «¿y más de 1000?»
        beyond_city = city_in(before.tokens, s.cities)[0]
    if beyond is not None and about_clients and not set(beyond_words) - tallies.THRESHOLD_WORDS:
        # «¿qué clientes tienen más de 1000 canastillas?»: the amount is no client code
        q.mentions.numbers = [n for n in q.mentions.numbers if n != beyond.said]
        q.mentions.codes = [n for n in q.mentions.codes if n != beyond.said]
        q.mentions.words = []
        s.q = q = replace(q, name_words=())
        if not q.names_entity():  # «clientes de Cali con más de…»
            return settled(Entities(), q, Subject(), await tallies.clients_beyond(s.ask(city=beyond_city), beyond))
    return None
