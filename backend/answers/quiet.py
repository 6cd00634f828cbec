"""Exact answers about the clients with no movement: «clientes sin movimientos», «¿qué clientes no tuvieron
remisiones en noviembre?» — no dispatch nor return in the period asked (ever, when none is); an opening
balance is no movement."""

from __future__ import annotations

import re

from backend.answers import render as r
from backend.answers.model import Ask, Exact
from backend.core import spanish
from backend.store import quiet_clients
from backend.store.clients import Client
from backend.understanding.parse import Question

_WITHOUT = re.compile(
    r"\b(?:sin|no\s+(?:han\s+)?(?:tenido|tuvieron|tienen|tiene|hicieron|recibieron|han recibido|registran))\s+"
    r"(?:ningun[oa]?\s+)?(?:movimientos?|remision(?:es)?|despachos?|entregas?|pedidos?|devoluciones)\b"
    # «¿qué clientes no han devuelto nada en noviembre?», «… no nos devolvieron nada», «a los que no les llegó nada»
    r"|\bno\s+(?:nos\s+|les?\s+)?(?:han\s+|ha\s+)?(?:devuelto|devolvieron|devolvio|recibido|recibieron|recibio"
    r"|despachamos|llego|llegaron|entregaron|trajeron|movieron)\s+nada\b"
)
#: «¿cuántos clientes recibieron despachos ayer?», «¿qué clientes nos devolvieron algo la semana pasada?»
_HAD = re.compile(r"\b(?:cuantos|que|cuales|quienes)\s+(?:de los\s+)?clientes\b")


def asks_without_movements(q: Question) -> bool:
    """«clientes sin movimientos», «¿qué clientes no tuvieron remisiones en noviembre?»."""
    return bool({"clientes", "cliente"} & set(q.tokens)) and bool(_WITHOUT.search(" ".join(q.tokens)))


def asks_with_movements(q: Question) -> bool:
    """How many (which) clients had a movement in the period: «¿cuántos clientes recibieron despachos ayer?»;
    not a quantity (an asset said), a ranking, nor a negation."""
    toks = set(q.tokens)
    moved = bool(q.movement) or bool({"remisiones", "movimientos", "movieron"} & toks)
    if not moved or q.asset or q.aggregation in ("top", "bottom") or {"no", "sin", "nunca"} & toks:
        return False
    return bool(_HAD.search(" ".join(q.tokens))) and q.period is not None


async def clients_with_movements(ask: Ask) -> Exact:
    """The clients with a dispatch or return (the movement asked) in the period (of the city named)."""
    movement = ask.q.movement
    rows, when, where = await _clients_of_period(ask, having=True)
    had = {"dispatch": "despachos", "return": "devoluciones"}.get(movement or "", "despachos o devoluciones")
    if not rows:
        return Exact(f"Ningún cliente{where} tuvo {had}{when}.", intent="clients.moved", confident=True)
    header = f"Clientes{where} con {had}{when}: {spanish.number(len(rows))}."
    if {"cuantos", "cuantas"} & set(ask.q.tokens):
        return Exact(header, intent="clients.moved", confident=True)
    lines = [f"{c.label} ({c.city})" if c.city and not ask.city else c.label for c in rows]
    return Exact(
        r.capped(header, lines, more_hint=r.ALL_HINT_M, limit=r.list_limit(ask.q.tokens)), intent="clients.moved"
    )


async def _clients_of_period(ask: Ask, *, having: bool) -> tuple[list[Client], str, str]:
    """The clients with (`having`) or without a movement of the kind asked (either, unsaid) in the question's
    period and city, with the period's « en noviembre» and the city's « de Cali» (empty when unsaid)."""
    p, movement = ask.q.period, ask.q.movement
    rows = await quiet_clients.clients_without_movements(
        ask.conn,
        timezone=ask.company.timezone,
        start=p.start if p else None,
        end=p.end if p else None,
        city=ask.city,
        kinds=(movement,) if movement in ("dispatch", "return") else ("dispatch", "return"),
        having=having,
    )
    return rows, f" {p.label}" if p else "", f" de {ask.city}" if ask.city else ""


async def clients_without_movements(ask: Ask) -> Exact:
    """The clients with no dispatch nor return in the period (of the city named), capped and counted."""
    movement = ask.q.movement
    rows, when, where = await _clients_of_period(ask, having=False)
    had = {"dispatch": "despachos", "return": "devoluciones"}.get(movement or "", "despachos o devoluciones")
    without = {"dispatch": "despachos", "return": "devoluciones"}.get(movement or "", "despachos ni devoluciones")
    if not rows:
        every = "Todos los clientes" + where
        return Exact(f"{every} tuvieron {had}{when}.", intent="clients.quiet", confident=True)
    header = f"Clientes{where} sin {without}{when}: {spanish.number(len(rows))}."
    lines = [f"{c.label} ({c.city})" if c.city and not ask.city else c.label for c in rows]
    limit = r.list_limit(ask.q.tokens)
    return Exact(r.capped(header, lines, more_hint=r.ALL_HINT_M, limit=limit), intent="clients.quiet")
