"""The drivers just given, by licence date, and a step through that order: «¿cuál tiene la licencia que vence
primero?» right after «¿cuántos conductores hay?» (or a list of drivers) is the driver of that roster whose
licence date comes first — said expired when it is —, and «¿y después?» / «¿y el siguiente?» / «¿cuál sigue?»
right after a licence so picked (here or by `listed_licences`) is the next one by date (every one due that
day). «el primero» there is no place in the roster's alphabetical list (`nth`): «vence primero» orders by date."""

from __future__ import annotations

import re
from datetime import date

from backend.answers import render as r
from backend.answers.model import Ask, Exact
from backend.core import spanish
from backend.core.history import Turn
from backend.core.text import fold
from backend.store import vehicles as store_vehicles
from backend.store.vehicles import Driver
from backend.understanding.parse import Question

# the first line of `drivers.drivers`' roster answers: «Hay 15 conductores (4 sin vehículo asignado).»,
# «11 de 15 conductores tienen vehículo asignado …», «4 conductores sin vehículo asignado: …»
_ROSTER = re.compile(
    r"^(?:Hay [\d.]+ conductores|[\d.]+ de [\d.]+ conductores tienen? vehículo|[\d.]+ conductor(?:es)? sin vehículo)"
)
# an answer that picked licences by date (here or `listed_licences`)
_PICKED = re.compile(
    r"^(?:Las? licencias? que (?:vencen?|se venci(?:ó|eron)) primero|Después, las? licencias?|Hay 1 conductor con la"
    r" licencia)"
)
_NAMED = re.compile(r"(?:la de |licencia de |• |: )([^\n:(•;]+?) \((?:vehículo [A-Z0-9]+|sin vehículo)\)")
_NEXT = re.compile(r"^(?:y |e )?(?:(?:el|la|cual|quien) )?(?:despues|siguiente|luego|sigue|que sigue)(?: de es[ae])?$")
_FIRST = frozenset({"primero", "primera", "antes", "pronto", "proxima", "proximo"})
_LICENCE = frozenset({"licencia", "licencias", "pase", "vence", "vencen", "vencer", "caduca"})


def _said(q: Question) -> str:
    return " ".join(re.sub(r"[^\w ]", " ", fold(q.text)).split())


def asks_first_of_roster(q: Question, turns: list[Turn]) -> bool:
    """«¿cuál tiene la licencia que vence primero?», «¿cuál vence primero?» right after a roster of drivers."""
    if not turns or q.names_entity() or q.period is not None or not _ROSTER.match(turns[-1].a):
        return False
    words = set(q.tokens)
    return bool(words & _FIRST) and bool(words & _LICENCE or q.attribute == "licence") and "ultimo" not in words


def asks_step(q: Question) -> bool:
    """«¿y después?», «¿y el siguiente?», «¿cuál sigue?», «¿y luego?»: only the next one of an order."""
    return bool(_NEXT.match(_said(q)))


def asks_next(q: Question, turns: list[Turn]) -> bool:
    """«¿y después?» right after licences picked by date."""
    return bool(turns) and bool(_PICKED.match(turns[-1].a)) and asks_step(q)


def _line(d: Driver, today: date) -> str:
    assert d.license_expires_on is not None and d.license_days is not None  # licences_due's rows
    vehicle = f" (vehículo {d.plate})" if d.plate else " (sin vehículo)"
    expired = "; ya está vencida" if d.license_days < 0 else ""
    return f"{d.full_name}{vehicle}: {r.due_phrase(d.license_expires_on, d.license_days, with_year=True)}{expired}"


def _said_of(first: list[Driver], today: date, one: str, many: str) -> Exact:
    if len(first) == 1:
        return Exact(f"{one} {_line(first[0], today)}.", intent="licences.order", confident=True)
    head = f"{many} ({spanish.number(len(first))} el mismo día):"
    return Exact("\n".join([head, *(f"• {_line(d, today)}" for d in first)]), intent="licences.order")


async def _by_date(ask: Ask, roster: str = "") -> list[Driver]:
    """The drivers with a licence date, soonest first (then by name); of the roster's drivers with or without
    a vehicle when `roster` (its answer) was only those."""
    rows = await store_vehicles.licences_due(ask.conn, max_days=None, min_days=None)
    rows = [d for d in rows if d.license_days is not None]
    if re.match(r"^[\d.]+ conductor(?:es)? sin vehículo", roster):
        rows = [d for d in rows if not d.plate]
    elif re.match(r"^[\d.]+ de [\d.]+ conductores tienen? vehículo", roster):
        rows = [d for d in rows if d.plate]
    return rows


async def first_of_roster(ask: Ask, turns: list[Turn]) -> Exact:
    """The licence(s) of the roster just given whose date comes first."""
    rows = await _by_date(ask, turns[-1].a)
    if not rows:
        return Exact("Ninguno de esos conductores tiene fecha de licencia registrada.", intent="licences.order")
    first = [d for d in rows if d.license_expires_on == rows[0].license_expires_on]
    return _said_of(
        first, ask.company.today, "La licencia que vence primero es la de", "Las licencias que vencen primero"
    )


async def next_one(ask: Ask, turns: list[Turn]) -> Exact:
    """The licence(s) due next by date after the last one the latest answer named (of the roster it was
    picked from, when that roster was the drivers with or without a vehicle)."""
    roster = next((t.a for t in reversed(turns[:-1]) if _ROSTER.match(t.a)), "")
    rows = await _by_date(ask, roster)
    named = _NAMED.findall(turns[-1].a)
    last = next((d for d in rows if named and d.full_name == named[-1].strip()), None)
    if last is None:
        return Exact("¿Después de cuál licencia? Dime el nombre del conductor.", intent="licences.order")
    after = [
        d
        for d in rows
        if d.license_expires_on and last.license_expires_on and d.license_expires_on > last.license_expires_on
    ]
    if not after:
        return Exact(f"No hay más: la licencia de {last.full_name} es la última en vencer.", intent="licences.order")
    following = [d for d in after if d.license_expires_on == after[0].license_expires_on]
    return _said_of(following, ask.company.today, "Después, la licencia de", "Después, las licencias")
