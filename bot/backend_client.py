"""HTTP client for the fleetops backend (see the backend API in the README / OpenAPI).

One `BackendClient` per bot process, opened in `post_init` and closed in `post_shutdown`. Every
failure becomes a `BackendError` subclass carrying a Spanish `message` fit to show the user.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Literal, TypeVar
from urllib.parse import quote, unquote

import httpx
from pydantic import BaseModel, ValidationError

from backend.contract import (
    BUSY_HEADER,
    AdminsResponse,
    AlertsResponse,
    AskRequest,
    AskResponse,
    ClientsResponse,
    DigestClaimResult,
    DigestResponse,
    ErrorBody,
    ExpiriesResponse,
    FocusEntity,
    HealthResponse,
    MeResponse,
    SpokenCandidatesRequest,
    SpokenCandidatesResponse,
    SpokenDoubt,
)
from backend.core.files import disposition_filename, generated_filename
from backend.core.text import clean_text

log = logging.getLogger(__name__)
Model = TypeVar("Model", bound=BaseModel)

MSG_UNREACHABLE = (
    "No pude comunicarme con el servidor de fleetops. Intenta de nuevo en un momento; "
    "si sigue fallando, avisa al administrador del sistema."
)
MSG_TIMEOUT = "El servidor tardó demasiado en responder. Intenta de nuevo en un momento."
MSG_BUSY = "Hay muchas consultas en este momento. Espera un minuto e intenta de nuevo."
MSG_UNAVAILABLE = "El servicio no está disponible en este momento. Intenta de nuevo en unos minutos."
MSG_NOT_AUTHORIZED = (
    "No estás registrado como administrador de esta empresa. Pide al operador que te "
    "registre con tu id de Telegram: {user_id}."
)
MSG_GENERIC = "No pude procesar tu mensaje. Intenta de nuevo en un momento."


class BackendError(Exception):
    """A backend call that produced no usable answer. `message` is Spanish text for the user."""

    def __init__(self, message: str, *, code: str = "error", status: int | None = None) -> None:
        super().__init__(f"{code} ({status})")
        self.message = message
        self.code = code
        self.status = status


class BackendUnavailable(BackendError):
    """Unreachable, timed out, 5xx or 503 (database or model down)."""


class RateLimited(BackendError):
    """429; `retry_after` in seconds when the backend said so."""

    def __init__(self, message: str, *, retry_after: float | None = None, **kw: Any) -> None:
        super().__init__(message, **kw)
        self.retry_after = retry_after


class NotAuthorized(BackendError):
    """403: the Telegram user is not an admin of this bot's company (or the bot secret is wrong: 401)."""


class NotFound(BackendError):
    """404: the client / delivery note does not exist for this company."""


class Rejected(BackendError):
    """422 and other 4xx: the request itself was refused (e.g. question too long)."""


