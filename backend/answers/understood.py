"""What the flow of one question passes between its parts: the result (`Understood`) and the question on
its way (`Step`: the company, the conversation, the parse as it is merged and narrowed).

`flow.py` drives a `Step` through `early.py` (what the message is before it meets the conversation),
`picked.py` (an entity picked from what was said before) and `fallback.py` (the entities in focus or the
company's answer)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import asyncpg

from backend.answers.focus import Subject
from backend.answers.model import Ask, Exact
from backend.answers.scope import Scope
from backend.context.resolve import Entities
from backend.core.history import Turn
from backend.store import asset_types as store_asset_types
from backend.store import companies as store_companies
from backend.understanding.parse import Question


@dataclass
class Understood:
    """The parse (merged with the previous question when elliptical), what it is about, the answer, and
    `asked`: the entities the question itself names, as resolved here (the model's context reuses them:
    `backend.context.build_context(asked=...)`; empty when the question names none)."""

    question: Question
    subject: Subject
    exact: Exact | None
    asked: Entities = field(default_factory=Entities)


class Reader(Protocol):
    """`flow.understand`: the flow again, for a question reworded or split (same arguments)."""

    async def __call__(
        self, conn: asyncpg.Connection, *, company_id: int, question: str, turns: list[Turn], focus: list[object]
    ) -> Understood: ...


@dataclass
class Step:
    """One question on its way through the flow. `q` is the parse as merged so far, `own` the question's
    own parse (before it takes earlier slots), `previous` the question before it (None: no history),
    `merged` whether `q` took its slots, `city` the city said or carried, `words` the name words left
    once the city and asset words are taken out."""

    conn: asyncpg.Connection
    company_id: int
    company: store_companies.Company
    assets: list[store_asset_types.AssetType]
    cities: list[str]
    turns: list[Turn]
    focus: list[object]
    again: Reader
    q: Question
    own: Question
    previous: Question | None = None
    merged: bool = False
    city: str | None = None
    words: tuple[str, ...] = ()
    own_scope: Scope | None = None
    asked: Entities = field(default_factory=Entities)
    subject: Subject = field(default_factory=Subject)
    others: list[tuple[str, str]] | None = None  # the other companies' (slug, name), read with the admin check

    def ask(self, q: Question | None = None, city: str | None = None) -> Ask:
        """The `Ask` of `q` (default: the step's) in `city` (default: none)."""
        asked = q if q is not None else self.q
        return Ask(self.conn, self.company_id, self.company, self.assets, self.cities, asked, city)


def settled(asked: Entities, q: Question, subject: Subject, exact: Exact | None) -> Understood:
    """The flow's result; only an answer sets the focus (an ambiguous list or a not-found does not)."""
    if exact is not None and exact.kind != "answer":
        exact.focus = []
    return Understood(q, subject, exact, asked)
