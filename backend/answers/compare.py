"""Comparisons of the entities just discussed, one after the other: «¿cuál de los dos tiene más?», «¿cuál
tiene menos estibas?», «¿cuántas tienen entre los dos?», «¿y la diferencia?», «¿cuál es más nuevo?», «¿cuál
vence primero?», «¿cuál llevó más tapas?» — and «¿y estibas?» right after one, the same comparison again.

The entities are those of one kind the latest turns were about, newest first, back to the first turn
about another kind or the fleet (`discussed`); «los dos» takes the latest two. What is compared is what
the chain asked: a client's saldo of the asset said (each asset type when none was), or the units it got
or returned in a period; a delivery note's units; a vehicle's model year or a document's due date; a
driver's licence. «dos» is no client code 2 here. Without two such entities a question that says «los dos»
gets «¿Cuáles comparo?»; one that does not («¿cuál tiene más canastillas?») is left to the ranking.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

import asyncpg

from backend.answers import followup as fu
from backend.answers import render as r
from backend.answers.focus import Subject, from_history, from_mentions
from backend.answers.model import Ask, Exact
from backend.context.mentions import find_mentions
from backend.contract import FocusEntity
from backend.core import spanish
from backend.core.history import Turn
from backend.store import clients as store_clients
from backend.store import documents as store_documents
from backend.store import movements as store_movements
from backend.store import vehicles as store_vehicles
from backend.understanding.parse import Question, parse_question
from backend.understanding.periods import Period

_GROUP = re.compile(
    r"\b(?:de|entre|a) (?:los|las|estos|estas|esos|esas) (?:dos|tres|cuatro|cinco)\b|\bamb[oa]s\b"
    r"|\b(?:de|entre) (?:ellos|ellas)\b|\blos dos\b|\blas dos\b|\b(?:los|las) dos juntos?\b"
)
_HOW = {  # «más nuevo» is newer before it is more
    "newer": frozenset({"nuevo", "nueva", "reciente", "moderno", "moderna"}),
    "older": frozenset({"viejo", "vieja", "antiguo", "antigua", "viejito"}),
    "first": frozenset({"primero", "antes", "pronto"}),
    "last": frozenset({"despues", "ultimo"}),
    "diff": frozenset({"diferencia"}),
    "more": frozenset({"mas", "mayor"}),
    "less": frozenset({"menos", "menor"}),
    "sum": frozenset({"juntos", "juntas", "suman", "sumados", "sumadas", "total"}),
}
_WORDS = frozenset().union(*_HOW.values()) | {"dos", "tres", "ellos", "ellas", "ambos", "ambas", "entre"}
_EXPIRES = frozenset({"vence", "vencio", "vencen", "caduca", "expira"})
_KINDS = ("clients", "notes", "vehicles", "drivers")
MAX_COMPARED = 5


def how(q: Question) -> str | None:
    """What kind of comparison `q` asks (see `_HOW`: more, less, sum, diff, newer, older, first, last)."""
    toks = set(q.tokens)
    if "entre" in toks and _GROUP.search(" ".join(q.tokens)) and not toks & (_HOW["more"] | _HOW["less"]):
        return "sum"  # «¿cuántas tienen entre los dos?»
    for name, words in _HOW.items():
        if toks & words and (name not in ("first", "last") or toks & _EXPIRES):
            return name
    return None


def says_group(q: Question) -> bool:
    """«de los dos», «entre ambos», «cuál de ellos»: the entities just discussed."""
    return bool(_GROUP.search(" ".join(q.tokens)))


def _lists(answer: str) -> bool:
    return len(re.findall(r"^(?:•|\d+\.)\s", answer, re.M)) > 1


def asks(q: Question, latest_answer: str) -> bool:
    """`q` compares the entities discussed: a comparison said of «los dos», or asked with «cuál» of no
    plural noun right after single answers (a listed answer's «¿cuál vence primero?» picks a line)."""
    kind = how(q)
    if kind is None or _lists(latest_answer):
        return False
    named = q.mentions
    if named.codes or named.numbers or named.plates or named.notes or set(q.name_words) - _WORDS:
        return False  # «¿cuál tiene más, el 412 o el 77?» names its own
    if says_group(q) or kind == "diff":
        return True  # «¿cuál de los dos …?», «¿y la diferencia?»
    return (
        bool({"cual", "cuanto", "cuanta", "cuantos", "cuantas"} & set(q.tokens))
        and q.subject is None
        and (
            kind in ("diff", "newer", "older", "first", "last")
            or "cual" in q.tokens
            or kind == "sum"
            and bool({"juntos", "juntas"} & set(q.tokens))
        )
    )


def _varies(q: Question) -> bool:
    """«¿y estibas?», «¿y en octubre?», «¿y menos tapas?»: a slot changed, naming nothing."""
    slots = q.slots_set - {"asset", "more_assets", "period", "movement", "doc_type", "aggregation", "top_n"}
    m = q.mentions
    named = m.codes or m.numbers or m.plates or m.notes or (m.spoken_codes and not says_group(q))
    return q.tokens[:1] in (("y",), ("e",)) and not slots and not set(q.name_words) - _WORDS and not named


def started(q: Question, turns: list[Turn], today: date) -> int | None:
    """The index of the comparison that `q` varies again (each turn since it varied it too), else None."""
    if not _varies(q):
        return None
    for i in range(len(turns) - 1, -1, -1):
        earlier = parse_question(turns[i].q, today)
        if how(earlier) is not None and asks(earlier, ""):
            return i
        if not _varies(earlier):
            return None
    return None


async def discussed(conn: asyncpg.Connection, turns: list[Turn], kinds: tuple[str, ...] = _KINDS) -> Subject:
    """The entities of one kind (the first of `kinds` the latest turn has, one its question named first) that
    the latest turns were about,
    in the order discussed, until a turn about another kind or none; at most `MAX_COMPARED`."""
    if not turns:
        return Subject()
    latest = await from_mentions(conn, find_mentions(turns[-1].q))  # the kind the latest question named first
    kinds = (*(k for k in kinds if getattr(latest, k)), *(k for k in kinds if not getattr(latest, k)))
    kind, rows, keys = "", list[object](), set[object]()
    for end in range(len(turns), 0, -1):
        about = await from_history(conn, turns[:end])
        kind = kind or next((k for k in kinds if getattr(about, k)), "")
        found = getattr(about, kind) if kind else []
        if not found:
            break
        for row in reversed(found):
            if (key := getattr(row, "id", row)) not in keys:
                keys.add(key)
                rows.insert(0, row)
    return _of_kind(kind, rows[-MAX_COMPARED:]) if kind else Subject()


@dataclass
class _Metric:
    """What is compared: slots the chain set, the last said winning."""

    asset: str | None = None
    movement: str | None = None
    period: Period | None = None
    doc_type: str | None = None


def metric(*questions: Question | None) -> _Metric:
    m = _Metric()
    for q in questions:
        if q is None:
            continue
        m.asset = q.asset or m.asset
        m.movement = q.movement or m.movement
        m.period = q.period or m.period
        m.doc_type = q.doc_type or m.doc_type
    return m


def _ranked(values: list[tuple[str, int]], kind: str, unit: str, verb: str) -> str:
    """«Más estibas tiene [310] …: 388, frente a 306 de [412] …» (several: «…; luego …»)."""
    if kind in ("sum", "diff"):
        if kind == "sum" or len(values) != 2:
            parts = [f"{label} ({spanish.number(n)})" for label, n in values]
            each = f"{', '.join(parts[:-1])} y {parts[-1]}"
            return f"Entre {each} suman {spanish.number(sum(n for _, n in values))} {unit}."
        (a, x), (b, y) = sorted(values, key=lambda v: -v[1])
        if x == y:
            return f"No hay diferencia: {a} y {b} {verb}n {spanish.number(x)} {unit} cada uno."
        return (
            f"{a} {verb} {spanish.number(x - y)} {unit} más que {b} ({spanish.number(x)} frente a {spanish.number(y)})."
        )
    order = sorted(values, key=lambda v: -v[1] if kind == "more" else v[1])
    (top, n), rest = order[0], order[1:]
    if all(m == n for _, m in rest):
        return f"{' y '.join(label for label, _ in values)} {verb}n lo mismo: {spanish.number(n)} {unit} cada uno."
    word = "Más" if kind == "more" else "Menos"
    if len(rest) == 1:
        return (
            f"{word} {unit} {verb} {top}: {spanish.number(n)}, frente a {spanish.number(rest[0][1])} de {rest[0][0]}."
        )
    others = "; ".join(f"{label}: {spanish.number(m)}" for label, m in rest)
    return f"{word} {unit} {verb} {top}: {spanish.number(n)}. Luego {others}."


async def _clients(ask: Ask, rows: list[store_clients.Client], kind: str, m: _Metric) -> list[str] | None:
    if kind not in ("more", "less", "sum", "diff"):
        return None
    one = ask.asset_of(m.asset) if m.asset else None
    assets = [one] if one else ask.assets
    lines = []
    for asset in assets:
        if m.movement and m.period:
            values = []
            for c in rows:
                sums = await store_movements.moved(
                    ask.conn, timezone=ask.company.timezone, start=m.period.start, end=m.period.end, client_id=c.id
                )
                pair = sums.get(asset.code, (0, 0))
                values.append((c.label, pair[0] if m.movement == "dispatch" else pair[1]))
            verb = ("recibió" if m.movement == "dispatch" else "devolvió") + f" {m.period.label}"
        else:
            held = await store_clients.balances(ask.conn, client_ids=[c.id for c in rows], assets=[asset])
            by_id = {b.client_id: b.balance for b in held}
            values, verb = [(c.label, by_id.get(c.id, 0)) for c in rows], "tiene"
        lines.append(_ranked(values, kind, asset.plural, verb))
    return lines


async def _notes(ask: Ask, numbers: list[str], kind: str, m: _Metric) -> list[str] | None:
    one = ask.asset_of(m.asset) if m.asset else None
    if kind not in ("more", "less", "sum", "diff") or one is None:
        return None
    values = []
    for number in numbers:
        totals = await store_movements.note_totals(
            ask.conn, assets=ask.assets, timezone=ask.company.timezone, start=None, end=None, number=number
        )
        units = [t.returned if m.movement == "return" else t.dispatched for t in totals if t.asset.code == one.code]
        values.append((f"la remisión {number}", sum(units)))
    verb = "devolvió" if m.movement == "return" else "llevó"
    return [_ranked(values, kind, one.plural, verb)]


async def _vehicles(ask: Ask, rows: list[store_vehicles.Vehicle], kind: str, m: _Metric) -> list[str] | None:
    if kind in ("newer", "older"):
        years = [(v.plate, v.model_year) for v in rows if v.model_year]
        if len(years) < 2:
            return None
        order = sorted(years, key=lambda v: -v[1] if kind == "newer" else v[1])
        word = "nuevo" if kind == "newer" else "viejo"
        if order[0][1] == order[-1][1]:
            return [f"Son del mismo modelo: {order[0][1]}."]
        others = "; ".join(f"{p} es modelo {y}" for p, y in order[1:])
        return [f"El más {word} es {order[0][0]} (modelo {order[0][1]}); {others}."]
    if kind not in ("first", "last"):
        return None
    docs = await store_documents.documents(ask.conn, vehicle_ids=[v.id for v in rows], doc_type=m.doc_type)
    dated = [d for d in docs if d.expires_on is not None and d.days_remaining is not None and d.doc_type]
    soonest: dict[str, store_documents.Document] = {}
    for d in dated:  # documents come soonest first: each vehicle's first (of the type asked)
        soonest.setdefault(d.plate, d)
    if len(soonest) < 2:
        return None
    dues = sorted(soonest.values(), key=lambda d: (d.days_remaining or 0) * (1 if kind == "first" else -1))
    named = [f"{r.document_with_article(d.doc_type or '')} de {d.plate}" for d in dues]
    text = f"{'Primero' if kind == 'first' else 'Último'} vence {named[0]}: {_due(dues[0])}"
    text += "".join(f"; {x} {_due(d)}" for x, d in zip(named[1:], dues[1:], strict=True)) + "."
    missing = [v.plate for v in rows if v.plate not in soonest]
    if m.doc_type and missing:
        text += f" {', '.join(missing)} no tiene {r.document_with_article(m.doc_type)}"
        text += f" {r.agreeing(m.doc_type, 'registrado')}."
    return [text]


def _due(d: store_documents.Document) -> str:
    if d.expires_on is None or d.days_remaining is None:
        return "sin fecha"
    return r.due_phrase(d.expires_on, d.days_remaining, with_year=True)


def _drivers(rows: list[store_vehicles.Driver], kind: str) -> list[str] | None:
    dated = [d for d in rows if d.license_expires_on is not None and d.license_days is not None]
    if kind not in ("first", "last") or len(dated) < 2:
        return None
    order = sorted(dated, key=lambda d: (d.license_days or 0) * (1 if kind == "first" else -1))
    word = "Primero" if kind == "first" else "Último"
    text = f"{word} vence la licencia de {order[0].full_name}: {_licence_due(order[0])}"
    return [text + "".join(f"; la de {d.full_name} {_licence_due(d)}" for d in order[1:]) + "."]


def _licence_due(d: store_vehicles.Driver) -> str:
    if d.license_expires_on is None or d.license_days is None:
        return "sin fecha"
    return r.due_phrase(d.license_expires_on, d.license_days, with_year=True)


def _focus(subject: Subject, text: str) -> list[FocusEntity]:
    """The entity the answer names first (the one with more, the newest…), else the latest discussed."""
    for k in _KINDS:
        rows: list[object] = getattr(subject, k)
        named = sorted((row for row in rows if _name(row) in text), key=lambda row: text.index(_name(row)))
        if named or rows:
            return _of_kind(k, (named or rows[-1:])[:1]).focus()
    return []


def _of_kind(kind: str, rows: list[object]) -> Subject:
    subject = Subject(source="history", named=True)
    setattr(subject, kind, rows)
    return subject


def _name(row: object) -> str:
    if isinstance(row, store_clients.Client):
        return row.label
    if isinstance(row, store_vehicles.Vehicle):
        return row.plate
    if isinstance(row, store_vehicles.Driver):
        return row.full_name
    return f"remisión {row}"


async def answer(ask: Ask, turns: list[Turn]) -> Exact | None:
    """The comparison `ask.q` asks of the entities discussed (see the module docstring), or None when it
    asks none — or one this module cannot make (the caller goes on as before)."""
    q, today = ask.q, ask.company.today
    start = started(q, turns, today)
    if start is None and not asks(q, turns[-1].a if turns else ""):
        return None
    said = [parse_question(t.q, today) for t in turns[start:]] + [q] if start is not None else [q]
    base = said[0]
    kind = next((k for k in (how(x) for x in reversed(said)) if k), "")
    m = metric(fu.previous(turns[:start] if start is not None else turns, today), *said)
    prefer = ("drivers", "vehicles") if kind in ("first", "last") and not m.doc_type else _KINDS
    if kind in ("first", "last") and m.doc_type:
        prefer = ("vehicles", "drivers")
    subject = await discussed(ask.conn, turns, prefer)
    rows = [row for k in _KINDS for row in getattr(subject, k)]
    if says_group(base) and re.search(r"\b(?:los|las) dos\b|\bamb[oa]s\b", " ".join(base.tokens)):
        for k in _KINDS:
            setattr(subject, k, getattr(subject, k)[-2:])
        rows = rows[-2:]
    if len(rows) < 2:
        if says_group(base):
            return Exact(
                "¿Cuáles comparo? Dime los dos códigos, placas o nombres.",
                "not_found",
                "needs_entity",
            )
        return None
    lines: list[str] | None = None
    if subject.clients:
        lines = await _clients(ask, subject.clients, kind, m)
    elif subject.notes:
        lines = await _notes(ask, subject.notes, kind, m)
    elif subject.vehicles:
        lines = await _vehicles(ask, subject.vehicles, kind, m)
    elif subject.drivers:
        lines = _drivers(subject.drivers, kind)
    if lines is None:
        return None
    text = "\n".join(lines)
    return Exact(text, "answer", f"compare.{kind}", _focus(subject, text))
