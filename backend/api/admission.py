"""Fair admission to the backend's work: at most FLEETOPS_BACKEND_ACTIVE_REQUESTS `/v1` requests of
one backend process read the database and compute at once; the others wait at the door, and each
freed place goes to the bot with the fewest requests inside (`backend.core.fair_gate.FairGate`, keyed by
the request's bot credential: one bot = one company), the one served longest ago among equals. On top
of those places, one in 16 more (at least one for 2 or more: 1 beside the default 4) is kept for a quiet
bot (none inside, none let in for a second, no other request of its own waiting, and not sent with the
`X-Fleetops-Busy: 1` header by which a bot host says the company has more updates in progress), so its
request enters at once instead of waiting for a busy bot's to finish, and a flood keeps all of its 4.
Without the header a flood's companies, each waiting at the door with one request and granted none for
a second (50 companies sharing 4 places), looked quiet and took the kept place ahead of the quiet one.

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
import contextlib
import hashlib
from typing import Any

from fastapi import Request

from backend.api.errors import error_response
from backend.contract import BUSY_HEADER, ErrorCode
from backend.core.fair_gate import FairGate, headroom

SCOPE_KEY = "fleetops.admission"
OVERLOADED = "Hay muchas consultas en este momento. Intenta de nuevo en un momento."
EXEMPT = frozenset({"/v1/health"})
_BUSY = BUSY_HEADER.lower().encode()


class QuietPhases:
    """The quiet bots' requests doing their own work right now (admitted and before the model call, or
    after it until the response), one per bot at most; `clear()` waits, at most `max_wait_s`, until
    none is. A bot granted another place is busy: its earlier request stops counting (`demote`)."""

    def __init__(self, max_wait_s: float) -> None:
        self.max_wait_s = max_wait_s
        self._working: dict[str, _Place] = {}
        self._none = asyncio.Event()
        self._none.set()

    def enter(self, key: str, place: _Place) -> None:
        self._working[key] = place
        self._none.clear()

    @property
    def active(self) -> int:
        """Quiet requests at work now."""
        return len(self._working)

    def working(self, key: str) -> _Place | None:
        return self._working.get(key)

    def exit(self, key: str) -> None:
        self._working.pop(key, None)
        if not self._working:
            self._none.set()

    def demote(self, key: str) -> None:
        """`key` was granted another place: its quiet request, if any, no longer has priority."""
        place = self._working.get(key)
        if place is not None:
            place.priority = False
            self.exit(key)

    async def clear(self) -> None:
        if self._working and self.max_wait_s > 0:
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(self.max_wait_s):
                    await self._none.wait()


class _Place:
    """One admitted request's place; `release()` is idempotent. `quiet`: granted to a quiet bot;
    `priority`: quiet and its bot granted no other place since, so the busy bots' requests let its
    work phases pass (`yield_to_quiet`)."""

    def __init__(self, gate: FairGate, key: str, phases: QuietPhases) -> None:
        self._gate, self._key, self._held = gate, key, True
        self.quiet = self.priority = gate.holds_quiet(key)
        self.phases = phases
        phases.demote(key)
        self.phase(True)

    def phase(self, working: bool) -> None:
        """This request starts (True) or ends (False) a phase of its own work; counts while `priority`."""
        if working and self.priority:
            self.phases.enter(self._key, self)
        elif not working and self.phases.working(self._key) is self:
            self.phases.exit(self._key)

    def release(self) -> None:
        if self._held:
            self._held = False
            self.phase(False)
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


def resume(request: Request) -> None:
    """After the model call: a quiet bot's request is doing its own work again (its usage row, its
    response) until it ends, and the busy ones let it pass (`yield_to_quiet`); no place is taken."""
    place = request.scope.get(SCOPE_KEY)
    if place is not None:
        place.phase(True)


async def yield_to_quiet(request: Request) -> None:
    """A busy bot's request, between two steps of its work: wait while a quiet bot's request is doing
    its own (at most FLEETOPS_BACKEND_QUIET_YIELD_S), so the quiet one has the event loop, the
    database and the cores to itself. Returns at once for a quiet request, or when none is working."""
    place = request.scope.get(SCOPE_KEY)
    if place is not None and not place.priority:
        await place.phases.clear()


class FairAdmission:
    """ASGI middleware (see module docstring). `slots` places, `timeout_s` the longest wait."""

    def __init__(self, app: Any, slots: int, timeout_s: float, while_quiet: int = 0, quiet_yield_s: float = 0) -> None:
        self.app = app
        self.phases = QuietPhases(quiet_yield_s)
        self.gate = FairGate(  # the extra places: a quiet bot's
            slots + headroom(slots), reserve=headroom(slots), busy_while_quiet=min(while_quiet, slots) or None
        )
        self.timeout_s = timeout_s

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        path = scope.get("path", "")
        if scope["type"] != "http" or not path.startswith("/v1/") or path in EXEMPT:
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        key = hashlib.blake2b(headers.get(b"authorization", b""), digest_size=12).hexdigest()  # no secret kept
        busy = headers.get(_BUSY) == b"1"  # the bot host: this company has more updates in progress
        try:
            async with asyncio.timeout(self.timeout_s):
                await self.gate.acquire(key, busy=busy)
        except TimeoutError:
            retry = str(max(1, round(self.timeout_s / 10)))
            response = error_response(Request(scope), 503, ErrorCode.OVERLOADED, OVERLOADED, {"Retry-After": retry})
            await response(scope, receive, send)
            return
        place = _Place(self.gate, key, self.phases)
        scope[SCOPE_KEY] = place
        try:
            await self.app(scope, receive, send)
        finally:
            place.release()
            place.phase(False)  # a quiet request resumed after its model call: done now
