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

Headroom (`reserve`): the last `reserve` free permits go only to a quiet key: one holding none,
granted none in the last `quiet_s` seconds, with no other request of its own waiting, and not marked
busy by its caller (`acquire(key, busy=True)`: the bot host knows a company has more updates fetched).
A flood then never takes every permit (its companies hold none only for a moment between two of their
messages), and a quiet company's first request is granted at once instead of waiting for a busy one to
finish (under a CPU-bound flood that wait is a whole request of someone else's: tens to hundreds of
milliseconds). Without the last two conditions, the companies of a flood that had just begun looked
quiet one after the other and took the kept permits for the flood's whole first second.

Yielding to a quiet key (`busy_while_quiet`): while a key granted as quiet holds its one permit, the other
keys together are granted no more than `busy_while_quiet` permits (those already inside keep theirs).
The quiet request then shares the event loop, the database and the CPU with fewer of the flood's;
the flood runs at that lower width only while a quiet request is inside. With `yield_window_s`, only
for the first that many seconds of the quiet key's permit (the bot host's update slot is held while the
model answers, seconds; the flood is held back only while the quiet update is being dispatched).
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
    """`slots` permits shared between keys, `reserve` of them kept for quiet keys (see the module
    docstring for the order, what is quiet, and `busy_while_quiet`).

    `acquire(key, busy=False)` waits for a permit (`busy`: the caller knows `key` has more work queued,
    so it is not quiet); `release(key)` returns one `key` holds and grants the freed permits to the next
    waiters. A waiter cancelled while waiting leaves no trace; one cancelled right after being granted
    gives the permit back. `slot(key)` is both as an async context manager. ValueError unless
    0 <= reserve < slots and 1 <= busy_while_quiet <= slots - reserve.
    """

    def __init__(
        self,
        slots: int,
        reserve: int = 0,
        quiet_s: float = 1.0,
        busy_while_quiet: int | None = None,
        yield_window_s: float | None = None,
    ) -> None:
        if slots < 1:
            raise ValueError("slots must be >= 1")
        if not 0 <= reserve < slots:
            raise ValueError("reserve must be >= 0 and < slots")
        if busy_while_quiet is not None and not 1 <= busy_while_quiet <= slots - reserve:
            raise ValueError("busy_while_quiet must be >= 1 and <= slots - reserve")
        self.slots = slots
        self.reserve = reserve
        self.quiet_s = quiet_s
        self.busy_while_quiet = busy_while_quiet
        self.yield_window_s = yield_window_s
        self._free = slots
        self._waiting: dict[str, deque[asyncio.Future[None]]] = {}  # insertion order breaks the last ties
        self._held: dict[str, int] = {}
        self._quiet_held: dict[str, float] = {}  # keys holding one permit granted while quiet -> grant time
        self._busy: set[str] = set()  # keys whose caller said they have more work queued
        self._served: dict[str, int] = {}  # key -> stamp of its latest grant
        self._granted_at: dict[str, float] = {}  # key -> time.monotonic() of its latest grant
        self._stamps = itertools.count()

    def waiting(self, key: str | None = None) -> int:
        """Number of waiters (of one key, or of all)."""
        queues = [self._waiting.get(key, ())] if key is not None else self._waiting.values()
        return sum(len(q) for q in queues)

    def holds_quiet(self, key: str) -> bool:
        """`key` holds one permit, granted while it was quiet (see the module docstring)."""
        return key in self._quiet_held

    def held(self, key: str | None = None) -> int:
        """Permits held (by one key, or by all)."""
        return self._held.get(key, 0) if key is not None else self.slots - self._free

    def _quiet(self, key: str) -> bool:
        return (
            key not in self._held
            and key not in self._busy
            and len(self._waiting.get(key, ())) <= 1  # a waiter of its own: only the one being granted
            and time.monotonic() - self._granted_at.get(key, -self.quiet_s) >= self.quiet_s
        )

    def _may_take(self, key: str) -> bool:
        """A free permit may go to `key` now: a quiet key takes any; another key none of the kept
        ones, and while a quiet key holds one, none past `busy_while_quiet` held by the others."""
        if self._free <= 0:
            return False
        if self._quiet(key):
            return True
        if self._free <= self.reserve:
            return False
        if self.busy_while_quiet is None or not self._yielding():
            return True
        return self.held() - len(self._quiet_held) < self.busy_while_quiet

    def _yielding(self) -> bool:
        """A quiet key holds its permit (granted less than `yield_window_s` ago, when set)."""
        if self.yield_window_s is None:
            return bool(self._quiet_held)
        since = time.monotonic() - self.yield_window_s
        return any(granted > since for granted in self._quiet_held.values())

    async def acquire(self, key: str, *, busy: bool = False) -> None:
        (self._busy.add if busy else self._busy.discard)(key)
        # every waiter is one that may not take a free permit (grants are eager), so a key that may
        # take one goes ahead of them; within a key, first come first served
        if key not in self._waiting and self._may_take(key):
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
        self._quiet_held.pop(key, None)
        if len(self._served) > MAX_REMEMBERED:
            self._served = {k: v for k, v in self._served.items() if k in self._held or k in self._waiting}
            self._granted_at = {k: v for k, v in self._granted_at.items() if k in self._served}
            self._busy &= set(self._served)
        self._free += 1
        self._grant_waiters()

    def _grant_waiters(self) -> None:
        """Hand free permits to waiters while one may take one (a freed quiet permit can let several
        busy ones in at once)."""
        while self._waiting and self._free > 0:
            nxt = min(self._waiting, key=lambda k: (self._held.get(k, 0), self._served.get(k, -1)))
            if not self._may_take(nxt):
                # fewest held, served longest ago, and still refused: every other busy waiter would be
                # too (same kept permits, same cap); only a quiet one may take a permit
                quiet = [k for k in self._waiting if self._quiet(k)]
                if not quiet:
                    return
                nxt = quiet[0]
            queue = self._waiting.pop(nxt)
            future = queue.popleft()
            if queue:
                self._waiting[nxt] = queue
            if not future.done():
                future.set_result(None)
                self._grant_to(nxt)

    @contextlib.asynccontextmanager
    async def slot(self, key: str, *, busy: bool = False) -> AsyncIterator[None]:
        """`async with gate.slot(key):` holds one permit of `key` for the block."""
        await self.acquire(key, busy=busy)
        try:
            yield
        finally:
            self.release(key)

    def _grant_to(self, key: str) -> None:
        if self._quiet(key):
            self._quiet_held[key] = time.monotonic()
            if self.yield_window_s is not None and self.busy_while_quiet is not None:  # the cap ends then
                asyncio.get_running_loop().call_later(self.yield_window_s, self._grant_waiters)
        else:  # a key granted a second permit is busy now: its first no longer holds the others back
            self._quiet_held.pop(key, None)
        self._free -= 1
        self._held[key] = self._held.get(key, 0) + 1
        self._served[key] = next(self._stamps)
        self._granted_at[key] = time.monotonic()
