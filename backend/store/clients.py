"""Clients and their saldos (balances of returnable assets): lookups by id, code, name (the bot's /saldo
and /grafica) and city, rankings, and the `client_balances` view (units of each asset type a client holds:
dispatched minus returned, negative when the data is wrong).

Inside `backend.db.connect.tenant_transaction` (RLS: the caller's company). `statement_timeout_s`:
client-side limit of the statement in seconds (None: the connection's).
"""

from __future__ import annotations

from dataclasses import dataclass

import asyncpg

from backend.core.text import fold
from backend.store import request_reads
from backend.store.asset_types import AssetType

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


#: a client code as the ERP means it: upper case, without spaces or dashes (SQL and Python alike)
_CODE_KEY_SQL = "upper(translate(code, ' -', ''))"


def code_key(code: str) -> str:
    """«c-1050», «C 1050», «C1050» -> «C1050»: what makes two spellings of a client code the same code."""
    return code.upper().replace(" ", "").replace("-", "")


def like_escape(text: str) -> str:
    """Escape LIKE wildcards so '%', '_' and '\\' match literally."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


async def find_clients(
    conn: asyncpg.Connection, *, query: str, limit: int = 10, statement_timeout_s: float | None = None
) -> list[ClientMatch]:
    """Clients whose code is `query` (first; `code_key`: case, spaces and dashes aside — «c-1050», «C 1050»
    and «C1050» are the ERP's C-1050) or whose folded name contains it (names starting with it first, then
    by name and code), at most `limit`. A query shorter than `MIN_NAME_CHARS` once folded matches codes only."""
    q = query.strip()
    folded = fold(q)
    rows = await conn.fetch(
        f"""SELECT id, code, name, city, ({_CODE_KEY_SQL} = $1) AS by_code, count(*) OVER () AS total FROM clients
           WHERE {_CODE_KEY_SQL} = $1 OR ($2 <> '' AND name_folded LIKE '%' || $2 || '%' ESCAPE '\\')
           ORDER BY ({_CODE_KEY_SQL} = $1) DESC, (code = $4) DESC, (name_folded LIKE $2 || '%' ESCAPE '\\') DESC,
                    name, code
           LIMIT $3""",
        code_key(q),
        like_escape(folded) if len(folded) >= MIN_NAME_CHARS else "",
        limit,
        q,
        timeout=statement_timeout_s,
    )
    return [ClientMatch(int(r["id"]), r["code"], r["name"], r["city"], r["by_code"], int(r["total"])) for r in rows]


async def client_balances(
    conn: asyncpg.Connection, *, client_ids: list[int], statement_timeout_s: float | None = None
) -> list[ClientBalance]:
    """The saldos of `client_ids`, by client then asset code (a client without movements has none).
    Inside `request_reads.remembered()`: the block's rows when it read every one of `client_ids` already."""
    reads = request_reads.current()
    if reads is not None and all(cid in reads.balances for cid in client_ids):
        return [b for cid in sorted(set(client_ids)) for b in reads.balances[cid]]
    rows = await conn.fetch(
        """SELECT client_id, asset_code, asset_name, asset_plural_name, balance FROM client_balances
           WHERE client_id = ANY($1::bigint[]) ORDER BY client_id, asset_code""",
        client_ids,
        timeout=statement_timeout_s,
    )
    found = [
        ClientBalance(int(r["client_id"]), r["asset_code"], r["asset_name"], r["asset_plural_name"], int(r["balance"]))
        for r in rows
    ]
    if reads is not None:
        for cid in client_ids:
            reads.balances[cid] = [b for b in found if b.client_id == cid]
    return found


@dataclass(frozen=True)
class Client:
    """A client: database id, the ERP's code («412»), display name and city ('' when unknown)."""

    id: int
    code: str
    name: str
    city: str

    @property
    def label(self) -> str:
        """«[412] DISTRIBUIDORA PUERTO CLARO» — how every answer names a client."""
        return f"[{self.code}] {self.name}"


@dataclass(frozen=True)
class Balance:
    """A client's saldo of one asset type in units (negative: a data error, shown as it is)."""

    client_id: int
    asset: AssetType
    balance: int

    @property
    def negative(self) -> bool:
        return self.balance < 0


@dataclass(frozen=True)
class RankedClient:
    """A client and its amount (units) in a ranking."""

    client: Client
    amount: int


@dataclass(frozen=True)
class AssetTotal:
    """One asset type over every client: units held (`total`) and how many saldos are negative."""

    asset: AssetType
    total: int
    negative: int


def client_row(r: asyncpg.Record, prefix: str = "") -> Client:
    """A `Client` from a row holding id, code, name, city (each with `prefix`)."""
    return Client(r[prefix + "id"], r[prefix + "code"], r[prefix + "name"], r[prefix + "city"])


def _asset(r: asyncpg.Record) -> AssetType:
    return AssetType(r["asset_code"], r["asset_name"], r["asset_plural_name"])


async def clients(
    conn: asyncpg.Connection,
    *,
    ids: list[int] | None = None,
    codes: list[str] | None = None,
    statement_timeout_s: float | None = None,
) -> list[Client]:
    """Clients by id or by code (`code_key`: «c-1050» is C-1050), in code order. Inside
    `request_reads.remembered()`: the block's rows when it read every one of `ids` and `codes` already (a
    code is unique within a company)."""
    reads = request_reads.current()
    if reads is not None and (ids or codes):
        known_ids = [reads.client_ids_by_code.get(code_key(code)) for code in codes or []]
        if all(i in reads.clients_by_id for i in [*(ids or []), *known_ids]):
            found = {i: reads.clients_by_id[i] for i in [*(ids or []), *known_ids] if i is not None}
            return sorted(found.values(), key=lambda c: c.code)
    rows = await conn.fetch(
        f"SELECT id, code, name, city FROM clients WHERE id = ANY($1::bigint[]) OR {_CODE_KEY_SQL} = ANY($2::text[])"
        " ORDER BY code",
        ids or [],
        [code_key(c) for c in codes or []],
        timeout=statement_timeout_s,
    )
    out = [client_row(r) for r in rows]
    if reads is not None:
        for c in out:
            reads.clients_by_id[c.id] = c
            reads.client_ids_by_code[code_key(c.code)] = c.id
    return out


