"""Groupings and rankings by a dimension: which city, day, week, month, vehicle (or client, by its delivery
notes) has the most or the fewest of a measure — «¿qué ciudad tiene más canastillas?», «¿qué día se
despacharon más tapas en noviembre?», «¿qué vehículo lleva más remisiones?», «las 3 ciudades con más
estibas», «canastillas por ciudad».

The measure: a saldo (cities only, with no movement nor period said), units dispatched / returned / moved
(an asset said, or a movement verb: every asset summed when none is) or delivery notes («remisiones»,
«entregas», «viajes»; «despachos» / «devoluciones» the notes with such a line). Summed and ranked in SQL
(`backend.store.groupings`). A client ranked by units stays `rankings.py`'s; drivers are `tallies.py`'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from babel.dates import format_date

from backend.answers import entities as ent
from backend.answers import render as r
from backend.answers import tallies
from backend.answers.model import Ask, Exact, city_in
from backend.answers.understood import Step
from backend.answers.units_moved import MOVED
from backend.contract import FocusEntity
from backend.core import spanish
from backend.core.text import fold
from backend.store import groupings as store
from backend.understanding.parse import Question

DIMS = _DIMS = {"ciudad": "city", "ciudades": "city", "municipio": "city", "municipios": "city", "dia": "day"}
_DIMS |= {"dias": "day", "fecha": "day", "fechas": "day", "semana": "week", "semanas": "week", "mes": "month"}
_DIMS |= dict.fromkeys(
    "vehiculo vehiculos placa placas carro carros camion camiones furgon furgones".split(), "vehicle"
)
_DIMS |= dict.fromkeys("motocarro motocarros tractocamion tractocamiones camioneta".split(), "vehicle")
_DIMS |= {"meses": "month", "cliente": "client", "clientes": "client"}
_PLURAL = frozenset("ciudades municipios dias fechas semanas meses vehiculos placas carros camiones clientes".split())
_ASKING = frozenset({"que", "cual", "cuales"})
_ARTICLES = frozenset({"el", "la", "los", "las"})
_MOST, _LEAST = frozenset({"mas", "mayor"}), frozenset({"menos", "menor"})
NOTES = _NOTES = frozenset(
    "remision remisiones entrega entregas entregadas viajes despachos devoluciones pedidos".split()
)
_OTHER_QUESTION = frozenset(
    "queda quedan ubicado ubicada vive conductor conductores chofer choferes grande grandes pequena pequeno "
    "vence vencen vencimiento soat tecnomecanica licencia nuevo viejo antiguo reciente modelo".split()
)
_THRESHOLD = re.compile(r"\b(?:mas|menos)\s+de\s+\d")  # «remisiones de más de 50 canastillas»: an amount
_NAMES = {"city": "ciudad", "day": "día", "week": "semana", "month": "mes", "vehicle": "vehículo"}
_NAMES |= {"client": "cliente"}
_MANY = {"city": "ciudades", "day": "días", "week": "semanas", "month": "meses", "vehicle": "vehículos"}
_MANY |= {"client": "clientes"}
_FEMININE = frozenset({"city", "week"})
_OWN_WORDS = {("week", "esta semana"), ("month", "este mes")}
_RECEIVED = frozenset({"recibio", "recibieron", "recibe", "reciben"})


@dataclass(frozen=True)
class Grouping:
    """What is asked: the dimension (`by`), whether the fewest, a list (`per`: every group, «por ciudad»;
    `n`: the top n) or one group."""

    by: str
    fewest: bool = False
    per: bool = False
    n: int = 1
    count: bool = False  # «¿cuántos vehículos hicieron más de 15 remisiones?»: how many groups
    beyond: tallies.Threshold | None = None  # … past that amount (None: any at all)


def asks_grouping(q: Question) -> Grouping | None:
    """The grouping `q` asks, else None (see the module docstring for what reads as one)."""
    toks, text = q.tokens, " ".join(q.tokens)
    if _OTHER_QUESTION & set(toks) or not _measured(q):
        return None
    if (counted := _counted(q)) is not None or _THRESHOLD.search(text):
        return counted
    if "estan" in toks or ("esta" in toks and "semana" not in toks[toks.index("esta") + 1 : toks.index("esta") + 2]):
        return None  # «¿en qué ciudad está el cliente con más tapas?»: a city of one client
    fewest = bool(_LEAST & set(toks)) and not _MOST & set(toks)
    for i, t in enumerate(toks):
        by = _DIMS.get(t)
        if by is None or (by == "client" and not _NOTES & set(toks)):
            continue
        before, after = toks[i - 1] if i else "", toks[i + 1] if i + 1 < len(toks) else ""
        if before == "por" and not (by in ("day", "week", "month") and {"cuantas", "cuantos", "promedio"} & set(toks)):
            return Grouping(by, fewest, per=True, n=r.ALL_LINES)  # «canastillas por ciudad» (not an average)
        ranked = (_MOST | _LEAST) & set(toks[i + 1 :])
        led = before in _ASKING or (
            (before in _ARTICLES or (before.isdigit() and i > 1 and toks[i - 2] in _ARTICLES))
            and after in ("con", "que", "en", "de", "donde")
        )
        if ranked and led:
            many = t in _PLURAL or (q.top_n or 1) > 1
            return Grouping(by, fewest, n=max(1, min(q.top_n or r.MAX_LINES, r.ALL_LINES)) if many else 1)
    where = toks[:1] == ("donde",) or toks[:2] == ("en", "donde")
    if where and (_MOST | _LEAST) & set(toks) and q.asset:
        return Grouping("city", fewest)  # «¿dónde hay más tapas?»
    return None


def _counted(q: Question) -> Grouping | None:
    """«¿cuántos días hubo despachos en noviembre?», «¿cuántos clientes recibieron más de 100 canastillas en
    noviembre?» (clients only past an amount moved: a saldo past one is `tallies.clients_beyond`'s)."""
    toks = q.tokens
    for i in range(1, len(toks)):
        by = _DIMS.get(toks[i])
        if by is None or toks[i] not in _PLURAL or toks[i - 1] not in ("cuantos", "cuantas"):
            continue
        beyond = tallies.threshold(" ".join(toks))
        if by == "client" and (beyond is None or not (q.period or q.movement or _NOTES & set(toks))):
            return None
        return Grouping(by, fewest=bool(beyond and not beyond.above), count=True, beyond=beyond)
    return None


def city_only(s: Step, q: Question | None = None) -> str | None:
    """The city `q` (default: the step's question) names ("" for none), or None when it names anything else
    besides the words of a grouping and the asset words (a client, a vehicle, a note, a name): then it is no
    company grouping."""
    q = q or s.q
    m = q.mentions
    said = {w for a in s.assets for w in fold(f"{a.name} {a.plural}").split()} | _NOTES | MOVED | _MOST | _LEAST
    said |= {"hicieron", "realizaron", "tuvieron"}  # «¿cuántos vehículos hicieron más de 15 remisiones?»
    city, words = city_in(tuple(w for w in q.name_words if w not in said and w not in _DIMS), s.cities)
    beyond = tallies.threshold(" ".join(q.tokens))
    named = [n for n in m.numbers if n not in (str(q.top_n), beyond.said if beyond else "")]
    return None if m.codes or named or m.notes or m.plates or m.spoken_codes or words else city or ""


def _measured(q: Question) -> bool:
    return bool(q.asset or _NOTES & set(q.tokens) or q.movement or MOVED & set(q.tokens))


async def answer(ask: Ask, g: Grouping) -> Exact:
    """The group(s) `g` asks of `ask.q`, with exact amounts; ties at the top all named."""
    if (missing := ent.no_asset(ask)) is not None:
        return missing
    q, asset, p = ask.q, ask.asset(), ask.q.period
    toks, text = set(q.tokens), " ".join(q.tokens)
    if p is not None and (g.by, p.label) in _OWN_WORDS and p.label not in text:
        p = None  # «¿cuál fue el mes con más devoluciones?»: «el mes» is what is grouped, not this month
    counts_notes = bool(_NOTES & toks) and not q.asset
    if counts_notes:
        measure = "notes"
        movement = "dispatch" if "despachos" in toks else "return" if "devoluciones" in toks else None
    elif g.by == "city" and not q.movement and not p and not MOVED & toks:
        measure, movement = "saldo", None
    else:
        measure = "units"
        movement = None if MOVED & toks and not q.movement else q.movement or "dispatch"
        movement = "dispatch" if _RECEIVED & toks else movement  # «¿qué ciudad recibió más …?»: our dispatch
    city = ask.city if g.by != "city" else None  # «¿qué ciudad …?» of one city's clients: that city's figure
    rows = await store.grouped(
        ask.conn,
        by="city" if measure == "saldo" else g.by,
        measure=measure,
        movement=movement,
        asset_code=asset.code if asset else None,
        start=p.start if p else None,
        end=p.end if p else None,
        city=city,
        vehicle_kind=q.vehicle_kind if g.by == "vehicle" else None,
        fewest=g.fewest,
    )
    what = _what(measure, movement, asset)
    scope = (f" en {city}" if city else "") + (f" {p.label}" if p else "")
    intent = f"groupings.{g.by}"

    def amount(x: store.Group) -> str:
        if measure == "notes":
            return spanish.plural(x.amount, "remisión", "remisiones")
        return r.quantity(x.amount, asset) if asset else spanish.plural(x.amount, "unidad", "unidades")

    if not rows or not any(x.amount for x in rows) and not g.fewest:
        return Exact(f"No hay {what}{scope}.", intent=intent)
    if g.count:
        return _how_many(g, rows, what, scope, intent)
    if g.per:
        if g.by in ("day", "week", "month"):
            rows = sorted(rows, key=lambda x: x.key)
        lines = [f"{_listed(g.by, x)}: {amount(x)}" for x in rows]
        header = f"{what[0].upper()}{what[1:]} por {_NAMES[g.by]}{scope} ({spanish.number(len(rows))}):"
        return Exact(r.capped(header, lines, limit=r.list_limit(q.tokens)), intent=intent)
    most = "menos" if g.fewest else "más"
    if g.n > 1:
        article = "Las" if g.by in _FEMININE else "Los"
        shown = rows[: g.n]
        header = f"{article} {spanish.number(len(shown))} {_MANY[g.by]} con {most} {what}{scope}:"
        lines = [f"{i}. {_listed(g.by, x)}: {amount(x)}" for i, x in enumerate(shown, 1)]
        return Exact("\n".join([header, *lines]), intent=intent)
    best = [x for x in rows if x.amount == rows[0].amount]
    article = "La" if g.by in _FEMININE else "El"
    verb = "fue" if p or g.by in ("day", "week", "month") else "es"
    if len(best) > 1:
        names = r.enumeration([_listed(g.by, x) for x in best[: r.MAX_LINES]])
        more = f" y {spanish.number(len(best) - r.MAX_LINES)} más" if len(best) > r.MAX_LINES else ""
        text = f"Empatan con {most} {what}{scope} ({amount(best[0])} cada uno): {names}{more}."
        return Exact(text, intent=intent)
    top = best[0]
    text = f"{article} {_NAMES[g.by]} con {most} {what}{scope} {verb} {_label(g.by, top)}: {amount(top)}."
    following = rows[1:3] if g.by not in ("vehicle", "client") else []  # «¿quién lo maneja?» next: the one
    if following:
        then = r.enumeration([f"{_label(g.by, x, short=True)} ({spanish.number(x.amount)})" for x in following])
        text += f" {'Le sigue' if len(following) == 1 else 'Le siguen'} {then}."
    return Exact(text, intent=intent, focus=_focus(g.by, top), confident=True)


def _how_many(g: Grouping, rows: list[store.Group], what: str, scope: str, intent: str) -> Exact:
    """«Vehículos con más de 15 remisiones en noviembre: 4.», «Días con remisiones con despacho en noviembre: 26.»"""
    t = g.beyond
    kept = [x for x in rows if (x.amount > t.amount if t.above else x.amount < t.amount)] if t else rows
    kept = kept if t else [x for x in rows if x.amount > 0]
    limit = f"{'más' if t.above else 'menos'} de {spanish.number(t.amount)} {what}" if t else what
    return Exact(f"{_MANY[g.by].capitalize()} con {limit}{scope}: {spanish.number(len(kept))}.", intent=intent)


def _what(measure: str, movement: str | None, asset: object) -> str:
    """«canastillas», «canastillas despachadas», «unidades devueltas», «remisiones con despacho»."""
    if measure == "notes":
        return {"dispatch": "remisiones con despacho", "return": "remisiones con devolución"}.get(
            movement or "", "remisiones"
        )
    plural = getattr(asset, "plural", None) or "unidades"
    if measure == "saldo":
        return plural
    done = {"dispatch": "despachadas", "return": "devueltas"}.get(movement or "", "movidas")
    return f"{plural} {done}"


def _label(by: str, x: store.Group, *, short: bool = False) -> str:
    """How a group is named: «el 25 de noviembre de 2026», «del 23 al 29 de noviembre de 2026» (a week),
    «noviembre de 2026», «QMW158 (furgón Chevrolet NHR)», «[632] … (Itagüí)»; `short`: plate or code only."""
    if by == "day":
        return f"el {spanish.long_date(date.fromisoformat(x.key))}"
    if by == "week":
        monday = date.fromisoformat(x.key)
        sunday = monday + timedelta(days=6)
        first = str(monday.day) if monday.month == sunday.month else spanish.day_month(monday)
        return f"del {first} al {spanish.long_date(sunday)}"
    if by == "month":
        return format_date(date.fromisoformat(x.key), "MMMM 'de' y", locale=spanish.LOCALE)
    if by == "client":
        return f"[{x.key}]" if short else f"[{x.key}] {x.label}"
    if by == "vehicle":
        return f"{x.key} ({x.label})" if x.label and not short else x.key
    return x.key


def _listed(by: str, x: store.Group) -> str:
    """A group as a list line names it: «17 de noviembre de 2026», «semana del 23 al 29 de …»."""
    said = _label(by, x)
    return f"semana {said}" if by == "week" else said.removeprefix("el ") if by == "day" else said


def _focus(by: str, x: store.Group) -> list[FocusEntity]:
    if by == "vehicle":
        return [FocusEntity(kind="vehicle", key=x.key, label=x.key)]
    if by == "client":
        return [FocusEntity(kind="client", key=x.key, label=f"[{x.key}] {(x.label or '').rsplit(' (', 1)[0]}")]
    return []
