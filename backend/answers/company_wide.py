"""Which company-wide answer a question gets, when it is about no client, vehicle, driver or note:
readiness and the semáforo (`status`), vehicles without documents (`lacking`), rankings of drivers
(`tallies`) and clients (`rankings`), clients without movements (`quiet`), and the totals, counts, lists,
due documents, and movements of a period (`fleet`), drivers and licences (`drivers`), vehicles by kind, brand,
model year or semáforo colour (`vehicles`)."""

from __future__ import annotations

from backend.answers import counts, drivers, fleet, quiet, rankings, status, tallies, vehicles
from backend.answers import entities as ent
from backend.answers.lacking import asks_lacking_documents, vehicles_without_documents
from backend.answers.largest_note import asks_extreme_note, extreme_note
from backend.answers.model import Ask, Exact
from backend.answers.notes_of import company_latest
from backend.understanding.parse import Question

_NOTE_WORDS = frozenset({"remision", "despacho", "devolucion", "entrega", "movimiento"})


def latest_note(q: Question) -> bool:
    """«la última remisión», «el último despacho»: one note, the newest (not «los últimos movimientos»)."""
    singular = {"ultima", "ultimo", "reciente"} & set(q.tokens) and not {"ultimas", "ultimos"} & set(q.tokens)
    return bool(singular) and bool(_NOTE_WORDS & set(q.tokens))


def first_note(q: Question) -> bool:
    """«la primera remisión de noviembre», «el primer despacho de ayer»: one note, the first of the period in
    time (not «las primeras remisiones»)."""
    return bool({"primera", "primer", "primero"} & set(q.tokens)) and bool(_NOTE_WORDS & set(q.tokens))


async def company_answer(ask: Ask) -> Exact | None:
    """The company's answer to `ask.q`, or None when it asks nothing the company as a whole answers."""
    q = ask.q
    if (missing := ent.no_asset(ask)) is not None:
        return missing
    if status.asks_fleet_ready(q):
        return await status.fleet_ready(ask)
    if asks_lacking_documents(q):
        return await vehicles_without_documents(ask)
    if quiet.asks_without_movements(q):
        return await quiet.clients_without_movements(ask)
    if tallies.asks_zero(q):  # «¿cuántos clientes no deben nada?»
        return await tallies.clients_at_zero(ask)
    if counts.asks_holding(q):  # «¿cuántos clientes tienen estibas en Cali?»
        return await counts.clients_holding(ask)
    if quiet.asks_with_movements(q):
        return await quiet.clients_with_movements(ask)
    if tallies.ranks_drivers(q):
        return await tallies.driver_ranking(ask)
    if status.asks_fleet_status(q):
        return await status.fleet_status(ask)
    if q.aggregation == "negative":
        return await fleet.negative(ask)
    if asks_extreme_note(q.tokens):  # «¿cuál fue la remisión más grande de noviembre?»: by its units
        return await extreme_note(ask)
    if q.aggregation in ("top", "bottom"):
        return await rankings.ranked_clients(ask)
    if q.subject in ("licences", "drivers") or (q.attribute == "licence" and q.subject is None):
        return await drivers.drivers(ask)
    if q.subject == "vehicles" or q.light or q.brand or q.model_year:
        return await vehicles.vehicles(ask)
    if q.doc_type or q.subject == "documents" or (q.expiry and q.subject is None):
        return await fleet.documents(ask)
    if (q.aggregation == "total" and not q.movement) or (q.asset and not q.movement and not q.period and ask.city):
        return await fleet.asset_total(ask)
    moved = _units_moved(q)  # «¿cuántas estibas devolvieron los clientes el mes pasado?»: units, not clients
    clients_counted = bool({"cuantos", "cuales", "que", "quienes"} & set(q.tokens))
    if q.subject == "clients" and q.movement and q.asset and (moved or not clients_counted):
        return await fleet.period_movements(ask)  # «¿cuántas tapas devolvieron los clientes de Envigado?»
    counted_there = ask.city and q.aggregation == "count" and q.subject != "notes"  # notes in Cali: not its clients
    if q.subject in ("clients", "cities") or q.aggregation == "per_city" or counted_there:
        return await fleet.clients(ask)
    if q.period and latest_note(q):  # «¿cuál fue la última remisión de ayer?»: that one, not the day's list
        return await company_latest(ask, None)
    if q.period and first_note(q):  # «¿cuál fue la primera remisión de noviembre?»: the first in time
        return await company_latest(ask, None, earliest=True)
    if q.period or q.movement or q.subject == "notes":
        return await fleet.period_movements(ask)
    if q.asset:
        return await fleet.asset_total(ask)
    return None


def _units_moved(q: Question) -> bool:
    """«¿cuántas estibas devolvieron los clientes?» (and its «¿y este mes?»): «cuántas» says the asset moved, the
    clients only who moved it."""
    toks = (*q.tokens, "")
    asked = [i for i, t in enumerate(q.tokens) if t in ("cuantas", "cuantos", "cuanto")]
    of_units = any(toks[i + 1] not in ("clientes", "cliente") for i in asked)
    return bool(q.movement and q.asset and q.subject == "clients" and of_units)
