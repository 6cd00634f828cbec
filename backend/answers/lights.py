"""The semáforo colours asked: «¿cuántos vehículos están en verde?», «¿qué carros están en rojo?», «documentos
en amarillo», «¿cuáles están en rojo?».

One definition each: a document's colour is its own (`document_expiries.status`: 🔴 0–7 days, 🟡 8–30, 🟢 more
than 30); a vehicle's colour is the semáforo's (`status.vehicle_light`: the worst of the documents its kind
requires — so a vehicle with one document in green and another expired is ⛔, not 🟢). A question about
vehicles (counted, or «vehículos» / «carros» / a kind said) is answered with the vehicles' colour, the same
numbers as «estado de la flota»; one about documents (or a document type said: «¿qué SOAT están en rojo?»)
with the documents'."""

from __future__ import annotations

import re

from backend.answers import fleet, status
from backend.answers import render as r
from backend.answers.model import Ask, Exact
from backend.core import spanish
from backend.core.history import Turn
from backend.store import documents as store_documents
from backend.store.documents import Document
from backend.understanding.parse import Question

#: what each semáforo colour means for a document (`document_expiries`, README «Data model in short»)
LIGHT_MEANING = {
    "rojo": ("🔴", "vencen en 7 días o menos"),
    "amarillo": ("🟡", "vencen en 8 a 30 días"),
    "verde": ("🟢", "vencen en más de 30 días"),
}
#: what each colour means for a vehicle (the semáforo's lines of «estado de la flota»)
VEHICLE_MEANING = {
    "rojo": "su documento más próximo vence en 7 días o menos",
    "amarillo": "su documento más próximo vence en 8 a 30 días",
    "verde": "todo vigente por más de 30 días",
}
_DOCUMENT_WORDS = frozenset({"documentos", "documento", "docs", "papeles"})
#: the first line of `_vehicles_in`: «🟢 18 de 41 vehículos activos están en verde …», «🔴 Ningún camión activo …»
_VEHICLES_IN = re.compile(r"^\S+ (?:[\d.]+ de [\d.]+ (\w+) activos?|Ningún (\w+) activo) ")
_SINGULAR = {"vehículo": "vehículos", **r.KIND_PLURAL}
_LIST_WORDS = frozenset({"cuales", "que", "quienes", "lista", "listame", "muestrame"})


def of_vehicles_in_light(q: Question, turns: list[Turn]) -> str | None:
    """«¿y en rojo?», «¿cuáles están en rojo?», «¿y cuántos en amarillo?» right after the vehicles of one
    colour («🟢 18 de 41 vehículos activos están en verde …»): the same vehicles' colour asked again — the
    question to answer instead (a count after a count, a list after a list or when «cuáles» is said) —,
    never the documents in that colour; else None."""
    if not turns or q.light is None or q.names_entity() or q.doc_type or _DOCUMENT_WORDS & set(q.tokens):
        return None
    if q.slots_set - {"light", "aggregation"} or q.subject is not None:
        return None  # «¿y los camiones en rojo?», «¿cuáles vehículos …?»: said whole, answered as it is
    said = _VEHICLES_IN.match(turns[-1].a)
    if said is None:
        return None
    noun = said.group(1) or _SINGULAR.get(said.group(2), said.group(2))
    words = set(q.tokens)
    listed = turns[-1].a.split("\n", 1)[0].endswith(":") and not words & {"cuantos", "cuantas"}
    which = "cuáles" if words & _LIST_WORDS or listed else "cuántos"
    return f"{which} {noun} están en {q.light}"


def _of_vehicles(ask: Ask) -> bool:
    """The vehicles' colour is asked: counted, or vehicles named, and no document type nor «documentos»."""
    q = ask.q
    if q.doc_type or _DOCUMENT_WORDS & set(q.tokens):
        return False
    counting = q.aggregation == "count" or bool({"cuantos", "cuantas"} & set(q.tokens))
    return counting or q.subject == "vehicles" or bool(q.vehicle_kind)


