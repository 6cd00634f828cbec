"""Warm-up at backend start (`FLEETOPS_DB_WARM_CONNECTIONS`, default 6; 0: off).

Without it the first questions after a start are the slow ones: the first `/v1/ask` cost ≈ 145 ms
idle (the backend's imports done on first use, the Anthropic types' validators built on the first
reply) and the next ≈ 5 cost 40–55 ms each (every pooled connection's first statements: asyncpg
prepares each statement once per connection, and a PostgreSQL server process loads the catalogue
entries of every relation and function it touches once). `warm_up` does that work before the first
question: it opens `connections` pooled connections at once (so the pool keeps that many: see
`FLEETOPS_DB_POOL_IDLE_LIFETIME_S`), and on each runs the statements of a question's path — the
secret lookup, the caller row (with and without the other companies' names), a few questions of the
common kinds (a client's saldo, documents due, a follow-up with history) through `understand` and
`build_context`, and the usage row — inside one transaction that is rolled back, so nothing is written
and no company's rate limit is counted. It then validates one canned model reply (`parse_message`).

Warm-up is best effort: an error (no company yet, the database slow or down) is logged once and the
backend starts anyway; the first questions are then only slower.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any, cast

import asyncpg

from backend.config import BackendSettings
from backend.core.history import Turn
from backend.store.companies import lowest_company_id

log = logging.getLogger(__name__)

#: Questions of the kinds a chat asks most (the bench's probe asks the first); their answers are thrown away.
WARM_QUESTIONS = (
    "¿Cuántas canastillas tiene el cliente 400?",
    "¿qué documentos vencen este mes?",
    "¿y el 410?",
)
WARM_TURNS = [Turn("¿Cuántas canastillas tiene el cliente 400?", "El cliente [400] tiene 12 canastillas.")]
#: A well-formed Messages API reply, validated once so the SDK types' validators are built before a real one.
WARM_REPLY = (
    b'{"id":"msg_warm","type":"message","role":"assistant","model":"warm","content":[{"type":"text",'
    b'"text":"ok"}],"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}'
)


class _RolledBack(Exception):
    """Raised inside the warm-up transaction so that it is rolled back."""


async def warm_connection(conn: asyncpg.Connection, settings: BackendSettings, company_id: int | None) -> None:
    """Run a question's statements once on `conn`, in a transaction rolled back at the end."""
    from backend.db.connect import switch_tenant
    from backend.store.auth import credentials_as_tenant
    from backend.store.usage import UsageRow, insert_usage

    timeout = settings.statement_timeout_s
    with contextlib.suppress(_RolledBack):
        async with conn.transaction():
            await credentials_as_tenant(conn, digest=bytes(32), today=settings.today, statement_timeout_s=timeout)
            if company_id is not None:
                await switch_tenant(conn, company_id, today=settings.today)
                await _ask_questions(conn, settings, company_id)
                row = UsageRow(company_id, "warm-up", "", "data_only")
                await insert_usage(conn, rows=[row], statement_timeout_s=timeout)
            raise _RolledBack


async def _ask_questions(conn: asyncpg.Connection, settings: BackendSettings, company_id: int) -> None:
    """Inside the company's tenant transaction: the caller row, then `WARM_QUESTIONS` as /v1/ask reads them."""
    from backend.answers import understand
    from backend.answers.grounded import question_context
    from backend.context.company_catalogue import CompanyCatalogue, given
    from backend.store.companies import Company, caller_row
    from backend.store.request_reads import remembered

    row = None
    for others in (False, True):  # the other companies' names are cached: both statements are hot
        row = await caller_row(
            conn,
            company_id=company_id,
            user_id=1,
            catalogue=True,
            others=others,
            statement_timeout_s=settings.statement_timeout_s,
        )
    known = None
    if row is not None and row.assets is not None and row.cities is not None:
        known = CompanyCatalogue(
            Company(row.company.name, row.company.timezone, row.today), row.assets, row.cities, row.others
        )
    for k, question in enumerate(WARM_QUESTIONS):
        turns = WARM_TURNS if k == len(WARM_QUESTIONS) - 1 else []
        async with given(known), remembered():
            understood = await understand(conn, company_id=company_id, question=question, turns=turns, focus=[])
            await question_context(
                conn,
                understood,
                company_id=company_id,
                question=question,
                turns=turns,
                budget_tokens=settings.context_budget_tokens,
                prompt_budget_tokens=settings.prompt_budget_tokens,
            )


async def warm_pool(pool: asyncpg.Pool, settings: BackendSettings, connections: int) -> int:
    """Hold `connections` (at most the pool's maximum) of `pool` at once and warm each; returns how many."""
    count = min(connections, settings.pool_max_size)
    held: list[Any] = []
    try:
        for _ in range(count):
            held.append(await pool.acquire(timeout=settings.pool_acquire_timeout_s))
        conns = [cast(asyncpg.Connection, proxy) for proxy in held]  # the pool's proxy forwards every method
        timeout = settings.statement_timeout_s
        company_id = await lowest_company_id(conns[0], statement_timeout_s=timeout) if conns else None
        # every warm-up ends before its connection goes back: releasing one mid-statement (the others of a
        # failed gather still running) hung the start
        done = await asyncio.gather(
            *(warm_connection(conn, settings, company_id) for conn in conns), return_exceptions=True
        )
        failed = next((r for r in done if isinstance(r, BaseException)), None)
        if failed is not None:
            raise failed
    finally:
        for proxy in held:
            await pool.release(proxy)
    return len(held)


def warm_model_reply() -> None:
    """Validate one canned model reply (imports the SDK's types and builds their validators)."""
    from backend.llm import parse_message

    parse_message(WARM_REPLY, 0)


async def warm_up(pools: list[asyncpg.Pool], settings: BackendSettings) -> bool:
    """Warm `pools` and the model reply's parsing; True when everything was warmed. Never raises
    (an error is logged once and the backend starts cold); `FLEETOPS_DB_WARM_CONNECTIONS=0` skips it."""
    if settings.db_warm_connections == 0:
        return False
    started = time.monotonic()
    try:
        warm_model_reply()
        warmed = [await warm_pool(pool, settings, settings.db_warm_connections) for pool in pools]
    except Exception as exc:  # noqa: BLE001 — a failed warm-up must never stop the start
        log.warning("warm-up skipped (%s); the first questions will be slower", type(exc).__name__)
        return False
    took_ms = (time.monotonic() - started) * 1000
    log.info("warm-up: %s connection(s) warmed in %.0f ms", "+".join(map(str, warmed)), took_ms)
    return True
