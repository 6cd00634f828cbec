"""POST /v1/ask: a question plus the chat's recent history -> a grounded plain-text answer.

Flow: authenticate (no connection held afterwards) -> sanitize question and history -> build the
grounded context in one tenant transaction -> release the connection -> one model call (or the
data-only template when no API key is configured) -> one usage row (queued, see `backend.usage`) -> response.
"""

from __future__ import annotations

import logging
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from backend.api_deps import Caller, acquire, body_openapi, caller, checked_body
from backend.context import GroundedContext, build_context
from backend.contract import AskRequest, AskResponse
from backend.context.prompt import CUT_SHORT, data_only_answer, request_kwargs
from backend.context.spoken_entities import resolve_voice_question
from backend.db.connect import tenant_transaction
from backend.errors import ApiError
from backend.history import clean_text, sanitize_history
from backend.llm import USAGE_FIELDS, ModelUnavailable, ask_model
from backend.usage import UsageRecorder, UsageRow

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
    """Queue one llm_usage row (never the question) on the app's `UsageRecorder`; waits only while
    its queue is full. The row is written by the recorder's task (see `backend.usage`)."""
    log.info("ask company=%s request_id=%s outcome=%s input_tokens=%s output_tokens=%s latency_ms=%s",
             who.slug, who.request_id, outcome, usage.get("input_tokens"), usage.get("output_tokens"), latency_ms)
    state = request.app.state
    if state.usage is None:  # app served without its lifespan (ASGI test transports)
        state.usage = UsageRecorder(state.pool)
    await state.usage.record(UsageRow(who.company_id, who.request_id, model, outcome, latency_ms=latency_ms,
                                      **{k: usage.get(k) for k in USAGE_FIELDS}))


@router.post("/ask", response_model=AskResponse, openapi_extra=body_openapi(AskRequest))
async def ask(body: Annotated[AskRequest, Depends(checked_body(AskRequest))], who: Annotated[Caller, Depends(caller)],
              request: Request) -> dict[str, Any]:
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
