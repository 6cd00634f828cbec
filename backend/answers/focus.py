"""What a question is about: the entities it names, else the latest turn's, else the focus the bot sent.

Precedence (issue 13): an entity named in the question > the entities of the latest history turn > the
request `focus`. The request focus is untrusted: every key is looked up again inside the caller's
company (row-level security) and what does not resolve is ignored; its labels are never used.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

import asyncpg
from pydantic import ValidationError

from backend.answers import again
from backend.context.mentions import Mentions, find_mentions
from backend.context.resolve import Ambiguous, Entities, name_tokens, resolve
from backend.contract import FocusEntity
from backend.core.history import Turn
from backend.core.text import fold, normalize_plate
from backend.store import clients as store_clients
from backend.store import movements as store_movements
from backend.store import vehicles as store_vehicles

Source = Literal["question", "history", "focus", ""]


@dataclass
class Subject:
    """Resolved rows (each list in the order named). `missing`: what was named but does not exist, as
    normalised tokens only — ("code", "413"), ("plate", "KLM482"), ("note", "9999"), ("name", "").
    `ambiguous`: tied candidates of a name or spoken number. `resolved`: the ids as `from_mentions`
    resolved them (what the model's context reuses instead of resolving the question again). `named`: the
    entities were named together by the latest turn's question (its follow-ups ask about each)."""

    clients: list[store_clients.Client] = field(default_factory=list)
    vehicles: list[store_vehicles.Vehicle] = field(default_factory=list)
    drivers: list[store_vehicles.Driver] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    source: Source = ""
    missing: list[tuple[str, str]] = field(default_factory=list)
    ambiguous: list[Ambiguous] = field(default_factory=list)
    resolved: Entities = field(default_factory=Entities)
    named: bool = False  # named together by one question («el 412 y el 77»): a follow-up asks about each
    line: str = ""  # the listed answer's line it was picked from («el segundo»: «TPV948 · SOAT · vence …»)
    answer: str = ""  # from the history: the latest answer's text (what it was about, `about.note_quantity`)

    def count(self) -> int:
        return len(self.clients) + len(self.vehicles) + len(self.drivers) + len(self.notes)

    def is_list(self) -> bool:
        """Several entities of one kind (an earlier list answer): no single focus."""
        return max(len(self.clients), len(self.vehicles), len(self.drivers), len(self.notes)) > 1

    def focus(self) -> list[FocusEntity]:
        """At most one entity per kind (the first of each), for the response."""
        out = []
        if self.notes:
            out.append(FocusEntity(kind="delivery_note", key=self.notes[0], label=f"remisión {self.notes[0]}"))
        if self.clients:
            c = self.clients[0]
            out.append(FocusEntity(kind="client", key=c.code, label=c.label))
        if self.vehicles:
            v = self.vehicles[0]
            out.append(FocusEntity(kind="vehicle", key=v.plate, label=v.plate))
        if self.drivers:
            d = self.drivers[0]
            out.append(FocusEntity(kind="driver", key=d.document_number, label=d.full_name))
        return out


async def _known_notes(conn: asyncpg.Connection, numbers: list[str]) -> list[str]:
    if not numbers:
        return []
    found = await store_movements.known_notes(conn, numbers=numbers)
    return [n for n in numbers if n in found]


async def _rows(
    conn: asyncpg.Connection, *, client_ids: list[int], vehicle_ids: list[int], driver_ids: list[int]
) -> tuple[list[store_clients.Client], list[store_vehicles.Vehicle], list[store_vehicles.Driver]]:
    clients = await store_clients.clients(conn, ids=client_ids) if client_ids else []
    vehicles = await store_vehicles.vehicles(conn, ids=vehicle_ids) if vehicle_ids else []
    drivers = await store_vehicles.drivers(conn, ids=driver_ids) if driver_ids else []
    order = {cid: i for i, cid in enumerate(client_ids)}
    clients.sort(key=lambda c: order.get(c.id, 0))
    return clients, vehicles, drivers


def _token_ok(token: str) -> bool:
    """A token may be echoed (a code, plate or note number): digits, letters, dashes, with a digit."""
    return 0 < len(token) <= 20 and any(ch.isdigit() for ch in token) and all(ch.isalnum() or ch == "-" for ch in token)


async def from_mentions(
    conn: asyncpg.Connection, m: Mentions, *, names: bool = True, spoken_notes: bool = False
) -> Subject:
    """Rows named by `m`, with what was named but is not in the company's data. `spoken_notes`: the
    text speaks of a delivery note, so a spoken number («siete ocho cinco uno») may be its number."""
    if spoken_notes and m.spoken_codes:
        readings = [r for group in m.spoken_codes for r in group]
        found = await _known_notes(conn, readings)
        if found:
            m.notes = list(dict.fromkeys(m.notes + found[:1]))
            m.spoken_codes = []
    entities = await resolve(conn, m, names=names)
    clients, vehicles, drivers = await _rows(
        conn, client_ids=entities.clients, vehicle_ids=entities.vehicles, driver_ids=entities.drivers
    )
    notes = await _known_notes(conn, list(dict.fromkeys(m.notes + m.numbers)))
    subject = Subject(
        clients,
        vehicles,
        drivers,
        [n for n in entities.notes if n in notes] or notes,
        missing=[],
        ambiguous=list(entities.groups),
        resolved=entities,
    )
    # a number that is part of a named client's name («tienda la 33») or a plate that was a name's words
    # («el Sol 24h») names that client, nothing missing
    codes = {c.code for c in clients} | {w for c in clients for w in name_tokens(fold(c.name))}  # «24» of «*24H*»
    padded = {c.code.lstrip("0") for c in clients if c.code.isdigit()}
    codes |= padded  # «7» typed for «007»
    codes |= {t for t in m.codes + m.numbers if t.isdigit() and t.lstrip("0") in padded}  # «07» too
    plates = {v.plate for v in vehicles} | (set(m.loose_plates) if clients or drivers else set())
    for code in m.codes:
        if code not in codes and _token_ok(code):
            subject.missing.append(("code", code))
    for number in m.numbers:
        if number not in codes and number not in notes and _token_ok(number):
            subject.missing.append(("number", number))
    for note in m.notes:
        if note not in notes and _token_ok(note):
            subject.missing.append(("note", note))
    for plate in m.plates:
        if plate not in plates and _token_ok(plate):
            subject.missing.append(("plate", plate))
    for group in m.spoken_codes:
        if not any(c in codes for c in group) and group and _token_ok(group[0]) and not subject.ambiguous:
            subject.missing.append(("code", group[0]))
    plate_like = [w.upper() for w in m.words if _PLATE_LIKE.fullmatch(w) and _token_ok(w)]
    code_like = [w for w in m.words if _CODE_LIKE.fullmatch(w) and not _PLATE_LIKE.fullmatch(w)]
    if plate_like and not (clients or vehicles or drivers or entities.groups):
        subject.missing.append(("plate", plate_like[0]))  # «gh217», a plate mistyped: not a name
    elif code_like and not (clients or vehicles or drivers or entities.groups):
        subject.missing.append(("code", code_like[0]))  # «4l2», a code mistyped: not a name, never ignored
    elif names and m.words and not (clients or drivers or entities.groups):
        subject.missing.append(("name", ""))
    return subject


_PLATE_LIKE = re.compile(r"[a-z]{2,3}\d{2,4}[a-z]?")
_CODE_LIKE = re.compile(r"(?=(?:[a-z]*\d){2})[a-z0-9]{3,6}")  # two digits or more among letters: «4l2», «3o5»


def answer_mentions(answer: str) -> Mentions:
    """What an earlier answer names explicitly — «[412]», a plate, «remisión 1234» — not bare numbers."""
    m = find_mentions(answer)
    m.numbers, m.spoken_codes, m.words = [], [], []
    return m


async def from_history(
    conn: asyncpg.Connection, turns: list[Turn], question_mentions: Mentions | None = None
) -> Subject:
    """The latest turn's entities: its question's (by name too) with the one note, vehicle or client its
    answer adds of a kind the question did not name, else those its answer names. An answer listing several
    clients yields them all (the caller may pick one, «el de Barranquilla»)."""
    if not turns:
        return Subject()
    last = turns[-1]
    said_q = find_mentions(last.q)
    asked = await from_mentions(conn, said_q)
    codes = {c.code for c in asked.clients}  # «saldo del 1050»: client 1050, not remisión 1050 (said bare)
    asked.notes = [n for n in asked.notes if n in said_q.notes or n not in codes]
    said = await from_mentions(conn, answer_mentions(last.a), names=False)
    said.source, said.missing, said.answer = "history", [], last.a
    asked.answer = last.a
    if asked.count():
        asked.source, asked.missing, asked.named = "history", [], True
        for kind in ("notes", "vehicles", "clients"):  # «última remisión del 412» → «¿esa a qué hora fue?»
            if not getattr(asked, kind) and len(getattr(said, kind)) == 1:
                setattr(asked, kind, getattr(said, kind))
        return asked
    picked = [c for c in said.clients if asked.ambiguous and c.id in asked.ambiguous[0].ids]
    if len(picked) == 1 and len(said.clients) == 1:  # «el express» answered for the one picked: that one
        return said
    if asked.ambiguous and asked.ambiguous[0].table == "clients":
        # a candidate list answered it: every candidate, the ones past the list's cap too («el de Sabaneta»)
        candidates = await store_clients.clients(conn, ids=asked.ambiguous[0].ids)
        return Subject(clients=sorted(candidates, key=lambda c: c.code), source="history")
    if not said.count() or (said.vehicles and not said.drivers):
        # «Diego Toro Zapata · venció el 26 de noviembre» → «¿y qué carro tiene?»; a driver named beside the
        # vehicle they drive («Diego Toro Zapata (vehículo MKU766)») is named too
        plates = {v.plate for v in said.vehicles}
        said.drivers = [
            d
            for d in await store_vehicles.drivers(conn, every=True)
            if d.full_name in last.a and (not plates or d.plate in plates)
        ]
    if said.is_list():  # «¿y en qué ciudad quedan?» then «¿y estibas?»: still the ones named together
        said.named = again.says_them(last.q) or await _named_before(conn, turns[:-1], said)
    return said


async def _named_before(conn: asyncpg.Connection, turns: list[Turn], said: Subject) -> bool:
    """Whether the nearest earlier question that names entities named exactly the ones `said` lists."""
    for turn in reversed(turns):
        asked = await from_mentions(conn, find_mentions(turn.q))
        if asked.count():
            ids = [
                [c.id for c in x.clients] + [v.id for v in x.vehicles] + [d.id for d in x.drivers]
                for x in (asked, said)
            ]
            return asked.is_list() and sorted(ids[0]) == sorted(ids[1]) and asked.notes == said.notes
    return False


async def from_request(conn: asyncpg.Connection, raw: list[object]) -> Subject:
    """The bot's `focus`, re-resolved within the caller's company; invalid or unknown items ignored."""
    keys: dict[str, list[str]] = {"client": [], "vehicle": [], "driver": [], "delivery_note": []}
    for item in raw[:8] if isinstance(raw, list) else []:
        try:
            entity = FocusEntity.model_validate(item)
        except ValidationError:
            continue
        key = entity.key.strip()
        keys[entity.kind].append(normalize_plate(key) if entity.kind == "vehicle" else key)
    subject = Subject(source="focus")
    if keys["client"]:
        subject.clients = (await store_clients.clients(conn, codes=keys["client"][:1]))[:1]
    if keys["vehicle"]:
        subject.vehicles = (await store_vehicles.vehicles(conn, plates=keys["vehicle"][:1]))[:1]
    if keys["driver"]:
        subject.drivers = (await store_vehicles.drivers(conn, documents=keys["driver"][:1]))[:1]
    subject.notes = (await _known_notes(conn, keys["delivery_note"][:1]))[:1]
    return subject
