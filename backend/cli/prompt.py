"""`fleetops prompt`: print, as one JSON object, how `/v1/ask` understands a question of a company
(`understanding`: intent, slots, focus, the exact answer) next to exactly the keyword arguments it would
pass to `messages.create` (`messages_create`) — no network call. Exit 1 on a bad company, history file
or question."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from datetime import date
from pathlib import Path
from typing import Any

import asyncpg

from backend.answers import Understood, understand
from backend.answers.grounded import question_context
from backend.cli.admin import company_id
from backend.config import BackendSettings
from backend.context.prompt import request_kwargs
from backend.core.history import sanitize_history
from backend.core.text import clean_text
from backend.db.connect import database_url, tenant_transaction
from backend.store.companies import company_by_id


def describe(understood: Understood) -> dict[str, Any]:
    """The parse as JSON: intent, slots set, entities named, focus, exact answer."""
    q, exact = understood.question, understood.exact
    slots = {name: getattr(q, name) for name in sorted(q.slots_set)}
    if q.period is not None and "period" in slots:
        slots["period"] = {
            "start": q.period.start.isoformat(),
            "end": q.period.end.isoformat(),
            "label": q.period.label,
        }
    m = q.mentions
    return {
        "intent": exact.intent if exact else None,
        "slots": slots,
        "follow_up": q.follow_up,
        "named": {
            "codes": m.codes,
            "numbers": m.numbers,
            "notes": m.notes,
            "plates": m.plates,
            "names": list(q.name_words),
        },
        "about": understood.subject.source or None,
        "focus": [f.model_dump() for f in (exact.focus if exact else understood.subject.focus())],
        "answer_kind": exact.kind if exact else None,
        "exact_answer": exact.text if exact else None,
    }


async def dry_run(
    conn: asyncpg.Connection,
    settings: BackendSettings,
    *,
    slug: str,
    question: str,
    history: Any = None,
    today: date | None = None,
    focus: list[object] | None = None,
    with_parse: bool = False,
) -> dict[str, Any]:
    """The `messages.create` kwargs for `question` asked to company `slug` (owner connection); with
    `with_parse`, `{"understanding": ..., "messages_create": kwargs}`. ValueError for an unknown
    company or an empty / too long question."""
    cid = await company_id(conn, slug)
    if cid is None:
        raise ValueError(f"Empresa desconocida: {slug}")
    text = clean_text(question)
    if not text or len(text) > settings.question_max_chars:
        raise ValueError(f"La pregunta debe tener entre 1 y {settings.question_max_chars} caracteres.")
    turns = sanitize_history(history or [])
    async with tenant_transaction(conn, cid, today=today or settings.today):
        company = await company_by_id(conn, company_id=cid)
        if company is None:  # the slug was just found: only a concurrent delete gets here
            raise ValueError(f"Empresa desconocida: {slug}")
        understood = await understand(conn, company_id=cid, question=text, turns=turns, focus=focus or [])
        ctx = await question_context(
            conn,
            understood,
            company_id=cid,
            question=text,
            turns=turns,
            budget_tokens=settings.context_budget_tokens,
            prompt_budget_tokens=settings.prompt_budget_tokens,
        )
    kwargs = request_kwargs(
        model=settings.model,
        max_tokens=settings.max_tokens,
        company_name=company.name,
        timezone=company.timezone,
        today=ctx.today,
        facts=ctx.facts,
        turns=ctx.turns,
        question=text,
    )
    return {"understanding": describe(understood), "messages_create": kwargs} if with_parse else kwargs


HISTORY_MAX_BYTES = 1 << 20  # a history the bot sends is a few KB (6 pairs of 400 characters)


def read_history(path: Path) -> Any:
    """The JSON value of history file `path`; ValueError with the reason in Spanish (before: the
    exception's class name — «UnicodeDecodeError» —, and a deeply nested file a RecursionError traceback)."""
    from backend.cli.failures import file_problem

    try:
        with path.open("rb") as f:
            raw = f.read(HISTORY_MAX_BYTES + 1)
    except OSError as exc:
        raise ValueError(file_problem(exc)) from None
    if len(raw) > HISTORY_MAX_BYTES:
        raise ValueError(f"pasa de {HISTORY_MAX_BYTES // 1024} KiB; un historial es de pocos KB")
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise ValueError(f"no está en UTF-8 (byte {exc.object[exc.start]:#04x} en la posición {exc.start})") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"no es JSON válido (línea {exc.lineno}, columna {exc.colno})") from None
    except RecursionError:
        raise ValueError("anida listas u objetos demasiado hondo para leerlo") from None


def cmd_prompt(args: argparse.Namespace) -> int:
    settings = BackendSettings()
    history: Any = []
    if args.history:
        try:
            history = read_history(Path(args.history))
        except ValueError as exc:
            print(f"No pude leer el historial {args.history}: {exc}.", file=sys.stderr)
            return 1
    today: date | None = args.today  # parsed by argparse (backend.cli.argparse_es.day)
    if today is None and settings.today is None and not settings.database_url:
        from backend.cli.demo import DEMO_TODAY  # the demo's database: the demo's «today», as `fleetops demo` uses

        today = DEMO_TODAY
    with database_url(settings) as dsn:

        async def run() -> dict[str, Any]:
            conn = await asyncpg.connect(dsn, timeout=settings.db_connect_timeout_s)
            try:
                return await dry_run(
                    conn,
                    settings,
                    slug=args.company,
                    question=args.question,
                    history=history,
                    today=today,
                    with_parse=True,
                )
            finally:
                await conn.close()

        try:
            kwargs = asyncio.run(run())
        except ValueError as exc:
            print(str(exc), file=sys.stderr)
            return 1
    print(json.dumps(kwargs, ensure_ascii=False, indent=2))
    return 0
