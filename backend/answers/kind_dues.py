"""«vencimientos del SOAT de los motocarros» when none of them is expired or due within 30 days: the answer
says the scope (the motocarros) and gives every one of those documents' dates, soonest first, instead of a
bare «Ningún SOAT está vencido o vence en 30 días.» that names neither the vehicles nor a date."""

from __future__ import annotations

from backend.answers import render as r
from backend.answers.model import Ask, Exact
from backend.core import spanish
from backend.store import documents as store_documents
from backend.store import vehicles as store_vehicles


async def none_due(ask: Ask, phrase: str) -> Exact | None:
    """The kind's documents of the type asked, each with its date, after «ninguno {phrase}»; None when the
    question names no vehicle kind and document type (the caller says its own «ninguno»)."""
    q = ask.q
    if not (q.vehicle_kind and q.doc_type) or q.period or q.status:
        return None
    plates = {v.plate for v in await store_vehicles.vehicles(ask.conn, every=True, active=True, kind=q.vehicle_kind)}
    docs = [
        d
        for d in await store_documents.documents(ask.conn, doc_type=q.doc_type)
        if d.plate in plates and d.days_remaining is not None
    ]
    docs.sort(key=lambda d: (d.days_remaining or 0, d.plate))
    kinds = r.KIND_PLURAL.get(q.vehicle_kind, q.vehicle_kind)
    feminine = q.doc_type in r.FEMININE_DOCUMENTS
    doc = spanish.document_name(q.doc_type)
    verb = phrase.replace("están", "está").replace("vencidos", "vencida" if feminine else "vencido")
    verb = verb.replace("vencen", "vence")
    head = f"{'Ninguna' if feminine else 'Ningún'} {doc} de los {kinds} activos {verb}."
    if not docs:
        return Exact(f"{head} No tienen {doc} registrado.", intent="documents.due", confident=True)
    lines = [r.document_line(d, ask.company.today) for d in docs]
    listed = r.capped(f"{head} Sus fechas ({spanish.number(len(docs))}):", lines)
    return Exact(listed, intent="documents.due")
