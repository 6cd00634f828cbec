"""`fleetops prompt`: print, as one JSON object, exactly the keyword arguments `/v1/ask` would pass
to `messages.create` for a question of a company — no network call. Exit 1 on a bad company,
history file or question."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from datetime import date
from pathlib import Path
from typing import Any

import asyncpg

from backend.admin_cli import company_id
from backend.config import BackendSettings
from backend.context import build_context
from backend.context.prompt import request_kwargs
from backend.db.connect import database_url, tenant_transaction
from backend.history import clean_text, sanitize_history


async def dry_run(conn: asyncpg.Connection, settings: BackendSettings, *, slug: str, question: str,
                  history: Any = None, today: date | None = None) -> dict[str, Any]:
    """The `messages.create` kwargs for `question` asked to company `slug` (owner connection).
    ValueError for an unknown company or an empty / too long question."""
    cid = await company_id(conn, slug)
    if cid is None:
        raise ValueError(f"Empresa desconocida: {slug}")
    text = clean_text(question)
    if not text or len(text) > settings.question_max_chars:
        raise ValueError(f"La pregunta debe tener entre 1 y {settings.question_max_chars} caracteres.")
    turns = sanitize_history(history or [])
    async with tenant_transaction(conn, cid, today=today or settings.today):
        company = await conn.fetchrow("SELECT name, timezone FROM companies WHERE id = $1", cid)
        ctx = await build_context(conn, company_id=cid, question=text, turns=turns,
                                  budget_tokens=settings.context_budget_tokens,
                                  prompt_budget_tokens=settings.prompt_budget_tokens)
    return request_kwargs(model=settings.model, max_tokens=settings.max_tokens, company_name=company["name"],
                          timezone=company["timezone"], today=ctx.today, facts=ctx.facts, turns=ctx.turns,
                          question=text)


def cmd_prompt(args: argparse.Namespace) -> int:
    settings = BackendSettings()
    history: Any = []
    if args.history:
        try:
            history = json.loads(Path(args.history).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            print(f"No pude leer el historial {args.history}: {type(exc).__name__}", file=sys.stderr)
            return 1
    today = date.fromisoformat(args.today) if args.today else None
    with database_url(settings) as dsn:
        async def run() -> dict[str, Any]:
            conn = await asyncpg.connect(dsn, timeout=settings.db_connect_timeout_s)
            try:
                return await dry_run(conn, settings, slug=args.company, question=args.question,
                                     history=history, today=today)
            finally:
                await conn.close()
        try:
            kwargs = asyncio.run(run())
        except ValueError as exc:
            print(str(exc), file=sys.stderr)
            return 1
    print(json.dumps(kwargs, ensure_ascii=False, indent=2))
    return 0
