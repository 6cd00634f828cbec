"""`llm_usage` rows written by one background writer, so that no question's row is ever dropped.

Before this, each /v1/ask inserted its own row with a short pool-acquire timeout; under a backlog (50
concurrent asks on a 10-connection pool) the acquire timed out and the row was lost with a warning.
Now `UsageRecorder.record(row)` puts the row on a bounded `asyncio.Queue` (a full queue makes the
caller wait: back-pressure, never loss) and one task writes batches, one transaction per batch that
switches to each company in turn for its rows (row-level security as for every other write; one
transaction per company took two round trips more per company, and an answer waits for its row).
`record` then waits (at most `wait_s`) until its row is written, so in normal operation the row exists
when the answer leaves; past `wait_s` the row stays queued and the answer goes out anyway. A failed
batch is retried after a pause (the database may be restarting) and nothing is dropped while the
process lives (a row the database refuses — a bug — is logged with its request id; the others of its
batch are then written one by one); `close()` (called by the app's lifespan on shutdown) writes what is
queued, giving up only after `flush_timeout_s`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from itertools import groupby
from typing import cast

import asyncpg

from backend.api.errors import db_unreachable_errors
from backend.db.connect import switch_tenant
from backend.store.usage import UsageRow, insert_usage

log = logging.getLogger(__name__)


class UsageRecorder:
    """Bounded queue + one writer task over `pool`.

    Args:
        pool: the app's asyncpg pool (not closed here).
        max_queue: rows waiting at most; `record` waits while the queue is full.
        batch: rows written per transaction at most.
        retry_pause_s: pause after a failed write before trying the same rows again.
        flush_timeout_s: how long `close` keeps writing what is queued.
        wait_s: how long `record` waits for its row to be written.
    """

    def __init__(
        self,
        pool: asyncpg.Pool,
        *,
        max_queue: int = 1000,
        batch: int = 200,
        retry_pause_s: float = 1.0,
        flush_timeout_s: float = 10.0,
        wait_s: float = 5.0,
    ) -> None:
        self._pool = pool
        self._queue: asyncio.Queue[tuple[UsageRow, asyncio.Future[None]]] = asyncio.Queue(max_queue)
        self._wait_s = wait_s
        self._batch = batch
        self._retry_pause_s = retry_pause_s
        self._flush_timeout_s = flush_timeout_s
        self._task: asyncio.Task[None] | None = None
        self._at_once: set[asyncio.Task[None]] = set()
        self._closing = False

    def start(self) -> None:
        """Start the writer task (idempotent); `record` starts it too if needed."""
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="llm-usage-writer")

    async def record(self, row: UsageRow, *, at_once: bool = False) -> None:
        """Queue `row` (waiting while the queue is full), then wait at most `wait_s` for it to be
        written. After `close` the row is written directly. `at_once` (a quiet company's row: its
        answer waits for it): written in a transaction of its own right now instead of after the
        writer's batch in progress and its own batch; if that write fails, the row is queued."""
        if self._closing:
            await self._write([row])
            return
        if at_once:
            task = asyncio.create_task(self._write_or_queue(row))  # never cancelled by the wait below
            self._at_once.add(task)
            task.add_done_callback(self._at_once.discard)
            written: asyncio.Future[None] = task
        else:
            self.start()
            written = asyncio.get_running_loop().create_future()
            await self._queue.put((row, written))
        try:
            await asyncio.wait_for(asyncio.shield(written), self._wait_s)
        except TimeoutError:
            log.warning("usage row of request %s still queued after %.0f s", row.request_id, self._wait_s)

    async def join(self) -> None:
        """Wait until every row recorded so far is written (tests, benchmarks)."""
        await asyncio.gather(*self._at_once)
        await self._queue.join()

    async def close(self) -> None:
        """Write what is queued (at most `flush_timeout_s`), then stop the writer."""
        self._closing = True
        try:
            await asyncio.wait_for(self.join(), self._flush_timeout_s)
        except TimeoutError:
            log.error("usage writer: %d rows not written at shutdown", self._queue.qsize() + len(self._at_once))
        if self._task is None:
            return
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task

    async def _run(self) -> None:
        while True:
            items = [await self._queue.get()]
            while len(items) < self._batch and not self._queue.empty():
                items.append(self._queue.get_nowait())
            rows = [row for row, _ in items]
            while True:
                try:
                    await self._write(rows)
                    break
                except db_unreachable_errors() as exc:
                    log.warning("usage writer: %d rows not written yet (%s); retrying", len(rows), type(exc).__name__)
                    await asyncio.sleep(self._retry_pause_s)
                except Exception:  # a row the database refuses: write the others, log the bad one
                    log.exception("usage writer: a batch of %d rows was refused; writing them one by one", len(rows))
                    await self._write_each(rows)
                    break
            for _, written in items:
                if not written.done():
                    written.set_result(None)
                self._queue.task_done()

    async def _write_or_queue(self, row: UsageRow) -> None:
        """Write `row` now; when that fails (database unreachable or refusing), hand it to the writer,
        whose retries and one-by-one fallback then apply."""
        try:
            await self._write([row])
        except Exception as exc:  # noqa: BLE001 — nothing is lost: the writer takes the row over
            log.warning("usage row of request %s queued after a failed write (%s)", row.request_id, type(exc).__name__)
            self.start()
            written = asyncio.get_running_loop().create_future()
            await self._queue.put((row, written))
            await written

    async def _write_each(self, rows: list[UsageRow]) -> None:
        for row in rows:
            try:
                await self._write([row])
            except Exception:
                log.exception("usage writer: row of request %s not written", row.request_id)

    async def _write(self, rows: list[UsageRow]) -> None:
        ordered = sorted(rows, key=lambda r: r.company_id)
        async with self._pool.acquire() as proxy:
            conn = cast(asyncpg.Connection, proxy)  # the pool's proxy forwards every Connection method
            async with conn.transaction():
                for company_id, group in groupby(ordered, key=lambda r: r.company_id):
                    await switch_tenant(conn, company_id)
                    await insert_usage(conn, rows=list(group))
