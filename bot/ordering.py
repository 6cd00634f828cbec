"""Per-(chat, user) ordering for an Application built with concurrent updates.

`ChatOrderedProcessor` is a PTB update processor: updates of one (chat, user) run one at a time in
arrival order (asyncio.Lock waiters are served FIFO), while different chats run concurrently up to
`max_concurrent_updates`. It wraps every handler, so text, voice and commands share one order.

Updates fed directly with `Application.process_update` bypass the processor; use `feed_update` (which
goes through it) to inject updates from elsewhere, e.g. the demo's terminal chat.

An update_id the processor has already taken is skipped: Telegram sends a webhook update again when it
got no 200 in time, and a getUpdates after a lost confirmation returns it again; each copy was answered
and its pair remembered (tests/test_hostile_repeats.py).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable
from typing import Any

from cachetools import LRUCache
from telegram import Update
from telegram.ext import Application, BaseUpdateProcessor

log = logging.getLogger(__name__)

#: How many recent update_ids are kept to recognise a repeated one (Telegram retries within minutes).
RECENT_UPDATE_IDS = 4096


def order_key(update: object) -> tuple[int, int] | None:
    """(chat_id, user_id) of an update; None when it has no chat (those run unordered)."""
    if not isinstance(update, Update) or update.effective_chat is None:
        return None
    user = update.effective_user
    return (update.effective_chat.id, user.id if user else 0)


class ChatOrderedProcessor(BaseUpdateProcessor):
    """Serializes updates per `order_key`; the lock table holds only keys with work in flight.
    `behind` counts the updates waiting for their chat's earlier ones to finish. An update whose
    update_id is among the last `RECENT_UPDATE_IDS` taken is not processed again."""

    def __init__(self, max_concurrent_updates: int) -> None:
        super().__init__(max_concurrent_updates)
        self._locks: dict[tuple[int, int], tuple[asyncio.Lock, int]] = {}
        self._taken: LRUCache[int, None] = LRUCache(RECENT_UPDATE_IDS)
        self.behind = 0

    def _repeated(self, update: object) -> bool:
        """Whether `update` is one already taken (same update_id); records it otherwise."""
        if not isinstance(update, Update):
            return False
        if update.update_id in self._taken:
            log.info("update %s received again: skipped", update.update_id)
            return True
        self._taken[update.update_id] = None
        return False

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        if self._repeated(update):
            if inspect.iscoroutine(coroutine):
                coroutine.close()  # never started: no «never awaited» warning
            return
        await self.in_order(update, coroutine)

    async def in_order(self, update: object, coroutine: Awaitable[Any]) -> None:
        """Run `coroutine` after the earlier updates of the same `order_key`."""
        key = order_key(update)
        if key is None:
            await coroutine
            return
        lock, users = self._locks.get(key, (None, 0))
        if lock is None:
            lock = asyncio.Lock()
        self._locks[key] = (lock, users + 1)
        try:
            if lock.locked():
                self.behind += 1
                self.behind_changed()
                try:
                    await lock.acquire()
                finally:
                    self.behind -= 1
                    self.behind_changed()
            else:
                await lock.acquire()
            try:
                await coroutine
            finally:
                lock.release()
        finally:
            lock, users = self._locks[key]
            if users <= 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)

    def behind_changed(self) -> None:
        """Hook: an update started or stopped waiting for its chat's turn."""

    def in_flight(self) -> int:
        """Number of (chat, user) keys with an update running or waiting."""
        return len(self._locks)

    async def initialize(self) -> None:
        """Nothing to allocate."""

    async def shutdown(self) -> None:
        """Nothing to free."""


async def feed_update(application: Application[Any, Any, Any, Any, Any, Any], update: Update) -> None:
    """Process one update through the application's processor (same ordering as polled updates).

    Returns when every blocking handler for it has finished. Handler errors go to the error handler.
    """
    await application.update_processor.process_update(update, application.process_update(update))
