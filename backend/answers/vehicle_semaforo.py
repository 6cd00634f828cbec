"""One vehicle's semáforo colour asked: «semáforo de la TPV948», «¿de qué color está la KLM482 en el
semáforo?», «¿en qué color está?», «¿la KLM482 está en rojo?», «¿cómo está su semáforo?».

The colour is `status.vehicle_light` (the worst of the documents the vehicle's kind requires), the same as
«estado de la flota» counts; the answer says the colour and why, in one or two short sentences: the
documents expired or missing (⛔, ⚪), else the one that is due first (🔴, 🟡, 🟢). A colour said
(«¿está en rojo?») gets «Sí» or «No» first. «¿de qué color es la KLM482?» (the paint) is not this.
"""

from __future__ import annotations

from datetime import date

from backend.answers import render as r
from backend.answers import status
from backend.answers.model import Exact
from backend.contract import FocusEntity
from backend.core import vehicle_documents as required_docs
from backend.store import documents as store_documents
from backend.store import vehicles as store_vehicles
from backend.understanding import slots as sl
from backend.understanding.parse import Question

#: the vehicle's light -> how the answer names it
_SAID = {
    "vencido": "⛔ vencido",
    "sin_documentos": "⚪ sin documentos",
    "incompleto": "⚪ incompleto",
    "rojo": "🔴 rojo",
    "amarillo": "🟡 amarillo",
    "verde": "🟢 verde",
}
_PAINT = frozenset({"es", "son", "pintado", "pintura"})


def asks_semaforo(q: Question) -> bool:
    """`q` asks one vehicle's semáforo colour: «semáforo» said, a colour asked of it («¿está en rojo?»), or
    «¿en qué color está?» (a state; «¿de qué color es?» asks the paint, which fleetops does not keep)."""
    toks = set(q.tokens)
    if "semaforo" in toks:
        return True
    if _colour_said(q) is not None and not (q.doc_type or q.expiry):
        return True
    return "color" in toks and ("esta" in toks or "estan" in toks) and not toks & _PAINT


def _colour_said(q: Question) -> str | None:
    """rojo | amarillo | verde said in `q` (`Question.light` is only set when no plate is named)."""
    return q.light or sl.light(list(q.tokens))


def semaforo_answer(
    q: Question, v: store_vehicles.Vehicle, rows: list[store_documents.Document], today: date, focus: list[FocusEntity]
) -> Exact:
    """«KLM482 está en 🔴 rojo: la tecnomecánica vence el 4 de diciembre de 2026 (en 3 días).»;
    `rows`: the vehicle's rows of `store_documents.documents` (a vehicle without any has one, no type)."""
    light = status.vehicle_light(rows) if rows else "sin_documentos"
    docs = [d for d in rows if d.doc_type]
    if light == "sin_documentos":
        why = "no tiene documentos registrados."
    elif light in ("vencido", "incompleto"):
        why = r.enumeration(status.document_faults(docs)) + "."
    else:
        needed = required_docs.required(next((d.kind for d in docs if d.kind), ""))
        due = [d for d in docs if d.doc_type in needed and d.days_remaining is not None]
        first = min(due, key=lambda d: d.days_remaining or 0)
        assert first.doc_type is not None and first.expires_on is not None and first.days_remaining is not None
        due_on = r.due_phrase(first.expires_on, first.days_remaining, with_year=True)
        why = f"{r.document_with_article(first.doc_type)} {due_on}."
    text = f"{v.plate} está en {_SAID[light]}: {why}"
    if (said := _colour_said(q)) is not None:
        text = ("Sí, " if said == light else "No, ") + text
    return Exact(text, intent="vehicle.semaforo", focus=focus, confident=True)
