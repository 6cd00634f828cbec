"""Follow-ups: when a question is about what was said before, and which earlier slots it keeps.

A question merges onto the previous one when it is elliptical («¿y estibas?», «¿y el 310?») or a slot
fragment that varies what was asked; the city named earlier stays through such follow-ups and «allá».
A bare number asked as a client (saldo, «tiene», «debe») is a client code, never a delivery note; when no
client has that code, the clients whose name holds it («la 80») are the candidates.
"""

from __future__ import annotations

import re
from datetime import date

import asyncpg

from backend.answers import again
from backend.answers.focus import Subject
from backend.answers.model import city_in
from backend.context.resolve import Ambiguous
from backend.core.history import Turn
from backend.store import clients as store_clients
from backend.store import names as store_names
from backend.understanding.parse import Question, parse_question

QUESTION_WORDS = {
    "cuantas",
    "cuantos",
    "cuanto",
    "cuanta",
    "cual",
    "cuales",
    "que",
    "quien",
    "quienes",
    "donde",
    "cuando",
    "como",
    "tiene",
    "hay",
    "debe",
    "tenemos",
    "dame",
    "muestrame",
    "lista",
    "dime",
}
SINGULAR_VERBS = {
    "tiene",
    "debe",
    "devolvio",
    "recibio",
    "llevo",
    "llevaba",
    "cargaba",
    "despacho",
    "maneja",
    "queda",
    "vence",
    "tenia",
    "devolvieron",
    "despacharon",
    "entrego",
    "entregaron",
    "esta",
    "era",
    "fue",
    "tuvo",
    "hizo",
    "pidio",
    "recogio",
    "manejaba",
    "conduce",
    "vive",
    "ubicado",
    "ubicada",
}
ENTITY_ATTRIBUTES = {
    "balance",
    "city",
    "code",
    "name",
    "phone",
    "driver",
    "vehicle",
    "plate",
    "licence",
    "kind",
    "brand",
    "year",
    "status",
    "document_number",
    "date",
    "client",
    "who",
    "last",
    "when",
    "documents",
    "balance_verb",
    "number",
    "contents",
    "unknown",
    "time",
}


REFERS_BACK = {"su", "sus", "ese", "esa", "dicho", "dicha", "aquel", "aquella", "mismo", "misma"}
OTHER = {"otro", "otra"}
ALL_OF_THEM = {"todos", "todas", "juntos", "juntas", "suman", "sumados"}
_WHICH_ONES = {
    "cual",
    "cuales",
    "quienes",
    "listalos",
    "listalas",
    "muestramelos",
    "muestramelas",
    "dimelos",
    "dimelas",
}
_WHICH_FILLER = {
    "y",
    "es",
    "era",
    "son",
    "eran",
    "fueron",
    "dime",
    "dame",
    "muestrame",
    "esos",
    "esas",
    "los",
    "las",
    "a",
    "ver",
}
_HOW_MANY = re.compile(r"\bcu[aá]nt[oa]s\b", re.I)


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


def should_merge(q: Question, previous: Question | None) -> bool:
    if previous is None:
        return False
    starts_with_y = q.tokens[:1] in (("y",), ("e",), ("tambien",), ("ahora",))
    if again.asks_of_document(q, previous) or again.counts_again(q, previous):
        return True
    if not q.is_elliptical():
        # «¿y con más estibas?» after «los 3 clientes con más tapas»: same question, other asset
        own = q.slots_set - {"asset", "more_assets", "doc_type", "movement", "period", "top_n", "vehicle_kind"}
        if starts_with_y and own and own <= {"status", "expiry", "active"}:
            return True  # «¿qué pólizas están vencidas?» → «¿y por vencer?»: the same documents, other status
        if starts_with_y and own == {"aggregation"} and {q.aggregation, previous.aggregation} == {"top", "bottom"}:
            return True  # «¿y con menos?» after «los 3 clientes con más tapas»: the same ranking, other end
        return starts_with_y and bool(own) and all(getattr(q, n) == getattr(previous, n) for n in own)
    if starts_with_y:
        return True
    m = q.mentions
    named = m.codes or m.numbers or m.plates or m.notes or m.spoken_codes
    if q.slots_set - previous.slots_set - {"asset", "more_assets", "doc_type", "period"}:
        return False  # «despachos de ayer» after a count of notes: a new question, not a variation
    return bool(q.slots_set or named) and not (set(q.tokens) & QUESTION_WORDS)


def drops_period(q: Question) -> bool:
    """A bare new subject («412») merged onto a question with a period: it asks the same kind, not that
    period (only «¿y el 412?» or «412 esta semana» keeps or sets one)."""
    return q.tokens[:1] not in (("y",), ("e",), ("tambien",)) and "period" not in q.slots_set and q.names_entity()


def previous(turns: list[Turn], today: date) -> Question | None:
    """The latest turn's question as it was understood: each elliptical follow-up merged onto the one
    before («¿cuántos clientes hay en Barranquilla?» → «¿y en Medellín?» → «¿y en Cali?»)."""
    understood: Question | None = None
    for turn in turns:
        q = parse_question(turn.q, today)
        if understood is not None and (asks_which_ones(q) or again.asks_same(q, turn.a)):
            continue  # «¿cuáles?», «¿cuántos son?» asked the question before again: still that question
        understood = q.merged_onto(understood) if understood is not None and should_merge(q, understood) else q
    return understood


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
        city = named or city if merges or THERE & set(q.tokens) else named
        understood = q.merged_onto(understood) if understood is not None and merges else q
    return city


def asks_client(q: Question) -> bool:
    """A client attribute is asked (saldo, «tiene», «debe», an asset without a movement): a bare number is a code."""
    return q.attribute in ("balance", "balance_verb", "city", "code", "name") or bool(
        q.asset and not q.movement and not q.period and q.attribute is None
    )


async def client_reading(
    conn: asyncpg.Connection, q: Question, subject: Subject, note_words: bool, city: str | None = None
) -> Subject:
    """A bare number asked as a client («cuántas tapas tiene el 5555»): never a delivery note; when no client
    has that code, the clients whose name holds it («la 80») by name, else a precise not-found."""
    if note_words or not asks_client(q) or subject.clients or subject.vehicles or subject.drivers:
        return subject
    if subject.ambiguous:  # the name's words, its digits among them, tie: «la 33 #2» (3), «la 80 de Barranquilla»
        group = subject.ambiguous[0]
        if city and group.table == "clients":
            in_city = [c for c in await store_clients.clients(conn, ids=group.ids) if c.city == city]
            if len(in_city) == 1:
                return Subject(clients=in_city)
        return subject
    bare = [n for n in q.mentions.numbers + q.mentions.codes if n not in q.mentions.notes]
    unknown = [
        n for n in bare if n in subject.notes or ("number", n) in subject.missing or ("code", n) in subject.missing
    ]
    if not unknown:
        return subject
    number = unknown[0]
    named = await store_names.name_candidates(conn, table="clients", words=[number])
    named = [row for row in named if number in row.name_folded.split()]
    if city:  # «la 80 de Barranquilla»
        in_city = [c for c in await store_clients.clients(conn, ids=[row.id for row in named]) if c.city == city]
        if len(in_city) == 1:
            return Subject(clients=in_city)
    if len(named) == 1:
        return Subject(clients=await store_clients.clients(conn, ids=[named[0].id]))
    if named:
        return Subject(ambiguous=[Ambiguous("clients", [row.id for row in named], sorted(row.shown for row in named))])
    return Subject(missing=[("code", number)])
