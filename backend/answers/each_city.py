"""Several of the company's cities joined in one question («canastillas en Medellín y en Cali», «¿cuántos
clientes hay en Cali, Bello y Envigado?», «¿y en Medellín y Cali?»), or several vehicle kinds («¿cuántos
camiones y furgones hay?»): the question asked of each, in the order said, one answer per line. Pure: the
split only (`flow` answers each part)."""

from __future__ import annotations

from backend.answers.model import city_in
from backend.understanding import lexicon as lx

_JOINERS = frozenset({"y", "e", "en", "de", "del"})
_BEFORE = frozenset({"en", "de", "del"})
_KIND_JOINERS = frozenset({"y", "e", "los", "las", "el", "la"})


def per_city(tokens: tuple[str, ...], cities: list[str]) -> list[str] | None:
    """The question (folded `tokens`) once per city it names, «… en <city>» each, when it names two or more
    of `cities`; else None."""
    found: list[str] = []
    rest = tokens
    while True:
        city, left = city_in(rest, cities)
        if city is None or city in found:
            break
        found.append(city)
        rest = left
    if len(found) < 2:
        return None
    taken = [i for i, t in enumerate(tokens) if t not in rest]  # the cities' words
    first, last = min(taken), max(taken)
    while first > 0 and tokens[first - 1] in _BEFORE:  # «en Medellín y en Cali»: «en» before the first
        first -= 1
    if any(t not in _JOINERS for t in tokens[first : last + 1] if t in rest):
        return None  # something else between the cities: «Medellín tiene más que Cali»
    order = sorted(found, key=lambda c: min(i for i, t in enumerate(tokens) if t not in city_in(tokens, [c])[1]))
    base = [*tokens[:first], *tokens[last + 1 :]]
    return [" ".join([*base[:first], "en", c, *base[first:]]) for c in order]


def per_kind(tokens: tuple[str, ...]) -> list[str] | None:
    """The question (folded `tokens`) once per vehicle kind when it joins two or more kinds with «y» or
    commas only («camiones y furgones», «motocarros, camiones y furgones»); else None."""
    at = [i for i, t in enumerate(tokens) if t in lx.VEHICLE_KINDS]
    if len({lx.VEHICLE_KINDS[tokens[i]] for i in at}) < 2:
        return None
    first, last = at[0], at[-1]
    if any(t not in _KIND_JOINERS and t not in lx.VEHICLE_KINDS for t in tokens[first : last + 1]):
        return None
    return [" ".join([*tokens[:first], tokens[i], *tokens[last + 1 :]]) for i in at]
