"""Delivery notes of one client or vehicle, or of the company in a period: lines, sums, the latest."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date

import asyncpg

from backend.answers import render as r
from backend.answers import units_moved
from backend.answers.entities import client_focus, driver_focus, vehicle_focus
from backend.answers.focus import from_history, from_request
from backend.answers.largest_note import asks_extreme_note, extreme_note
from backend.answers.model import Ask, Exact
from backend.contract import FocusEntity
from backend.core import spanish
from backend.core.history import Turn
from backend.store import asset_types as store_asset_types
from backend.store import clients as store_clients
from backend.store import movements as store_movements
from backend.store import vehicles as store_vehicles
from backend.understanding.movement_verbs import movement_of
from backend.understanding.parse import Question
from backend.understanding.periods import Period


def _note_line(
    number: str, day: date, totals: list[store_movements.NoteTotal], movement: str | None, today: date
) -> str:
    out = [r.plain_quantity(t.dispatched, t.asset) for t in totals if t.dispatched and movement != "return"]
    back = [r.plain_quantity(t.returned, t.asset) for t in totals if t.returned and movement != "dispatch"]
    parts = ([f"despacho {r.enumeration(out)}"] if out else []) + (
        [f"devolución {r.enumeration(back)}"] if back else []
    )
    year = f" de {day.year}" if day.year != today.year else ""  # «3 de diciembre de 2025», not this week's
    return f"remisión {number} ({spanish.day_month(day)}{year}): {'; '.join(parts) or 'sin cantidades'}"


FIRST_WORDS = frozenset({"primera", "primer", "primerita"})  # «la primera remisión»: the oldest note
NoteGroup = tuple[str, date, list[store_movements.NoteTotal]]
"""A delivery note's number, local day and its per-asset totals."""


def group_notes(totals: list[store_movements.NoteTotal]) -> list[NoteGroup]:
    grouped: dict[str, list[store_movements.NoteTotal]] = {}
    for t in totals:
        grouped.setdefault(t.number, []).append(t)
    return [(number, rows[0].day, rows) for number, rows in grouped.items()]


async def moved_in(
    ask: Ask, period: Period | None, client_id: int | None = None, city: str | None = None
) -> dict[str, tuple[int, int]]:
    """Asset code -> (units dispatched, units returned) within `period` (None: all time), of one client or a
    city's clients if given, in the company's timezone (`store_movements.moved`)."""
    return await store_movements.moved(
        ask.conn,
        timezone=ask.company.timezone,
        start=period.start if period else None,
        end=period.end if period else None,
        client_id=client_id,
        city=city,
    )


async def note_totals_in(
    ask: Ask,
    period: Period | None,
    client_id: int | None = None,
    vehicle_id: int | None = None,
    driver_id: int | None = None,
) -> list[store_movements.NoteTotal]:
    """The per-note totals within `period` (None: all time) of one client, vehicle or driver, or of the whole
    company, in the company's timezone (`store_movements.note_totals`)."""
    return await store_movements.note_totals(
        ask.conn,
        assets=ask.assets,
        timezone=ask.company.timezone,
        start=period.start if period else None,
        end=period.end if period else None,
        client_id=client_id,
        vehicle_id=vehicle_id,
        driver_id=driver_id,
    )


async def movement_sums(
    ask: Ask, assets: list[store_asset_types.AssetType], client_id: int | None = None, movement: str | None = None
) -> list[str]:
    """«109.857 tapas»… per asset type: units moved (`movement`, else the question's, and its period; of the
    city asked, `ask.city`), summed in SQL."""
    sums = await moved_in(ask, ask.q.period, client_id, city=ask.city if client_id is None else None)
    index = 0 if (movement or ask.q.movement) == "dispatch" else 1
    return [r.plain_quantity(sums.get(a.code, (0, 0))[index], a) for a in assets]


async def period_notes(
    ask: Ask, client_id: int | None = None, vehicle_id: int | None = None, driver_id: int | None = None
) -> tuple[list[store_movements.NoteTotal], list[NoteGroup]]:
    """(per-note totals, the same grouped by note) of the question's period, asset type and movement kind,
    of one client, vehicle or driver, or of the whole company."""
    q, asset = ask.q, ask.asset()
    totals = await note_totals_in(ask, q.period, client_id, vehicle_id, driver_id)
    if ask.city and client_id is None and vehicle_id is None and driver_id is None:  # «remisiones de Cali de ayer»
        totals = [t for t in totals if t.client.city == ask.city]
    if asset:
        totals = [t for t in totals if t.asset.code == asset.code]
    if q.movement:
        totals = [t for t in totals if (t.dispatched if q.movement == "dispatch" else t.returned)]
    return totals, group_notes(totals)


