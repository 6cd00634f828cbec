"""Exact answers: the parsed question + the conversation focus -> a short Spanish answer from SQL.

    understood = await understand(conn, company_id=..., question=..., turns=..., focus=[...])
    understood.exact  # Exact(text, kind, intent, focus, confident) or None (not understood)

Flow: parse (`backend.understanding`) -> the entities the question names (exact codes/plates/notes,
names by similarity) -> when it names none and reads as a follow-up or asks an attribute, the latest
history turn's entities, else the request focus -> an elliptical question («¿y estibas?», «¿y el 310?»)
takes the previous question's slots and changes the ones it says -> one intent handler (entities.py for
one client/vehicle/driver/note, fleet.py for company-wide questions). Not-found answers echo only
normalised tokens (a code, a canonical plate, a note number).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import asyncpg

from backend.answers import entities as ent
from backend.answers import fleet
from backend.answers.focus import Subject, from_history, from_mentions, from_request, pick_by_city, pick_from_list
from backend.answers.model import Ask, Exact, city_in
from backend.context.resolve import Ambiguous

__all__ = ["Exact", "Understood", "understand"]
from backend.answers.render import capped, company_short
from backend.history import Turn
from backend.store import answers as store
from backend.text import fold
from backend.understanding.parse import Question, parse_question

_QUESTION_WORDS = {"cuantas", "cuantos", "cuanto", "cuanta", "cual", "cuales", "que", "quien", "quienes", "donde",
                   "cuando", "como", "tiene", "hay", "debe", "tenemos", "dame", "muestrame", "lista", "dime"}
_SINGULAR_VERBS = {"tiene", "debe", "devolvio", "recibio", "llevo", "despacho", "maneja", "queda", "vence", "tenia",
                   "devolvieron", "despacharon", "entrego", "entregaron", "esta", "era", "fue", "tuvo", "hizo",
                   "pidio", "recogio", "maneja", "manejaba", "conduce", "vive", "ubicado", "ubicada"}
_ENTITY_ATTRIBUTES = {"balance", "city", "code", "name", "phone", "driver", "vehicle", "plate", "licence", "kind",
                      "brand", "year", "status", "document_number", "date", "client", "who", "last", "when",
                      "documents", "balance_verb", "number"}


@dataclass
class Understood:
    """The parse (merged with the previous question when elliptical), what it is about, and the answer."""

    question: Question
    subject: Subject
    exact: Exact | None


async def _company(conn: asyncpg.Connection) -> tuple[store.Company, list[store.AssetType], list[str]]:
    return await store.company(conn), await store.asset_types(conn), await store.cities(conn)


def _needs_focus(q: Question) -> bool:
    """A question that names nothing but is about something said before."""
    if q.aggregation or (q.subject and q.subject != "notes" and not q.follow_up):
        return False
    if q.follow_up or (q.attribute in _ENTITY_ATTRIBUTES and q.subject is None):
        return True
    if any(t in _SINGULAR_VERBS for t in q.tokens) and not any(t in ("hay", "tenemos", "despachamos", "recibimos",
                                                                      "entregamos") for t in q.tokens):
        return True
    return bool(q.doc_type and not q.status and not q.period) or not (set(q.tokens) & _QUESTION_WORDS) and bool(
        q.asset or q.doc_type or q.movement or q.period)


def _should_merge(q: Question, previous: Question | None) -> bool:
    if previous is None:
        return False
    starts_with_y = q.tokens[:1] in (("y",), ("e",), ("tambien",), ("ahora",))
    if not q.is_elliptical():
        # «¿y con más estibas?» after «los 3 clientes con más tapas»: same question, other asset
        own = q.slots_set - {"asset", "doc_type", "movement", "period", "top_n"}
        return starts_with_y and bool(own) and all(getattr(q, n) == getattr(previous, n) for n in own)
    if starts_with_y:
        return True
    m = q.mentions
    named = m.codes or m.numbers or m.plates or m.notes or m.spoken_codes
    if q.slots_set - previous.slots_set - {"asset", "doc_type", "period"}:
        return False  # «despachos de ayer» after a count of notes: a new question, not a variation
    return bool(q.slots_set or named) and not (set(q.tokens) & _QUESTION_WORDS)


def _previous(turns: list[Turn], today) -> Question | None:
    """The latest turn's question as it was understood: each elliptical follow-up merged onto the one
    before («¿cuántos clientes hay en Barranquilla?» → «¿y en Medellín?» → «¿y en Cali?»)."""
    understood = None
    for turn in turns:
        q = parse_question(turn.q, today)
        understood = q.merged_onto(understood) if _should_merge(q, understood) else q
    return understood


_THERE = {"alla", "alli", "ahi"}


def _previous_city(turns: list[Turn], cities: list[str], today) -> str | None:
    """The city the latest turn was about, carried through elliptical follow-ups and «allá»
    («¿y en Barranquilla?» → «¿y estibas?» stays in Barranquilla)."""
    city, understood = None, None
    for turn in turns:
        q = parse_question(turn.q, today)
        named = city_in(q.name_words, cities)[0]
        merges = _should_merge(q, understood)
        city = named or city if merges or _THERE & set(q.tokens) else named
        understood = q.merged_onto(understood) if merges else q
    return city


def _asks_client(q: Question) -> bool:
    """A client attribute is asked (saldo, «tiene», «debe», an asset without a movement): a bare number is a code."""
    return q.attribute in ("balance", "balance_verb", "city", "code", "name") or bool(
        q.asset and not q.movement and not q.period and q.attribute is None)


async def _client_reading(conn: asyncpg.Connection, q: Question, subject: Subject, note_words: bool) -> Subject:
    """A bare number asked as a client («cuántas tapas tiene el 5555»): never a delivery note; when no client
    has that code, the clients whose name holds it («la 80») by name, else a precise not-found."""
    if note_words or not _asks_client(q) or subject.clients or subject.vehicles or subject.drivers:
        return subject
    bare = [n for n in q.mentions.numbers + q.mentions.codes if n not in q.mentions.notes]
    unknown = [n for n in bare if n in subject.notes or ("number", n) in subject.missing or ("code", n) in subject.missing]
    if not unknown:
        return subject
    number = unknown[0]
    named = await store.name_candidates(conn, table="clients", words=[number])
    named = [row for row in named if number in row["name_folded"].split()]
    if len(named) == 1:
        return Subject(clients=await store.clients(conn, ids=[named[0]["id"]]))
    if named:
        return Subject(ambiguous=[Ambiguous("clients", [row["id"] for row in named],
                                            sorted(row["shown"] for row in named))])
    return Subject(missing=[("code", number)])


def _missing(ask: Ask, subject: Subject) -> Exact:
    kind, token = subject.missing[0]
    if kind == "plate":
        text = f"La placa {token} no está en la flota de {company_short(ask.company.name)}."
    elif kind == "note" or (kind == "number" and (ask.q.subject == "notes" or ask.q.attribute == "note_word")):
        text = f"No encontré la remisión {token}."
    elif kind in ("code", "number"):
        text = f"No tengo un cliente con el código {token}."
    else:
        text = "No encontré un cliente ni un conductor con ese nombre. Prueba con el código, la placa o el número."
    return Exact(text, "not_found", "not_found")


async def _ambiguous(conn: asyncpg.Connection, q: Question, subject: Subject) -> Exact:
    """The candidates, each with what was asked when one line can hold it (a driver's plate)."""
    group = subject.ambiguous[0]
    noun = "clientes" if group.table == "clients" else "conductores"
    hint = "Dime el código." if group.table == "clients" else "Dime el nombre completo."
    shown = group.shown
    if group.table == "drivers" and q.attribute in ("plate", "vehicle"):
        shown = [f"{d.full_name}: {d.plate or 'sin vehículo asignado'}" for d in await store.drivers(conn, ids=group.ids)]
    lines = capped(f"Hay {len(shown)} {noun} que coinciden:", shown)
    return Exact(f"{lines}\n¿Cuál? {hint}", "ambiguous", "ambiguous")


def _primary(subject: Subject, q: Question) -> tuple[str, object] | None:
    """The entity the question is about, by what it asks (a licence is a driver's, a plate a vehicle's…)."""
    available = {"note": subject.notes[:1], "vehicle": subject.vehicles[:1], "driver": subject.drivers[:1],
                 "client": subject.clients[:1]}
    a = q.attribute
    if a in ("licence", "phone", "document_number"):
        order = ("driver", "note", "vehicle", "client")
    elif a in ("driver", "who"):
        order = ("note", "vehicle", "driver", "client")
    elif a in ("vehicle", "plate"):
        order = ("note", "driver", "vehicle", "client")
    elif q.doc_type or a in ("documents", "status", "kind", "brand", "year") or q.expiry:
        order = ("vehicle", "driver", "note", "client")
    elif a in ("client", "date", "when") or q.movement:
        order = ("note", "client", "vehicle", "driver")
    else:
        order = ("client", "note", "vehicle", "driver")
    if subject.source == "question" and a is None and not q.asset and not q.movement:
        order = ("note", "vehicle", "client", "driver")
    for kind in order:
        if available[kind]:
            return kind, available[kind][0]
    return None


async def _entity(ask: Ask, subject: Subject) -> Exact | None:
    chosen = _primary(subject, ask.q)
    if chosen is None:
        return None
    kind, row = chosen
    if kind == "note" and _asks_client(ask.q) and "remision" not in ask.q.tokens:
        # «ese cliente cuántas tapas debe» after a delivery note: a note has no saldo, its client has
        client_id = await ask.conn.fetchval("SELECT client_id FROM movements WHERE company_id = fleetops_company_id()"
                                            " AND delivery_note = $1 LIMIT 1", row)
        kind, row = "client", (await store.clients(ask.conn, ids=[client_id]))[0]
    if kind == "client":
        return await ent.client_answer(ask, row)
    if kind == "vehicle":
        return await ent.vehicle_answer(ask, row)
    if kind == "driver":
        return await ent.driver_answer(ask, row)
    return await ent.note_answer(ask, row)


async def _fleet(ask: Ask) -> Exact | None:
    q = ask.q
    if (missing := ent.no_asset(ask)) is not None:
        return missing
    if q.aggregation == "negative":
        return await fleet.negative(ask)
    if q.aggregation == "top":
        return await fleet.top_clients(ask)
    if q.subject in ("licences", "drivers") or (q.attribute == "licence" and q.subject is None):
        return await fleet.drivers(ask)
    if q.subject in ("vehicles",):
        return await fleet.vehicles(ask)
    if q.doc_type or q.subject == "documents" or (q.expiry and q.subject is None):
        return await fleet.documents(ask)
    if (q.aggregation == "total" and not q.movement) or (q.asset and not q.movement and not q.period and ask.city):
        return await fleet.asset_total(ask)
    if q.subject in ("clients", "cities") or q.aggregation == "per_city" or (ask.city and q.aggregation == "count"):
        return await fleet.clients(ask)
    if q.period or q.movement or q.subject == "notes":
        return await fleet.period_movements(ask)
    if q.asset:
        return await fleet.asset_total(ask)
    return None


def _settled(q: Question, subject: Subject, exact: Exact | None) -> Understood:
    if exact is not None and exact.kind != "answer":
        exact.focus = []  # only an answer sets the focus (an ambiguous list or a not-found does not)
    return Understood(q, subject, exact)


async def understand(conn: asyncpg.Connection, *, company_id: int, question: str, turns: list[Turn],
                     focus: list[object]) -> Understood:
    """The exact answer to `question` (conn inside `tenant_transaction`), or `exact=None` when the
    question is not understood. `turns` are sanitized history turns; `focus` the untrusted request focus."""
    company, assets, cities = await _company(conn)
    q = parse_question(question, company.today)
    asset_words = {w for a in assets for w in fold(f"{a.name} {a.plural}").split()}
    city, words = city_in(tuple(w for w in q.name_words if w not in asset_words), cities)
    if words != q.name_words:
        q.mentions.words = list(words)
        q = replace(q, name_words=words)
    previous = _previous(turns, company.today)
    merged = _should_merge(q, previous)
    if merged:
        q = q.merged_onto(previous)
    if city is None and turns and (merged or _THERE & set(q.tokens)) and not q.names_entity():
        city = _previous_city(turns, cities, company.today)
    note_words = "remision" in q.tokens or "remisiones" in q.tokens
    subject = await from_mentions(conn, q.mentions, spoken_notes=note_words) if q.names_entity() else Subject()
    subject = await _client_reading(conn, q, subject, note_words)
    subject.source = "question" if subject.count() else ""
    ask = Ask(conn, company_id, company, assets, cities, q, city)
    if subject.count():
        return _settled(q, subject, await _entity(ask, subject))
    if subject.ambiguous:
        picked = await pick_from_list(conn, turns, subject.ambiguous[0]) if turns else Subject()
        if picked.count() != 1:
            return _settled(q, subject, await _ambiguous(conn, q, subject))
        subject = picked  # «el depósito», «el agudelo» among the listed candidates
        if not merged and previous is not None and q.is_elliptical():
            ask.q = q = q.merged_onto(previous)
        return _settled(q, subject, await _entity(ask, subject))
    if subject.missing:
        fleet_wide = q.aggregation or q.subject or q.expiry or q.status or q.period or q.movement
        if subject.missing[0][0] != "name" or (not fleet_wide and (q.asset or q.attribute or q.doc_type)):
            return _settled(q, subject, _missing(ask, subject))
        if not fleet_wide:
            return _settled(q, subject, None)  # words that name nothing: not understood
    if _needs_focus(q) or (city and turns and not q.aggregation and not q.subject):
        listed = await from_history(conn, turns)
        subject = pick_by_city(listed, city, words)
        if subject is not listed and not merged and previous is not None and q.is_elliptical():
            ask.q = q = q.merged_onto(previous)  # «el de Pereira» answers the listed question
            ask.city = None
        fleet_before = previous is not None and not previous.names_entity() and not _needs_focus(previous)
        if subject.is_list() or (merged and fleet_before):
            subject = Subject()  # an earlier list, or a fleet-wide question followed up: no single focus
        if not subject.count():
            subject = await from_request(conn, focus)
        if subject.count():
            ask.city = None
            exact = await _entity(ask, subject)
            if exact is not None:
                return _settled(q, subject, exact)
    exact = await _fleet(ask)
    if exact is None and _needs_focus(q):
        exact = Exact("¿De qué cliente, vehículo, conductor o remisión? Dime el código, la placa, el nombre o el número.",
                      "not_found", "needs_entity")
    return _settled(q, subject, exact)