async def clients_in_city(
    conn: asyncpg.Connection, *, city: str | None, statement_timeout_s: float | None = None
) -> list[Client]:
    """The clients of `city` (every client when None), by name then code."""
    rows = await conn.fetch(
        "SELECT id, code, name, city FROM clients WHERE $1::text IS NULL OR city = $1 ORDER BY name, code",
        city,
        timeout=statement_timeout_s,
    )
    return [client_row(r) for r in rows]


async def clients_per_city(
    conn: asyncpg.Connection, *, statement_timeout_s: float | None = None
) -> list[tuple[str, int]]:
    """(city, number of clients), most clients first, ties by city."""
    rows = await conn.fetch(
        "SELECT city, count(*) AS n FROM clients GROUP BY city ORDER BY n DESC, city", timeout=statement_timeout_s
    )
    return [(r["city"], r["n"]) for r in rows]


async def balances(
    conn: asyncpg.Connection,
    *,
    client_ids: list[int],
    assets: list[AssetType],
    statement_timeout_s: float | None = None,
) -> list[Balance]:
    """Every (client, asset type) of `client_ids` × `assets`, 0 where there are no movements; asset order.
    The rows of `client_balances` (so a request reading both reads them once)."""
    rows = await client_balances(conn, client_ids=client_ids, statement_timeout_s=statement_timeout_s)
    held = {(r.client_id, r.asset_code): r.balance for r in rows}
    return [Balance(cid, a, held.get((cid, a.code), 0)) for cid in client_ids for a in assets]


async def fleet_totals(
    conn: asyncpg.Connection, *, city: str | None = None, statement_timeout_s: float | None = None
) -> dict[str, int]:
    """Asset code -> sum of every client's balance (what is "en la calle"), of one city's clients if given."""
    rows = await conn.fetch(
        "SELECT asset_code, sum(balance)::bigint AS total FROM client_balances"
        " WHERE $1::text IS NULL OR city = $1 GROUP BY asset_code",
        city,
        timeout=statement_timeout_s,
    )
    return {r["asset_code"]: int(r["total"]) for r in rows}


async def asset_totals(conn: asyncpg.Connection, *, statement_timeout_s: float | None = None) -> list[AssetTotal]:
    """Per asset type with movements (code order): units held by all clients and negative saldos."""
    rows = await conn.fetch(
        "SELECT asset_code, asset_name, asset_plural_name, sum(balance)::bigint AS total,"
        " count(*) FILTER (WHERE balance < 0) AS negative FROM client_balances"
        " GROUP BY asset_code, asset_name, asset_plural_name ORDER BY asset_code",
        timeout=statement_timeout_s,
    )
    return [AssetTotal(_asset(r), int(r["total"]), int(r["negative"])) for r in rows]


_RANKED_SQL = """SELECT c.id, c.code, c.name, c.city, sum(b.balance)::bigint AS amount
    FROM client_balances b JOIN clients c ON c.id = b.client_id
    WHERE ($1::text IS NULL OR b.asset_code = $1) AND ($3::text IS NULL OR c.city = $3)
    GROUP BY c.id ORDER BY sum(b.balance) DESC, c.code LIMIT $2"""
_LOWEST_SQL = """SELECT c.id, c.code, c.name, c.city, coalesce(sum(b.balance), 0)::bigint AS amount
    FROM clients c LEFT JOIN client_balances b ON b.client_id = c.id AND ($1::text IS NULL OR b.asset_code = $1)
    WHERE $3::text IS NULL OR c.city = $3
    GROUP BY c.id ORDER BY amount, c.code LIMIT $2"""


async def ranked_clients(
    conn: asyncpg.Connection,
    *,
    asset_code: str | None,
    limit: int,
    city: str | None = None,
    lowest: bool = False,
    statement_timeout_s: float | None = None,
) -> list[RankedClient]:
    """Clients by balance of `asset_code` (all asset types summed when None), largest first, ties by code;
    only one city's clients if `city`. `lowest`: smallest first — negative saldos first, then every client
    with no movements of it at 0 (largest first leaves those out)."""
    rows = await conn.fetch(
        _LOWEST_SQL if lowest else _RANKED_SQL, asset_code, limit, city, timeout=statement_timeout_s
    )
    return [RankedClient(client_row(r), int(r["amount"])) for r in rows]


async def negative_balances(
    conn: asyncpg.Connection, *, statement_timeout_s: float | None = None
) -> list[tuple[Client, Balance]]:
    """Every negative saldo with its client, most negative first, ties by client code and asset code."""
    rows = await conn.fetch(
        "SELECT client_id, client_code, client_name, city, asset_code, asset_name, asset_plural_name, balance"
        " FROM client_balances WHERE balance < 0 ORDER BY balance, client_code, asset_code",
        timeout=statement_timeout_s,
    )
    return [
        (
            Client(r["client_id"], r["client_code"], r["client_name"], r["city"]),
            Balance(r["client_id"], _asset(r), int(r["balance"])),
        )
        for r in rows
    ]