async def in_light(ask: Ask) -> Exact:
    """The vehicles or documents of active vehicles in one semáforo colour; after rojo, how many documents
    are already expired."""
    q = ask.q
    light = q.light or "rojo"
    rows = await fleet.of_kind(ask, await store_documents.documents(ask.conn, active_only=True, doc_type=q.doc_type))
    expired = [d for d in rows if d.status == "vencido"]
    after = (
        f"\nAdemás, {spanish.plural(len(expired), 'documento está vencido', 'documentos están vencidos')}"
        " («documentos vencidos» los lista)."
        if light == "rojo" and expired
        else ""
    )
    if _of_vehicles(ask):
        return _vehicles_in(ask, light, rows, after)
    return _documents_in(ask, light, rows, after)


def _vehicles_in(ask: Ask, light: str, rows: list[Document], after: str) -> Exact:
    """«🟢 17 de 41 vehículos activos están en verde (todo vigente por más de 30 días).» or their list, each with
    the document due first."""
    q = ask.q
    by_plate = status.by_vehicle(rows)
    chosen = sorted(p for p, docs in by_plate.items() if status.vehicle_light(docs) == light)
    kind = q.vehicle_kind
    one, many = (kind, r.KIND_PLURAL.get(kind, kind)) if kind else ("vehículo", "vehículos")
    said = f"{spanish.number(len(chosen))} de {spanish.plural(len(by_plate), f'{one} activo', f'{many} activos')}"
    verb = "está" if len(chosen) == 1 else "están"
    text = f"{LIGHT_MEANING[light][0]} {said} {verb} en {light} ({VEHICLE_MEANING[light]})"
    if not chosen:
        text = f"{LIGHT_MEANING[light][0]} Ningún {one} activo está en {light} ({VEHICLE_MEANING[light]})"
    counting = q.aggregation == "count" or bool({"cuantos", "cuantas"} & set(q.tokens))
    if counting or not chosen:
        listed = f": {r.enumeration(chosen)}" if chosen and len(chosen) <= 5 else ""
        return Exact(f"{text}{listed}.{after}", intent="vehicles.light", confident=True)
    lines = []
    for plate in chosen:
        docs = [d for d in by_plate[plate] if d.days_remaining is not None]
        first = min(docs, key=lambda d: d.days_remaining if d.days_remaining is not None else 0)
        lines.append(r.document_line(first, ask.company.today))
    listed = r.capped(f"{text}:", lines, more_hint=r.ALL_HINT_M, limit=r.list_limit(q.tokens))
    return Exact(listed + after, intent="vehicles.light")


def _documents_in(ask: Ask, light: str, rows: list[Document], after: str) -> Exact:
    q, today = ask.q, ask.company.today
    icon, meaning = LIGHT_MEANING[light]
    docs = [d for d in rows if d.status == light]
    what = f"{spanish.document_name(q.doc_type)} " if q.doc_type else ""
    kinds = f"de los {r.KIND_PLURAL.get(q.vehicle_kind, q.vehicle_kind)} " if q.vehicle_kind else ""
    if not docs:
        return Exact(
            f"{icon} Ningún {what}documento {kinds}está en {light} ({meaning}).{after}", intent="documents.light"
        )
    if q.aggregation == "count" or {"cuantos", "cuantas"} & set(q.tokens):
        if q.doc_type and not _DOCUMENT_WORDS & set(q.tokens):  # «¿cuántos carros tienen el SOAT en rojo?»
            plates = sorted({d.plate for d in docs})
            listed = f": {r.enumeration(plates)}" if len(plates) <= 5 else ""
            count = spanish.plural(len(plates), "vehículo activo tiene", "vehículos activos tienen")
            return Exact(
                f"{icon} {count} {what}en {light} ({meaning}){listed}.{after}", intent="documents.light", confident=True
            )
        n = spanish.plural(len(docs), "documento está", "documentos están")
        return Exact(f"{icon} {n} en {light} ({meaning}).{after}", intent="documents.light", confident=True)
    header = f"{icon} {what.capitalize() or 'Documentos '}{kinds}en {light} ({meaning}): {spanish.number(len(docs))}."
    lines = [r.document_line(d, today) for d in docs]
    listed = r.capped(header, lines, more_hint=r.ALL_HINT_M, limit=r.list_limit(q.tokens))
    return Exact(listed + after, intent="documents.light")
