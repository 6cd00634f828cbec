"""POST /v1/voice/candidates: the company's candidates for a code or plate a transcript may have misheard."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr

from backend.contract.entities import SpokenKind, UserId


class SpokenCandidatesRequest(BaseModel):
    """POST /v1/voice/candidates body: a voice transcript (`transcript`, as the bot would send it to
    /v1/ask) and the admin asking. `partial`: the transcript is only what came before a decoding loop
    (the bot refuses such a note unless one of its slots is then heard clearly), so a kind word or a
    dictation of letters at its end is enough to open a slot (a JSON true or false: strict). Nothing is
    answered or stored."""

    model_config = ConfigDict(extra="ignore")
    transcript: StrictStr
    user_id: UserId
    partial: StrictBool = False


class SpokenCandidate(BaseModel):
    """One of the company's own entities a spoken slot may name: its kind, its key (client code, plate,
    delivery-note number) and `token`, the text that replaces the slot when it is the one said
    («cliente 660», «QBM563», «remisión 3351»: what /v1/ask resolves exactly)."""

    kind: SpokenKind
    key: Annotated[str, Field(min_length=1, max_length=64)]
    token: Annotated[str, Field(min_length=1, max_length=80)]


class SpokenSlot(BaseModel):
    """A place in the transcript where a code or plate was said but not surely heard.

    `start`/`end`: the character span of the transcript the chosen candidate's token replaces (the
    misheard words; `start == end` when nothing usable was heard there). `kind`: what the slot names,
    "code" when a client code or a delivery-note number. `candidates`: the company's own keys that
    could have been said, closest first (at most `MAX_SLOT_CANDIDATES`). `in_words`: the span is a number
    Whisper wrote with its thousands apart («8.1411», «Mil, 940 y 4»): the bot scores the candidates as
    Spanish number words, never as the digits written (`backend.context.spoken_parts`). `lost`: a
    dictation in which no digit was heard («FACE, FACE, SETTLE»): a candidate's words must also score
    above the words as heard."""

    start: Annotated[int, Field(ge=0)]
    end: Annotated[int, Field(ge=0)]
    kind: SpokenKind | Literal["code"]
    candidates: list[SpokenCandidate] = []
    in_words: StrictBool = False
    lost: StrictBool = False


MAX_SLOT_CANDIDATES = 48
"""Candidates per slot at most; a fleet with more plates gets no slot for a plate lost entirely."""


class SpokenCheck(BaseModel):
    """A code or plate the transcript resolves to, from a number said as a number (Whisper writes it
    `D.DDD`, `DDDD`, «1060.8», «K, L, M, 480, I, 2») or a dictation («1, 3, 4», «Uno, tres, cuatro»,
    «K, L, M, 4, 8, 2»): the bot confirms it on the audio before it asks,
    and reports it in `AskRequest.unconfirmed` when the audio does not say it clearly.
    `start`/`end`: the span of the transcript that names it; `kind`/`key`: what it resolves to."""

    start: Annotated[int, Field(ge=0)]
    end: Annotated[int, Field(ge=0)]
    kind: SpokenKind
    key: Annotated[str, Field(min_length=1, max_length=64)]


class SpokenCandidatesResponse(BaseModel):
    """POST /v1/voice/candidates 200 body: `transcript` as the backend read it (the offsets are into it),
    its slots, in order (none when every code and plate it names resolves, or none is named), and its
    checks (the codes and plates it resolves from a number said as a number)."""

    model_config = ConfigDict(extra="ignore")
    transcript: str
    slots: list[SpokenSlot] = []
    checks: list[SpokenCheck] = []
