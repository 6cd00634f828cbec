"""`FairGate`: a fixed number of permits shared between keys (companies), handed out fairly.

Pure asyncio (no database, HTTP or Telegram): the backend's admission (`backend.api.admission`, keyed by
bot credential) and the bot host's update slots and shared voice workers (keyed by company) use it.
When a permit frees it goes to the waiting key that holds the fewest permits right now, and
between keys holding equally few, to the one served longest ago (then the one that queued first);
FIFO within a key. So a quiet company's message goes to the next free permit, ahead of a flooding
company's 50th. No key starves: once its own permits are back, a waiting key holds the fewest (none),
and among those it moves up with every grant to another key, so it is served within one grant per
other key. The table of latest grants keeps one entry per key seen (companies are few); past
MAX_REMEMBERED keys, idle ones are forgotten (they then count as never served).

Headroom (`reserve`): the last `reserve` free permits go only to a quiet key: one holding none and
granted none in the last `quiet_s` seconds. A flood then never takes every permit (its companies hold
none only for a moment between two of their messages), and a quiet company's first request is granted
at once instead of waiting for a busy one to finish (under a CPU-bound flood that wait is a whole
request of someone else's: tens to hundreds of milliseconds).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import time
from collections import deque
from collections.abc import AsyncIterator

MAX_REMEMBERED = 10_000


def headroom(slots: int) -> int:
    """The usual `reserve` for `slots` permits: one in 16, at least one when there are two or more."""
    return 0 if slots < 2 else max(1, slots // 16)


class FairGate:
    """`slots` permits shared between keys, `reserve` of them kept for quiet keys (none held, none
    granted for `quiet_s` seconds; see the module docstring for the order).

    `acquire(key)` waits for a permit; `release(key)` returns one `key` holds and grants it to the next
    waiter. A waiter cancelled while waiting leaves no trace; one cancelled right after being granted
    gives the permit back. `slot(key)` is both as an async context manager. ValueError unless
    0 <= reserve < slots.
    """

    def __init__(self, slots: int, reserve: int = 0, quiet_s: float = 1.0) -> None:
        if slots < 1:
            raise ValueError("slots must be >= 1")
        if not 0 <= reserve < slots:
            raise ValueError("reserve must be >= 0 and < slots")
        self.slots = slots
        self.reserve = reserve
        self.quiet_s = quiet_s
        self._free = slots
        self._waiting: dict[str, deque[asyncio.Future[None]]] = {}  # insertion order breaks the last ties
        self._held: dict[str, int] = {}
        self._served: dict[str, int] = {}  # key -> stamp of its latest grant
        self._granted_at: dict[str, float] = {}  # key -> time.monotonic() of its latest grant
        self._stamps = itertools.count()

    def waiting(self, key: str | None = None) -> int:
        """Number of waiters (of one key, or of all)."""
        queues = [self._waiting.get(key, ())] if key is not None else self._waiting.values()
        return sum(len(q) for q in queues)

    def held(self, key: str | None = None) -> int:
        """Permits held (by one key, or by all)."""
        return self._held.get(key, 0) if key is not None else sum(self._held.values())

    def _may_take(self, key: str) -> bool:
        if self._free > self.reserve:
            return True
        quiet = key not in self._held and time.monotonic() - self._granted_at.get(key, -self.quiet_s) >= self.quiet_s
        return self._free > 0 and quiet

    async def acquire(self, key: str) -> None:
        # every waiter is one that may not take a free permit (grants are eager), so a key that may
        # take one goes ahead of them; within a key, first come first served
        if key not in self._waiting and self._may_take(key):
            self._free -= 1
            self._grant_to(key)
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(key, deque()).append(future)
        try:
            await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.release(key)  # granted and cancelled in the same tick: pass the permit on
            else:
                queue = self._waiting.get(key)
                if queue is not None and future in queue:
                    queue.remove(future)
                    if not queue:
                        del self._waiting[key]
            raise

    def release(self, key: str) -> None:
        held = self._held.get(key, 0)
        if held <= 0:
            raise RuntimeError(f"release({key!r}) without a permit held")
        if held == 1:
            del self._held[key]
        else:
            self._held[key] = held - 1
        if len(self._served) > MAX_REMEMBERED:
            self._served = {k: v for k, v in self._served.items() if k in self._held or k in self._waiting}
            self._granted_at = {k: v for k, v in self._granted_at.items() if k in self._served}
        self._free += 1
        while self._waiting:
            nxt = min(self._waiting, key=lambda k: (self._held.get(k, 0), self._served.get(k, -1)))
            if not self._may_take(nxt):  # fewest held, served longest ago: no other waiter may take one
                return
            queue = self._waiting.pop(nxt)
            future = queue.popleft()
            if queue:
                self._waiting[nxt] = queue
            if not future.done():
                self._free -= 1
                future.set_result(None)
                self._grant_to(nxt)
                return

    @contextlib.asynccontextmanager
    async def slot(self, key: str) -> AsyncIterator[None]:
        """`async with gate.slot(key):` holds one permit of `key` for the block."""
        await self.acquire(key)
        try:
            yield
        finally:
            self.release(key)

    def _grant_to(self, key: str) -> None:
        self._held[key] = self._held.get(key, 0) + 1
        self._served[key] = next(self._stamps)
        self._granted_at[key] = time.monotonic()
