"""HTTP client for the fleetops backend (see the backend API in the README / OpenAPI).

One `BackendClient` per bot process, opened in `post_init` and closed in `post_shutdown`. Every
failure becomes a `BackendError` subclass carrying a Spanish `message` fit to show the user.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any, Literal, TypeVar
from urllib.parse import quote, unquote

import httpx
from pydantic import BaseModel, ValidationError

from backend.contract import (
    BUSY_HEADER,
    AdminEntry,
    AdminsResponse,
    AlertChoice,
    AlertsResponse,
    AlertsUpdate,
    AskRequest,
    AskResponse,
    BlockedUpdate,
    ClientsResponse,
    CompanyExamples,
    DigestClaim,
    DigestClaimResult,
    DigestOutcome,
    DigestResponse,
    ExpiriesResponse,
    FocusEntity,
    HealthResponse,
    HistoryTurn,
    MeResponse,
    SpokenCandidatesRequest,
    SpokenCandidatesResponse,
    SpokenDoubt,
)
from backend.core.files import disposition_filename, generated_filename
from backend.core.text import clean_text
from bot.backend_errors import (  # re-exported: the handlers import the errors with the client
    MSG_BAD_RESPONSE,
    MSG_BUSY,
    MSG_GENERIC,
    MSG_NOT_AUTHORIZED,
    MSG_REGISTER,
    MSG_TIMEOUT,
    MSG_UNAVAILABLE,
    MSG_UNREACHABLE,
    BackendError,
    BackendUnavailable,
    NotAuthorized,
    NotFound,
    RateLimited,
    Rejected,
    raise_for,
)
from bot.tls import shared_ssl_context

# fmt: off
__all__ = [
    "MSG_BAD_RESPONSE", "MSG_BUSY", "MSG_GENERIC", "MSG_NOT_AUTHORIZED", "MSG_REGISTER", "MSG_TIMEOUT",
    "MSG_UNAVAILABLE", "MSG_UNREACHABLE", "BackendClient", "BackendError", "BackendUnavailable", "NotAuthorized",
    "NotFound", "RateLimited", "Rejected",
]
# fmt: on

log = logging.getLogger(__name__)
Model = TypeVar("Model", bound=BaseModel)
PDF_MAGIC, PNG_MAGIC = b"%PDF-", b"\x89PNG\r\n\x1a\n"


def path_segment(text: str) -> str:
    """`text` as one URL path segment: every reserved character percent-encoded, dots too («.» and «..»
    are dot segments, which the HTTP client resolves: «/saldo ..» asked GET /v1/ and showed «Esa ruta no
    existe», «/saldo .» asked /v1/clients/ and showed «El servicio no está disponible»)."""
    return quote(text, safe="").replace(".", "%2E")


class BackendClient:
    """Thin async wrapper over `httpx.AsyncClient` with the bot's secret and explicit timeouts.

    Args:
        base_url: e.g. "http://127.0.0.1:8087".
        secret: this bot's backend secret (Bearer).
        timeout_s: read/write budget per call; connect_timeout_s: TCP connect budget; transport: tests'.

    `busy`: set by the bot host, its company's "more updates in progress than this one" (read per call):
    then each request carries `X-Fleetops-Busy: 1` (never a quiet bot's place at the door). None: no header.
    busy_base_url: the backend's busy lane (`backend.cli.busy_lane`, a lower CPU priority): while `busy`
    is true requests go there; one it refuses to connect (nothing sent) goes to `base_url` once.
    """

    def __init__(
        self,
        base_url: str,
        secret: str,
        *,
        timeout_s: float = 120.0,
        connect_timeout_s: float = 5.0,
        transport: httpx.AsyncBaseTransport | None = None,
        busy_base_url: str = "",
    ) -> None:
        kw: dict[str, Any] = {
            "headers": {"Authorization": f"Bearer {secret}", "User-Agent": "fleetops-bot"},
            "timeout": httpx.Timeout(timeout_s, connect=connect_timeout_s),
            "transport": transport,
            "verify": shared_ssl_context(),  # one per process, not ≈ 0.9 MB per client (bot.tls)
        }
        self._http = httpx.AsyncClient(base_url=base_url.rstrip("/"), **kw)
        self._busy_http = httpx.AsyncClient(base_url=busy_base_url.rstrip("/"), **kw) if busy_base_url else None
        self.busy: Callable[[], bool] | None = None
        self._lane_down_logged = False

    async def aclose(self) -> None:
        await self._http.aclose()
        await (self._busy_http or self._http).aclose()  # closing twice is a no-op

    async def ask(
        self,
        question: str,
        history: Sequence[HistoryTurn],
        *,
        chat_id: int,
        user_id: int,
        source: Literal["text", "voice"] = "text",
        focus: Sequence[FocusEntity] = (),
        unconfirmed: Sequence[SpokenDoubt] = (),
        heard_clearly: Sequence[str] = (),
    ) -> AskResponse:
        """POST /v1/ask -> `AskResponse`; BackendUnavailable(code="bad_response") when the 200 body
        does not parse. `unconfirmed`: a voice transcript's codes its audio did not confirm;
        `heard_clearly`: the plates it spells that its audio says clearly (`AskRequest.heard_clearly`)."""
        body = AskRequest(
            question=question,
            history=list(history),
            chat_id=chat_id,
            user_id=user_id,
            source=source,
            focus=list(focus),
            unconfirmed=list(unconfirmed),
            heard_clearly=list(heard_clearly),
        )
        return await self._call("POST", "/v1/ask", AskResponse, body=body)

    async def voice_candidates(
        self, transcript: str, *, user_id: int, partial: bool = False
    ) -> SpokenCandidatesResponse:
        """POST /v1/voice/candidates: where `transcript`'s codes or plates were not surely heard and the
        company's candidates for each (`partial`: the transcript is a decoding loop's head)."""
        body = SpokenCandidatesRequest(transcript=transcript, user_id=user_id, partial=partial)
        return await self._call("POST", "/v1/voice/candidates", SpokenCandidatesResponse, body=body)

    async def me(self, user_id: int) -> MeResponse:
        """GET /v1/me: the admin's name and company; NotAuthorized when `user_id` is not an admin."""
        return await self._call("GET", "/v1/me", MeResponse, params={"user_id": user_id})

    async def examples(self, user_id: int) -> CompanyExamples:
        """GET /v1/examples: a client code, plate, delivery note and asset type of the admin's company
        for the help's examples; NotAuthorized when `user_id` is not an admin."""
        return await self._call("GET", "/v1/examples", CompanyExamples, params={"user_id": user_id})

    async def client(self, code_or_name: str, user_id: int) -> ClientsResponse:
        """GET /v1/clients/{code_or_name}: the matches (code first, at most 10) and their `total`;
        NotFound when none. The term is cleaned first (`clean_text`: a lone surrogate would not even encode)."""
        path = "/v1/clients/" + path_segment(clean_text(code_or_name, single_line=True))
        return await self._call("GET", path, ClientsResponse, params={"user_id": user_id})

    async def expiries(self, within_days: int, user_id: int) -> ExpiriesResponse:
        """GET /v1/expiries: the company's today and the semáforo items, most urgent first."""
        params = {"within_days": within_days, "user_id": user_id}
        return await self._call("GET", "/v1/expiries", ExpiriesResponse, params=params)

    async def health(self) -> HealthResponse:
        """GET /v1/health: status, database, model configured."""
        return await self._call("GET", "/v1/health", HealthResponse)

    async def delivery_note_pdf(self, number: str, user_id: int) -> tuple[bytes, str]:
        """GET /v1/delivery-notes/{number}.pdf -> (PDF bytes, file name: the backend's, which names the
        company, «remision-frigorifico-andino-8297.pdf»); NotFound when it does not exist;
        BackendUnavailable(code="bad_response") when the 200 body is not a PDF."""
        path = f"/v1/delivery-notes/{path_segment(number)}.pdf"
        response = await self._binary(path, {"user_id": user_id}, PDF_MAGIC)
        fallback = generated_filename("remision", "", number, "pdf")
        return response.content, disposition_filename(response.headers.get("Content-Disposition")) or fallback

    # -- morning digest, /alertas and charts (see backend.api.routes.digest, backend.api.routes.charts) ----------
    async def digest(self, user_id: int) -> DigestResponse:
        """GET /v1/digest: the company's digest now (for /resumen)."""
        return await self._call("GET", "/v1/digest", DigestResponse, params={"user_id": user_id})

    async def alerts(self, user_id: int, choice: AlertChoice | None = None) -> AlertsResponse:
        """GET /v1/alerts (choice None) or PUT /v1/alerts (`AlertsUpdate`): the admin's digest choice."""
        if choice is None:
            return await self._call("GET", "/v1/alerts", AlertsResponse, params={"user_id": user_id})
        return await self._call("PUT", "/v1/alerts", AlertsResponse, body=AlertsUpdate(user_id=user_id, alerts=choice))

    async def bot_admins(self) -> AdminsResponse:
        """GET /v1/bot/admins (bot secret alone): company, digest time, admins with choice and blocked flag."""
        return await self._call("GET", "/v1/bot/admins", AdminsResponse)

    async def bot_digest(self) -> DigestResponse:
        """GET /v1/bot/digest (bot secret alone)."""
        return await self._call("GET", "/v1/bot/digest", DigestResponse)

    async def claim_digest(
        self, user_id: int, day: str, outcome: Literal["sent", "blocked", "failed"] | None = None
    ) -> DigestClaimResult:
        """POST /v1/bot/digest/claims (`DigestClaim`, outcome None: claim before sending) or PUT
        (`DigestOutcome`: record the outcome); `day` ISO «2026-12-01»."""
        if outcome is None:
            claim = DigestClaim(user_id=user_id, date=day)
            return await self._call("POST", "/v1/bot/digest/claims", DigestClaimResult, body=claim)
        done = DigestOutcome(user_id=user_id, date=day, outcome=outcome)
        return await self._call("PUT", "/v1/bot/digest/claims", DigestClaimResult, body=done)

    async def set_blocked(self, user_id: int, blocked: bool) -> AdminEntry:
        """PUT /v1/bot/admins/{user_id}/blocked (`BlockedUpdate`) -> the admin; NotFound when the user is
        not an admin."""
        path = f"/v1/bot/admins/{user_id}/blocked"
        return await self._call("PUT", path, AdminEntry, body=BlockedUpdate(blocked=blocked))

    async def balance_chart(
        self, user_id: int, *, client: str | None = None, asset: str | None = None, days: int = 90
    ) -> tuple[bytes, str, str, str]:
        """GET /v1/charts/balance.png -> (PNG bytes, title, client code or "", file name: the backend's,
        which names the company, «grafica-frigorifico-andino-412.png»); NotFound / Rejected (ambiguous
        name, with the candidates in its message); BackendUnavailable(code="bad_response") when the 200
        body is not a PNG."""
        params: dict[str, Any] = {"user_id": user_id, "days": days}
        params.update({k: v for k, v in (("client", client), ("asset", asset)) if v})
        response = await self._binary("/v1/charts/balance.png", params, PNG_MAGIC)
        return (
            response.content,
            unquote(response.headers.get("X-Chart-Title", "")),
            unquote(response.headers.get("X-Chart-Client", "")),
            disposition_filename(response.headers.get("Content-Disposition")) or "grafica.png",
        )

    async def _call(
        self,
        method: str,
        path: str,
        answer: type[Model],
        *,
        body: BaseModel | None = None,
        params: dict[str, Any] | None = None,
    ) -> Model:
        """Send `body` (a contract model, as its JSON) and parse the 2xx body as `answer`; an error status
        raises its `BackendError`, a body that is not `answer`'s JSON BackendUnavailable("bad_response")."""
        content = body.model_dump_json().encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if body is not None else None
        response = await self._send(method, path, content=content, headers=headers, params=params)
        raise_for(response)
        try:
            return answer.model_validate_json(response.content)
        except ValidationError as exc:
            log.warning("backend %s %s: a %s body that is not %s", method, path, response.status_code, answer.__name__)
            raise BackendUnavailable(MSG_BAD_RESPONSE, code="bad_response", status=response.status_code) from exc

    async def _binary(self, path: str, params: dict[str, Any], magic: bytes) -> httpx.Response:
        """GET a file; BackendUnavailable("bad_response") unless its body starts with `magic`."""
        response = await self._send("GET", path, params=params)
        raise_for(response)
        if not response.content.startswith(magic):
            log.warning("backend GET %s: a %s body that is not the file asked for", path, response.status_code)
            raise BackendUnavailable(MSG_BAD_RESPONSE, code="bad_response", status=response.status_code)
        return response

    async def _send(self, method: str, path: str, **kw: Any) -> httpx.Response:
        """The request, on the busy lane while `busy` (when it refuses to connect: `base_url`, once)."""
        lane = None
        if self.busy is not None and self.busy():
            kw["headers"] = {**(kw.get("headers") or {}), BUSY_HEADER: "1"}
            lane = self._busy_http
        try:
            if lane is not None:
                try:
                    return await lane.request(method, path, **kw)
                except httpx.ConnectError:
                    if not self._lane_down_logged:
                        self._lane_down_logged = True
                        log.warning("backend busy lane %s unreachable: busy requests go to the backend", lane.base_url)
            return await self._http.request(method, path, **kw)
        except httpx.TimeoutException as exc:
            log.warning("backend %s %s timed out", method, path)
            raise BackendUnavailable(MSG_TIMEOUT, code="timeout") from exc
        except httpx.HTTPError as exc:
            log.warning("backend %s %s failed: %s", method, path, type(exc).__name__)
            raise BackendUnavailable(MSG_UNREACHABLE, code="unreachable") from exc
