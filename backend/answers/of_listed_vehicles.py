"""«de esos, ¿cuál es camión?», «¿cuáles de esos son furgones?», «de esos, ¿cuáles son Foton?», «¿y de esos
cuáles están en rojo?», «¿cuáles de esos están activos?» right after vehicles were listed or counted («¿qué
vehículos tenemos?», «¿qué vehículos no pueden salir hoy?», «¿cuántos vehículos hay?»): the vehicles OF THAT
SET of the kind, brand, colour or state said — never one vehicle's card nor the whole fleet's kind.

It is the previous question asked again (as a list when it counted) with the filter said, answered with the
turns before it, so whatever that question described stays."""

from __future__ import annotations

import re
from datetime import date

import asyncpg

from backend.answers import followup as fu
from backend.answers import status
from backend.answers.render import KIND_PLURAL
from backend.core.history import Turn
from backend.core.text import fold
from backend.store import vehicles as store_vehicles
from backend.understanding.parse import Question
from backend.understanding.vocabulary_fleet import ACTIVE, LIGHTS, VEHICLE_KINDS

_BACK = frozenset({"esos", "esas", "estos", "estas", "ellos", "ellas", "lista"})
_WHICH = frozenset({"cual", "cuales"})
_VEHICLES = re.compile(r"\b(?:veh[ií]culos|carros|placas)\b", re.I)
_LIGHT_WORD = {"rojo": "en rojo", "amarillo": "en amarillo", "verde": "en verde"}


def _filter(q: Question, brands: set[str]) -> tuple[str | None, str]:
    """The vehicle kind said (canonical) and the other filter words of `q` («en rojo», «activos», a brand)."""
    words = q.tokens
    kinds = {VEHICLE_KINDS[w] for w in words if w in VEHICLE_KINDS}
    kind = kinds.pop() if len(kinds) == 1 else None
    extra = [_LIGHT_WORD[LIGHTS[w]] for w in words if w in LIGHTS][:1]
    extra += [("activos" if ACTIVE[w] else "inactivos") for w in words if w in ACTIVE][:1]
    extra += [w for w in q.name_words if fold(w) in brands]
    return kind, " ".join(extra)


def _vehicles_before(before: Question) -> bool:
    """`before` listed or counted the fleet's vehicles (of a kind, state, colour, readiness), none by plate."""
    m = before.mentions
    if m.plates or m.codes or m.numbers or m.notes or m.spoken_codes:
        return False
    return before.subject == "vehicles" or bool(before.vehicle_kind or before.light) or status.asks_fleet_ready(before)


async def of_listed_vehicles(
    conn: asyncpg.Connection, q: Question, turns: list[Turn], today: date
) -> tuple[str, list[Turn]] | None:
    """The question to answer instead of `q` and the turns to answer it with, when `q` narrows the vehicles
    just listed or counted (see the module docstring); else None."""
    words = set(q.tokens)
    if not turns or q.mentions.plates or q.mentions.codes or q.mentions.notes or not (_BACK | _WHICH) & words:
        return None
    brands = {fold(w) for b in await store_vehicles.brands(conn) for w in b.split() if not w.isdigit()}
    kind, extra = _filter(q, brands)
    if kind is None and not extra:
        return None
    rest = q.slots_set - {"vehicle_kind", "subject", "attribute", "light", "active", "brand"}
    if rest or (q.attribute not in (None, "vehicle", "kind") and not _BACK & words):
        return None  # «¿cuál camión tiene el SOAT vencido?»: a question of its own
    before = fu.previous(turns, today)
    if before is None or not _vehicles_before(before):
        return None
    if (kind is not None and before.vehicle_kind is not None and before.vehicle_kind != kind) or (
        q.light is not None and before.light is not None
    ):
        return None  # «¿cuáles en rojo?» after the vehicles in green: the same question, another colour
    text = fu.as_list_question(turns[-1].q) or turns[-1].q
    if kind is not None:
        plural = KIND_PLURAL[kind]
        text, n = _VEHICLES.subn(plural, text, count=1)
        if not n and before.vehicle_kind is None:
            text = f"{text} {plural}"
    return (f"{text} {extra}" if extra else text), turns[:-1]
