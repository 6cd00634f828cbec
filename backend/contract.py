"""The typed contract between the bot and the backend: every `/v1/ask` body, the error body, the codes.

The bot may import this module (and the language core); it imports nothing of the backend's
internals. FastAPI uses these models as request bodies and `response_model`s; the bot's
`BackendClient` parses responses into them. Fields are added with defaults so that an older peer
keeps working (requests ignore unknown fields; the bot ignores unknown response fields).
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, Strict, StrictStr

from backend.core.text import clean_text

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1

#: Telegram user id: 1 … 2⁶³−1, a JSON integer (strict: no bool, float or numeric string).
UserId = Annotated[int, Strict(), Field(ge=1, le=INT64_MAX)]
#: Telegram chat id: any signed 64-bit integer (group and channel chats are negative); strict as UserId.
ChatId = Annotated[int, Strict(), Field(ge=INT64_MIN, le=INT64_MAX)]


class ErrorCode(StrEnum):
    """Machine code of every error body (`ErrorBody.error`), with its HTTP status."""

    INVALID_REQUEST = "invalid_request"  # 400/422: malformed body or parameter
    QUESTION_TOO_LONG = "question_too_long"  # 422
    PAYLOAD_TOO_LARGE = "payload_too_large"  # 413
    UNAUTHORIZED = "unauthorized"  # 401: missing or unknown bot secret
    FORBIDDEN_PROXY = "forbidden_proxy"  # 403: request came through a proxy (X-Real-IP)
    NOT_AUTHORIZED = "not_authorized"  # 403: the user is not an admin of the bot's company
    NOT_FOUND = "not_found"  # 404: no such route
    CLIENT_NOT_FOUND = "client_not_found"  # 404
    DELIVERY_NOTE_NOT_FOUND = "delivery_note_not_found"  # 404
    ADMIN_NOT_FOUND = "admin_not_found"  # 404: bot-level routes, no such admin in the company
    ASSET_TYPE_NOT_FOUND = "asset_type_not_found"  # 404: chart of an asset type the company lacks
    CLIENT_AMBIGUOUS = "client_ambiguous"  # 409: a chart for a name several clients match
    METHOD_NOT_ALLOWED = "method_not_allowed"  # 405
    RATE_LIMITED = "rate_limited"  # 429, with Retry-After
    HTTP_ERROR = "http_error"  # other 4xx from the HTTP layer
    INTERNAL_ERROR = "internal_error"  # 500: a bug; details only in the log
    LLM_UNAVAILABLE = "llm_unavailable"  # 503: the model failed and there is no exact answer to give
    DB_UNAVAILABLE = "db_unavailable"  # 503: the database is unreachable
    OVERLOADED = "overloaded"  # 503, with Retry-After: waited too long for a place (backend.api.admission)


class ErrorBody(BaseModel):
    """Every 4xx/5xx body: `{"error", "message", "request_id"}`; `message` is Spanish, fit for a user."""

    error: str
    message: str
    request_id: str


EntityKind = Literal["client", "vehicle", "driver", "delivery_note"]


def _plain_key(value: str) -> str:
    """A natural key as it may reach a query: stripped; refused (ValueError) when blank or carrying a NUL,
    another control or an invisible character, or is not NFC — the import refuses such keys, so no
    company has one, and PostgreSQL refuses a NUL outright."""
    key = value.strip()
    if not key or clean_text(key, single_line=True) != key:
        raise ValueError("the key is blank or carries control or invisible characters")
    return key


#: An entity's natural key from an untrusted peer: 1–64 characters, nothing `clean_text` would change.
EntityKey = Annotated[str, Field(min_length=1, max_length=64), AfterValidator(_plain_key)]
#: Longest entity label kept: «[code] name» with a 64-character key and a 200-character name (the import's
#: limits) and room to spare.
LABEL_MAX = 300


def _label(value: str) -> str:
    """A display label cleaned to one line and cut at LABEL_MAX characters: a label is only shown, so a
    long one is shortened, never a reason to refuse the entity (a client whose imported name has 200
    characters has a 206-character label: refused, its own answer was a 500)."""
    return clean_text(value[: 4 * LABEL_MAX], single_line=True)[:LABEL_MAX].rstrip()


#: A display label from an untrusted peer (or built from the company's data): cleaned, at most LABEL_MAX.
EntityLabel = Annotated[str, AfterValidator(_label)]


class FocusEntity(BaseModel):
    """One entity a conversation is about: kind, its natural key within the company (client code,
    canonical plate, driver document number, delivery-note number) and a display label
    (e.g. `[412] DISTRIBUIDORA PUERTO CLARO`). Untrusted when it comes from the bot."""

    model_config = ConfigDict(extra="ignore")
    kind: EntityKind
    key: EntityKey
    label: EntityLabel = ""


class HistoryTurn(BaseModel):
    """One remembered question–answer pair, oldest first in `AskRequest.history`."""

    q: str
    a: str


SpokenKind = Literal["client", "vehicle", "delivery_note"]
MAX_DOUBTS = 8
"""Unconfirmed codes per voice question at most (`AskRequest.unconfirmed`)."""


class SpokenDoubt(BaseModel):
    """A code or plate a voice transcript names that the note's audio did not confirm (`bot.voice.rescore`:
    a number said as a number that a reading with one digit changed sounds about as likely as). `key`
    is what the transcript resolves to; `near`: the keys (any, the company's or not) of the readings
    that came as close. The backend asks back for it instead of answering: the candidates among `key`
    and the company's own `near` keys, or «No entendí bien…» when `key` is the only one."""

    model_config = ConfigDict(extra="ignore")
    kind: SpokenKind
    key: Annotated[str, Field(min_length=1, max_length=64)]
    near: Annotated[list[Annotated[str, Field(min_length=1, max_length=64)]], Field(max_length=64)] = []


class AskRequest(BaseModel):
    """POST /v1/ask body.

    `history` is untrusted: any JSON list; the backend keeps only well-formed `{"q", "a"}` turns
    (see `backend.core.history.sanitize_history`). `focus` is what the previous answer was about, sent
    back by the bot; the backend re-resolves every key in the caller's company. `source` says whether
    the question was typed or is a voice transcript; `unconfirmed` (voice only, at most `MAX_DOUBTS`)
    the codes and plates it names that its audio did not confirm (`SpokenDoubt`).
    """

    model_config = ConfigDict(extra="ignore")
    question: StrictStr
    history: list[object] = []
    chat_id: ChatId
    user_id: UserId
    focus: list[object] = []
    source: Literal["text", "voice"] = "text"
    unconfirmed: Annotated[list[SpokenDoubt], Field(max_length=MAX_DOUBTS)] = []


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

    @property
    def complete(self) -> bool:
        """Whether the answer was written to its end (no model call, or a `COMPLETE_STOP_REASONS` one)
        and is not blank: only then may the bot remember the pair."""
        finished = self.stop_reason is None or self.stop_reason in COMPLETE_STOP_REASONS
        return finished and bool(self.answer.strip())


# -- Voice: the company's candidates for a code or plate a transcript may have misheard ---------------------


class SpokenCandidatesRequest(BaseModel):
    """POST /v1/voice/candidates body: a voice transcript (`transcript`, as the bot would send it to
    /v1/ask) and the admin asking. `partial`: the transcript is only what came before a decoding loop
    (the bot refuses such a note unless one of its slots is then heard clearly), so a kind word or a
    dictation of letters at its end is enough to open a slot. Nothing is answered or stored."""

    model_config = ConfigDict(extra="ignore")
    transcript: StrictStr
    user_id: UserId
    partial: bool = False


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
    could have been said, closest first (at most `MAX_SLOT_CANDIDATES`)."""

    start: Annotated[int, Field(ge=0)]
    end: Annotated[int, Field(ge=0)]
    kind: SpokenKind | Literal["code"]
    candidates: list[SpokenCandidate] = []


MAX_SLOT_CANDIDATES = 48
"""Candidates per slot at most; a fleet with more plates gets no slot for a plate lost entirely."""


class SpokenCheck(BaseModel):
    """A code or plate the transcript resolves to, from a number said as a number (Whisper writes it
    `D.DDD`, `DDDD`, «1060.8», «K, L, M, 480, I, 2»): the bot confirms it on the audio before it asks,
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


# -- Morning digest and alerts (bot-level routes: /v1/bot/*, authenticated by the bot secret alone) -----

AlertChoice = Literal["daily", "if_any", "off"]
"""/alertas: todos los días, solo si hay algo, no."""


class DigestResponse(BaseModel):
    """GET /v1/digest and GET /v1/bot/digest: the company's digest for its local `date` as plain
    Spanish `text`; `has_items` False when nothing is due (the text is then one line)."""

    model_config = ConfigDict(extra="ignore")
    date: dt.date
    has_items: bool
    text: str
    counts: dict[str, int] = {}


class DigestCompany(BaseModel):
    """The company as the scheduler needs it: `digest_time` "HH:MM" local to the IANA `timezone`."""

    model_config = ConfigDict(extra="ignore")
    slug: str
    name: str
    timezone: str
    digest_time: str = "07:00"


class AdminEntry(BaseModel):
    """One admin of the company: Telegram `user_id`, `alerts` choice, `blocked` (the bot was blocked)."""

    model_config = ConfigDict(extra="ignore")
    user_id: int
    name: str = ""
    alerts: AlertChoice = "daily"
    blocked: bool = False


class AdminsResponse(BaseModel):
    """GET /v1/bot/admins."""

    model_config = ConfigDict(extra="ignore")
    company: DigestCompany
    admins: list[AdminEntry] = []


class DigestClaim(BaseModel):
    """POST /v1/bot/digest/claims body: claim (admin, date) before sending."""

    user_id: UserId
    date: dt.date


class DigestClaimResult(BaseModel):
    """`claimed` False: that admin's digest for that date was already claimed (never send twice);
    `outcome` is then the earlier claim's: "claimed" means it was never confirmed sent (lost)."""

    model_config = ConfigDict(extra="ignore")
    claimed: bool
    date: dt.date
    outcome: str | None = None


class DigestOutcome(BaseModel):
    """PUT /v1/bot/digest/claims body: how the claimed send ended."""

    user_id: UserId
    date: dt.date
    outcome: Literal["sent", "blocked", "failed"]


class BlockedUpdate(BaseModel):
    """PUT /v1/bot/admins/{user_id}/blocked body."""

    blocked: bool


class AlertsUpdate(BaseModel):
    """PUT /v1/alerts body (user-level, like /v1/ask)."""

    user_id: UserId
    alerts: AlertChoice


class AlertsResponse(BaseModel):
    model_config = ConfigDict(extra="ignore")
    alerts: AlertChoice


# -- the deterministic reads behind the bot's commands (backend.api.routes.read, /v1/health) ----------


class MeCompany(BaseModel):
    model_config = ConfigDict(extra="ignore")
    slug: str
    name: str
    timezone: str


class MeResponse(BaseModel):
    """GET /v1/me: the admin asking and their company."""

    model_config = ConfigDict(extra="ignore")
    user_id: int
    name: str | None = None
    company: MeCompany


class ClientBalance(BaseModel):
    """One asset type's saldo of a client (negative: more returned than delivered, a data problem)."""

    model_config = ConfigDict(extra="ignore")
    asset_code: str
    asset_name: str | None = None
    asset_plural_name: str | None = None
    balance: int = 0


class ClientMatch(BaseModel):
    model_config = ConfigDict(extra="ignore")
    code: str
    name: str
    city: str | None = None
    balances: list[ClientBalance] = []


class ClientsResponse(BaseModel):
    """GET /v1/clients/{code_or_name}: the code match first, at most 10 `matches` of `total`."""

    model_config = ConfigDict(extra="ignore")
    query: str = ""
    total: int | None = None  # None (an older backend): as many as `matches`
    matches: list[ClientMatch] = []


class ExpiryItem(BaseModel):
    """One semáforo line: a vehicle's document (or, with `doc_type` None, a vehicle without any)."""

    model_config = ConfigDict(extra="ignore")
    plate: str
    doc_type: str | None = None
    expires_on: dt.date | None = None
    days_remaining: int | None = None
    status: str = ""  # vencido | rojo | amarillo | verde | sin_documentos


class ExpiriesResponse(BaseModel):
    """GET /v1/expiries: the company's `today` and the documents due within `within_days`, most urgent first."""

    model_config = ConfigDict(extra="ignore")
    today: dt.date | None = None
    within_days: int = 30
    items: list[ExpiryItem] = []


ModelState = Literal["unconfigured", "unused", "ok", "failing"]


class ModelHealth(BaseModel):
    """The model as the backend process last saw it (no call is made to find out): `state`
    "unconfigured" (no API key: data-only answers), "unused" (no call since the backend started),
    "ok" (the last call answered) or "failing" (the last `failures_in_a_row` calls failed, the last
    with `last_failure`: "connection", "timeout", "http_401", "bad_response"…). Times are UTC."""

    model_config = ConfigDict(extra="ignore")
    state: ModelState
    last_ok_at: dt.datetime | None = None
    last_failure_at: dt.datetime | None = None
    last_failure: str | None = None
    failures_in_a_row: int = 0


class HealthResponse(BaseModel):
    """GET /v1/health. `model` None: an older backend (only `model_configured` then)."""

    model_config = ConfigDict(extra="ignore")
    status: str  # "ok" | "degraded"
    database: str
    model_configured: bool = False
    model: ModelHealth | None = None
