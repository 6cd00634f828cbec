"""What every question of a company needs of the company itself: its row (name, timezone, «today»), its
asset types, its client cities and the other companies' names (a question naming one is refused) — the
same for every question of the company.

`/v1/ask` reads them in the statement that checks the admin (`backend.store.companies.caller_row` with
`catalogue=True`) and hands them in with `given(catalogue)` for the block that answers and builds the
context; `company_catalogue(conn)` then returns them without a round trip. Outside such a block (the
answers bank, the CLI, the digest) it reads them (three statements; the other names when asked), as each
caller did before.

The catalogue is the request's own: read in its tenant transaction, never cached across requests, so
an import is seen by the next question. Only the other companies' names are kept between requests, per
company for a few seconds (`OtherNamesCache`, FLEETOPS_FACTS_CACHE_TTL_S like the company facts): a hit
leaves them out of the admin check's statement, and a new company's name is refused at most that long
after its import. An entry is one company's, read in its own tenant transaction and keyed by its id.
"""

from __future__ import annotations

import contextlib
import contextvars
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass

import asyncpg
from cachetools import TTLCache

from backend.store import asset_types as store_asset_types
from backend.store import companies as store_companies


@dataclass(frozen=True)
class CompanyCatalogue:
    """The company (name, timezone, local today), its asset types by code, its cities alphabetical, and
    the other companies' (slug, name) (None: not read; `backend.answers.named_company` reads them)."""

    company: store_companies.Company
    assets: list[store_asset_types.AssetType]
    cities: list[str]
    others: list[tuple[str, str]] | None = None


class OtherNamesCache:
    """Per company id, the other companies' (slug, name) for `ttl_s` seconds (monotonic `timer`,
    injectable), at most `maxsize` companies. `get` returns None when absent or expired; `put` keeps
    a list freshly read in that company's tenant transaction."""

    def __init__(self, ttl_s: float, maxsize: int = 1024, timer: Callable[[], float] = time.monotonic) -> None:
        self._entries: TTLCache[int, list[tuple[str, str]]] = TTLCache(maxsize, ttl_s, timer=timer)

    def get(self, company_id: int) -> list[tuple[str, str]] | None:
        return self._entries.get(company_id)

    def put(self, company_id: int, others: list[tuple[str, str]]) -> None:
        self._entries[company_id] = others


_given: contextvars.ContextVar[CompanyCatalogue | None] = contextvars.ContextVar("fleetops_catalogue", default=None)


@contextlib.asynccontextmanager
async def given(catalogue: CompanyCatalogue | None) -> AsyncIterator[None]:
    """Within the block (this task and the tasks it starts), `company_catalogue` returns `catalogue`
    (None: reads as usual)."""
    token = _given.set(catalogue)
    try:
        yield
    finally:
        _given.reset(token)


async def company_catalogue(conn: asyncpg.Connection) -> CompanyCatalogue:
    """The transaction's company catalogue: the one `given` to this block, else read on `conn`
    (inside `tenant_transaction`)."""
    known = _given.get()
    if known is not None:
        return known
    return CompanyCatalogue(
        await store_companies.company(conn),
        await store_asset_types.catalogue(conn),
        await store_companies.cities(conn),
    )
