"""Fair admission to the backend's work: at most FLEETOPS_BACKEND_ACTIVE_REQUESTS `/v1` requests of
one backend process read the database and compute at once; the others wait at the door, and each
freed place goes to the bot with the fewest requests inside (`backend.core.fair_gate.FairGate`, keyed by
the request's bot credential: one bot = one company), the one served longest ago among equals. On top
of those places, one in 16 more (at least one for 2 or more: 1 beside the default 4) is kept for a quiet
bot (none inside, none let in for a second), so its request enters at once instead of waiting for a busy
bot's to finish, and a flood keeps all of its 4.

Why: the event loop and the pool are shared by every company. Admitting every request at once made
a quiet company's one question wait behind every question already inside (FIFO on the pool, then a
loop crowded by dozens of half-done requests); with a few places served by company, it waits for the
next free place only. `/v1/ask` gives its place back before the model call (`leave(request)`), so a
slow model never holds a place. Waiting longer than FLEETOPS_BACKEND_ADMISSION_TIMEOUT_S: 503
`overloaded` (Spanish message, `Retry-After`). `/v1/health` is never held back. Per worker process:
`--workers N` admits N × the setting.
"""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

from fastapi import Request

from backend.api.errors import error_response
from backend.contract import ErrorCode
from backend.core.fair_gate import FairGate, headroom

SCOPE_KEY = "fleetops.admission"
OVERLOADED = "Hay muchas consultas en este momento. Intenta de nuevo en un momento."
EXEMPT = frozenset({"/v1/health"})


class _Place:
    """One admitted request's place; `release()` is idempotent. `quiet`: granted to a quiet bot."""

    def __init__(self, gate: FairGate, key: str) -> None:
        self._gate, self._key, self._held = gate, key, True
        self.quiet = gate.holds_quiet(key)

    def release(self) -> None:
        if self._held:
            self._held = False
            self._gate.release(self._key)


def admitted_busy(request: Request) -> bool:
    """The request was admitted as a busy bot's (not a quiet one's): `backend.api.deps.acquire` serves
    it from the busy companies' pool when there is one (FLEETOPS_DB_BUSY_NICE). False for a request
    not admitted through `FairAdmission` (health, tests without it)."""
    place = request.scope.get(SCOPE_KEY)
    return place is not None and not place.quiet


def leave(request: Request) -> None:
    """Give this request's place to the next waiting request (it keeps running, unadmitted: the
    model call of /v1/ask). A no-op when the request was not admitted through `FairAdmission`."""
    place = request.scope.get(SCOPE_KEY)
    if place is not None:
        place.release()


class FairAdmission:
    """ASGI middleware (see module docstring). `slots` places, `timeout_s` the longest wait."""

    def __init__(self, app: Any, slots: int, timeout_s: float, while_quiet: int = 0) -> None:
        self.app = app
        self.gate = FairGate(  # the extra places: a quiet bot's
            slots + headroom(slots), reserve=headroom(slots), busy_while_quiet=min(while_quiet, slots) or None
        )
        self.timeout_s = timeout_s

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or not path.startswith("/v1/") or path in EXEMPT:
            await self.app(scope, receive, send)
            return
        credential = dict(scope["headers"]).get(b"authorization", b"")
        key = hashlib.blake2b(credential, digest_size=12).hexdigest()  # no secret kept as a key
        try:
            async with asyncio.timeout(self.timeout_s):
                await self.gate.acquire(key)
        except TimeoutError:
            retry = str(max(1, round(self.timeout_s / 10)))
            response = error_response(Request(scope), 503, ErrorCode.OVERLOADED, OVERLOADED, {"Retry-After": retry})
            await response(scope, receive, send)
            return
        place = _Place(self.gate, key)
        scope[SCOPE_KEY] = place
        try:
            await self.app(scope, receive, send)
        finally:
            place.release()
