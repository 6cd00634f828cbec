"""The grounded context of one understood question: what `/v1/ask`, the backend's warm-up and `fleetops
prompt` send the model, built the same way by all three.

`question_context(conn, understood, ...)` (conn inside `tenant_transaction`) opens the facts with the
exact answer's lines, adds the focus's entities (one of each kind) and reuses the entities the question
already resolved, then `backend.context.build_context` packs them within the budgets.
"""

from __future__ import annotations

import asyncpg

from backend.answers.focus import Subject
from backend.answers.understood import Understood
from backend.context import GroundedContext, build_context
from backend.context.company_facts import CompanyFactsCache
from backend.context.resolve import Entities
from backend.core.history import Turn


def as_entities(subject: Subject) -> Entities:
    """The focus rows as context entities (ids, at most one of each kind), so the model gets their facts."""
    return Entities(
        clients=[c.id for c in subject.clients[:1]],
        vehicles=[v.id for v in subject.vehicles[:1]],
        drivers=[d.id for d in subject.drivers[:1]],
        notes=subject.notes[:1],
    )


async def question_context(
    conn: asyncpg.Connection,
    understood: Understood,
    *,
    company_id: int,
    question: str,
    turns: list[Turn],
    budget_tokens: int,
    prompt_budget_tokens: int | None,
    cache: CompanyFactsCache | None = None,
) -> GroundedContext:
    """`build_context` for `question` as `understood` read it: its exact answer's lines first, its
    subject's entities as focus, its resolved entities as asked. Budgets in estimated tokens
    (`backend.context.budget`); `cache` as in `build_context`. Raises what the reads raise (asyncpg errors,
    the statement timeout)."""
    exact = understood.exact
    return await build_context(
        conn,
        company_id=company_id,
        question=question,
        turns=turns,
        budget_tokens=budget_tokens,
        prompt_budget_tokens=prompt_budget_tokens,
        cache=cache,
        exact_lines=exact.text.split("\n") if exact else [],
        focus=as_entities(understood.subject),
        asked=understood.asked,
    )
