"""A bare number asked as a client (saldo, «tiene», «debe»): a client code, never a delivery note; when no
client has that code, the clients whose name holds it («la 80») are the candidates, narrowed by a city."""

from __future__ import annotations

import asyncpg

from backend.answers.focus import Subject
from backend.context.resolve import Ambiguous
from backend.store import clients as store_clients
from backend.store import names as store_names
from backend.understanding.parse import Question


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
