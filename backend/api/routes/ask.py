"""POST /v1/ask: a question plus the chat's recent history -> a grounded plain-text answer.

Flow: one connection and one tenant transaction (`backend.api.deps.authorized`) for authentication and
the question: authenticate -> sanitize question and history -> understand the question and compute its
exact answer (`backend.answers`), and, when the model will be asked, build the grounded context whose
facts start with that exact answer -> commit and release the connection -> one model call, or the exact
answer directly (`FLEETOPS_DIRECT_ANSWERS`, see config.py) -> one usage row (queued, see
`backend.api.usage`) -> response with `answer_kind` and `focus`.
A question naming a date that does not exist («el 30 de febrero», «2026-02-30») is told so (`not_found`,
no model call) rather than answered for the month or year around it. A model reply that is not a
finished answer (stop_reason "refusal", "tool_use", "pause_turn"…) is replaced by the exact answer, or
by a `not_found` «No puedo responder eso…»; one cut at "max_tokens" is shown with a notice (the bot
does not remember it: `AskResponse.complete`).
"""

from __future__ import annotations

import logging
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from backend.answers import Exact, understand
from backend.answers.after_failed import NOT_UNDERSTOOD_OPENINGS
from backend.answers.grounded import question_context
from backend.answers.render import company_short
from backend.api.admission import admitted_busy, leave, resume, yield_to_quiet
from backend.api.ask_body import answer_body, document_body
from backend.api.deps import (
    Caller,
    ModelClientDep,
    SettingsDep,
    authorized,
    body_openapi,
    checked_body,
    count_request,
)
from backend.api.errors import ApiError
from backend.api.question_text import clean_question
from backend.api.usage import UsageRecorder
from backend.context.company_catalogue import given
from backend.context.prompt import CUT_SHORT, request_kwargs
from backend.context.spoken_entities import resolve_voice_question
from backend.contract import COMPLETE_STOP_REASONS, AskRequest, AskResponse
from backend.core.history import sanitize_history
from backend.llm import USAGE_FIELDS, ModelUnavailable, ask_model
from backend.reports.delivery_notes import AskedNote, asked_note, asks_for_document, sends_it
from backend.store.request_reads import remembered
from backend.store.usage import UsageRow
from backend.understanding.calendar_dates import impossible_date

log = logging.getLogger(__name__)
router = APIRouter(prefix="/v1", tags=["preguntas"])
LLM_DOWN = "El asistente de IA no está disponible en este momento. Intenta de nuevo en un momento."
LLM_DOWN_NOTICE = "(El asistente de IA no está disponible ahora; esta es la respuesta exacta de los datos.)"
NOT_UNDERSTOOD = (
    f"{NOT_UNDERSTOOD_OPENINGS[0]} Puedo responder sobre saldos de clientes (código o nombre), vehículos "
    "(placa), conductores, remisiones (número), vencimientos de documentos y licencias, y totales "
    "de la flota. Por ejemplo: «¿qué documentos vencen este mes?»."  # no code: it is every company's text
)
NO_SUCH_DATE = "La fecha «{}» no existe en el calendario: revisa el día, el mes y el año."
NOT_ANSWERED = NOT_UNDERSTOOD_OPENINGS[1] + NOT_UNDERSTOOD.removeprefix(NOT_UNDERSTOOD_OPENINGS[0])


async def log_usage(
    request: Request, who: Caller, *, model: str, outcome: str, usage: dict[str, int | None], latency_ms: int | None
) -> None:
    """Record one llm_usage row (never the question) on the app's `UsageRecorder` (see
    `backend.api.usage`): a busy bot's is queued for the recorder's batches, a quiet bot's
    (`backend.api.admission`) is written at once, so its answer does not wait behind the flood's rows."""
    log.info(
        "ask company=%s request_id=%s outcome=%s input_tokens=%s output_tokens=%s latency_ms=%s",
        who.slug,
        who.request_id,
        outcome,
        usage.get("input_tokens"),
        usage.get("output_tokens"),
        latency_ms,
    )
    await yield_to_quiet(request)
    state = request.app.state
    if state.usage is None:  # app served without its lifespan (ASGI test transports)
        state.usage = UsageRecorder(state.pool)
    await state.usage.record(
        UsageRow(
            who.company_id,
            who.request_id,
            model,
            outcome,
            latency_ms=latency_ms,
            **{k: usage.get(k) for k in USAGE_FIELDS},
        ),
        at_once=not admitted_busy(request),
    )


def answer_direct(mode: str, has_model: bool, exact: Exact | None) -> bool:
    """Whether the exact answer is given without calling the model."""
    if not has_model:
        return True
    return mode == "lookups" and exact is not None and exact.confident and exact.kind == "answer"


