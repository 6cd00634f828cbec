"""Exact answers about the company's vehicles as a fleet: how many and which (by kind, brand, model year,
active or not), their brands, the oldest and newest, and which documents are in a semáforo colour.

«¿cuántos vehículos tengo?» -> «Hay 42 vehículos: 41 activos y 1 inactivo (BDD786).»; «carros del 2015»,
«¿cuántos Chevrolet hay?», «¿qué marcas tenemos?», «¿cuáles están en rojo?». One vehicle: `vehicle`."""

from __future__ import annotations

from dataclasses import replace

import asyncpg

from backend.answers import fleet, lights
from backend.answers import render as r
from backend.answers.model import Ask, Exact
from backend.core import spanish
from backend.core.text import fold
from backend.store import vehicles as store_vehicles
from backend.store.vehicles import Vehicle
from backend.understanding.parse import Question

KIND_PLURAL = r.KIND_PLURAL
_BRAND_ASKED = frozenset({"marca", "marcas"})
_WHO_DRIVES = frozenset({"quien", "conductor", "chofer", "maneja"})  # «¿quién maneja el motocarro más viejo?»


async def with_brand(conn: asyncpg.Connection, q: Question) -> Question:
    """`q` with `brand` set when every name word it says is a word of the fleet's brands and models
    («¿cuántos Chevrolet hay?», «furgones nhr», «carros bajaj»): a brand, not a client's or driver's name."""
    if not q.name_words or q.mentions.plates or q.mentions.codes or q.mentions.numbers or q.asset:
        return q
    spelled = {fold(w): w for b in await store_vehicles.brands(conn) for w in b.split() if not w.isdigit()}
    said = [fold(w) for w in q.name_words]
    if not set(said) <= set(spelled):
        return q
    q.mentions.words, q.mentions.word_groups = [], []
    brand = " ".join(spelled[w] for w in said)  # as the fleet spells it: «JAC», «NHR»
    return replace(q, brand=brand, name_words=(), subject="vehicles", slots_set=q.slots_set | {"brand", "subject"})


def _matches(v: Vehicle, q: Question) -> bool:
    if q.brand and not set(fold(q.brand).split()) <= set(fold(v.brand_model).split()):
        return False
    if q.model_year is not None:
        first, last = q.model_year
        if v.model_year is None or (first is not None and v.model_year < first):
            return False
        if last is not None and v.model_year > last:
            return False
    return True


def _year_words(q: Question) -> str:
    """« modelo 2015», « modelo 2015 o anterior», « modelo 2010 a 2015», or ""."""
    if q.model_year is None:
        return ""
    first, last = q.model_year
    if first == last:
        return f" modelo {first}"
    if first is None:
        return f" modelo {last} o anterior"
    if last is None:
        return f" modelo {first} o posterior"
    return f" modelo {first} a {last}"


def _described(q: Question, n: int) -> str:
    """«42 vehículos», «14 furgones activos», «3 vehículos Chevrolet modelo 2015»."""
    kind = q.vehicle_kind
    noun = (kind, KIND_PLURAL[kind]) if kind else ("vehículo", "vehículos")
    state = "" if q.active is None else ("activo" if q.active else "inactivo")
    text = spanish.plural(n, noun[0], noun[1]) + (f" {state}{'s' if n != 1 else ''}" if state else "")
    brand = f" {q.brand}" if q.brand else ""
    return text + brand + _year_words(q)


def _line(v: Vehicle, q: Question) -> str:
    what = " ".join(x for x in (v.kind, v.brand_model) if x)
    year = f" {v.model_year}" if (q.model_year or q.age) and v.model_year else ""
    inactive = ", inactivo" if not v.active else ""
    return f"{v.plate} ({what}{year}{inactive})" if what else v.plate + (" (inactivo)" if not v.active else "")


