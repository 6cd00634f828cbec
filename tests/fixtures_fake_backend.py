"""`fake_backend`: the fleetops backend faked at the bot's HTTP transport (`httpx.MockTransport`).

For bot behaviour tests where PostgreSQL is not the point: what the bot SENT (each `/v1/ask` body
parsed as the contract's `AskRequest`) and what it did with the answers. Queue-fed, like a mock
model: `queue(...)` contract objects (`AskResponse`) or ready `httpx.Response`s (errors); each
`/v1/ask` takes the next one, and with an empty queue answers «Respuesta N.» (kind "answer", no focus).
`POST /v1/voice/candidates` answers `slots` and `checks` (none by default) for the transcript it is sent
(kept in `candidate_requests`); `GET /v1/me` knows admin 1001 only; `GET /v1/delivery-notes/N.pdf` serves
`pdfs[N]` (404 otherwise); other GETs answer `reads[path]` (a JSON body, e.g. reads["/v1/expiries"]) or 404.

    async with run_fake_bot(telegram_stub, fake_backend) as app: ...
"""

from __future__ import annotations

import contextlib
import itertools
from collections import deque
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from backend.contract import (
    AskRequest,
    AskResponse,
    ErrorBody,
    FocusEntity,
    SpokenCandidatesRequest,
    SpokenCandidatesResponse,
    SpokenCheck,
    SpokenSlot,
)
from backend.testing.bot_runner import run_bot
from backend.testing.telegram_stub import TelegramStub

ADMIN = 1001


def focus(kind: str, key: str, label: str = "") -> FocusEntity:
    """One focus entity, e.g. focus("client", "412", "[412] DISTRIBUIDORA PUERTO CLARO")."""
    return FocusEntity(kind=kind, key=key, label=label)  # type: ignore[arg-type]


def error(status: int, code: str, message: str) -> httpx.Response:
    """A backend error response with the contract's error body."""
    return httpx.Response(status, json=ErrorBody(error=code, message=message, request_id="fake").model_dump())


class FakeBackend:
    """The fake: `queue()` what `/v1/ask` answers; read `asks` (parsed requests) and `requests` (all)."""

    def __init__(self) -> None:
        self.replies: deque[AskResponse | httpx.Response] = deque()
        self.asks: list[AskRequest] = []
        self.requests: list[httpx.Request] = []
        self.pdfs: dict[str, bytes] = {}
        self.reads: dict[str, Any] = {}
        self.slots: list[SpokenSlot] = []
        self.checks: list[SpokenCheck] = []
        self.candidate_requests: list[SpokenCandidatesRequest] = []
        self._ids = itertools.count(1)
        self.transport = httpx.MockTransport(self._handle)

    def queue(self, *replies: AskResponse | httpx.Response) -> None:
        self.replies.extend(replies)

    def answer(
        self, text: str, *, kind: str = "answer", focus: list[FocusEntity] | None = None, **fields: Any
    ) -> AskResponse:
        """Queue one `AskResponse` (other fields as keywords, e.g. stop_reason="max_tokens"); returns it."""
        reply = AskResponse(
            answer=text, request_id=f"fake-{next(self._ids)}", answer_kind=kind, focus=focus or [], **fields
        )  # type: ignore[arg-type]
        self.queue(reply)
        return reply

    def _handle(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        path = request.url.path
        if request.method == "POST" and path == "/v1/ask":
            self.asks.append(AskRequest.model_validate_json(request.content))
            reply = (
                self.replies.popleft()
                if self.replies
                else AskResponse(answer=f"Respuesta {len(self.asks)}.", request_id=f"fake-{next(self._ids)}")
            )
            if isinstance(reply, httpx.Response):
                return reply
            return httpx.Response(200, json=reply.model_dump(mode="json"))
        if request.method == "POST" and path == "/v1/voice/candidates":
            asked = SpokenCandidatesRequest.model_validate_json(request.content)
            self.candidate_requests.append(asked)
            found = SpokenCandidatesResponse(transcript=asked.transcript, slots=self.slots, checks=self.checks)
            return httpx.Response(200, json=found.model_dump(mode="json"))
        user_id = int(request.url.params.get("user_id", "0"))
        if user_id != ADMIN and path != "/v1/health":
            return error(403, "not_authorized", "No autorizado.")
        if path == "/v1/me":
            return httpx.Response(
                200,
                json={
                    "user_id": ADMIN,
                    "name": "Ana Operaciones",
                    "company": {
                        "slug": "frigorifico-andino",
                        "name": "Frigorífico Andino",
                        "timezone": "America/Bogota",
                    },
                },
            )
        if path.startswith("/v1/delivery-notes/") and path.endswith(".pdf"):
            number = path.removeprefix("/v1/delivery-notes/").removesuffix(".pdf")
            if number in self.pdfs:
                return httpx.Response(200, content=self.pdfs[number], headers={"Content-Type": "application/pdf"})
            return error(404, "delivery_note_not_found", f"No encontré la remisión {number}.")
        if path in self.reads:
            return httpx.Response(200, json=self.reads[path])
        return error(404, "not_found", "No existe.")


@pytest.fixture
def fake_backend() -> FakeBackend:
    return FakeBackend()


@contextlib.asynccontextmanager
async def run_fake_bot(stub: TelegramStub, fake: FakeBackend, **kw: Any) -> AsyncIterator[Any]:
    """`backend.testing.bot_runner.run_bot` with every backend call going to `fake` (no network)."""
    async with run_bot(
        stub, backend_url="http://backend.invalid", backend_secret="fake-secret", backend_transport=fake.transport, **kw
    ) as app:
        yield app
