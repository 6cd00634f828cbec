"""What a comparison of the entities just discussed says (`compare` finds them and what is asked): one line
per asset type of the clients' saldos or units moved in a period, a delivery note's units, the vehicles'
model years or soonest due dates, the drivers' licences — the one with more first, then the others.
"""

from __future__ import annotations

from dataclasses import dataclass

from backend.answers import render as r
from backend.answers.focus import Subject
from backend.answers.model import Ask
from backend.answers.notes_of import note_totals_in
from backend.core import spanish
from backend.store import clients as store_clients
from backend.store import documents as store_documents
from backend.store import movements as store_movements
from backend.store import vehicles as store_vehicles
from backend.understanding.parse import Question
from backend.understanding.periods import Period


@dataclass
class Metric:
    """What is compared: slots the chain set, the last said winning."""

    asset: str | None = None
    movement: str | None = None
    period: Period | None = None
    doc_type: str | None = None
    notes: bool = False  # how many delivery notes («¿cuántas remisiones tuvo…?»), not units


def _of_notes(q: Question) -> bool:
    return q.subject == "notes" or bool({"remision", "remisiones", "entregas", "entregadas", "viajes"} & set(q.tokens))


def metric(*questions: Question | None) -> Metric:
    m = Metric()
    for q in questions:
        if q is None:
            continue
        m.notes = (_of_notes(q) and not q.asset) or (m.notes and not q.asset)
        m.asset = q.asset or m.asset
        m.movement = q.movement or m.movement
        m.period = q.period or m.period
        m.doc_type = q.doc_type or m.doc_type
    return m


_PLURAL = {
    "tuvo": "tuvieron",
    "hizo": "hicieron",
    "devolvió": "devolvieron",
    "recibió": "recibieron",
    "llevó": "llevaron",
}


def _ranked(values: list[tuple[str, int]], kind: str, unit: str, verb: str) -> str:
    """«Más estibas tiene [310] …: 388, frente a 306 de [412] …» (several: «…; luego …»); a name ending in a
    dot («… S.A.S.») ends the sentence without another."""
    text = _ranked_text(values, kind, unit, verb)
    return text[:-1] if text.endswith("..") else text


def _ranked_text(values: list[tuple[str, int]], kind: str, unit: str, verb: str) -> str:
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
        first, _, after = verb.partition(" ")
        verbs = f"{_PLURAL.get(first, first + 'n')}{' ' + after if after else ''}"
        return f"{' y '.join(label for label, _ in values)} {verbs} lo mismo: {spanish.number(n)} {unit} cada uno."
    word = "Más" if kind == "more" else "Menos"
    if len(rest) == 1:
        return (
            f"{word} {unit} {verb} {top}: {spanish.number(n)}, frente a {spanish.number(rest[0][1])} de {rest[0][0]}."
        )
    others = "; ".join(f"{label}: {spanish.number(m)}" for label, m in rest)
    return f"{word} {unit} {verb} {top}: {spanish.number(n)}. Luego {others}."


async def clients(ask: Ask, rows: list[store_clients.Client], kind: str, m: Metric) -> list[str] | None:
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


async def note_counts(ask: Ask, subject: Subject, kind: str, m: Metric) -> list[str] | None:
    """How many delivery notes each client, vehicle or driver had in the period compared: «Más remisiones en
    noviembre tuvo [632] …: 42, frente a 31 de [997] …»."""
    p = m.period
    owners: list[tuple[str, int | None, int | None, int | None]] = []
    owners += [(c.label, c.id, None, None) for c in subject.clients]
    owners += [(v.plate, None, v.id, None) for v in subject.vehicles]
    owners += [(d.full_name, None, None, d.id) for d in subject.drivers]
    if len(owners) < 2:
        return None
    values = []
    for label, client_id, vehicle_id, driver_id in owners:
        totals = await note_totals_in(ask, p, client_id, vehicle_id, driver_id)
        values.append((label, len({t.number for t in totals})))
    verb = "tuvo" if subject.clients else "hizo"
    return [_ranked(values, kind, f"remisiones{' ' + p.label if p else ''}", verb)]


async def notes(ask: Ask, numbers: list[str], kind: str, m: Metric) -> list[str] | None:
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


async def vehicles(ask: Ask, rows: list[store_vehicles.Vehicle], kind: str, m: Metric) -> list[str] | None:
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


def drivers(rows: list[store_vehicles.Driver], kind: str) -> list[str] | None:
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