def _split(rows: list[Vehicle]) -> str:
    """«: 41 activos y 1 inactivo (BDD786)», «, todos activos», or "" (all inactive)."""
    inactive = [v.plate for v in rows if not v.active]
    active = len(rows) - len(inactive)
    if not inactive:
        return ", todos activos" if len(rows) > 1 else ", activo"
    if not active:
        return ""
    named = f" ({r.enumeration(inactive)})" if len(inactive) <= 3 else ""
    return (
        f": {spanish.plural(active, 'activo', 'activos')} y "
        f"{spanish.plural(len(inactive), 'inactivo', 'inactivos')}{named}"
    )


def _year_of_period(q: Question) -> Question:
    """«¿y del 2020?» after a question about vehicles: the year said is a model year, not a period."""
    p = q.period
    if (
        p is None
        or (p.start.month, p.start.day, p.end.month, p.end.day) != (1, 1, 12, 31)
        or p.start.year != p.end.year
    ):
        return q
    if str(p.start.year) not in q.tokens:
        return q
    year = p.start.year
    return replace(q, period=None, model_year=(year, year), slots_set=q.slots_set - {"period"} | {"model_year"})


async def vehicles(ask: Ask) -> Exact:
    """How many vehicles (of a kind, brand, model year, state) and, asked or few, which."""
    ask.q = q = _year_of_period(ask.q)
    if q.light:
        return await lights.in_light(ask)
    if q.age:
        return await vehicle_age(ask)
    if q.doc_type or q.expiry or q.status:
        return await fleet.documents(ask)
    rows = [
        v
        for v in await store_vehicles.vehicles(ask.conn, every=True, active=q.active, kind=q.vehicle_kind)
        if _matches(v, q)
    ]
    if q.attribute == "brand" or (_BRAND_ASKED & set(q.tokens) and not q.brand):
        return _brands(q, rows)
    if q.attribute == "kind_count":
        return _kinds(q, rows)
    if q.attribute in ("driver", "who"):  # «¿quién maneja los motocarros?», «carros sin conductor»
        return drivers_of(q, rows)
    split = _split(rows) if q.active is None else ""
    if not rows:
        return Exact(f"No hay {_described(q, 2).split(' ', 1)[1]}.", intent="vehicles.count", confident=True)
    if len(rows) <= 3:
        plates = r.enumeration([v.plate + ("" if v.active or q.active is False else " (inactivo)") for v in rows])
        return Exact(f"Hay {_described(q, len(rows))}: {plates}.", intent="vehicles.count", confident=True)
    if q.aggregation == "count" or ({"cuantos", "cuantas"} & set(q.tokens) and not r.wants_all(q.tokens)):
        return Exact(f"Hay {_described(q, len(rows))}{split}.", intent="vehicles.count", confident=True)
    split = f", {split.removeprefix(': ')}" if split.startswith(": ") else split
    header = f"Hay {_described(q, len(rows))}{split}:"
    return Exact(
        r.capped(header, [_line(v, q) for v in rows], more_hint=r.ALL_HINT_M, limit=r.list_limit(q.tokens)),
        intent="vehicles.list",
    )


