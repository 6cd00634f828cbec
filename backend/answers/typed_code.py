"""A client code typed loosely, answered for the one client it can be — and said so, since codes are text
(README «CSV format»: `007` ≠ `77`): «cuántas canastillas tiene el 7» is [007] when no client has the code
7 and exactly one has it with leading zeros («El código 7 no existe; te respondo por [007] …»; «el 07» alike:
one reading whatever the zeros typed); «canastiyas del 41 2», a code split by a space, is 412 when no client
has 41 and one has 412 («Tomé «41 2» como 412.»).
"""

from __future__ import annotations

import re

import asyncpg

from backend.answers.focus import Subject
from backend.answers.model import Exact
from backend.store import clients as store_clients
from backend.understanding.parse import Question

_SPLIT = re.compile(r"(?<![\d.,:/-])\b(\d{1,3}) (\d{1,2})\b(?![\d.,:/-])")


async def joined(conn: asyncpg.Connection, question: str) -> tuple[str, str]:
    """(`question` with a code split by one space joined, the notice to say) — or (`question`, "") when no
    such split is a client code while its first part is not."""
    for m in _SPLIT.finditer(question):
        first, whole = m.group(1), m.group(1) + m.group(2)
        found = {c.code for c in await store_clients.clients(conn, codes=[first, whole])}
        if whole in found and first not in found:
            notice = f"Tomé «{m.group(0)}» como el código {whole}."
            return question[: m.start()] + whole + question[m.end() :], notice
    return question, ""


def announced(q: Question, subject: Subject, exact: Exact | None, notice: str = "") -> Exact | None:
    """`exact` with the reading said first: `notice` (a split code joined), or «El código 7 no existe; te
    respondo por [007] …» when a client was found for a code typed without its leading zeros."""
    if exact is None or exact.kind != "answer":
        return exact
    typed = {t for t in q.mentions.codes + q.mentions.numbers if t.isdigit()}
    codes = {c.code for c in subject.clients}
    for c in subject.clients:
        said = sorted(t for t in typed if t != c.code and c.code.isdigit() and t.lstrip("0") == c.code.lstrip("0"))
        if said and said[0] not in codes:  # «7» or «07» typed for «007»
            notice = notice or f"El código {said[0]} no existe; te respondo por {c.label}."
    if notice:
        exact.text = f"{notice}\n{exact.text}"
    return exact
