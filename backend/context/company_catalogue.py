"""What every question of a company needs of the company itself: its row (name, timezone, «today»), its
asset types and its client cities — the same for every question, read once per request.

`/v1/ask` reads them in the statement that checks the admin (`backend.store.companies.caller_row` with
`catalogue=True`) and hands them in with `given(catalogue)` for the block that answers and builds the
context; `company_catalogue(conn)` then returns them without a round trip. Outside such a block (the
answers bank, the CLI, the digest) it reads them (three statements), as each caller did before. The
catalogue is the request's own: read in its tenant transaction, never cached across requests, so an
import is seen by the next question.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import AsyncIterator
from dataclasses import dataclass

import asyncpg

from backend.store import asset_types as store_asset_types
from backend.store import companies as store_companies


@dataclass(frozen=True)
class CompanyCatalogue:
    """The company (name, timezone, local today), its asset types by code, its cities alphabetical."""

    company: store_companies.Company
    assets: list[store_asset_types.AssetType]
    cities: list[str]


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
