"""Exact answers about the clients with no movement: «clientes sin movimientos», «¿qué clientes no tuvieron
remisiones en noviembre?» — no dispatch nor return in the period asked (ever, when none is); an opening
balance is no movement."""

from __future__ import annotations

import re

from backend.answers import render as r
from backend.answers.model import Ask, Exact
from backend.core import spanish
from backend.store import quiet_clients
from backend.understanding.parse import Question

_WITHOUT = re.compile(
    r"\b(?:sin|no\s+(?:han\s+)?(?:tenido|tuvieron|tienen|tiene|hicieron|recibieron|han recibido|registran))\s+"
    r"(?:ningun[oa]?\s+)?(?:movimientos?|remision(?:es)?|despachos?|entregas?|pedidos?|devoluciones)\b"
)


def asks_without_movements(q: Question) -> bool:
    """«clientes sin movimientos», «¿qué clientes no tuvieron remisiones en noviembre?»."""
    return bool({"clientes", "cliente"} & set(q.tokens)) and bool(_WITHOUT.search(" ".join(q.tokens)))


async def clients_without_movements(ask: Ask) -> Exact:
    """The clients with no dispatch nor return in the period (of the city named), capped and counted."""
    p, movement = ask.q.period, ask.q.movement
    kinds = (movement,) if movement in ("dispatch", "return") else ("dispatch", "return")
    rows = await quiet_clients.clients_without_movements(
        ask.conn,
        timezone=ask.company.timezone,
        start=p.start if p else None,
        end=p.end if p else None,
        city=ask.city,
        kinds=kinds,
    )
    when = f" {p.label}" if p else ""
    where = f" de {ask.city}" if ask.city else ""
    had = {"dispatch": "despachos", "return": "devoluciones"}.get(movement or "", "despachos o devoluciones")
    without = {"dispatch": "despachos", "return": "devoluciones"}.get(movement or "", "despachos ni devoluciones")
    if not rows:
        every = "Todos los clientes" + where
        return Exact(f"{every} tuvieron {had}{when}.", intent="clients.quiet", confident=True)
    header = f"Clientes{where} sin {without}{when}: {spanish.number(len(rows))}."
    lines = [f"{c.label} ({c.city})" if c.city and not ask.city else c.label for c in rows]
    limit = r.list_limit(ask.q.tokens)
    return Exact(r.capped(header, lines, more_hint=r.ALL_HINT_M, limit=limit), intent="clients.quiet")
