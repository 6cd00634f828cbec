"""Grounded context for one question: the company's facts the model may use, packed in a budget.

`build_context(conn, ...)` (conn inside `tenant_transaction`) packs, by priority: the exact result
lines of the parsed question (computed by SQL, see `backend.answers`; never cut), the entities named in
the question, the conversation focus and the recent history (most recent first; never cut), then
documents expired or due within 30 days, a fleet summary (3 lines), top clients by balance.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import asyncpg

from backend.context import facts as f
from backend.context.budget import Block, estimate_tokens, pack, render
from backend.context.company_catalogue import company_catalogue
from backend.context.company_facts import EXPIRY_WINDOW_DAYS, CompanyFactsCache, read_company_blocks
from backend.context.mentions import Mentions, find_mentions
from backend.context.prompt import system_prompt
from backend.context.resolve import Entities, resolve, resolve_each
from backend.core.history import Turn, fit_turns

MAX_QUESTION_ENTITIES = 10
MAX_HISTORY_ENTITIES = 4


@dataclass
class GroundedContext:
    """`facts` is the packed text for the system prompt; `tokens_est` its estimate (see budget.py)."""

    today: date
    facts: str
    tokens_est: int
    blocks: list[Block]
    turns: list[Turn]


async def _lines(
    conn: asyncpg.Connection, company_id: int, e: Entities, memo: dict[tuple[str, object], list[str]]
) -> list[str]:
    """Fact lines of `e` (ambiguous mentions, notes, vehicles, clients, drivers, in that order). Facts
    already in `memo` (keyed by kind and id) are not read again; the rest are read in batches."""
    want = {
        "vehicle": [v for v in e.vehicles if ("vehicle", v) not in memo],
        "client": [c for c in e.clients if ("client", c) not in memo],
    }
    for vid, lines in (await f.vehicles_facts(conn, want["vehicle"])).items():
        memo[("vehicle", vid)] = lines
    for cid, lines in (await f.clients_facts(conn, want["client"])).items():
        memo[("client", cid)] = lines
    for number in e.notes:
        if ("note", number) not in memo:
            memo[("note", number)] = await f.note_facts(conn, company_id, number)
    for did in e.drivers:
        if ("driver", did) not in memo:
            memo[("driver", did)] = await f.driver_facts(conn, did)
    keys = (
        [("note", n) for n in e.notes]
        + [("vehicle", v) for v in e.vehicles]
        + [("client", c) for c in e.clients]
        + [("driver", d) for d in e.drivers]
    )
    return list(e.ambiguous) + [line for key in keys for line in memo.get(key, [])]


def _trim(e: Entities, limit: int) -> Entities:
    out = Entities()
    out.extend(e, limit)
    return out


def _turn_mentions(turn: Turn) -> list[tuple[Mentions, bool]]:
    """(mentions, by_name) of a turn's question and answer. An answer counts only for what it names
    explicitly — "[412]", a plate, "remisión 1234" — not bare numbers (a model year, a quantity)."""
    answer = find_mentions(turn.a)
    answer.numbers, answer.spoken_codes, answer.words = [], [], []
    return [(find_mentions(turn.q), True), (answer, False)]


async def history_entities(conn: asyncpg.Connection, turns: list[Turn], skip: Entities) -> tuple[Entities, Entities]:
    """(entities, focus) of the recent turns, in one pass, most recent first (questions by name too,
    answers by code/plate/note only). `entities`: at most MAX_HISTORY_ENTITIES, excluding those in
    `skip`. `focus`: what a follow-up without entities of its own is about — the entities of the most
    recent turn text that has any, its question preferred over its answer (an answer may list many)."""
    found, focus = Entities(), Entities()
    texts = [tm for turn in reversed(turns) for tm in _turn_mentions(turn) if not tm[0].is_empty()]
    async for e in resolve_each(conn, texts):
        if found.count() >= MAX_HISTORY_ENTITIES:
            break
        if not focus.count() and e.count():
            focus = _trim(e, MAX_HISTORY_ENTITIES)
        for name in ("notes", "vehicles", "clients", "drivers", "ambiguous"):
            setattr(e, name, [x for x in getattr(e, name) if x not in getattr(skip, name)])
        found.extend(e, MAX_HISTORY_ENTITIES - found.count())
    return found, focus


MIN_FACTS_TOKENS = 600  # what a long history may not take from the facts


def _instructions_tokens(today: date) -> int:
    return estimate_tokens(system_prompt("N" * 40, "America/Bogota", today, ""))  # the prompt without facts


def _turns_tokens(turns: list[Turn]) -> int:
    return sum(estimate_tokens(t.q) + estimate_tokens(t.a) for t in turns)


async def build_context(
    conn: asyncpg.Connection,
    *,
    company_id: int,
    question: str,
    turns: list[Turn],
    budget_tokens: int,
    prompt_budget_tokens: int | None = None,
    cache: CompanyFactsCache | None = None,
    exact_lines: list[str] | None = None,
    focus: Entities | None = None,
    asked: Entities | None = None,
) -> GroundedContext:
    """The facts for one question (conn inside `tenant_transaction`). `budget_tokens` bounds the facts.
    `prompt_budget_tokens`, when given, bounds the whole request (instructions + facts + history +
    question): the history turns are shortened oldest first down to leave MIN_FACTS_TOKENS, then the
    facts get what is left. `GroundedContext.turns` are the turns to send. `cache` keeps the
    question-independent blocks for a few seconds (see company_facts.py). `exact_lines` (the parsed
    question's exact answer) open the facts; `focus` adds the conversation focus's entities. `asked`: the
    question's entities already resolved (`backend.answers.Understood.asked`); None resolves them here."""
    today = (await company_catalogue(conn)).company.today
    sent_turns = turns
    if prompt_budget_tokens is not None:
        fixed = _instructions_tokens(today) + estimate_tokens(question)
        sent_turns = fit_turns(turns, prompt_budget_tokens - fixed - MIN_FACTS_TOKENS, estimate_tokens)
        budget_tokens = max(0, min(budget_tokens, prompt_budget_tokens - fixed - _turns_tokens(sent_turns)))
    if asked is None:
        asked = await resolve(conn, find_mentions(question))
    asked = _trim(asked, MAX_QUESTION_ENTITIES)
    if focus is not None:
        asked.extend(focus, MAX_QUESTION_ENTITIES - asked.count())
    earlier, _ = await history_entities(conn, turns, asked)
    memo: dict[tuple[str, object], list[str]] = {}
    asked_lines = await _lines(conn, company_id, asked, memo)
    earlier_lines = await _lines(conn, company_id, earlier, memo)
    company = await (cache.get(conn, company_id, today) if cache else read_company_blocks(conn))
    expiring = company.expiring
    blocks = [
        Block(
            "Respuesta exacta a la pregunta (calculada con la base de datos; úsala tal cual):",
            list(exact_lines or []),
            required=True,
        ),
        Block("Datos de lo que se pregunta:", asked_lines, required=True),
        Block("Datos de lo mencionado antes en la conversación:", earlier_lines, required=True),
        Block(
            f"Documentos vencidos o que vencen en {EXPIRY_WINDOW_DAYS} días, y vehículos sin documentos"
            " (vehículos activos, lo más urgente primero):",
            expiring,
        ),
        # The summary (3 lines) goes before the long top-clients list: the list fills any budget, and
        # without the summary "¿cuántas canastillas hay en total?" would have no answer.
        Block("Resumen de la flota:", company.summary),
        Block("Clientes con mayor saldo de activos (suma de todos los tipos), de mayor a menor:", company.top_clients),
    ]
    packed = pack(blocks, budget_tokens)
    text = render(packed)
    return GroundedContext(today, text, estimate_tokens(text), packed, sent_turns)
