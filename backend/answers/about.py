"""The answer about the entities a question is about: one client, vehicle, driver or delivery note — or
each of several of one kind named together («¿cuántas canastillas tienen el 412 y el 77?», «compara 412
con 15», «¿cuándo vence el SOAT de la KLM482 y la TRX905?»): one line per entity, in the order named,
capped like every list, then what was named but does not exist («No tengo un cliente con el código 413.»).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from backend.answers import bare_number
from backend.answers.client import client_answer
from backend.answers.focus import Subject
from backend.answers.model import Ask, Exact
from backend.answers.note import note_answer
from backend.answers.notes_of import latest_count
from backend.answers.render import MAX_LINES, company_short
from backend.answers.vehicle import driver_answer, vehicle_answer
from backend.core import spanish
from backend.store import clients as store_clients
from backend.store import movements as store_movements
from backend.store import vehicles as store_vehicles
from backend.understanding.parse import Question

_DEMONSTRATIVE_NOUN = re.compile(
    r"\b(?:ese|esa|este|esta|mismo|misma|dicho|aquel)\s+(cliente|conductor|chofer|carro|vehiculo|camion|moto)\b"
)
Entity = store_clients.Client | store_vehicles.Vehicle | store_vehicles.Driver | str
"""One entity an answer can be about: a client, a vehicle, a driver or a delivery note's number."""


def _order(subject: Subject, q: Question) -> tuple[str, ...]:
    """The kinds of entity the question may be about, most likely first (a licence is a driver's…)."""
    a = q.attribute
    named = _DEMONSTRATIVE_NOUN.search(" ".join(q.tokens))
    if named:  # «¿cuántas tapas devolvió ese cliente?» after a note: the client, whatever is asked
        first = {"cliente": "client", "conductor": "driver", "chofer": "driver"}.get(named.group(1), "vehicle")
        return (first, *(k for k in ("note", "vehicle", "client", "driver") if k != first))
    if a == "time" or (subject.source == "history" and "remision" in q.tokens):  # «¿esa remisión a qué hora fue?»
        return ("note", "vehicle", "client", "driver")
    if subject.source == "question" and a is None and not q.asset and not q.movement:
        return ("note", "vehicle", "client", "driver")
    if a in ("licence", "phone", "document_number"):
        return ("driver", "note", "vehicle", "client")
    if q.subject == "notes" and not q.movement:  # «¿cuántas remisiones hizo?»: whose notes, never a note's
        return ("client", "vehicle", "driver", "note")
    if a in ("driver", "who"):
        return ("note", "vehicle", "driver", "client")
    if a in ("vehicle", "plate"):
        return ("note", "driver", "vehicle", "client")
    if q.doc_type or a in ("documents", "status", "kind", "brand", "year") or q.expiry:
        return ("vehicle", "driver", "note", "client")
    if a in ("client", "date", "when") or q.movement:
        return ("note", "client", "vehicle", "driver")
    return ("client", "note", "vehicle", "driver")


def about(subject: Subject, q: Question) -> list[Entity]:
    """Every entity of the kind the question is about, in the order named (usually one)."""
    available: dict[str, Sequence[Entity]] = {
        "note": subject.notes,
        "vehicle": subject.vehicles,
        "driver": subject.drivers,
        "client": subject.clients,
    }
    for kind in _order(subject, q):
        if available[kind]:
            return list(available[kind])
    return []


async def one_answer(ask: Ask, row: Entity) -> Exact:
    """The answer about one entity (`ask.q` may be narrowed by the handler: pass a copy per entity)."""
    # «¿cuántas le despachamos la semana pasada?» after a note: its client's, in that period
    to_client = bool(ask.q.movement and ask.q.period and {"le", "les"} & set(ask.q.tokens))
    if isinstance(row, str) and (bare_number.asks_client(ask.q) or to_client) and "remision" not in ask.q.tokens:
        # «ese cliente cuántas tapas debe» after a delivery note: a note has no saldo, its client has
        people = await store_movements.note_people(ask.conn, number=row)
        row = (await store_clients.clients(ask.conn, ids=[people.client_id] if people else []))[0]
    if isinstance(row, store_clients.Client):
        return await client_answer(ask, row)
    if isinstance(row, store_vehicles.Vehicle):
        return await vehicle_answer(ask, row)
    if isinstance(row, store_vehicles.Driver):
        q = ask.q
        if (
            q.attribute == "client"
            and {"ultima", "ultimo"} & set(q.tokens)
            and {"remision", "entrega", "entregada"} & set(q.tokens)
        ):
            # «¿a quién le llevó Diego Arango la última remisión?»: the client of that driver's latest note
            latest = await store_movements.latest_note(ask.conn, client_id=row.id, of="driver_id")
            if latest is not None:
                return await note_answer(ask, latest)
        return await driver_answer(ask, row)
    return await note_answer(ask, row)


