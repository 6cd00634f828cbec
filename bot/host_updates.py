"""One company's update processor in the bot host (`bot.host`): per-chat order as in a single bot, then
one of the host-wide update slots handed out fairly between companies; what the poll loop of
`bot.host_bot.CompanyBot` reads to fetch ahead no more than it can finish."""

from __future__ import annotations

import asyncio
from typing import Any

from aiolimiter import AsyncLimiter

from backend.core.fair_gate import FairGate
from bot.ordering import ChatOrderedProcessor


class FairUpdates(ChatOrderedProcessor):
    """One company's update processor in the host: per-chat order exactly as in a single bot, then one
    of the host-wide update slots (`FairGate` keyed by company, FLEETOPS_BOT_HOST_MAX_CONCURRENT_UPDATES),
    so the backend and Telegram see a bounded number of calls from the whole host. A freed slot goes to
    the company with the fewest updates in progress, and 1 more slot per 16 is kept for a quiet company
    (a company with more than this update arrived and unfinished is marked busy, so a flood's companies
    never take it): a company's burst waits behind itself while a quiet company's message takes the next
    free slot. The slot is taken after the chat's turn, so a chat's queued messages hold no slot while
    they wait. With `busy_rate` (host-wide, FLEETOPS_BOT_HOST_BUSY_RATE) a busy company's update, once
    it holds its slot, also waits for its turn at that rate; a quiet company's does not.

    `finished` counts the updates it has processed and `behind` those waiting for their chat's turn;
    `wait_progress()` returns after either changes (the poll loop's fetch-ahead)."""

    def __init__(
        self, max_concurrent_updates: int, gate: FairGate, company: str, busy_rate: AsyncLimiter | None = None
    ) -> None:
        super().__init__(max_concurrent_updates)
        self._gate, self._company, self._busy_rate = gate, company, busy_rate
        self.arrived = 0  # updates put in the Application's queue (`arrive()`)
        self.finished = 0
        self._progress = asyncio.Event()

    def arrive(self) -> None:
        """One more update is on its way to this processor (called as it is queued)."""
        self.arrived += 1

    def behind_changed(self) -> None:
        self._progress.set()

    async def wait_progress(self) -> None:
        self._progress.clear()
        await self._progress.wait()

    async def do_process_update(self, update: object, coroutine: Any) -> None:
        try:
            await super().do_process_update(update, coroutine)  # a repeated update_id: skipped, counted
        finally:
            self.finished += 1
            self._progress.set()

    def busy(self) -> bool:
        """More than one update arrived and unfinished: the company is busy (the kept slots, here and at
        the backend's door, are not for it)."""
        return self.arrived - self.finished > 1

    async def in_order(self, update: object, coroutine: Any) -> None:
        await super().in_order(update, self._with_slot(coroutine))

    async def _with_slot(self, coroutine: Any) -> None:
        busy = self.busy()
        async with self._gate.slot(self._company, busy=busy):
            if busy and self._busy_rate is not None:
                await self._busy_rate.acquire()
            await coroutine
