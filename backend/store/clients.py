"""SQL of the client lookups of the bot's commands (/saldo, /grafica): find clients, read their saldos.

Inside `backend.db.connect.tenant_transaction` (RLS: the caller's company). Saldos come from the
`client_balances` view (units of each asset type a client holds: dispatched minus returned, may be
negative when the data is wrong). `statement_timeout_s`: client-side limit of the statement in seconds
(None: the connection's).
"""

from __future__ import annotations

from dataclasses import dataclass

import asyncpg

from backend.core.text import fold

#: Fewest characters of a folded name for a substring search (shorter terms match only a code).
MIN_NAME_CHARS = 3


@dataclass(frozen=True)
class ClientMatch:
    """A client found by code or name; `by_code` when its code equals the query, `total` the number of
    matches before the limit (the same on every row of one search)."""

    id: int
    code: str
    name: str
    city: str
    by_code: bool
    total: int


@dataclass(frozen=True)
class ClientBalance:
    """A client's saldo of one asset type (code CAN, singular and plural names), in units."""

    client_id: int
    asset_code: str
    asset_name: str
    asset_plural_name: str
    balance: int


def like_escape(text: str) -> str:
    """Escape LIKE wildcards so '%', '_' and '\\' match literally."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


async def find_clients(
    conn: asyncpg.Connection, *, query: str, limit: int = 10, statement_timeout_s: float | None = None
) -> list[ClientMatch]:
    """Clients whose code equals `query` (first) or whose folded name contains it (names starting with
    it first, then by name and code), at most `limit`. A query shorter than `MIN_NAME_CHARS` once
    folded matches codes only."""
    q = query.strip()
    folded = fold(q)
    rows = await conn.fetch(
        """SELECT id, code, name, city, (code = $1) AS by_code, count(*) OVER () AS total FROM clients
           WHERE code = $1 OR ($2 <> '' AND name_folded LIKE '%' || $2 || '%' ESCAPE '\\')
           ORDER BY (code = $1) DESC, (name_folded LIKE $2 || '%' ESCAPE '\\') DESC, name, code
           LIMIT $3""",
        q,
        like_escape(folded) if len(folded) >= MIN_NAME_CHARS else "",
        limit,
        timeout=statement_timeout_s,
    )
    return [ClientMatch(int(r["id"]), r["code"], r["name"], r["city"], r["by_code"], int(r["total"])) for r in rows]


async def client_balances(
    conn: asyncpg.Connection, *, client_ids: list[int], statement_timeout_s: float | None = None
) -> list[ClientBalance]:
    """The saldos of `client_ids`, by client then asset code (a client without movements has none)."""
    rows = await conn.fetch(
        """SELECT client_id, asset_code, asset_name, asset_plural_name, balance FROM client_balances
           WHERE client_id = ANY($1::bigint[]) ORDER BY client_id, asset_code""",
        client_ids,
        timeout=statement_timeout_s,
    )
    return [
        ClientBalance(int(r["client_id"]), r["asset_code"], r["asset_name"], r["asset_plural_name"], int(r["balance"]))
        for r in rows
    ]
