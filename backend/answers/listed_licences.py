"""«¿cuál vence primero?» / «¿cuál se venció primero?» right after an answer about drivers' licences
(a list, one licence in a sentence, or «44 de 45 conductores tienen la licencia al día»): the licence of the
set just given that expires first — as `listed_first` does for vehicle documents:
- «vence primero» (present) is the soonest not yet expired of that set (every one due that day); after
  expired ones only, the company's soonest not yet expired;
- «se venció primero» (past) is the one of that set expired longest ago;
- «vence de último» / «vence más tarde» is the one of that set due last.
"""

from __future__ import annotations

import re
from dataclasses import replace

from backend.answers import drivers as answers_drivers
from backend.answers import render as r
from backend.answers.listed_first import asks_first
from backend.answers.model import Ask, Exact
from backend.core import spanish
from backend.core.history import Turn
from backend.store import vehicles as store_vehicles
from backend.store.vehicles import Driver
from backend.understanding.parse import Question

# the first line of `drivers.licences`' answers
_LICENCES = re.compile(
    r"^(?:Hay \d+ conductor(?:es)? con la licencia|(?:\d+ de \d+|El|Los \d+) conductor(?:es)? tienen? la licencia)"
)


def of_listed_licences(q: Question, turns: list[Turn]) -> str | None:
    """How `q` asks for the first of the licences the latest answer gave («past» / «ahead»), else None."""
    return asks_first(q) if turns and _LICENCES.match(turns[-1].a) else None


def _line(d: Driver) -> str:
    assert d.license_expires_on is not None and d.license_days is not None  # licences_due's rows
    vehicle = f" (vehículo {d.plate})" if d.plate else " (sin vehículo)"
    return f"{d.full_name}{vehicle}: {r.due_phrase(d.license_expires_on, d.license_days, with_year=True)}"


def _firsts(rows: list[Driver], head_one: str, head_many: str) -> Exact:
    """Every licence of `rows` (sorted) due the day of the first one."""
    first = [d for d in rows if d.license_expires_on == rows[0].license_expires_on]
    if len(first) == 1:
        return Exact(f"{head_one} es la de {_line(first[0])}.", intent="licences.first", confident=True)
    head = f"{head_many} ({spanish.number(len(first))} el mismo día):"
    return Exact("\n".join([head, *(f"• {_line(d)}" for d in first)]), intent="licences.first")


async def answer(ask: Ask, listed: Question, how: str) -> Exact:
    """The first of the licences `listed` asked for, by `how` (see the module docstring)."""
    max_days, min_days, _ = answers_drivers.licence_bounds(replace(ask, q=listed))
    rows = await store_vehicles.licences_due(ask.conn, max_days=max_days, min_days=min_days)
    rows = [d for d in rows if d.license_days is not None]
    if how == "latest":  # «¿cuál vence de último?»: every licence of that set due its last day
        if not rows:
            return Exact("Esa lista no tiene licencias.", intent="licences.last", confident=True)
        rows.sort(key=lambda d: d.license_days or 0, reverse=True)
        return _firsts(rows, "La licencia que vence de último", "Las licencias que vencen de último")
    if how == "oldest":  # «¿cuál es la más vieja?»: the one expired longest ago, else the soonest due
        how = "past" if any((d.license_days or 0) < 0 for d in rows) else "ahead"
    if how == "past":
        expired = [d for d in rows if (d.license_days or 0) < 0]
        if not expired:
            return Exact("Ninguna de esas licencias está vencida.", intent="licences.first", confident=True)
        return _firsts(expired, "La licencia que se venció primero", "Las licencias que se vencieron primero")
    ahead = [d for d in rows if (d.license_days or 0) >= 0]
    if not ahead:  # a list of expired ones: the company's soonest still to come
        ahead = await store_vehicles.licences_due(ask.conn, max_days=None, min_days=0)
    if not ahead:
        return Exact("Ninguna licencia está por vencer.", intent="licences.first", confident=True)
    return _firsts(ahead, "La licencia que vence primero", "Las licencias que vencen primero")
