"""POST /v1/ask: a question plus the chat's recent history -> a grounded plain-text answer.

Flow: authenticate (no connection held afterwards) -> sanitize question and history -> build the
grounded context in one tenant transaction -> release the connection -> one model call (or the
data-only template when no API key is configured) -> one usage row -> response.
"""

from __future__ import annotations

import logging
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from backend.api_deps import Caller, acquire, caller
from backend.context import GroundedContext, build_context
from backend.contract import AskRequest, AskResponse
from backend.context.prompt import CUT_SHORT, data_only_answer, request_kwargs
from backend.context.spoken_entities import resolve_voice_question
from backend.db.connect import tenant_transaction
from backend.errors import ApiError
from backend.history import clean_text, sanitize_history
from backend.llm import USAGE_FIELDS, ModelUnavailable, ask_model

log = logging.getLogger(__name__)
router = APIRouter(prefix="/v1", tags=["preguntas"])
LLM_DOWN = "El asistente de IA no está disponible en este momento. Intenta de nuevo en un momento."


def clean_question(raw: str, max_chars: int) -> str:
    """The question without control characters; 422 when empty or longer than `max_chars`."""
    question = clean_text(raw)
    if not question:
        raise ApiError(422, "invalid_request", "La pregunta está vacía.")
    if len(question) > max_chars:
        raise ApiError(422, "question_too_long", f"La pregunta es demasiado larga (máximo {max_chars} caracteres)."
                       " Hazla más corta, por escrito o en una nota de voz breve.")
    return question


async def log_usage(request: Request, who: Caller, *, model: str, outcome: str,
                    usage: dict[str, int | None], latency_ms: int | None) -> None:
    """One llm_usage row (never the question). A failure here is logged, not raised."""
    log.info("ask company=%s request_id=%s outcome=%s input_tokens=%s output_tokens=%s latency_ms=%s",
             who.slug, who.request_id, outcome, usage.get("input_tokens"), usage.get("output_tokens"), latency_ms)
    try:
        async with acquire(request) as conn, tenant_transaction(conn, who.company_id):
            await conn.execute(
                "INSERT INTO llm_usage (company_id, request_id, model, input_tokens, output_tokens,"
                " cache_read_input_tokens, cache_creation_input_tokens, latency_ms, outcome)"
                " VALUES (fleetops_company_id(), $1, $2, $3, $4, $5, $6, $7, $8)",
                who.request_id, model, *(usage.get(k) for k in USAGE_FIELDS), latency_ms, outcome)
    except Exception as exc:  # the answer matters more than its log row
        log.warning("could not store the usage row, request_id=%s: %s", who.request_id, type(exc).__name__)


@router.post("/ask", response_model=AskResponse)
async def ask(body: AskRequest, who: Annotated[Caller, Depends(caller)], request: Request) -> dict[str, Any]:
    """Answer from the company's data. 422 `question_too_long`/`invalid_request`,
    503 `llm_unavailable`/`db_unavailable`, plus the auth errors of every /v1 route."""
    settings = request.app.state.settings
    question = clean_question(body.question, settings.question_max_chars)
    turns = sanitize_history(body.history)
    no_usage = dict.fromkeys(USAGE_FIELDS)
    async with acquire(request) as conn, tenant_transaction(conn, who.company_id, today=settings.today):
        if body.source == "voice":  # spoken codes and plates checked against the company's own first
            spoken = await resolve_voice_question(conn, question)
            if spoken.answer:
                return {"answer": spoken.answer, "request_id": who.request_id, "usage": no_usage,
                        "mode": "data_only", "answer_kind": spoken.answer_kind}
            question = spoken.question
        ctx: GroundedContext = await build_context(conn, company_id=who.company_id, question=question,
                                                   turns=turns, budget_tokens=settings.context_budget_tokens,
                                                   prompt_budget_tokens=settings.prompt_budget_tokens,
                                                   cache=request.app.state.company_facts)
    client = request.app.state.anthropic
    if client is None:
        await log_usage(request, who, model="", outcome="data_only", usage=no_usage, latency_ms=None)
        return {"answer": data_only_answer(ctx.entity_lines, ctx.fallback_lines), "request_id": who.request_id,
                "usage": no_usage, "context_tokens_est": ctx.tokens_est, "stop_reason": None, "mode": "data_only"}
    kwargs = request_kwargs(model=settings.model, max_tokens=settings.max_tokens, company_name=who.name,
                            timezone=who.timezone, today=ctx.today, facts=ctx.facts, turns=ctx.turns, question=question)
    try:
        result = await ask_model(client, kwargs)
    except ModelUnavailable as exc:
        await log_usage(request, who, model=settings.model, outcome=exc.outcome, usage=exc.usage,
                        latency_ms=exc.latency_ms)
        extra = "\n\n" + data_only_answer(ctx.entity_lines, []) if ctx.entity_lines else ""
        raise ApiError(503, "llm_unavailable", LLM_DOWN + extra) from None
    cut = result.stop_reason == "max_tokens"
    await log_usage(request, who, model=settings.model, outcome="max_tokens" if cut else "ok",
                    usage=result.usage, latency_ms=result.latency_ms)
    return {"answer": result.text + (CUT_SHORT if cut else ""), "request_id": who.request_id, "usage": result.usage,
            "context_tokens_est": ctx.tokens_est, "stop_reason": result.stop_reason, "mode": "model"}
