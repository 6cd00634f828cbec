"""The part of the context that does not depend on the question, cached per company for a few seconds.

Documents expired or due soon, the fleet summary and the top clients are the same for every question
of a company on a given day; rebuilding them on every /v1/ask was most of its database time. They are
kept for `ttl_s` seconds per (company, today): after an import they may lag that long, while the
entities a question names are always read fresh. Rows are read inside the caller's tenant
transaction, so an entry only ever holds its own company's facts.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

import asyncpg
from cachetools import TTLCache

from backend.context import facts as f

EXPIRY_WINDOW_DAYS = 30


@dataclass(frozen=True)
class CompanyBlocks:
    """Fact lines, each list in priority order: expiring documents, fleet summary, top clients."""

    expiring: list[str]
    summary: list[str]
    top_clients: list[str]


async def read_company_blocks(conn: asyncpg.Connection) -> CompanyBlocks:
    """Read the blocks from the database (conn inside `tenant_transaction`)."""
    return CompanyBlocks(
        await f.expiring_lines(conn, EXPIRY_WINDOW_DAYS), await f.summary_lines(conn), await f.top_client_lines(conn)
    )


class CompanyFactsCache:
    """At most `maxsize` companies, each entry valid `ttl_s` seconds (monotonic `timer`, injectable)."""

    def __init__(self, ttl_s: float, maxsize: int = 1024, timer: Callable[[], float] = time.monotonic) -> None:
        self._entries: TTLCache[tuple[int, date], CompanyBlocks] = TTLCache(maxsize, ttl_s, timer=timer)

    async def get(self, conn: asyncpg.Connection, company_id: int, today: date) -> CompanyBlocks:
        key = (company_id, today)
        blocks = self._entries.get(key)
        if blocks is None:
            blocks = await read_company_blocks(conn)
            self._entries[key] = blocks
        return blocks
