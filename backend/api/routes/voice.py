"""POST /v1/voice/candidates: where a voice transcript's code or plate was not surely heard, and the
company's own candidates for it, and which codes it resolves from a number said as a number (to confirm
on the audio) (`backend.context.spoken_candidates`). The bot scores them on the note's
audio (`bot.voice.rescore`) before it asks `/v1/ask`; nothing is answered, stored or sent to a model.
Not counted by the rate limit: it is part of the voice note, whose question `/v1/ask` counts.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends

from backend.api.deps import SettingsDep, UncountedTenantDep, body_openapi, checked_body
from backend.api.question_text import clean_question
from backend.context.spoken_candidates import voice_slots
from backend.contract import SpokenCandidatesRequest, SpokenCandidatesResponse

router = APIRouter(prefix="/v1", tags=["voz"])


@router.post(
    "/voice/candidates",
    response_model=SpokenCandidatesResponse,
    openapi_extra=body_openapi(SpokenCandidatesRequest),
)
async def voice_candidates(
    body: Annotated[SpokenCandidatesRequest, Depends(checked_body(SpokenCandidatesRequest))],
    t: UncountedTenantDep,
    settings: SettingsDep,
) -> SpokenCandidatesResponse:
    """The transcript as the backend reads it (`transcript`, control characters removed: the slots'
    offsets are into it) and its slots. 422 `question_too_long`/`invalid_request`, plus the auth
    errors of every /v1 route."""
    text = clean_question(body.transcript, settings.question_max_chars)
    slots, checks = await voice_slots(t.conn, text, partial=body.partial)
    return SpokenCandidatesResponse(transcript=text, slots=slots, checks=checks)
