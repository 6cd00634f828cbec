"""The answers that ask back instead of answering: the candidates of a name that matches several («Hay 2
clientes que coinciden: … ¿Cuál?»), the first thing named that does not exist, and the questions back when a
question is about one entity but none is named or in focus («¿De qué cliente?», «¿De cuál de la lista?»,
«No recuerdo a cuál te refieres», «No hablamos de otro antes de ese»).
Every one is `not_found` or `ambiguous`: it sets no focus."""

from __future__ import annotations

import asyncpg

from backend.answers.about import missing_line
from backend.answers.focus import Subject
from backend.answers.model import Ask, Exact
from backend.answers.render import capped
from backend.store import clients as store_clients
from backend.store import vehicles as store_vehicles
from backend.understanding.parse import Question

EACH_MAX = 5  # a follow-up about «them» after a list of at most this many answers about each


def missing(ask: Ask, subject: Subject) -> Exact:
    """«No tengo un cliente con el código 413.»: the first thing named that does not exist."""
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


def _needs(text: str) -> Exact:
    return Exact(text, "not_found", "needs_entity")


def which_of_list() -> Exact:
    """A question about «them» after a list longer than EACH_MAX."""
    return _needs("¿De cuál de la lista? Dime el código, la placa, el nombre o «el segundo», «el tercero»…")


def other_none() -> Exact:
    """«¿y el otro?» / «¿y la otra placa?» when nothing was discussed before the one in focus."""
    return _needs("No hablamos de otro antes de ese. Dime el código, la placa, el nombre o el número.")


def recall_none() -> Exact:
    """«¿y el primero que te pregunté?» when nothing earlier names one."""
    return _needs("No recuerdo a cuál te refieres. Dime el código, la placa, el nombre o el número.")


def which_expiry() -> Exact:
    """A bare «¿hasta cuándo?» with nothing in focus: never the whole fleet."""
    return _needs(
        "¿El vencimiento de qué vehículo o conductor? Dime la placa o el nombre. Todos los vencimientos: /vencimientos."
    )


def which_client() -> Exact:
    """«¿cuántas estibas tiene?» with no client named or in focus."""
    return _needs("¿De qué cliente? Dime el código o el nombre.")


def which_entity() -> Exact:
    """A question about one entity, none named or in focus."""
    return _needs("¿De qué cliente, vehículo, conductor o remisión? Dime el código, la placa, el nombre o el número.")


def which_note() -> Exact:
    """«mándamela» with no single delivery note discussed just before (a list of them, or none)."""
    return _needs("¿Qué remisión te envío? Dime su número, o de qué cliente, vehículo o conductor es la última.")
