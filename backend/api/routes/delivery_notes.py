"""GET /v1/delivery-notes/{number}.pdf — a delivery note (remisión) of the caller's company as PDF.

Same authentication and rules as every /v1 route (the `tenant` dependency). A number that the
authenticated company does not have — including another company's — is 404 `delivery_note_not_found`.
"""

from __future__ import annotations

from fastapi import APIRouter, Response
from starlette.concurrency import run_in_threadpool

from backend.api.deps import SettingsDep, TenantDep, UserIdQuery
from backend.api.errors import ApiError, error_response_doc
from backend.core.files import generated_filename
from backend.core.lookalike_letters import typed_text
from backend.core.text import clean_text
from backend.reports.delivery_note_pdf import render_delivery_note_pdf
from backend.reports.delivery_notes import fetch_delivery_note, not_found_message

router = APIRouter(prefix="/v1", tags=["remisiones"])


@router.get(
    "/delivery-notes/{number}.pdf",
    response_class=Response,
    responses={
        200: {"content": {"application/pdf": {}}, "description": "La remisión en PDF."},
        404: error_response_doc("`delivery_note_not_found`"),
    },
)
async def delivery_note_pdf(number: str, t: TenantDep, user_id: UserIdQuery, settings: SettingsDep) -> Response:
    """200 application/pdf (filename remision-<company>-<number>.pdf); 404 `delivery_note_not_found`; 422
    `invalid_request` when nothing is left of `number` after `clean_text` (`%00.pdf`: the message named
    «la remisión  »). The number is read as typed anywhere (`typed_text`: «٥٠٠٠١», «５０００１» are 50001)."""
    timeout = settings.statement_timeout_s
    number = typed_text(clean_text(number[:200], single_line=True))
    if not number:
        raise ApiError(422, "invalid_request", "Falta el número de la remisión.")
    note = await fetch_delivery_note(t.conn, t.company_id, number, statement_timeout_s=timeout)
    if note is None:
        raise ApiError(404, "delivery_note_not_found", not_found_message(number))
    pdf = await run_in_threadpool(render_delivery_note_pdf, note)
    return Response(
        content=pdf,
        media_type="application/pdf",
        headers={
            "Content-Disposition": f'inline; filename="{generated_filename("remision", t.slug, note.number, "pdf")}"',
            "Cache-Control": "no-store",
            "X-Request-ID": t.request_id,
        },
    )