async def client_notes(ask: Ask, c: store_clients.Client) -> Exact:
    """Delivery notes of a client (period, movement kind, asset), or its latest one, or totals moved."""
    short = f"del {c.code}" if c.code.isdigit() else f"de {c.label}"
    return await _notes_of(ask, c.label, short, client_focus(c), client_id=c.id)


async def vehicle_notes(ask: Ask, v: store_vehicles.Vehicle) -> Exact:
    """Delivery notes carried by a vehicle («¿qué remisiones hizo la CQN859 esta semana?»), or its latest."""
    return await _notes_of(ask, v.plate, f"de {v.plate}", vehicle_focus(v), vehicle_id=v.id)


async def driver_notes(ask: Ask, d: store_vehicles.Driver) -> Exact:
    """Delivery notes a driver carried («¿cuántas remisiones hizo Marta Londoño en noviembre?»), or the latest."""
    return await _notes_of(ask, d.full_name, f"de {d.full_name}", driver_focus(d), driver_id=d.id)


async def _notes_of(
    ask: Ask,
    label: str,
    short: str,
    focus: list[FocusEntity],
    *,
    client_id: int | None = None,
    vehicle_id: int | None = None,
    driver_id: int | None = None,
) -> Exact:
    """Notes of one client, vehicle or driver: `label` names it in full, `short` after «remisiones» («del 412»)."""
    owner = "client" if client_id is not None else "vehicle" if vehicle_id is not None else "driver"
    if (said := movement_of(ask.q.tokens, owner)) and said != ask.q.movement:  # «diego toro entregó»: his dispatch
        ask.q = replace(ask.q, movement=said)
    q, p, asset = ask.q, ask.q.period, ask.asset()
    if asks_extreme_note(q.tokens):  # «el despacho más grande del 310»
        ids = {"client_id": client_id, "vehicle_id": vehicle_id, "driver_id": driver_id}
        return await extreme_note(ask, label=label, focus=focus, **ids)
    totals, notes = await period_notes(ask, client_id, vehicle_id, driver_id)
    when = f" {p.label}" if p else ""
    what = {"dispatch": "despachos", "return": "devoluciones"}.get(q.movement or "", "remisiones")
    # «¿cuántas remisiones tuvo el 412?», «¿cuántas entregas hizo Marta Londoño?»: one count sentence (a
    # vehicle's or driver's notes listed after it: its follow-ups pick from them, «¿cuál fue la última?»)
    counted = ""
    if counts_notes(q) and not {"ultimos", "ultimas"} & set(q.tokens):
        line = {"dispatch": " con despacho", "return": " con devolución"}.get(q.movement or "", "")
        verb = "tuvo" if p is not None and p.end < ask.company.today else "tiene"
        noun = spanish.plural(len(notes), "remisión", "remisiones")
        counted = f"{label} {verb} {noun}{line}{when or ' en total'}"
        if not notes:  # «… tiene 0 remisiones este mes»: none said as none
            return Exact(
                f"{label} no {verb} remisiones{line}{when}.", intent=f"{owner}.note_count", focus=focus, confident=True
            )
        if owner == "client":
            return Exact(f"{counted}.", intent=f"{owner}.note_count", focus=focus, confident=True)
    sums_asked = units_moved.asks_units(q, asset)
    if not notes and not sums_asked:
        # the client or vehicle exists: none in the period is an answer about it (it stays the subject)
        return Exact(f"No encontré {what} {short}{when}.", intent=f"{owner}.notes", focus=focus, confident=True)
    plural = bool({"ultimos", "ultimas"} & set(q.tokens))  # «últimos movimientos del 412»: the latest ones, listed
    first = bool(FIRST_WORDS & set(q.tokens))  # «la primera remisión del 310»: the oldest
    latest_said = first or bool({"ultima", "ultimo"} & set(q.tokens))  # «la última remisión del 412 en octubre»
    if (q.attribute in ("last", "contents") or first) and (not p or latest_said) and not plural:
        number, day, rows = notes[-1] if first else notes[0]
        return Exact(
            f"La {'primera' if first else 'última'} remisión de {label}{when if p else ''} es la "
            f"{_note_line(number, day, rows, q.movement, ask.company.today)}.",
            intent=f"{owner}.last",
            focus=focus,
            confident=True,
            note=number,
        )
    if sums_asked:  # «¿cuánto ha devuelto el 632 este año?»: units per asset type, not notes
        assets = [asset] if asset else ask.assets
        if client_id is not None:
            sums = await moved_in(ask, p, client_id)
        else:
            sums = units_moved.sums_of(totals, assets)
        text = units_moved.sentence(label, owner, q.movement, sums, assets, f" {p.label}" if p else " en total")
        return Exact(text, intent=f"{owner}.moved", focus=focus, confident=True)
    header = f"{counted}:" if counted else f"{what.capitalize()} de {label}{when}: {len(notes)}."
    if (latest_n := latest_count(q)) is not None and latest_n < len(notes):  # «últimos 5 movimientos del 412»
        header = f"Las últimas {latest_n} {what} de {label}{when} (de {spanish.number(len(notes))}):"
        notes = notes[:latest_n]
    lines = [_note_line(n, d, rows, q.movement, ask.company.today) for n, d, rows in notes]
    limit = r.ALL_LINES if r.wants_all(q.tokens) else r.MAX_LINES
    listed = r.capped(header, lines, more_hint=r.ALL_HINT, limit=limit)
    only = notes[0][0] if len(notes) == 1 else ""  # «mándame la remisión del 310 del 26 de noviembre»
    return Exact(listed, intent=f"{owner}.notes", focus=focus, note=only)


