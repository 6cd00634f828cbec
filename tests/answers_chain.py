"""The question chain the answers' tests ask: each question with the previous answered pairs as history, as
the bot stores them. Today is 2026-12-01, the fleet fixture's date."""

from __future__ import annotations

from datetime import date

from backend.answers import understand
from backend.core.history import Turn
from backend.db.connect import tenant_transaction

TODAY = date(2026, 12, 1)


async def ask_chain(conn, questions, *, slug="frigorifico-andino", focus=None):
    """Answers of a chain of questions, each with the previous answered pairs as history (as the bot
    stores them: `answer` and `ambiguous`, never `not_found`) and the latest focus sent back."""
    company = await conn.fetchval("SELECT id FROM companies WHERE slug = $1", slug)
    turns, sent_focus, out = [], list(focus or []), []
    for question in questions:
        async with tenant_transaction(conn, company, today=TODAY):
            exact = (await understand(conn, company_id=company, question=question, turns=turns, focus=sent_focus)).exact
        out.append(exact)
        if exact is not None and exact.kind != "not_found":
            turns = (turns + [Turn(question, exact.text)])[-6:]
            if exact.kind == "answer" and exact.focus:
                sent_focus = [f.model_dump() for f in exact.focus]
    return out
