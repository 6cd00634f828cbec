"""The delivery note that moved the most units, or the fewest: «¿cuál fue la remisión más grande de
noviembre?», «el despacho más grande del 310», «¿en qué remisión se devolvieron más canastillas?», «la
remisión más pequeña de Diego Toro esta semana».

A note's size is its units moved — every line's quantity, dispatched and returned (canastillas, estibas and
tapas added up as units) — or only those of the asset type («más canastillas») and movement («el despacho
más grande»: its dispatched units) asked. Ties are all named."""

from __future__ import annotations

import re

from backend.answers import render as r
from backend.answers.model import Ask, Exact
from backend.contract import FocusEntity
from backend.core import spanish
from backend.store import movements as store_movements
from backend.store import note_sizes

_NOTES = frozenset(
    {"remision", "remisiones", "despacho", "despachos", "devolucion", "devoluciones", "entrega", "viaje"}
)
_BIG = re.compile(r"\bmas (?:grande|grandes|pesad[ao]s?|larg[ao]s?|unidades|cantidad)\b|\bmayor(?:es)?\b|\bcon mas\b")
_SMALL = re.compile(
    r"\bmas (?:pequen[ao]s?|chic[ao]s?|liviana?s?|cort[ao]s?)\b|\bmenor(?:es)?\b|\bcon menos\b"
    r"|\bmenos (?:unidades|cantidad|canastillas|estibas|tapas|canastas)\b"
)
#: «el cliente con más canastillas», «remisiones del conductor que más…»: a ranking of others, not of notes
_OTHERS = re.compile(
    r"\b(?:clientes?|conductor(?:es)?|choferes?|vehiculos?|carros?|ciudad(?:es)?) (?:con|que)\b"
    r"|\b(?:que|cual|cuales) (?:clientes?|conductor(?:es)?|choferes?|vehiculos?|carros?|ciudad(?:es)?)\b"
)
#: «¿qué día se despachó más?»: a day (or month) asked, not a note
_WHEN = re.compile(r"\b(?:que|cual|en que) (?:dia|dias|fecha|mes|semana)\b")
_MORE_UNITS = re.compile(
    r"\b(?:se )?(?:despach|devolv|devuel|mov)\w* mas\b|\bmas (?:canastillas|estibas|tapas|canastas)\b"
)


def about_notes(tokens: tuple[str, ...]) -> bool:
    """The question is about delivery notes themselves («remisiones del 412», «¿cuántas entregas hizo Diego
    Toro?»), not a ranking of clients, drivers or vehicles by them nor a day asked."""
    said = set(tokens)
    if not said & (_NOTES | {"entregas", "entregadas", "viajes"}):  # «entregas» is read as «entregadas»
        return False
    joined = " ".join(tokens)
    return not (_OTHERS.search(joined) or _WHEN.search(joined) or {"quien", "quienes"} & said)


def asks_extreme_note(tokens: tuple[str, ...]) -> str | None:
    """«largest» / «smallest» when the question asks for the note that moved the most / fewest units."""
    if not set(tokens) & _NOTES or not about_notes(tokens):
        return None  # «¿quién despachó más en noviembre?»: a client ranking
    joined = " ".join(tokens)
    if _SMALL.search(joined):
        return "smallest"
    if _BIG.search(joined) or _MORE_UNITS.search(joined):
        return "largest"
    return None


def _movement(ask: Ask) -> str | None:
    said = set(ask.q.tokens)
    if {"despacho", "despachos"} & said:
        return "dispatch"
    if {"devolucion", "devoluciones"} & said:
        return "return"
    return ask.q.movement


async def extreme_note(
    ask: Ask,
    *,
    label: str = "",
    focus: list[FocusEntity] | None = None,
    client_id: int | None = None,
    vehicle_id: int | None = None,
    driver_id: int | None = None,
) -> Exact:
    """The note(s) with the most (fewest) units of the period, of the owner when one is given (`label`)."""
    q, p, asset = ask.q, ask.q.period, ask.asset()
    smallest = asks_extreme_note(q.tokens) == "smallest"
    movement = _movement(ask)
    sizes = await note_sizes.note_sizes(
        ask.conn,
        timezone=ask.company.timezone,
        start=p.start if p else None,
        end=p.end if p else None,
        smallest=smallest,
        asset_code=asset.code if asset else None,
        movement=movement,
        client_id=client_id,
        vehicle_id=vehicle_id,
        driver_id=driver_id,
    )
    of = f" de {label}" if label else ""
    when = f" {p.label}" if p else ""
    if not sizes:
        return Exact(f"No encontré remisiones{of}{when}.", intent="notes.largest", focus=focus or [], confident=True)
    what = {"dispatch": "despacho", "return": "devolución"}.get(movement or "", "remisión")
    feminine = what != "despacho"
    adjective = ("más pequeña" if feminine else "más pequeño") if smallest else "más grande"
    subject = f"{'La' if feminine else 'El'} {what} {adjective}"
    if asset:
        subject = f"La remisión con {'menos' if smallest else 'más'} {asset.plural}"
    units = spanish.plural(sizes[0].units, asset.name if asset else "unidad", asset.plural if asset else "unidades")
    units += {"dispatch": " despachadas", "return": " devueltas"}.get(movement or "", "")
    lines = [await _note_line(ask, s.number, with_client=client_id is None) for s in sizes]
    if len(sizes) == 1:
        article = "la" if feminine or asset else "el de la"
        article = "la de la" if (movement == "return" and not asset) else article
        text = f"{subject}{of}{when} es {article} remisión {lines[0]} — {units}."
        return Exact(text, intent="notes.largest", focus=focus or [], confident=True, note=sizes[0].number)
    header = f"{subject}{of}{when}: {len(sizes)} remisiones con {units} cada una."
    return Exact(r.capped(header, [f"remisión {line}" for line in lines]), intent="notes.largest", focus=focus or [])


async def _note_line(ask: Ask, number: str, *, with_client: bool) -> str:
    """«8505 (30 de noviembre), [450] DISTRIBUIDORA DOÑA ROSA: despacho 42 canastillas …; devolución …»."""
    rows = await store_movements.note_totals(
        ask.conn, assets=ask.assets, timezone=ask.company.timezone, start=None, end=None, number=number
    )
    out = r.enumeration([r.plain_quantity(t.dispatched, t.asset) for t in rows if t.dispatched])
    back = r.enumeration([r.plain_quantity(t.returned, t.asset) for t in rows if t.returned])
    moved = "; ".join(([f"despacho {out}"] if out else []) + ([f"devolución {back}"] if back else []))
    day = spanish.day_month(rows[0].day) if rows else ""
    client = f", {rows[0].client.label}" if rows and with_client else ""
    return f"{number} ({day}){client}: {moved}"
