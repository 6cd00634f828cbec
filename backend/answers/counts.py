"""Counts beyond lists: how many clients hold an asset («¿cuántos clientes tienen estibas en Cali?» →
«Clientes con estibas en Cali: 34.», a positive saldo) and how many delivery notes are past an amount
(«¿cuántas remisiones de más de 50 canastillas hubo en noviembre?»: a note's units as `notes.largest` counts
them — every line of the asset, dispatched and returned, or only the movement said: «despachos de más de 100
estibas»). «¿Qué …?» / a bare «remisiones de más de …» lists them, capped, with the count first."""

from __future__ import annotations

import re

from backend.answers import render as r
from backend.answers import tallies
from backend.answers.model import Ask, Exact
from backend.core import spanish
from backend.store import note_sizes
from backend.understanding.parse import Question

_HOLD = re.compile(
    r"\bclientes?(?: [a-z]+){0,3}? (?:que )?(?:tienen|tiene|tengan|con) (?:saldo (?:de )?)?"
    r"(?:canastillas|estibas|tapas|canastas)\b"
)
_NOTE_WORDS = frozenset({"remisiones", "remision", "despachos", "devoluciones", "entregas", "viajes"})
_COUNT_WORDS = frozenset({"cuantas", "cuantos"})


def asks_holding(q: Question) -> bool:
    """«¿cuántos clientes tienen estibas?», «clientes de Cali con tapas», «¿qué clientes tienen canastas de
    leche?» — not «… no tienen» (`tallies.asks_zero`), an amount, a ranking or a movement."""
    joined = " ".join(q.tokens)
    plain = not q.movement and not q.period and q.aggregation not in ("top", "bottom", "negative")
    said_not = bool({"no", "sin", "nada"} & set(q.tokens))
    return bool(q.asset) and plain and not said_not and tallies.threshold(joined) is None and bool(_HOLD.search(joined))


async def clients_holding(ask: Ask) -> Exact:
    """The clients (of the city named) with a positive saldo of the asset asked: how many, then who (only how
    many when that is what is asked)."""
    exact = await tallies.clients_beyond(ask, tallies.Threshold(True, 0, ""))
    if _COUNT_WORDS & set(ask.q.tokens):
        exact.text = exact.text.split("\n", 1)[0]
    exact.intent = "clients.holding"
    return exact


def asks_notes_beyond(q: Question) -> tallies.Threshold | None:
    """The amount of «remisiones de más de 50 canastillas», else None (clients past an amount are not this)."""
    toks = set(q.tokens)
    if not toks & _NOTE_WORDS or {"cliente", "clientes", "conductor", "conductores", "vehiculos"} & toks:
        return None
    return tallies.threshold(" ".join(q.tokens))


async def notes_beyond(ask: Ask, t: tallies.Threshold) -> Exact:
    """How many delivery notes of the period moved more (fewer) units of the asset than the amount; listed
    when not only counted."""
    q, asset, p = ask.q, ask.asset(), ask.q.period
    toks = set(q.tokens)
    movement = "dispatch" if "despachos" in toks else "return" if "devoluciones" in toks else None
    rows = await note_sizes.notes_beyond(
        ask.conn,
        timezone=ask.company.timezone,
        start=p.start if p else None,
        end=p.end if p else None,
        amount=t.amount,
        above=t.above,
        asset_code=asset.code if asset else None,
        movement=movement,
    )
    what = asset.plural if asset else "unidades"
    how = {"dispatch": "despachadas", "return": "devueltas"}.get(movement or "", "movidas")
    limit = f"{'más' if t.above else 'menos'} de {spanish.number(t.amount)} {what} {how}"
    when = f" {p.label}" if p else ""
    count = spanish.plural(len(rows), "remisión", "remisiones")
    intent = "notes.beyond"
    if not rows:
        return Exact(f"No hubo remisiones con {limit}{when}.", intent=intent, confident=True)
    lead = f"{when.strip().capitalize()} hubo" if when else "Hay"
    header = f"{lead} {count} con {limit}."
    if movement is None and asset is not None:
        header += " Cuento lo despachado y lo devuelto de cada remisión."
    if _COUNT_WORDS & toks:
        return Exact(header, intent=intent, confident=True)

    def amount(n: int) -> str:
        return r.plain_quantity(n, asset) if asset else spanish.plural(n, "unidad", "unidades")

    lines = [
        f"remisión {x.number} ({spanish.day_month(x.day)}), [{x.client_code}] {x.client_name}: {amount(x.units)}"
        for x in rows
    ]
    return Exact(r.capped(header, lines, more_hint=r.ALL_HINT, limit=r.list_limit(q.tokens)), intent=intent)
