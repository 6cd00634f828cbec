"""«¿cuál tiene más canastillas?» right after the clients of a city («¿qué clientes hay en Cali?»), «¿cuál es el
más nuevo?» right after a set of vehicles («¿cuántos motocarros hay?»): «cuál» asks which ONE OF THOSE, so
the ranking keeps the set just described (its city; its vehicle kind, brand or model years) instead of
ranking the whole company. «¿cuántos no tienen carro?» after the drivers (or anywhere: only drivers have
one) is about the drivers, never the vehicle in focus."""

from __future__ import annotations

import re
from dataclasses import replace

from backend.core.text import fold
from backend.understanding.parse import Question

_WHICH = frozenset({"cual", "cuales"})
_THEY_HAVE = re.compile(r"\b(?:tienen|tengan)\b")  # as typed (the tokens are singular)
_HOW_MANY_OR_WHICH = frozenset({"cuantos", "cuantas", "cuales", "quienes"})
_OF_SET = ("vehicle_kind", "brand", "model_year", "active")
_WHOLE = frozenset({"flota", "todos", "todas", "vehiculo", "vehiculos", "empresa", "general"})  # the company's


def keeps_city(own: Question, previous: Question | None) -> bool:
    """A client ranking asked with «cuál» («¿cuál tiene más canastillas?», «¿y cuál debe menos?», «¿cuáles tienen
    saldo negativo?») naming no entity, right after a question about clients (the caller carries that
    question's city, if it had one)."""
    if previous is None or not _WHICH & set(own.tokens) or own.names_entity():
        return False
    ranking = own.aggregation in ("top", "bottom", "negative")  # «¿cuáles tienen saldo negativo?» of Cali's too
    return ranking and previous.subject in ("clients", None) and own.subject in ("clients", None)


def of_previous_vehicles(own: Question, previous: Question | None) -> Question:
    """`own` («¿cuál es el más nuevo?») narrowed to the vehicles `previous` described (kind, brand, model
    years, active), when it asks «cuál» of an age and says none of those itself; else `own`."""
    if previous is None or not own.age or not _WHICH & set(own.tokens) or _WHOLE & set(own.tokens):
        return own
    if own.names_entity() or previous.subject != "vehicles" or any(getattr(own, slot) is not None for slot in _OF_SET):
        return own
    carried = {slot: getattr(previous, slot) for slot in _OF_SET if getattr(previous, slot) is not None}
    if not carried:
        return own
    return replace(own, **carried, slots_set=own.slots_set | set(carried))


def of_previous_people(own: Question, previous: Question | None) -> Question:
    """`own` («¿cuántos no tienen carro?», «¿cuáles no tienen vehículo?») about the drivers `previous` counted
    or listed («¿cuántos conductores hay?»), when it asks how many or which of a driver's field and names no
    subject nor entity — and «¿cuántos (no) tienen carro?» whatever came before (only drivers have one);
    else `own`."""
    if own.subject is not None or own.names_entity() or not _HOW_MANY_OR_WHICH & set(own.tokens):
        return own
    plural_have = own.attribute == "vehicle" and bool(_THEY_HAVE.search(fold(own.text)))  # only drivers have one
    after_drivers = previous is not None and previous.subject == "drivers"
    if not plural_have and not (after_drivers and own.attribute in ("vehicle", "phone", "licence")):
        return own
    return replace(own, subject="drivers", slots_set=own.slots_set | {"subject"})
