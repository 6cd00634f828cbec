"""POST /v1/ask: the question with its history and focus, and the answer."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictStr

from backend.contract.entities import ChatId, EntityKey, FocusEntity, SpokenKind, UserId
from backend.core.text import clean_text


class HistoryTurn(BaseModel):
    """One remembered question–answer pair, oldest first in `AskRequest.history`."""

    q: str
    a: str


MAX_DOUBTS = 8
"""Unconfirmed codes per voice question at most (`AskRequest.unconfirmed`)."""


class SpokenDoubt(BaseModel):
    """A code or plate a voice transcript names that the note's audio did not confirm (`bot.voice.rescore`:
    a number said as a number that a reading with one digit changed sounds about as likely as). `key`
    is what the transcript resolves to; `near`: the keys (any, the company's or not) of the readings
    that came as close. The backend asks back for it instead of answering: the candidates among `key`
    and the company's own `near` keys, or «No entendí bien…» when `key` is the only one. `key` and `near`
    are `EntityKey`s: one with a NUL, control or invisible character is a 422, never a query (was a 500)."""

    model_config = ConfigDict(extra="ignore")
    kind: SpokenKind
    key: EntityKey
    near: Annotated[list[EntityKey], Field(max_length=64)] = []


class AskRequest(BaseModel):
    """POST /v1/ask body.

    `history` is untrusted: any JSON list; the backend keeps only well-formed `{"q", "a"}` turns
    (see `backend.core.history.sanitize_history`). `focus` is what the previous answer was about, sent
    back by the bot; the backend re-resolves every key in the caller's company. `source` says whether
    the question was typed or is a voice transcript; `unconfirmed` (voice only, at most `MAX_DOUBTS`)
    the codes and plates it names that its audio did not confirm (`SpokenDoubt`); `heard_clearly` (voice
    only) the plates it spells exactly that its audio says clearly above every plate of the company they
    could be (`bot.voice.rescore.clear_plates`): one that is not the company's is answered as not in
    the fleet («La placa VLL330 no está en la flota de …»), like a typed one, instead of «no entendí».
    """

    model_config = ConfigDict(extra="ignore")
    question: StrictStr
    history: list[object] = []
    chat_id: ChatId
    user_id: UserId
    focus: list[object] = []
    source: Literal["text", "voice"] = "text"
    unconfirmed: Annotated[list[SpokenDoubt], Field(max_length=MAX_DOUBTS)] = []
    heard_clearly: Annotated[list[EntityKey], Field(max_length=MAX_DOUBTS)] = []


class Usage(BaseModel):
    """Anthropic Messages API `usage` of the model call (all None without a model call)."""

    input_tokens: int | None = None
    output_tokens: int | None = None
    cache_read_input_tokens: int | None = None
    cache_creation_input_tokens: int | None = None


AnswerKind = Literal["answer", "not_found", "ambiguous"]
#: The Messages API `stop_reason`s of an answer that was written to its end. Any other one ("max_tokens",
#: "refusal", "pause_turn", "tool_use", "model_context_window_exceeded") means the text is cut or not
#: an answer: shown, never remembered (`AskResponse.complete`). None: no model call (an exact answer).
COMPLETE_STOP_REASONS = frozenset({"end_turn", "stop_sequence"})
#: Request header a bot host sends ("1") while the company has more updates in progress than the one
#: asking: the backend's admission then never counts it as a quiet bot (`backend.api.admission`).
BUSY_HEADER = "X-Fleetops-Busy"


class DocumentAction(BaseModel):
    """A document the answer is: `kind` "delivery_note_pdf" (the bot fetches GET
    /v1/delivery-notes/{key}.pdf and sends it as a file), `key` the delivery-note number."""

    model_config = ConfigDict(extra="ignore")
    kind: Literal["delivery_note_pdf"]
    key: Annotated[str, Field(min_length=1, max_length=64)]


class AskResponse(BaseModel):
    """POST /v1/ask 200 body.

    `mode`: "model" (phrased by the model) or "data_only" (exact answer without a model call).
    `answer_kind`: "answer", "not_found" (the bot must not store the pair) or "ambiguous" (a
    candidate list; stored, sets no focus). `focus`: the entities the answer was about, at most one
    per kind. `stop_reason` is the Messages API's; `complete` says whether the text was written to its end.
    `document`: the question asked for a document (a delivery note's PDF, decided by the backend for typed
    and voice questions alike): the bot sends it instead of `answer`, which is the text an older bot shows.
    `question`: a voice question whose spoken codes and plates were resolved, as resolved («¿Cuántas
    canastillas tiene el cliente? 868.» for «… 860 y 8.»): what the bot stores in working memory instead
    of the transcript, so a follow-up read against that history names the same entity.
    """

    model_config = ConfigDict(extra="ignore")
    answer: str
    request_id: str
    usage: Usage = Usage()
    context_tokens_est: int = 0
    stop_reason: str | None = None
    mode: Literal["model", "data_only"] = "data_only"
    answer_kind: AnswerKind = "answer"
    focus: list[FocusEntity] = []
    document: DocumentAction | None = None
    question: str | None = None

    @property
    def complete(self) -> bool:
        """Whether the answer was written to its end (no model call, or a `COMPLETE_STOP_REASONS` one)
        and is not blank — nothing left after `clean_text`, so an answer of only zero-width or control
        characters is blank too (it was stored as a pair): only then may the bot remember the pair."""
        finished = self.stop_reason is None or self.stop_reason in COMPLETE_STOP_REASONS
        return finished and bool(clean_text(self.answer))
