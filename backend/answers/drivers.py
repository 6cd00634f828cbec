"""Exact answers about the company's drivers as a whole: how many, which (with or without a vehicle, with
their phones or cédulas), and their driving licences by state — vencida, por vencer, al día, due in a
period — each named with the vehicle they drive. One driver: `vehicle.driver_answer`."""

from __future__ import annotations

import re
from dataclasses import replace

from backend.answers import fleet, vehicles
from backend.answers import render as r
from backend.answers.model import Ask, Exact
from backend.core import spanish
from backend.store import vehicles as store_vehicles
from backend.store.vehicles import Driver
from backend.understanding.parse import Question

#: «al día», «en regla», «sin vencer», «no vencida»: a licence that has not expired (today counts)
_NOT_EXPIRED = re.compile(r"\bal dia\b|\ben regla\b|\bsin vencer\b|\bno (?:la )?(?:tiene[n]? |esta[n]? )?vencid")
_LIST_WORDS = frozenset({"listame", "lista", "listado", "cuales", "quienes", "nombres", "enumera", "todos", "dame"})


def _counting(q: Question) -> bool:
    return q.aggregation == "count" or bool({"cuantos", "cuantas"} & set(q.tokens))


def _who(d: Driver, *, long: bool = False) -> str:
    """«Diego Toro Zapata (MKU766)» (`long`: «(vehículo MKU766)»), «Fabián Gómez Ospina (sin vehículo)»."""
    return f"{d.full_name} ({'vehículo ' if long and d.plate else ''}{d.plate or 'sin vehículo'})"


def _of_total(n: int, total: int, verb: str) -> str:
    """«44 de 45 conductores tienen», «1 de 45 conductores tiene», «los 15 conductores tienen»."""
    if n == total:
        return (
            f"{'El' if n == 1 else 'Los'} {spanish.plural(n, 'conductor', 'conductores')} {verb}{'n' if n != 1 else ''}"
        )
    return f"{spanish.number(n)} de {spanish.plural(total, 'conductor', 'conductores')} {verb}{'n' if n != 1 else ''}"


#: a superlative over all licences: the one due soonest («la más próxima a vencer», «la que vence más pronto»)
_SOONEST = re.compile(r"\bmas (?:proxim[ao]|pronto|cerca)\b")


def due_of(d: Driver) -> str:
    """«vence el 3 de marzo de 2027 (en 92 días)» of a driver's licence."""
    assert d.license_expires_on is not None and d.license_days is not None
    return r.due_phrase(d.license_expires_on, d.license_days, with_year=True)


async def _soonest_ahead(ask: Ask) -> list[Driver]:
    """Every licence not yet expired due on the soonest day (none: [])."""
    ahead = [
        d for d in await store_vehicles.licences_due(ask.conn, max_days=None, min_days=0) if d.license_days is not None
    ]
    return [d for d in ahead if d.license_expires_on == ahead[0].license_expires_on] if ahead else []


def licence_bounds(ask: Ask) -> tuple[int | None, int | None, str]:
    """(max_days, min_days, what the licences asked are: «vencida», «por vencer en los próximos 30 días»…)."""
    if _NOT_EXPIRED.search(" ".join(ask.q.tokens)):
        return None, 0, "al día"
    max_days, min_days, phrase = fleet.day_bounds(ask)
    days = fleet.DUE_SOON_DAYS
    said = {
        "están vencidos": "vencida",
        f"vencen en los próximos {days} días": f"por vencer (en los próximos {days} días)",
        f"están vencidos o vencen en {days} días": f"vencida o por vencer en {days} días",
        "están vigentes": f"vigente por más de {days} días",
    }
    verb = phrase.replace("vencen", "vence").replace("vencieron", "venció")
    return max_days, min_days, said.get(phrase, f"que {verb}")