def _brands(q: Question, rows: list[Vehicle]) -> Exact:
    """«¿qué marcas tenemos?»: each make with how many vehicles and its models, most vehicles first."""
    by_make: dict[str, list[Vehicle]] = {}
    for v in rows:
        by_make.setdefault((v.brand_model or "sin marca").split()[0], []).append(v)
    ranked = sorted(by_make.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    lines = [
        f"{make}: {spanish.plural(len(vs), 'vehículo', 'vehículos')}"
        f" ({', '.join(sorted({v.brand_model.split(' ', 1)[1] for v in vs if ' ' in v.brand_model}))})".replace(
            " ()", ""
        )
        for make, vs in ranked
    ]
    header = f"Marcas de los {_described(q, len(rows))} ({spanish.plural(len(ranked), 'marca', 'marcas')}):"
    return Exact(r.capped(header, lines, limit=r.list_limit(q.tokens)), intent="vehicles.brands", confident=True)


def _kinds(q: Question, rows: list[Vehicle]) -> Exact:
    """«vehículos por tipo»: each kind with how many (and how many inactive), most first."""
    by_kind: dict[str, list[Vehicle]] = {}
    for v in rows:
        by_kind.setdefault(v.kind or "sin tipo", []).append(v)
    lines = []
    for kind, vs in sorted(by_kind.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        inactive = [v.plate for v in vs if not v.active]
        note = (
            f" ({spanish.plural(len(inactive), 'inactivo', 'inactivos')}: {r.enumeration(inactive)})"
            if inactive
            else ""
        )
        lines.append(f"{spanish.plural(len(vs), kind, KIND_PLURAL.get(kind, kind))}{note}")
    header = f"Hay {_described(q, len(rows))}{_split(rows) if q.active is None else ''}. Por tipo:"
    return Exact(r.capped(header, lines), intent="vehicles.per_kind", confident=True)


def drivers_of(q: Question, rows: list[Vehicle]) -> Exact:
    """Who drives each of the vehicles asked («¿quién maneja los motocarros?»); with «sin» / «no», only the
    vehicles without a driver («carros sin conductor»)."""
    if {"sin", "no"} & set(q.tokens):
        lacking = [v for v in rows if not v.driver_name]
        if not lacking:
            return Exact(
                f"Todos los {_described(q, 2).split(' ', 1)[1]} tienen conductor asignado.", intent="vehicles.drivers"
            )
        plates = r.enumeration([v.plate + ("" if v.active else " (inactivo)") for v in lacking])
        n = spanish.plural(len(lacking), "vehículo", "vehículos")
        return Exact(f"{n} sin conductor asignado: {plates}.", intent="vehicles.drivers", confident=True)
    if len(rows) == 1:  # «¿quién lo maneja?» after «carros del 2010» (one vehicle)
        v = rows[0]
        said = (
            f"El conductor de {v.plate} es {v.driver_name}."
            if v.driver_name
            else f"{v.plate} no tiene conductor asignado."
        )
        return Exact(said, intent="vehicles.drivers", confident=True)
    lines = [f"{v.plate} · {v.driver_name or 'sin conductor asignado'}" for v in rows]
    header = f"Conductores de los {_described(q, len(rows))}:" if len(rows) != 1 else f"Conductor de {rows[0].plate}:"
    listed = r.capped(header, lines, more_hint=r.ALL_HINT_M, limit=r.list_limit(q.tokens))
    return Exact(listed, intent="vehicles.drivers")


async def vehicle_age(ask: Ask) -> Exact:
    """The oldest or newest vehicles by model year (every vehicle of that year)."""
    q = ask.q
    rows = [
        v
        for v in await store_vehicles.vehicles(ask.conn, every=True, active=q.active, kind=q.vehicle_kind)
        if v.model_year and _matches(v, replace(q, model_year=None))
    ]
    if not rows:
        return Exact("No hay vehículos con año de modelo registrado.", "not_found", "vehicles.age")
    year = (min if q.age == "oldest" else max)(v.model_year or 0 for v in rows)
    plates = [v.plate for v in rows if v.model_year == year]
    which = "viejo" if q.age == "oldest" else "nuevo"
    kind = q.vehicle_kind
    if len(plates) == 1:
        (v,) = (v for v in rows if v.model_year == year)
        who = f"; lo maneja {v.driver_name}" if _WHO_DRIVES & set(q.tokens) and v.driver_name else ""
        return Exact(
            f"El {kind or 'vehículo'} más {which} es {plates[0]}, modelo {year}{who}.",
            intent="vehicles.age",
            confident=True,
        )
    return Exact(
        f"Los {KIND_PLURAL.get(kind or '', 'vehículos')} más {which}s son modelo {year}: {r.enumeration(plates)}.",
        intent="vehicles.age",
        confident=True,
    )