@router.post("/ask", response_model=AskResponse, openapi_extra=body_openapi(AskRequest))
async def ask(
    body: Annotated[AskRequest, Depends(checked_body(AskRequest))],
    settings: SettingsDep,
    client: ModelClientDep,
    request: Request,
) -> dict[str, Any]:
    """Answer from the company's data. 422 `question_too_long`/`invalid_request`,
    503 `llm_unavailable`/`db_unavailable`, plus the auth errors of every /v1 route. One question is
    one request for the rate limit (429 `rate_limited`), except an answer that is a document to send:
    the bot's fetch of it is the request counted."""
    no_usage = dict.fromkeys(USAGE_FIELDS)
    # the body was checked before (Depends); the company's row, asset types and cities come with the
    # admin check and serve every read below (backend.context.company_catalogue)
    # and the question's client rows and saldos are read once for its whole transaction (request_reads)
    async with authorized(request, counted=False, catalogue=True) as (who, conn), given(who.catalogue), remembered():
        await yield_to_quiet(request)  # a busy bot's request lets a quiet one's work pass, step by step
        question = clean_question(body.question, settings.question_max_chars)
        turns = sanitize_history(body.history)
        if (bad_date := impossible_date(question, who.today)) is not None:  # never answered for another period
            return {
                "answer": NO_SUCH_DATE.format(bad_date),
                "request_id": who.request_id,
                "usage": no_usage,
                "mode": "data_only",
                "answer_kind": "not_found",
            }
        resolved = None  # a voice question as resolved: what the bot remembers (`AskResponse.question`)
        if body.source == "voice":  # spoken codes and plates checked against the company's own first
            clear, company = body.heard_clearly, company_short(who.name)
            spoken = await resolve_voice_question(
                conn, question, body.unconfirmed, clear, company, focused=bool(body.focus)
            )
            if spoken.answer:
                await count_request(request, who.company_id)
                return {
                    "answer": spoken.answer,
                    "request_id": who.request_id,
                    "usage": no_usage,
                    "mode": "data_only",
                    "answer_kind": spoken.answer_kind,
                }
            resolved, question = (spoken.question if spoken.resolved else None), spoken.question
        # a request for a note's PDF, typed or spoken (its digits joined above): the bot sends the document
        note = await asked_note(
            conn, question, spoken=body.source == "voice", statement_timeout_s=settings.statement_timeout_s
        )
        # «mándame la última remisión del 310», «mándamela»: the one note the exact answer finds
        by_words = note is None and (asks_for_document(question) or sends_it(question))
        if (note is None and not by_words) or (note is not None and not note.exists):
            await count_request(request, who.company_id)  # a document sent is counted at its fetch (GET …pdf)
        if note is not None:
            return document_body(who, note, no_usage)
        await yield_to_quiet(request)
        understood = await understand(conn, company_id=who.company_id, question=question, turns=turns, focus=body.focus)
        exact = understood.exact
        if by_words and exact is not None and exact.kind == "answer" and exact.note:
            return document_body(who, AskedNote(exact.note, True, found_as=exact.text), no_usage)
        if by_words:
            await count_request(request, who.company_id)
        direct = answer_direct(settings.direct_answers, client is not None, exact)
        if not direct:
            await yield_to_quiet(request)
            ctx = await question_context(
                conn,
                understood,
                company_id=who.company_id,
                question=question,
                turns=turns,
                budget_tokens=settings.context_budget_tokens,
                prompt_budget_tokens=settings.prompt_budget_tokens,
                cache=request.app.state.company_facts,
            )
    if direct:
        await log_usage(request, who, model="", outcome="data_only", usage=no_usage, latency_ms=None)
        return answer_body(
            who,
            exact.text if exact else NOT_UNDERSTOOD,
            exact,
            understood,
            resolved=resolved,
            usage=no_usage,
            context_tokens_est=0,
            stop_reason=None,
            mode="data_only",
        )
    kwargs = request_kwargs(
        model=settings.model,
        max_tokens=settings.max_tokens,
        company_name=who.name,
        timezone=who.timezone,
        today=ctx.today,
        facts=ctx.facts,
        turns=ctx.turns,
        question=question,
    )
    leave(request)  # the model call holds no admission place (backend.api.admission)
    await yield_to_quiet(request)
    try:
        result = await ask_model(client, kwargs)
    except ModelUnavailable as exc:
        resume(request)
        request.app.state.model_status.failed(exc.outcome)
        await log_usage(
            request, who, model=settings.model, outcome=exc.outcome, usage=exc.usage, latency_ms=exc.latency_ms
        )
        if exact is None or settings.direct_answers == "off":
            raise ApiError(503, "llm_unavailable", LLM_DOWN) from None
        return answer_body(
            who,
            f"{LLM_DOWN_NOTICE}\n{exact.text}",
            exact,
            understood,
            resolved=resolved,
            usage=exc.usage,
            context_tokens_est=ctx.tokens_est,
            stop_reason=None,
            mode="data_only",
        )
    resume(request)  # a quiet request's usage row and response: busy ones let them pass
    request.app.state.model_status.answered()
    cut = result.stop_reason == "max_tokens"
    finished = cut or result.stop_reason in COMPLETE_STOP_REASONS
    await log_usage(
        request,
        who,
        model=settings.model,
        outcome="ok" if result.stop_reason in COMPLETE_STOP_REASONS else result.stop_reason or "no_stop_reason",
        usage=result.usage,
        latency_ms=result.latency_ms,
    )
    if not finished:  # a refusal, a tool call, a paused turn: its text is no answer; the exact one, if any
        log.warning("model stopped with %s, request_id=%s", result.stop_reason, who.request_id)
        return answer_body(
            who,
            exact.text if exact else NOT_ANSWERED,
            exact,
            understood,
            resolved=resolved,
            usage=result.usage,
            context_tokens_est=ctx.tokens_est,
            stop_reason=None if exact else result.stop_reason,
            mode="data_only",
        )
    return answer_body(
        who,
        result.text + (CUT_SHORT if cut else ""),
        exact,
        understood,
        resolved=resolved,
        usage=result.usage,
        context_tokens_est=ctx.tokens_est,
        stop_reason=result.stop_reason,
        mode="model",
    )
