"""The error body of every 4xx/5xx answer of `/v1` and its machine codes."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel


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