def _parsed(model: type[Model], data: dict[str, Any]) -> Model:
    """`data` as `model`; a 200 body that does not parse is the backend's fault: BackendUnavailable."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise BackendUnavailable(MSG_UNAVAILABLE, code="bad_response", status=200) from exc


class BackendClient:
    """Thin async wrapper over `httpx.AsyncClient` with the bot's secret and explicit timeouts.

    Args:
        base_url: e.g. "http://127.0.0.1:8087".
        secret: this bot's backend secret (Bearer).
        timeout_s: read/write budget per call; connect_timeout_s: TCP connect budget.
        transport: optional httpx transport (tests).

    `busy`: set by the bot host to its company's "more updates in progress than this one" (a callable,
    read at each call); while it is true every request carries `X-Fleetops-Busy: 1`, so the backend's
    admission never takes it for a quiet bot's. None (a single-company bot): no header.
    """

    def __init__(
        self,
        base_url: str,
        secret: str,
        *,
        timeout_s: float = 120.0,
        connect_timeout_s: float = 5.0,
        transport: httpx.AsyncBaseTransport | None = None,
    ) -> None:
        self._http = httpx.AsyncClient(
            base_url=base_url.rstrip("/"),
            headers={"Authorization": f"Bearer {secret}", "User-Agent": "fleetops-bot"},
            timeout=httpx.Timeout(timeout_s, connect=connect_timeout_s),
            transport=transport,
        )
        self.busy: Callable[[], bool] | None = None

    async def aclose(self) -> None:
        await self._http.aclose()

    async def ask(
        self,
        question: str,
        history: list[dict[str, str]],
        *,
        chat_id: int,
        user_id: int,
        source: Literal["text", "voice"] = "text",
        focus: list[FocusEntity] | None = None,
        unconfirmed: list[SpokenDoubt] | None = None,
    ) -> AskResponse:
        """POST /v1/ask -> `AskResponse`; BackendUnavailable(code="bad_response") when the 200 body
        does not parse. `unconfirmed`: a voice transcript's codes its audio did not confirm."""
        body = AskRequest(
            question=question,
            history=list(history),
            chat_id=chat_id,
            user_id=user_id,
            source=source,
            focus=[f.model_dump() for f in focus or []],
            unconfirmed=list(unconfirmed or []),
        )
        data = await self._call("POST", "/v1/ask", user_id=user_id, json=body.model_dump())
        return _parsed(AskResponse, data)

    async def voice_candidates(
        self, transcript: str, *, user_id: int, partial: bool = False
    ) -> SpokenCandidatesResponse:
        """POST /v1/voice/candidates: where `transcript`'s codes or plates were not surely heard and the
        company's candidates for each (`partial`: the transcript is a decoding loop's head)."""
        body = SpokenCandidatesRequest(transcript=transcript, user_id=user_id, partial=partial)
        data = await self._call("POST", "/v1/voice/candidates", user_id=user_id, json=body.model_dump())
        return _parsed(SpokenCandidatesResponse, data)

    async def me(self, user_id: int) -> MeResponse:
        """GET /v1/me: the admin's name and company; NotAuthorized when `user_id` is not an admin."""
        return _parsed(MeResponse, await self._call("GET", "/v1/me", user_id=user_id, params={"user_id": user_id}))

    async def client(self, code_or_name: str, user_id: int) -> ClientsResponse:
        """GET /v1/clients/{code_or_name}: the matches (code first, at most 10) and their `total`;
        NotFound when none. The term is cleaned first (`clean_text`: a lone surrogate would not even encode)."""
        path = "/v1/clients/" + quote(clean_text(code_or_name, single_line=True), safe="")
        return _parsed(ClientsResponse, await self._call("GET", path, user_id=user_id, params={"user_id": user_id}))

    async def expiries(self, within_days: int, user_id: int) -> ExpiriesResponse:
        """GET /v1/expiries: the company's today and the semáforo items, most urgent first."""
        data = await self._call(
            "GET", "/v1/expiries", user_id=user_id, params={"within_days": within_days, "user_id": user_id}
        )
        return _parsed(ExpiriesResponse, data)

    async def health(self) -> HealthResponse:
        """GET /v1/health: status, database, model configured."""
        return _parsed(HealthResponse, await self._call("GET", "/v1/health", user_id=0))

    async def delivery_note_pdf(self, number: str, user_id: int) -> tuple[bytes, str]:
        """GET /v1/delivery-notes/{number}.pdf -> (PDF bytes, file name: the backend's, which names the
        company, «remision-frigorifico-andino-8297.pdf»); NotFound when it does not exist."""
        response = await self._send(
            "GET", f"/v1/delivery-notes/{quote(number, safe='')}.pdf", params={"user_id": user_id}
        )
        self._raise_for(response, user_id)
        fallback = generated_filename("remision", "", number, "pdf")
        return response.content, disposition_filename(response.headers.get("Content-Disposition")) or fallback

    # -- morning digest, /alertas and charts (see backend.api.routes.digest, backend.api.routes.charts) ----------
    async def digest(self, user_id: int) -> DigestResponse:
        """GET /v1/digest: the company's digest now (for /resumen)."""
        return _parsed(
            DigestResponse, await self._call("GET", "/v1/digest", user_id=user_id, params={"user_id": user_id})
        )

    async def alerts(self, user_id: int, choice: str | None = None) -> AlertsResponse:
        """GET /v1/alerts (choice None) or PUT /v1/alerts: the admin's digest choice."""
        if choice is None:
            data = await self._call("GET", "/v1/alerts", user_id=user_id, params={"user_id": user_id})
        else:
            data = await self._call("PUT", "/v1/alerts", user_id=user_id, json={"user_id": user_id, "alerts": choice})
        return _parsed(AlertsResponse, data)

    async def bot_admins(self) -> AdminsResponse:
        """GET /v1/bot/admins (bot secret alone): company, digest time, admins with choice and blocked flag."""
        return _parsed(AdminsResponse, await self._call("GET", "/v1/bot/admins", user_id=0))

    async def bot_digest(self) -> DigestResponse:
        """GET /v1/bot/digest (bot secret alone)."""
        return _parsed(DigestResponse, await self._call("GET", "/v1/bot/digest", user_id=0))

    async def claim_digest(self, user_id: int, day: str, outcome: str | None = None) -> DigestClaimResult:
        """POST /v1/bot/digest/claims (outcome None: claim before sending) or PUT (record the outcome)."""
        body: dict[str, Any] = {"user_id": user_id, "date": day}
        if outcome is not None:
            body["outcome"] = outcome
        data = await self._call(
            "POST" if outcome is None else "PUT", "/v1/bot/digest/claims", user_id=user_id, json=body
        )
        return _parsed(DigestClaimResult, data)

    async def set_blocked(self, user_id: int, blocked: bool) -> None:
        """PUT /v1/bot/admins/{user_id}/blocked; NotFound when the user is not an admin."""
        await self._call("PUT", f"/v1/bot/admins/{user_id}/blocked", user_id=user_id, json={"blocked": blocked})

    async def balance_chart(
        self, user_id: int, *, client: str | None = None, asset: str | None = None, days: int = 90
    ) -> tuple[bytes, str, str, str]:
        """GET /v1/charts/balance.png -> (PNG bytes, title, client code or "", file name: the backend's,
        which names the company, «grafica-frigorifico-andino-412.png»); NotFound / Rejected (ambiguous
        name, with the candidates in its message)."""
        params: dict[str, Any] = {"user_id": user_id, "days": days}
        params.update({k: v for k, v in (("client", client), ("asset", asset)) if v})
        response = await self._send("GET", "/v1/charts/balance.png", params=params)
        self._raise_for(response, user_id)
        return (
            response.content,
            unquote(response.headers.get("X-Chart-Title", "")),
            unquote(response.headers.get("X-Chart-Client", "")),
            disposition_filename(response.headers.get("Content-Disposition")) or "grafica.png",
        )

    async def _call(self, method: str, path: str, *, user_id: int, **kw: Any) -> dict[str, Any]:
        response = await self._send(method, path, **kw)
        self._raise_for(response, user_id)
        try:
            data = response.json()
        except ValueError as exc:
            raise BackendUnavailable(MSG_UNAVAILABLE, code="bad_response", status=response.status_code) from exc
        if not isinstance(data, dict):
            raise BackendUnavailable(MSG_UNAVAILABLE, code="bad_response", status=response.status_code)
        return data

    async def _send(self, method: str, path: str, **kw: Any) -> httpx.Response:
        if self.busy is not None and self.busy():
            kw["headers"] = {**kw.get("headers", {}), BUSY_HEADER: "1"}
        try:
            return await self._http.request(method, path, **kw)
        except httpx.TimeoutException as exc:
            log.warning("backend %s %s timed out", method, path)
            raise BackendUnavailable(MSG_TIMEOUT, code="timeout") from exc
        except httpx.HTTPError as exc:
            log.warning("backend %s %s failed: %s", method, path, type(exc).__name__)
            raise BackendUnavailable(MSG_UNREACHABLE, code="unreachable") from exc

    @staticmethod
    def _raise_for(response: httpx.Response, user_id: int) -> None:
        status = response.status_code
        if status < 400:
            return
        try:
            error: ErrorBody | None = ErrorBody.model_validate_json(response.content)
        except ValidationError:  # not the backend's body (a proxy's page, an empty 502)
            error = None
        code = error.error if error else "error"
        server_msg = error.message if error else None
        log.warning("backend answered %s %s (request %s)", status, code, error.request_id if error else None)
        if status in (401, 403):
            if status == 401 or code == "forbidden_proxy":
                raise NotAuthorized(MSG_UNAVAILABLE, code=code, status=status)
            raise NotAuthorized(MSG_NOT_AUTHORIZED.format(user_id=user_id), code=code, status=status)
        if status == 404:
            raise NotFound(server_msg or "No encontré lo que buscas.", code=code, status=status)
        if status == 429:
            retry = response.headers.get("Retry-After")
            retry_after = float(retry) if retry and retry.replace(".", "", 1).isdigit() else None
            # the backend's message says it is the company's limit and when to retry; a proxy's 429 has none
            raise RateLimited(server_msg or MSG_BUSY, retry_after=retry_after, code=code, status=status)
        if status >= 500:
            raise BackendUnavailable(server_msg or MSG_UNAVAILABLE, code=code, status=status)
        raise Rejected(server_msg or MSG_GENERIC, code=code, status=status)
