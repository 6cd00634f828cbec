"""The one error shape of the HTTP API and the handlers that render it.

Every error body is `{"error": code, "message": Spanish text, "request_id": str}`. Nothing from an
exception (SQL, traceback, upstream text) ever reaches a body: unexpected exceptions are logged with
their traceback and rendered as a generic 500.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from backend.contract import ErrorBody

log = logging.getLogger(__name__)


class ApiError(Exception):
    """An error for the caller: HTTP `status`, machine `code`, `message_es` shown to the user.

    `headers` (e.g. Retry-After) are added to the response.
    """

    def __init__(self, status: int, code: str, message_es: str, *, headers: dict[str, str] | None = None):
        super().__init__(code)
        self.status = status
        self.code = code
        self.message_es = message_es
        self.headers = headers or {}


def request_id(request: Request) -> str:
    """The request's id (32 hex chars), created on first use and kept in the request scope."""
    rid = getattr(request.state, "request_id", None)
    if rid is None:
        rid = uuid.uuid4().hex
        request.state.request_id = rid
    return rid


def error_response(
    request: Request, status: int, code: str, message_es: str, headers: Mapping[str, str] | None = None
) -> JSONResponse:
    rid = request_id(request)
    return JSONResponse(
        {"error": code, "message": message_es, "request_id": rid},
        status_code=status,
        headers={**(headers or {}), "X-Request-ID": rid},
    )


#: The error answers every /v1 route may give, documented in OpenAPI with the one `ErrorBody` shape
#: (`FastAPI(responses=…)`): before, the document listed FastAPI's own 422 body (`{"detail": [...]}`, which
#: no route sends) and no 401, 403, 413, 429, 500 or 503 at all.
ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": description}
    for status, description in {
        400: "`invalid_request`: the body is not JSON",
        401: "`unauthorized`: missing or unknown bot secret",
        403: "`not_authorized` (not an admin of the company), `forbidden_proxy`",
        404: "`not_found` (no such route) or the named entity's `…_not_found`",
        405: "`method_not_allowed`",
        413: "`payload_too_large`: a body over 64 KiB",
        422: "`invalid_request` (a malformed body or parameter), `question_too_long`",
        429: "`rate_limited`, with Retry-After",
        500: "`internal_error`: a bug; details only in the log",
        503: "`db_unavailable`, `llm_unavailable`, `overloaded` (with Retry-After)",
    }.items()
}


def error_response_doc(description: str) -> dict[str, Any]:
    """A route's own OpenAPI entry for an error status: `description` and the `ErrorBody` shape."""
    return {"model": ErrorBody, "description": description}


PAYLOAD_TOO_LARGE = "La solicitud es demasiado grande."
_HTTP_MESSAGES = {
    400: ("invalid_request", "La solicitud no es válida: revisa los datos enviados."),
    413: ("payload_too_large", PAYLOAD_TOO_LARGE),
    404: ("not_found", "Esa ruta no existe."),
    405: ("method_not_allowed", "Ese método no está permitido aquí."),
}


def install_error_handlers(app: FastAPI) -> None:
    """Register the handlers that turn every failure into the error body."""

    @app.exception_handler(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> JSONResponse:
        return error_response(request, exc.status, exc.code, exc.message_es, exc.headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(request, 422, "invalid_request", "La solicitud no es válida: revisa los datos enviados.")

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code, message = _HTTP_MESSAGES.get(exc.status_code, ("http_error", "No se pudo atender la solicitud."))
        return error_response(request, exc.status_code, code, message, exc.headers)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.error("unhandled error, request_id=%s", request_id(request), exc_info=exc)
        return error_response(
            request, 500, "internal_error", "Ocurrió un error interno. Intenta de nuevo en un momento."
        )


def db_unreachable_errors() -> tuple[type[Exception], ...]:
    """Exceptions that mean "the database cannot be reached or is not answering": lost or refused
    connections (SQLSTATE class 08), the server shutting down or cancelling on timeout (class 57),
    too many connections (class 53), client-side interface errors, pool/command timeouts, OSError.
    A data error (class 22, e.g. a number out of range) is NOT one of them: it is a bug (500)."""
    import asyncpg  # local: keeps this module importable by light tools
    from asyncpg import exceptions as pg

    return (
        pg.PostgresConnectionError,
        pg.OperatorInterventionError,
        pg.InsufficientResourcesError,
        asyncpg.InterfaceError,
        TimeoutError,
        OSError,
    )


def install_database_error_handlers(app: FastAPI) -> None:
    """Connection-level database failures (`db_unreachable_errors`) -> 503 `db_unavailable`. Every other
    database error falls to the generic 500 `internal_error`: input is validated before any query."""

    async def _db_down(request: Request, exc: Exception) -> JSONResponse:
        log.error("database unreachable, request_id=%s: %s", request_id(request), type(exc).__name__, exc_info=exc)
        return error_response(
            request,
            503,
            "db_unavailable",
            "La base de datos no está disponible en este momento. Intenta de nuevo en un momento.",
        )

    for exc_type in db_unreachable_errors():
        app.add_exception_handler(exc_type, _db_down)
