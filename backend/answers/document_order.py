"""«¿y después?» / «¿y el siguiente?» / «¿cuál sigue?» right after the fleet's documents picked by date
(«El primero en vencerse: La tecnomecánica de QBM563 …», «Lo próximo en vencer: …», or a step of this): the
document(s) of active vehicles due next by date after the last one named — of the document type the chain
asked («¿qué SOAT vence primero?» → the next SOAT) —, as `licence_order` steps through licences."""

from __future__ import annotations

import re
from datetime import date

from backend.answers import followup as fu
from backend.answers import render as r
from backend.answers.licence_order import asks_step
from backend.answers.model import Ask, Exact
from backend.core import spanish
from backend.core.history import Turn
from backend.store import documents as store_documents
from backend.understanding.parse import Question, parse_question

_PICKED = re.compile(r"^(?:El primero en vencerse|Los primeros en vencerse|Lo próximo en vencer|Después(?: \(| :|:))")
_NAMED = re.compile(r"\b(?:El|La) (SOAT|tecnomecánica|póliza RC) de ([A-Z]{3}[0-9]{2}[0-9A-Z])\b")
_TYPES = {"SOAT": "SOAT", "tecnomecánica": "TECNOMECANICA", "póliza RC": "POLIZA_RC"}


def asks_next(q: Question, turns: list[Turn]) -> bool:
    """«¿y después?» right after documents picked by date."""
    return bool(turns) and bool(_PICKED.match(turns[-1].a)) and asks_step(q)


def _doc_type(turns: list[Turn], today: date) -> str | None:
    """The document type the chain asked, in the turn before its steps («¿qué SOAT vence primero?»)."""
    k = len(turns) - 1
    while k > 0 and asks_step(parse_question(turns[k].q, today)):
        k -= 1
    asked = fu.previous(turns[: k + 1], today)
    return asked.doc_type if asked is not None else None


async def next_one(ask: Ask, turns: list[Turn]) -> Exact:
    """The document(s) due next by date after the last one the latest answer named."""
    named = _NAMED.findall(turns[-1].a)
    doc_type = _doc_type(turns, ask.company.today)
    docs = await store_documents.documents(ask.conn, doc_type=doc_type, active_only=True)
    docs = [d for d in docs if d.expires_on is not None and d.days_remaining is not None]
    last = next((d for d in docs if named and (d.plate, d.doc_type) == (named[-1][1], _TYPES[named[-1][0]])), None)
    if last is None or last.expires_on is None:
        return Exact("¿Después de cuál documento? Dime la placa.", intent="documents.order")
    last_day = last.expires_on
    after = sorted(
        (d for d in docs if d.expires_on and d.expires_on > last.expires_on), key=lambda d: d.expires_on or last_day
    )
    if not after:
        return Exact("No hay más: ese es el último en vencer.", intent="documents.order", confident=True)
    following = sorted((d for d in after if d.expires_on == after[0].expires_on), key=lambda d: d.plate)
    sentences = [r.document_sentence(d, ask.company.today) for d in following]
    if len(following) == 1:
        return Exact(f"Después: {sentences[0]}", intent="documents.order", confident=True)
    head = f"Después ({spanish.number(len(following))} el mismo día):"
    return Exact("\n".join([head, *sentences]), intent="documents.order")
