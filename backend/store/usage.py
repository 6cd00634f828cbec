"""SQL of `llm_usage`: one row per question with its model usage (never the question).

Written inside `backend.db.connect.tenant_transaction` of the row's company (RLS: `company_id` comes
from `fleetops_company_id()`, the transaction's company). Writer: `backend.api.usage.UsageRecorder`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import asyncpg


@dataclass(frozen=True)
class UsageRow:
    """One question's model usage (never the question). Token counts None when unknown; `latency_ms`
    the model call's wall time in milliseconds (None without a call); `outcome` ok | max_tokens |
    data_only | an error outcome of `backend.llm`."""

    company_id: int
    request_id: str
    model: str
    outcome: str
    input_tokens: int | None = None
    output_tokens: int | None = None
    cache_read_input_tokens: int | None = None
    cache_creation_input_tokens: int | None = None
    latency_ms: int | None = None

    def values(self) -> tuple[str, str, int | None, int | None, int | None, int | None, int | None, str]:
        """The statement's parameters $1 … $8 (the company is the transaction's)."""
        return (
            self.request_id,
            self.model,
            self.input_tokens,
            self.output_tokens,
            self.cache_read_input_tokens,
            self.cache_creation_input_tokens,
            self.latency_ms,
            self.outcome,
        )


_INSERT = (
    "INSERT INTO llm_usage (company_id, request_id, model, input_tokens, output_tokens,"
    " cache_read_input_tokens, cache_creation_input_tokens, latency_ms, outcome)"
    " VALUES (fleetops_company_id(), $1, $2, $3, $4, $5, $6, $7, $8)"
)


async def insert_usage(
    conn: asyncpg.Connection, *, rows: Sequence[UsageRow], statement_timeout_s: float | None = None
) -> None:
    """Insert `rows`, all of the transaction's company, in one `executemany`."""
    await conn.executemany(_INSERT, [r.values() for r in rows], timeout=statement_timeout_s)
