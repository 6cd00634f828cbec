"""Comparisons of entities the question names itself, with a verdict: «¿quién tiene más canastillas, el 412 o el
310?» → «Más canastillas tiene [310] …: 423, frente a 298 de [412] ….», and the yes/no form «¿el 412 tiene más
canastillas que el 310?» → «No: más canastillas tiene [310] …». Also «¿cuál recibió más tapas en noviembre,
bahía solana o puerto claro?», «¿la KLM482 es más nueva que la TRX905?», «¿qué vehículo hizo más remisiones en
noviembre, la QMW158 o la NXM840?».

What is compared and how it is said are `compare`'s (`compare.compared_lines`, `compare_facts`): the entities
the latest turns discussed there, the ones named here. The yes/no verdict is about the entity named first
(the line names the one with more first); several lines (no asset said: one per asset type) get one each.
"""

from __future__ import annotations

import re
from dataclasses import replace

from backend.answers import compare
from backend.answers import compare_facts as facts
from backend.answers import render as r
from backend.answers.focus import Subject
from backend.answers.model import Ask, Exact
from backend.understanding.movement_verbs import movement_of
from backend.understanding.parse import Question

_KINDS = ("clients", "vehicles", "drivers", "notes")
_COMPARED = frozenset({"more", "less", "newer", "older", "diff", "compare"})
_WHICH = frozenset({"quien", "quienes", "cual", "cuales", "que"})
_COMPARATIVE = frozenset({"mas", "menos", "mayor", "menor"})
_THRESHOLD = re.compile(r"\b(?:mas|menos)\s+de\s+\d")  # «¿el 412 tiene más de 100 canastillas?»: an amount


def claims(tokens: tuple[str, ...]) -> bool:
    """«¿el 412 tiene más canastillas que el 310?»: a claim about the first named, answered «Sí» / «No»."""
    at = next((i for i, t in enumerate(tokens) if t in _COMPARATIVE), None)
    return at is not None and tokens[:1] != () and tokens[0] not in _WHICH and "que" in tokens[at + 1 :]


async def versus(ask: Ask, subject: Subject) -> Exact | None:
    """The comparison `ask.q` asks of the entities it names (`subject`: two or more of one kind, all found),
    or None when it asks none (the caller answers about each as before)."""
    q = ask.q
    kind = compare.how(q)
    if kind not in _COMPARED or _THRESHOLD.search(" ".join(q.tokens)) or subject.missing or subject.ambiguous:
        return None
    kinds = [k for k in _KINDS if getattr(subject, k)]
    if len(kinds) != 1 or len(getattr(subject, kinds[0])) < 2:
        return None
    m = facts.metric(q)
    owner = {"clients": "client", "vehicles": "vehicle", "drivers": "driver"}.get(kinds[0])
    asked = tuple(t for t in q.tokens if t not in ("quien", "quienes"))  # «¿quién recibió más?»: still a client's
    m.movement = movement_of(asked, owner) or m.movement  # «¿cuál recibió más tapas?» of clients: our dispatch
    lines = await compare.compared_lines(ask, subject, kind, m)
    if not lines:
        return None
    if claims(q.tokens):
        first = compare.name_of(getattr(subject, kinds[0])[0])
        names = [compare.name_of(row) for row in getattr(subject, kinds[0])]
        lines = [r.verdict_led(_leads(line, first, names), line) for line in lines]
    text = "\n".join(lines)
    return Exact(text, "answer", f"compare.named.{kind}", compare.focus_of(subject, text))


def of_missing(q: Question, subject: Subject) -> Question:
    """«¿quién tiene más tapas, el 632 o el 999?» with one of them not found: «quién» asks which of the two, not
    who carried a note — each found one's figure is answered (and what was not found said)."""
    if subject.missing and q.attribute == "who" and compare.how(q) in _COMPARED:
        return replace(q, attribute=None, slots_set=q.slots_set - {"attribute"})
    return q


def _leads(line: str, first: str, names: list[str]) -> bool:
    """Whether `first` is the one the line names first (the one with more, the newest…), not all the same."""
    if "lo mismo" in line or "mismo modelo" in line or "No hay diferencia" in line:
        return False
    said = sorted((n for n in names if n in line), key=line.index)
    return bool(said) and said[0] == first
