"""«¿y ese cuándo vence?» right after a line was picked from a list of documents («¿quién maneja el primero?»
after /vencimientos): the document of that line («la tecnomecánica de QBM563»), not every document of its
vehicle; right after /vencimientos whose last line says it leaves out one inactive vehicle («No incluye 1
documento del vehículo inactivo GFT663.», a line the memory may have trimmed): that vehicle's document left
out. The question is reworded as that document's own («¿cuándo vence la tecnomecánica de QBM563?»)."""

from __future__ import annotations

import re
from datetime import date

import asyncpg

from backend.answers import followup as fu
from backend.answers.lines import listed_at, ordinal
from backend.core import spanish
from backend.core.history import Turn
from backend.store.expiries import document_expiries
from backend.understanding.parse import parse_question

# «QBM563 · tecnomecánica · venció el 4 de octubre …» (a line of a documents list)
_DOC_LINE = re.compile(r"^([A-Z]{3}[0-9]{2}[0-9A-Z]) · (SOAT|tecnomecánica|póliza RC) · venc")
_ARTICLE = {"SOAT": "el", "tecnomecánica": "la", "póliza RC": "la"}
_EXPIRIES = re.compile(r"^documentos vencidos o por vencer en los próximos (\d+) días")  # /vencimientos stored


async def as_picked_document(conn: asyncpg.Connection, question: str, turns: list[Turn], today: date) -> str | None:
    """The picked line's document asked («¿cuándo vence la tecnomecánica de QBM563?»), or None."""
    q = parse_question(question, today)
    if not turns or q.names_entity() or q.doc_type or not (fu.bare_when(q) or fu.refers_back(q)):
        return None
    if "cuando" not in q.tokens and not q.expiry:
        return None
    if fu.REFERS_BACK & set(q.tokens) and (days := _EXPIRIES.match(turns[-1].q)) is not None:
        left_out = await document_expiries(conn, within_days=int(days.group(1)), inactive=True)
        if len({d.plate for d in left_out}) == 1 and len(left_out) == 1 and left_out[0].doc_type:
            document = spanish.document_name(left_out[0].doc_type)
            return f"¿cuándo vence {_ARTICLE.get(document, 'el')} {document} de {left_out[0].plate}?"
    position = ordinal(parse_question(turns[-1].q, today).tokens) if len(turns) > 1 else None
    listed = await listed_at(conn, turns[-2].a, position, []) if position is not None else None
    line = _DOC_LINE.match(listed.line) if listed is not None else None
    if line is None:
        return None
    plate, document = line.groups()
    return f"¿cuándo vence {_ARTICLE[document]} {document} de {plate}?"
