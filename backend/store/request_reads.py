"""Rows read once per request: a question's client rows and saldos, kept for the rest of its transaction.

One `/v1/ask` reads the client a question names up to three times (resolving its code or name, the exact
answer, the context's facts) and its saldos twice (the answer, the facts): the same rows, in the same
tenant transaction. Inside `remembered()` (`/v1/ask` opens it for its transaction) `clients` and
`client_balances` in `backend.store.clients` answer from the rows this block already read when every id
or code asked for is among them, and read (then keep) otherwise. Nothing outlives the block: no row is
shared between requests, so another company's request, or this company's next one, reads its own.
Outside the block every read goes to the database, as before.
"""

from __future__ import annotations

import contextlib
import contextvars
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Reads:
    """What the block read so far: clients by id and by code, and saldo rows by client id (a client
    read without saldos keeps an empty list: it has none)."""

    clients_by_id: dict[int, Any] = field(default_factory=dict)
    client_ids_by_code: dict[str, int] = field(default_factory=dict)
    balances: dict[int, list[Any]] = field(default_factory=dict)


_reads: contextvars.ContextVar[Reads | None] = contextvars.ContextVar("fleetops_request_reads", default=None)


@contextlib.asynccontextmanager
async def remembered() -> AsyncIterator[Reads]:
    """Within the block (this task and the tasks it starts), client rows and saldos read are kept and
    served again (module docstring). Use it inside one tenant transaction only."""
    reads = Reads()
    token = _reads.set(reads)
    try:
        yield reads
    finally:
        _reads.reset(token)


def current() -> Reads | None:
    """The block's reads, None outside `remembered()`."""
    return _reads.get()