def missing_line(ask: Ask, kind: str, token: str) -> str:
    """«No tengo un cliente con el código 413.» — only normalised tokens echo what was asked."""
    if kind == "plate":
        return f"La placa {token} no está en la flota de {company_short(ask.company.name)}."
    if kind == "note" or (kind == "number" and (ask.q.subject == "notes" or ask.q.attribute == "note_word")):
        return f"No encontré la remisión {token}."
    if kind in ("code", "number"):
        return f"No tengo un cliente con el código {token}."
    if ask.q.attribute in ("phone", "licence", "document_number", "vehicle", "plate"):
        return "No tengo un conductor con ese nombre. Dime el nombre completo, o la placa de su vehículo."
    return "No encontré un cliente ni un conductor con ese nombre. Prueba con el código, la placa o el número."


_OWNER_WORDS = frozenset({"ultima", "ultimo", "ultimas", "ultimos", "remisiones", "reciente"})


def _owner_not_note(subject: Subject, q: Question) -> None:
    """«¿de qué fecha es la última remisión del 1050?»: a number said bare (not «remisión 1050») that is a
    client's code and also a note's number names the client whose notes are asked, not that note."""
    if not (subject.notes and subject.clients and _OWNER_WORDS & set(q.tokens)):
        return
    codes = {c.code for c in subject.clients}
    subject.notes = [n for n in subject.notes if n in q.mentions.notes or n not in codes]


_TO_CLIENT = re.compile(r"^La remisión \S+ fue para \[")  # the answer of «¿a quién se entregó la remisión …?»
_HOLDING = frozenset({"tiene", "tienen", "tenia", "debe", "deben", "debia", "saldo", "cliente"})


def note_quantity(subject: Subject, q: Question) -> bool:
    """«¿y tapas?», «¿y cuántas estibas?» right after an answer about one delivery note (its PDF, its contents,
    who took it): how many of that asset the note carried — unless that answer was the note's client
    («fue para [007] …»: then the client's saldo) or a verb of holding asks a saldo («¿cuántas tiene?»)."""
    bare = bool(q.asset) and not (q.movement or q.period or q.attribute or q.aggregation or q.subject)
    return (
        bare
        and subject.source == "history"
        and len(subject.notes) == 1
        and not _HOLDING & set(q.tokens)
        and _TO_CLIENT.match(subject.answer) is None
    )


async def entity_answer(ask: Ask, subject: Subject) -> Exact | None:
    """The answer about the subject's entity — or about each, when several of one kind were named."""
    if subject.source == "question":
        _owner_not_note(subject, ask.q)
    if note_quantity(subject, ask.q):
        return await note_answer(ask, subject.notes[0])
    rows = about(subject, ask.q)
    if not rows:
        return None
    shown_n = str(latest_count(ask.q))  # «últimos 5 movimientos del 412»: 5 is how many, no note 5
    missing = [missing_line(ask, k, token) for k, token in subject.missing if k != "name" and token != shown_n]
    if len(rows) == 1 and not missing:
        return await one_answer(ask, rows[0])
    q, answers = ask.q, []
    for row in rows[:MAX_LINES]:
        answers.append(await one_answer(replace(ask, q=q), row))
    ask.q = q
    # several entities may give one answer (the licence of each note listed: the same driver's): said once
    texts = list(dict.fromkeys(a.text for a in answers))
    lines = texts + list(dict.fromkeys(missing))
    if len(rows) > MAX_LINES:
        lines.append(f"… y {spanish.number(len(rows) - MAX_LINES)} más: pregúntame por cada uno.")
    answered = [a for a in answers if a.kind == "answer"]
    focus = list({(f.kind, f.key): f for a in answered for f in a.focus[:1]}.values())
    kind = "answer" if answered else answers[0].kind
    intent = answers[0].intent + ("+each" if len(texts) > 1 else "")
    return Exact("\n".join(lines), kind, intent, focus, confident=bool(answered) and len(texts) == 1)
