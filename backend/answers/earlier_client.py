"""«¿y sus canastillas?», «¿y cuántas canastillas tiene?» after a turn about something else: the client the
conversation was about, as the history says, never a vehicle or driver an unrelated answer happened to name.

«¿cuántas estibas tiene el 861?» → «¿cuántos vehículos hay?» («… 1 inactivo (BDD786).») → «¿y sus
canastillas?» is the 861's saldo: a saldo is a client's, so when the latest turn names no client the one of
the newest earlier turn about exactly one client is taken (turns about a list of clients stop the search:
«sus» would be theirs). With no such turn the request's focus is left to decide, as before."""

from __future__ import annotations

import asyncpg

from backend.answers import followup as fu
from backend.answers.focus import Subject, from_history
from backend.answers.scope import OWNER_VERBS, WE_VERBS
from backend.core.history import Turn
from backend.understanding.parse import Question


def asks_a_saldo(own: Question) -> bool:
    """«¿y sus canastillas?», «¿cuántas estibas tiene?»: what one client holds (no movement, period or
    fleet word of its own), pointed at by «su(s)» or a singular «tiene»."""
    toks = set(own.tokens)
    pointed = toks & (fu.REFERS_BACK | OWNER_VERBS)
    fleet_words = toks & (WE_VERBS | {"hay", "calle", "total", "todos", "clientes"})
    return bool(own.asset and pointed and not (own.movement or own.period or own.aggregation or fleet_words))


async def earlier_client(conn: asyncpg.Connection, turns: list[Turn]) -> Subject:
    """The one client of the newest turn before the latest that was about exactly one; else empty."""
    for k in range(len(turns) - 1, 0, -1):
        found = await from_history(conn, turns[:k])
        if len(found.clients) == 1:
            return Subject(clients=found.clients, source="history")
        if len(found.clients) > 1:
            return Subject()
    return Subject()


async def earlier_note(conn: asyncpg.Connection, turns: list[Turn]) -> Subject:
    """The one delivery note of the newest turn before the latest that was about exactly one («remisión
    52071» → «¿quién la llevó?» → «¿y su licencia?» → «¿y a quién se entregó?»: the 52071); else empty."""
    for k in range(len(turns) - 1, 0, -1):
        found = await from_history(conn, turns[:k])
        if len(found.notes) == 1:
            return Subject(notes=found.notes, source="history")
        if len(found.notes) > 1:
            return Subject()
    return Subject()
