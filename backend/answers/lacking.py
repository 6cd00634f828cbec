"""What the fleet lacks: vehicles without documents (or without one document type), asked fleet-wide —
«¿qué vehículo no tiene documentos?», «¿cuáles carros no tienen SOAT?», «¿cuántos vehículos sin póliza?»."""

from __future__ import annotations

import re

from backend.answers import render as r
from backend.answers.model import Ask, Exact
from backend.core import spanish
from backend.store import documents as store_documents
from backend.understanding.parse import Question

_LACKING = re.compile(r"\b(?:no tiene[n]?|sin|no cuenta[n]? con|les? falta[n]?|falta[n]?)\b")


def asks_lacking_documents(q: Question) -> bool:
    """A fleet-wide question about vehicles missing documents («¿qué carros no tienen papeles?»)."""
    about_documents = q.doc_type or {"documentos", "papeles", "documento", "documentacion"} & set(q.tokens)
    return bool(about_documents) and _LACKING.search(" ".join(q.tokens)) is not None and not q.status


async def vehicles_without_documents(ask: Ask) -> Exact:
    """The vehicles with no document at all, or without the document type asked; a count when asked."""
    q = ask.q
    rows = await store_documents.documents(ask.conn)
    plates = sorted({d.plate for d in rows})
    if q.doc_type:
        having = {d.plate for d in rows if d.doc_type == q.doc_type}
        lacking = [p for p in plates if p not in having]
        what = r.document_with_article(q.doc_type).split(" ", 1)[1]
        header = f"sin {what} {r.agreeing(q.doc_type, 'registrado')}"
    else:
        lacking = sorted({d.plate for d in rows if d.status == "sin_documentos"})
        header = "sin documentos registrados"
    inactive = {d.plate for d in rows if not d.active}
    count = spanish.plural(len(lacking), "vehículo", "vehículos")
    if not lacking:
        return Exact(f"Ningún vehículo está {header}.", intent="vehicles.lacking", confident=True)
    if q.aggregation == "count" or len(lacking) == 1:
        listed = f": {r.enumeration(lacking)}" if len(lacking) <= 3 else ""
        return Exact(f"Hay {count} {header}{listed}.", intent="vehicles.lacking", confident=True)
    lines = [p + (" (inactivo)" if p in inactive else "") for p in lacking]
    return Exact(r.capped(f"Hay {count} {header}:", lines), intent="vehicles.lacking")
