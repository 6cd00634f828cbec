"""The questions back and the not-found lines: the candidates of a name or spoken number that tie, what was
named but does not exist, «¿de cuál de la lista?», «no recuerdo a cuál», «no hablamos de otro»."""

from __future__ import annotations

import asyncpg

from backend.answers.about import missing_line
from backend.answers.focus import Subject
from backend.answers.model import Ask, Exact
from backend.answers.render import capped
from backend.store import clients as store_clients
from backend.store import vehicles as store_vehicles
from backend.understanding.parse import Question

OTHER_NONE = "No hablamos de otro antes de ese. Dime el código, la placa, el nombre o el número."
RECALL_NONE = "No recuerdo a cuál te refieres. Dime el código, la placa, el nombre o el número."
EACH_MAX = 5  # a follow-up about «them» after a list of at most this many answers about each


def which_of_list() -> Exact:
    return Exact(
        "¿De cuál de la lista? Dime el código, la placa, el nombre o «el segundo», «el tercero»…",
        "not_found",
        "needs_entity",
    )


def missing(ask: Ask, subject: Subject) -> Exact:
    kind, token = subject.missing[0]
    return Exact(missing_line(ask, kind, token), "not_found", "not_found")


async def ambiguous(conn: asyncpg.Connection, q: Question, subject: Subject) -> Exact:
    """The candidates, each with what was asked when one line can hold it (a driver's plate)."""
    group = subject.ambiguous[0]
    noun = "clientes" if group.table == "clients" else "conductores"
    hint = "Dime el código o la ciudad." if group.table == "clients" else "Dime el nombre completo."
    shown = group.shown
    if group.table == "clients" and len(group.ids) == len(group.shown):  # with the city: «el de Sabaneta»
        cities = {c.id: c.city for c in await store_clients.clients(conn, ids=group.ids)}
        pairs = zip(group.ids, group.shown, strict=True)
        shown = [f"{line} ({cities[i]})" if cities.get(i) else line for i, line in pairs]
        hint = "Dime el código." if len(set(cities.values())) == 1 else hint
    if group.table == "drivers" and q.attribute in ("plate", "vehicle"):
        shown = [
            f"{d.full_name}: {d.plate or 'sin vehículo asignado'}"
            for d in await store_vehicles.drivers(conn, ids=group.ids)
        ]
    lines = capped(f"Hay {len(shown)} {noun} que coinciden:", shown)
    return Exact(f"{lines}\n¿Cuál? {hint}", "ambiguous", "ambiguous")
