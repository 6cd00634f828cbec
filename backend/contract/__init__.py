"""The typed contract between the bot and the backend: every `/v1` body, the error body, the codes.

The bot may import this package (and the language core); it imports nothing of the backend's
internals. FastAPI uses these models as request bodies and `response_model`s; the bot's
`BackendClient` parses responses into them. Fields are added with defaults so that an older peer
keeps working (requests ignore unknown fields; the bot ignores unknown response fields).

One module per concern: `errors` (the error body and codes), `entities` (ids, keys, the focus entity),
`ask` (/v1/ask), `voice` (/v1/voice/candidates), `digest` (digest, alerts, /v1/bot/*), `reads` (the
commands' reads, /v1/health). Every name is re-exported here: `from backend.contract import AskRequest`.
"""

from __future__ import annotations

from backend.contract.ask import (
    BUSY_HEADER,
    COMPLETE_STOP_REASONS,
    MAX_DOUBTS,
    AnswerKind,
    AskRequest,
    AskResponse,
    DocumentAction,
    HistoryTurn,
    SpokenDoubt,
    Usage,
)
from backend.contract.digest import (
    AdminEntry,
    AdminsResponse,
    AlertChoice,
    AlertsResponse,
    AlertsUpdate,
    BlockedUpdate,
    DigestClaim,
    DigestClaimResult,
    DigestCompany,
    DigestOutcome,
    DigestResponse,
)
from backend.contract.entities import (
    INT64_MAX,
    INT64_MIN,
    LABEL_MAX,
    ChatId,
    Day,
    EntityKey,
    EntityKind,
    EntityLabel,
    FocusEntity,
    SpokenKind,
    UserId,
)
from backend.contract.errors import (
    ErrorBody,
    ErrorCode,
)
from backend.contract.reads import (
    ClientBalance,
    ClientMatch,
    ClientsResponse,
    CompanyExamples,
    ExpiriesResponse,
    ExpiryItem,
    HealthResponse,
    MeCompany,
    MeResponse,
    ModelHealth,
    ModelState,
)
from backend.contract.voice import (
    MAX_SLOT_CANDIDATES,
    SpokenCandidate,
    SpokenCandidatesRequest,
    SpokenCandidatesResponse,
    SpokenCheck,
    SpokenSlot,
)

__all__ = [
    "AdminEntry",
    "AdminsResponse",
    "AlertChoice",
    "AlertsResponse",
    "AlertsUpdate",
    "AnswerKind",
    "AskRequest",
    "AskResponse",
    "BlockedUpdate",
    "BUSY_HEADER",
    "COMPLETE_STOP_REASONS",
    "ChatId",
    "ClientBalance",
    "ClientMatch",
    "ClientsResponse",
    "CompanyExamples",
    "Day",
    "DigestClaim",
    "DigestClaimResult",
    "DigestCompany",
    "DigestOutcome",
    "DigestResponse",
    "DocumentAction",
    "EntityKey",
    "EntityKind",
    "EntityLabel",
    "ErrorBody",
    "ErrorCode",
    "ExpiriesResponse",
    "ExpiryItem",
    "FocusEntity",
    "HealthResponse",
    "HistoryTurn",
    "INT64_MAX",
    "INT64_MIN",
    "LABEL_MAX",
    "MAX_DOUBTS",
    "MAX_SLOT_CANDIDATES",
    "MeCompany",
    "MeResponse",
    "ModelHealth",
    "ModelState",
    "SpokenCandidate",
    "SpokenCandidatesRequest",
    "SpokenCandidatesResponse",
    "SpokenCheck",
    "SpokenDoubt",
    "SpokenKind",
    "SpokenSlot",
    "Usage",
    "UserId",
]
