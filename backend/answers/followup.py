"""Follow-ups: when a question is about what was said before, and which earlier slots it keeps.

A question merges onto the previous one when it is elliptical («¿y estibas?», «¿y el 310?») or a slot
fragment that varies what was asked; the city named earlier stays through such follow-ups and «allá».
A bare number asked as a client is read in `bare_number`."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

import asyncpg

from backend.answers import again, fleet, listed_first, of_those, status, tallies, units_moved, vehicle_semaforo
from backend.answers.correction import without_correction as without_correction
from backend.answers.focus import from_history
from backend.answers.lacking import asks_lacking_documents
from backend.answers.model import city_in
from backend.answers.new_question import read_as_flow, reworded, with_chain_asset
from backend.answers.over_set import over_set
from backend.answers.vehicle import asks_lacking
from backend.core.history import Turn
from backend.understanding.parse import Question, parse_question
from backend.understanding.period_shift import as_answered
from backend.understanding.periods import find_period

QUESTION_WORDS = frozenset(
    """cuantas cuantos cuanto cuanta cual cuales que quien quienes donde cuando como tiene hay debe tenemos
    dame muestrame lista dime""".split()
)
SINGULAR_VERBS = frozenset(
    """tiene debe devolvio recibio llevo llevaba cargaba despacho maneja queda vence tenia devolvieron
    despacharon entrego entregaron esta era fue tuvo hizo pidio recogio manejaba conduce vive ubicado
    ubicada""".split()
)
ENTITY_ATTRIBUTES = frozenset(
    """balance city code name phone driver vehicle plate licence kind brand year status document_number
    date client who last when documents balance_verb number contents unknown time""".split()
)


REFERS_BACK = {"su", "sus", "ese", "esa", "dicho", "dicha", "aquel", "aquella", "mismo", "misma"}
OTHER = {"otro", "otra"}
ALL_OF_THEM = {"todos", "todas", "juntos", "juntas", "suman", "sumados"}
_WHICH_ONES = frozenset("""cual cuales quienes listalos listalas muestramelos muestramelas dimelos dimelas""".split())
_WHICH_FILLER = frozenset("""y es era son eran fueron dime dame muestrame esos esas los las a ver""".split())
_HOW_MANY = re.compile(r"\bcu[aá]nt[oa]s\b", re.I)


_OTHER_ONE = re.compile(
    r"^(?:y |e )?(?:(?:el|la|con el|con la|de el|del|de la) )?otr[oa]"
    r"(?: (?:placa|carro|vehiculo|camion|moto|cliente|conductor|chofer|remision))?$"
)


def other_of_kind(q: Question) -> bool:
    """«¿y la otra placa?», «¿y el otro carro?», «el otro»: only the other entity, no question of its own
    («placa» names the kind, it asks no plate)."""
    return bool(_OTHER_ONE.match(" ".join(q.tokens)))


def dated_fleet_question(q: Question) -> bool:
    """«¿qué SOAT vence este mes?»: due dates in a period, asked afresh about no one — the fleet's, not the
    vehicle in focus (only «¿y …?» or «su», «ese» keep it)."""
    fresh = q.tokens[:1] not in (("y",), ("e",)) and not REFERS_BACK & set(q.tokens)
    return bool(q.period and (q.doc_type or q.expiry) and fresh and not q.names_entity())


def asks_which_ones(q: Question) -> bool:
    """«¿cuáles son?», «¿y quiénes?», «muéstramelos»: only asks to list what was just counted."""
    words = set(q.tokens)
    return bool(words & _WHICH_ONES) and words <= _WHICH_ONES | _WHICH_FILLER and not q.names_entity()


def as_list_question(text: str) -> str | None:
    """«¿cuántos clientes hay en Medellín?» -> «¿cuáles clientes hay en Medellín?» (None: not a count)."""
    listed = _HOW_MANY.sub("cuáles", text)
    return listed if listed != text else None


def as_list_follow_up(turns: list[Turn], today: date) -> str | None:
    """«¿y en Bogotá?» after «¿cuántos clientes hay en Medellín?» -> «cuáles en Bogotá» (read as the same
    question listed, `counts_again`); None unless the latest turn is a «y …» follow-up of a count."""
    understood = previous(turns, today)
    text = turns[-1].q if turns else ""
    if understood is None or understood.aggregation != "count" or not re.match(r"^\W*(?:y|e)\b", text, re.I):
        return None
    return re.sub(r"^\W*(?:y|e)\b", "cuáles", text, count=1, flags=re.I)


def refers_back(q: Question) -> bool:
    """«¿y su licencia?», «ese cuándo vence»: about one entity said before, never the whole fleet."""
    return (
        bool(REFERS_BACK & set(q.tokens))
        and not q.aggregation
        and q.subject is None
        and bool(q.attribute in ENTITY_ATTRIBUTES or q.doc_type)
    )


def bare_when(q: Question) -> bool:
    """«¿hasta cuándo?», «¿cuándo vence?», «¿y cuándo?»: a due date or a date, of no document type, list,
    status or period — about one entity said before, never the whole fleet."""
    said = q.doc_type or q.subject or q.status or q.period or q.aggregation or q.vehicle_kind or q.asset
    return "cuando" in q.tokens and not said and q.active is None and q.attribute in (None, "when")


_DID_VERBS = frozenset({"hizo", "hecho", "llevo", "tuvo", "realizo"})


def needs_focus(q: Question) -> bool:
    """A question that names nothing but is about something said before."""
    if bare_when(q):
        return True
    if q.subject == "notes" and not q.names_entity() and set(q.tokens) & _DID_VERBS:
        return True  # «¿cuántas remisiones hizo en noviembre?» after a vehicle or driver: its notes
    if q.aggregation or q.age or (q.subject and q.subject != "notes" and not q.follow_up):
        return False
    if q.follow_up or (q.attribute in ENTITY_ATTRIBUTES and q.subject is None):
        return True
    if any(t in SINGULAR_VERBS for t in q.tokens) and not any(
        t in ("hay", "tenemos", "despachamos", "recibimos", "entregamos") for t in q.tokens
    ):
        return True
    return (
        bool(q.doc_type and not q.status and not q.period)
        or not (set(q.tokens) & QUESTION_WORDS)
        and bool(q.asset or q.doc_type or q.movement or q.period)
    )


_THEIRS = frozenset({"le", "les", "su", "sus", "ese", "esa", "esos", "esas"})


def asks_what_there_is(q: Question) -> bool:
    """«¿y en Cali qué clientes hay?», «¿qué conductores hay?»: which clients, vehicles or drivers there
    are — a question of its own after any entity (not its saldo again), unless it points back («sus»)."""
    toks = set(q.tokens)
    return (
        q.subject in ("clients", "vehicles", "drivers")
        and "hay" in toks
        and not toks & _THEIRS
        and not q.names_entity()
    )


#: words of a comparison of its own («412 vs 310»): no phone number is compared
_COMPARE = frozenset({"compara", "comparar", "comparame", "vs", "versus", "contra"})


def should_merge(q: Question, previous: Question | None) -> bool:
    if previous is None or asks_what_there_is(q):
        return False
    starts_with_y = q.tokens[:1] in (("y",), ("e",), ("tambien",), ("ahora",))
    no_measure = previous.attribute == "unknown" or (previous.attribute == "phone" and _COMPARE & set(q.tokens))
    if no_measure and not starts_with_y and q.names_entity() and not REFERS_BACK & set(q.tokens):
        return False  # «compara 412 con 310» after «dirección de Diego Arango»: its own question, not that field
    fleet_before = of_documents(previous) or previous.subject in ("vehicles", "drivers")
    if (q.asset or q.movement) and not (previous.asset or previous.movement) and fleet_before:
        return False  # «canastillas en Medellín», «¿y despachos?» after a document, licence or vehicles: new
    if again.asks_of_document(q, previous) or again.counts_again(q, previous):
        return True
    if tallies.ranks_clients_moved(q, previous):
        return True  # «¿cuál cliente recibió más?» after «… canastas de leche en octubre»: that asset and period
    if not q.is_elliptical():
        # «¿y con más estibas?» after «los 3 clientes con más tapas»: same question, other asset
        own = q.slots_set - {"asset", "more_assets", "doc_type", "movement", "period", "top_n", "vehicle_kind"}
        if starts_with_y and own and own <= {"status", "expiry", "active"}:
            return True  # «¿qué pólizas están vencidas?» → «¿y por vencer?»: the same documents, other status
        if starts_with_y and own == {"aggregation"} and {q.aggregation, previous.aggregation} == {"top", "bottom"}:
            return True  # «¿y con menos?» after «los 3 clientes con más tapas»: the same ranking, other end
        if starts_with_y and own == {"aggregation"} and q.aggregation == "bottom" and tallies.ranks_drivers(previous):
            return True  # «¿y el que menos?» after «¿qué conductor hizo más entregas?»: the drivers, fewest first
        return starts_with_y and bool(own) and all(getattr(q, n) == getattr(previous, n) for n in own)
    if starts_with_y:
        return True
    m = q.mentions
    named = m.codes or m.numbers or m.plates or m.notes or m.spoken_codes
    if q.slots_set - previous.slots_set - {"asset", "more_assets", "doc_type", "period"}:
        return False  # «despachos de ayer» after a count of notes: a new question, not a variation
    return bool(q.slots_set or named) and not (set(q.tokens) & QUESTION_WORDS)


def of_documents(q: Question) -> bool:
    """`q` asks about vehicle documents or driver licences (no asset can vary it)."""
    return bool(q.doc_type or q.expiry or q.attribute == "licence" or q.subject in ("documents", "licences"))


_VEHICLE_ATTRIBUTES = frozenset({"driver", "who", "kind", "brand", "year", "status", "documents", "plate"})


def leaves_vehicle(q: Question, previous: Question) -> bool:
    """«¿y el 310?» after «¿quién maneja la KLM482?»: a bare client code after a question of a vehicle's own
    (its driver, kind, brand, year, state, documents, plate) asks about that client, not its vehicle's
    attribute — also beside words that are no slot when «cliente» is said («Vame el salvo, cliente. 310.»,
    a voice note: after «¿cuándo vence el SOAT de la placa KLM482?» spoken, it was the plate of 310's
    latest note, «La remisión 8423 salió en QBM563.»)."""
    m = q.mentions
    client_said = "cliente" in q.tokens
    bare_code = bool(m.codes or m.numbers or m.spoken_codes) and not (
        m.plates or m.notes or (q.name_words and not client_said)
    )
    of_vehicle = previous.attribute in _VEHICLE_ATTRIBUTES or previous.doc_type or previous.expiry or previous.active
    # a voice note's plate, stored as heard («… la placa. Cá, e, 4, 8, 2.»), is no plate when read again
    vehicle_before = bool(previous.mentions.plates) or client_said
    return bare_code and q.is_elliptical() and not q.slots_set and vehicle_before and bool(of_vehicle)


def corrects_city(q: Question) -> bool:
    """«no, en Barranquilla», «no, de Bello» (the city already taken out of `q`): the previous question, in
    that city."""
    return q.tokens[:1] == ("no",) and not q.slots_set and not q.names_entity()


def merged(q: Question, previous: Question, today: date) -> Question:
    """`q` merged onto `previous` (`Question.merged_onto`), keeping what `previous` asked in words that are
    no slot when `q` only changes the entity or the period: «¿y la KLM482?» after «¿la QBM563 puede salir
    hoy?» asks whether the KLM482 may work; «¿y en noviembre?» after «¿qué conductor hizo más entregas en
    octubre?» ranks the drivers again; «¿y en enero?» after «¿qué vence esta semana?» is the coming January."""
    out = q.merged_onto(previous)
    out = reworded(q, previous, out)  # «¿y en total cuánto tiene?», «¿y el 632 cuántas tiene?»
    if q.slots_set == {"doc_type"} and asks_lacking_documents(previous) and not asks_lacking_documents(q):
        return replace(out, tokens=(*out.tokens, "sin"))  # «¿y SOAT?» after «¿qué carros no tienen póliza?»
    other_end = q.slots_set <= {"period", "aggregation"}  # «¿y en octubre?», «¿y el que menos?»: the same ranking
    if other_end and tallies.ranks_drivers(previous) and not tallies.ranks_drivers(q) and not q.names_entity():
        end = "menos" if "menos" in q.tokens else "mas"
        out = replace(out, tokens=(*out.tokens, "conductor", end, "entregas"), aggregation=previous.aggregation)
    counted = fleet.COUNTS_MOVEMENTS.search(" ".join(previous.tokens))
    if counted and q.slots_set <= {"movement", "period"} and not fleet.COUNTS_MOVEMENTS.search(" ".join(q.tokens)):
        noun = next((t for t in q.tokens if t in _MOVEMENT_NOUNS), None)  # «¿y devoluciones?»: how many of them
        out = replace(out, tokens=(*out.tokens, *(("cuantas", noun) if noun else counted.group(0).split())))
    if q.slots_set - {"period"}:
        return out
    ahead = previous.expiry and previous.period is not None and previous.period.end >= today
    if ahead and q.period is not None and q.period.end < today:
        coming = find_period(q.text, today, future=True)[0]
        out = replace(out, period=coming or q.period)
    for asks, said in ((vehicle_semaforo.asks_semaforo, ("semaforo",)), (asks_lacking, ("le", "falta"))):
        if asks(previous) and not asks(q):  # «¿y la TRX905?» after «semáforo de la KLM482», «¿qué le falta?»
            out = replace(out, tokens=(*out.tokens, *said))
    ready = status.READY.search(" ".join(previous.tokens))
    if ready and not status.asks_ready(q):
        out = replace(out, tokens=(*out.tokens, *ready.group(0).split()))
    if units_moved.asks_units(previous, None) and not units_moved.asks_units(out, None):
        out = replace(out, tokens=(*out.tokens, "cuanto"))  # «¿y en octubre?» after «¿cuánto devolvió?»: units
    return out


def previous(turns: list[Turn], today: date) -> Question | None:
    """The latest turn's question as it was understood: each elliptical follow-up merged onto the one
    before («¿cuántos clientes hay en Barranquilla?» → «¿y en Medellín?» → «¿y en Cali?»)."""
    understood: Question | None = None
    answer_before = ""
    for turn in turns:
        q = parse_question(as_answered(turn.q, understood.period if understood else None, today, turn.a), today)
        q = read_as_flow(q, understood, today)  # «¿cuántas tapas le despachamos?»: «¿y cuántas …?»
        if understood is not None and (asks_which_ones(q) or again.asks_same(q, turn.a)):
            continue  # «¿cuáles?», «¿cuántos son?» asked the question before again: still that question
        if understood is not None and listed_first.asks_first(q) and listed_first.of_fleet_documents(answer_before):
            continue  # «¿cuál vence primero?» of a list of documents: a period said next is of that list
        answer_before = turn.a
        q = of_those.of_previous_vehicles(q, understood)  # «¿cuál es el más viejo?» of the furgones counted
        of_set = over_set(q, understood) if understood is not None and not q.names_entity() else None
        if of_set is not None:  # «¿quién los maneja?» after «¿cuántos motocarros hay?»: still those vehicles
            understood = of_set
            continue
        understood = (
            merged(q, understood, today)
            if understood and should_merge(q, understood)
            else with_chain_asset(q, understood)
        )
    return understood


_MOVEMENT_NOUNS = frozenset({"despachos", "devoluciones", "entregas", "viajes"})
THERE = {"alla", "alli", "ahi"}


def previous_city(turns: list[Turn], cities: list[str], today: date) -> str | None:
    """The city the latest turn was about, carried through elliptical follow-ups and «allá»
    («¿y en Barranquilla?» → «¿y estibas?» stays in Barranquilla)."""
    city: str | None = None
    understood: Question | None = None
    for turn in turns:
        q = parse_question(turn.q, today)
        if understood is not None and (asks_which_ones(q) or again.asks_same(q, turn.a)):
            continue
        named = city_in(q.name_words, cities)[0]
        merges = should_merge(q, understood)
        keeps = merges or THERE & set(q.tokens) or (not q.names_entity() and of_those.keeps_city(q, understood))
        city = named or city if keeps else named  # «¿cuál tiene más?» of the clients of Rionegro stays there
        understood = merged(q, understood, today) if understood is not None and merges else q
    return city


async def city_of_latest(conn: asyncpg.Connection, turns: list[Turn]) -> str | None:
    """The city of the one client the latest turn was about («allá» after «[412] … está en Rionegro»)."""
    latest = await from_history(conn, turns)
    return latest.clients[0].city or None if len(latest.clients) == 1 else None