# «¿cuántas remisiones…?», «¿cuántos despachos / devoluciones / entregas / viajes…?»: notes, not units
_COUNTS_NOTES = re.compile(
    r"\b(?:cuant[oa]s|numero de|cantidad de)\s+(?:remisiones|despachos|devoluciones|entregas|entregadas|viajes|veces)\b"
)


def latest_count(q: Question) -> int | None:
    """N of «los últimos N movimientos», «las 5 últimas remisiones» (1–50), or None."""
    toks = q.tokens
    for i, tok in enumerate(toks):
        if tok in ("ultimos", "ultimas"):
            near = [t for t in (toks[i - 1] if i else "", toks[i + 1] if i + 1 < len(toks) else "") if t.isdigit()]
            if near and 1 <= int(near[0]) <= 50:
                return int(near[0])
    return None


def counts_notes(q: Question) -> bool:
    """How many delivery notes are asked («¿cuántas remisiones tuvo el 412?»), not their units or lines."""
    counted = (q.aggregation == "count" and q.subject == "notes") or _COUNTS_NOTES.search(" ".join(q.tokens))
    return bool(counted) and not q.asset  # the slots too: «¿y en agosto?» after «¿cuántas remisiones tuvo…?»


async def company_latest(ask: Ask, period_of: Question | None, *, earliest: bool = False) -> Exact:
    """«¿cuál fue la última remisión?» with no client or vehicle in focus: the company's latest delivery note
    (within the period of `period_of`, the notes question just asked: «¿cuántas remisiones hubo ayer?»);
    with `earliest`, the first of the period in time («¿cuál fue la primera remisión de noviembre?»)."""
    from backend.answers.note import note_answer  # note → vehicle → notes_of: imported when used

    if period_of is not None and period_of.period is not None:
        ask.q = replace(ask.q, period=period_of.period)
    _totals, notes = await period_notes(ask)
    if not notes:
        when = f" {ask.q.period.label}" if ask.q.period else ""
        return Exact(f"No encontré remisiones{when}.", intent="notes.latest", confident=True)
    return await note_answer(ask, notes[-1 if earliest else 0][0])  # newest first


async def note_in_focus(conn: asyncpg.Connection, turns: list[Turn], focus: list[object]) -> str | None:
    """The one delivery note the conversation is about («mándamela» after «la última remisión del 310 es la
    8423…»): the latest turn's single note, else the request focus' note; None when there is none."""
    notes = (await from_history(conn, turns)).notes if turns else []
    if len(notes) != 1:
        notes = (await from_request(conn, focus)).notes if not notes else []
    return notes[0] if len(notes) == 1 else None
