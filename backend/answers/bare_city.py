"""«¿Cuántas en Rionegro?», «¿cuántas hay en Medellín?», «¿cuántas tenemos en Cali?»: how many, with a city and
no asset type, no one named, no period or movement — the saldo held by that city's clients: of the asset type
just asked when the question before named one («cuántas canastillas hay en la calle» → «¿cuántas en
Rionegro?»), else of every asset type of the company — unless the question before asked something else
of a city (clients, notes, units moved): then it is that question again, left to the flow. Read as
«cuántas <plural(s)> hay en <city>»."""

from __future__ import annotations

from datetime import date

from backend.answers import followup as fu
from backend.answers import render as r
from backend.answers.model import city_in
from backend.core.history import Turn
from backend.core.text import fold
from backend.store.asset_types import AssetType
from backend.understanding.parse import Question

#: Words that ask nothing of their own around «cuántas … en <city>».
_QUIET = frozenset({"y", "e", "cuantas", "cuantos", "hay", "tenemos", "quedan", "tienen", "en", "de", "total", "la"})


def reworded(q: Question, cities: list[str], assets: list[AssetType], turns: list[Turn], today: date) -> str | None:
    """The question `q` stands for when it only asks how many in a city (see the module docstring), else None."""
    m = q.mentions
    if not ({"cuantas", "cuantos"} & set(q.tokens[:2])) or q.asset or q.movement or q.period or q.subject:
        return None
    if m.codes or m.numbers or m.notes or m.plates or m.spoken_codes or q.aggregation not in (None, "total"):
        return None
    city, rest = city_in(q.tokens, cities)
    if city is None or not set(rest) <= _QUIET:
        return None
    before = fu.previous(turns, today) if turns else None
    if before is not None and (before.subject or before.movement or before.period or before.aggregation == "count"):
        return None  # «cuántos clientes hay en Cali» → «¿cuántos en Bello?»: that question again, there
    said = [a for a in assets if before is not None and before.asset and _is(a, before.asset)]
    plurals = [a.plural for a in said[:1] or assets]
    return f"cuantas {r.enumeration(plurals)} hay en {city}"


def _is(asset: AssetType, stem: str) -> bool:
    return stem in (fold(asset.name).split()[0], fold(asset.plural).split()[0])