async def licences(ask: Ask) -> Exact:
    """The drivers whose licence is in the state asked, soonest first, each with the vehicle they drive;
    a count when asked; one sentence when there is one."""
    today = ask.company.today
    max_days, min_days, state = licence_bounds(ask)
    rows = [
        d
        for d in await store_vehicles.licences_due(ask.conn, max_days=max_days, min_days=min_days)
        if d.license_expires_on is not None and d.license_days is not None  # always: licences_due's rows
    ]
    with_state = f"con la licencia {state}"
    if not rows and _SOONEST.search(" ".join(ask.q.tokens)) and (ahead := await _soonest_ahead(ask)):
        # «¿cuál es el conductor con la licencia más próxima a vencer?» with none in 30 days: the soonest anyway
        names = r.enumeration([f"{_who(d, long=True)}, que {due_of(d)}" for d in ahead])
        text = f"Ningún conductor tiene la licencia {state}; la más próxima a vencer es la de {names}."
        return Exact(text, intent="licences.first", confident=len(ahead) == 1)
    if not rows:
        none = f"Ninguna licencia de conducción {state[4:]}." if state.startswith("que ") else ""
        return Exact(none or f"Ningún conductor tiene la licencia {state}.", intent="licences.due", confident=True)

    def due(d: Driver, *, with_year: bool) -> str:
        assert d.license_expires_on is not None and d.license_days is not None
        return r.due_phrase(d.license_expires_on, d.license_days, with_year=with_year)

    if state == "al día" or (_counting(ask.q) and len(rows) > 3):
        total = len(await store_vehicles.drivers(ask.conn, every=True))
        text = f"{_of_total(len(rows), total, 'tiene')} la licencia {state}."
        if state == "al día" and (expired := await store_vehicles.licences_due(ask.conn, max_days=-1, min_days=None)):
            lines = [f"{_who(d)}, {due(d, with_year=True)}" for d in expired]
            text += "\n" + r.capped("Con la licencia vencida:", lines)
        return Exact(text, intent="licences.count", confident=True)
    if len(rows) == 1:
        (d,) = rows
        return Exact(
            f"Hay 1 conductor {with_state}: {_who(d, long=True)}; su licencia {due(d, with_year=True)}.",
            intent="licences.due",
            confident=True,
        )
    lines = [f"{_who(d)} · {due(d, with_year=(d.license_expires_on or today).year != today.year)}" for d in rows]
    header = f"Hay {spanish.plural(len(rows), 'conductor', 'conductores')} {with_state}:"
    return Exact(r.capped(header, lines, limit=r.list_limit(ask.q.tokens)), intent="licences.due")


def _field(d: Driver, attribute: str | None) -> str:
    """What a list of drivers shows beside each name: the phone, the cédula, or the vehicle."""
    if attribute == "phone":
        return d.phone or "sin teléfono"
    if attribute == "document_number":
        return d.document_number
    return d.plate or "sin vehículo asignado"


async def drivers(ask: Ask) -> Exact:
    """How many drivers, which (with or without a vehicle; with phones or cédulas), or their licences."""
    q = ask.q
    if q.attribute == "licence" or q.subject == "licences" or q.expiry:
        return await licences(ask)
    if q.vehicle_kind or q.brand or q.model_year:  # «conductores de los furgones»: who drives each of them
        return await vehicles.vehicles(replace(ask, q=replace(q, subject="vehicles", attribute="driver")))
    rows = await store_vehicles.drivers(ask.conn, every=True)
    without = [d for d in rows if not d.plate]
    with_vehicle = [d for d in rows if d.plate]
    total = spanish.plural(len(rows), "conductor", "conductores")
    if q.attribute == "vehicle" and {"sin", "no"} & set(q.tokens):  # «¿qué conductores no tienen vehículo?»
        if not without:
            return Exact(
                "Todos los conductores tienen vehículo asignado.", intent="drivers.without_vehicle", confident=True
            )
        return Exact(
            f"{spanish.plural(len(without), 'conductor', 'conductores')} sin vehículo asignado: "
            f"{r.enumeration([d.full_name for d in without])}.",
            intent="drivers.without_vehicle",
            confident=True,
        )
    if q.attribute == "vehicle":  # «¿quiénes tienen vehículo asignado?», «¿cuántos conductores tienen carro?»
        header = f"{_of_total(len(with_vehicle), len(rows), 'tiene')} vehículo asignado"
        header += f" ({spanish.number(len(without))} sin vehículo)" if without else ""
        if _counting(q):
            return Exact(f"{header}.", intent="drivers.with_vehicle", confident=True)
        lines = [f"{d.full_name} · {d.plate}" for d in with_vehicle]
        return Exact(
            r.capped(f"{header}:", lines, more_hint=r.ALL_HINT_M, limit=r.list_limit(q.tokens)),
            intent="drivers.with_vehicle",
        )
    field = {"phone": "teléfono", "document_number": "cédula"}.get(q.attribute or "")
    if field or _LIST_WORDS & set(q.tokens):  # «teléfonos de los conductores», «lístame los conductores»
        lines = [f"{d.full_name} · {_field(d, q.attribute)}" for d in rows]
        header = f"Hay {total}" + (f" (nombre · {field}):" if field else ":")
        listed = r.capped(header, lines, more_hint=r.ALL_HINT_M, limit=r.list_limit(q.tokens))
        return Exact(listed, intent="drivers.list")
    return Exact(
        f"Hay {total} ({spanish.number(len(without))} sin vehículo asignado).", intent="drivers.count", confident=True
    )
