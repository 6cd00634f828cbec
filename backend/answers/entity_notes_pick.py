"""«¿cuál fue la última?» / «¿y la primera?» right after a count of one client's, vehicle's or driver's
delivery notes («¿cuántas remisiones tiene el 412 este mes?»): the newest (or first in time) of that
entity's notes in that period — and when the period had none, its latest note ever — never a note of an
older list in the conversation (it was the 521's note two turns back)."""

from __future__ import annotations

from dataclasses import replace

from backend.answers import followup as fu
from backend.answers.focus import Subject, from_history
from backend.answers.lines import Listed
from backend.answers.notes_of import period_notes
from backend.answers.understood import Step
from backend.understanding.parse import Question


def _notes_counted_of_one(q: Question) -> bool:
    about = q.subject == "notes" or bool({"remisiones", "remision", "entregas", "viajes"} & set(q.tokens))
    return about and q.aggregation == "count" and q.names_entity()


async def of_entity_count(s: Step, k: int, counted: Question, position: int) -> Listed | None:
    """The note at `position` (0: «la primera», the first in time; -1: «la última», the newest) of the entity turn `k`
    counted the notes of, else None (turn `k` was no such count)."""
    if position not in (0, -1) or not _notes_counted_of_one(counted):
        return None
    one = await from_history(s.conn, s.turns[: k + 1])
    if one.count() != 1 or not (one.clients or one.vehicles or one.drivers):
        return None
    ids = {
        "client_id": one.clients[0].id if one.clients else None,
        "vehicle_id": one.vehicles[0].id if one.vehicles else None,
        "driver_id": one.drivers[0].id if one.drivers else None,
    }
    _totals, notes = await period_notes(
        s.ask(counted, fu.previous_city(s.turns[: k + 1], s.cities, s.company.today)), **ids
    )
    if not notes and counted.period is not None:  # none in the period: its latest note ever
        ever = replace(counted, period=None, slots_set=counted.slots_set - {"period"})
        _totals, notes = await period_notes(s.ask(ever), **ids)
        position = -1
    if not notes:
        return None
    number = notes[-1 if position == 0 else 0][0]  # newest first: «la primera» is the last line
    return Listed(Subject(notes=[number], source="history"), size=len(notes))
