"""SQL of the exact answers: typed rows for every question the parser understands.

Every function takes a connection inside `backend.db.connect.tenant_transaction` (row-level security
scopes each statement to the caller's company) and keyword-only arguments. Periods are inclusive local
dates, converted with the company's timezone; "today" is `fleetops_today(timezone)`, so FLEETOPS_TODAY
holds here too. Nothing returned carries text the user wrote: only what the database holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import asyncpg


@dataclass(frozen=True)
class Company:
    """The caller's company: display name, IANA timezone and its local "today"."""

    name: str
    timezone: str
    today: date


@dataclass(frozen=True)
class AssetType:
    """A returnable asset type: code (CAN), singular (canastilla) and plural (canastillas) name."""

    code: str
    name: str
    plural: str


@dataclass(frozen=True)
class Client:
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
    """A client's saldo of one asset type (negative: a data error, shown as it is)."""

    client_id: int
    asset: AssetType
    balance: int

    @property
    def negative(self) -> bool:
        return self.balance < 0


@dataclass(frozen=True)
class Vehicle:
    """A vehicle with its assigned driver (the first by name when several), None when it has none."""

    id: int
    plate: str
    kind: str
    brand_model: str
    model_year: int | None
    active: bool
    driver_id: int | None
    driver_name: str | None


@dataclass(frozen=True)
class Driver:
    """A driver; `license_days` is days from today to the licence's expiry (negative: expired)."""

    id: int
    document_number: str
    full_name: str
    phone: str
    license_expires_on: date | None
    license_days: int | None
    plate: str | None


@dataclass(frozen=True)
class Document:
    """One row of the semáforo (`document_expiries`)."""

    plate: str
    doc_type: str | None  # None: the vehicle has no documents
    expires_on: date | None
    days_remaining: int | None
    active: bool


@dataclass(frozen=True)
class RankedClient:
    """A client and its amount in a ranking."""

    client: Client
    amount: int


async def company(conn: asyncpg.Connection) -> Company:
    row = await conn.fetchrow(
        "SELECT name, timezone, fleetops_today(timezone) AS today FROM companies WHERE id = fleetops_company_id()"
    )
    return Company(row["name"], row["timezone"], row["today"])


async def asset_types(conn: asyncpg.Connection) -> list[AssetType]:
    rows = await conn.fetch("SELECT code, name, plural_name FROM asset_types ORDER BY code")
    return [AssetType(r["code"], r["name"], r["plural_name"]) for r in rows]


async def cities(conn: asyncpg.Connection) -> list[str]:
    return [r["city"] for r in await conn.fetch("SELECT DISTINCT city FROM clients WHERE city <> '' ORDER BY city")]


def client_row(r: asyncpg.Record, prefix: str = "") -> Client:
    """A `Client` from a row holding id, code, name, city (each with `prefix`)."""
    return Client(r[prefix + "id"], r[prefix + "code"], r[prefix + "name"], r[prefix + "city"])


async def clients(
    conn: asyncpg.Connection, *, ids: list[int] | None = None, codes: list[str] | None = None
) -> list[Client]:
    """Clients by id or by code (exact), in code order."""
    rows = await conn.fetch(
        "SELECT id, code, name, city FROM clients WHERE id = ANY($1::bigint[]) OR code = ANY($2::text[]) ORDER BY code",
        ids or [],
        codes or [],
    )
    return [client_row(r) for r in rows]


async def clients_in_city(conn: asyncpg.Connection, *, city: str | None) -> list[Client]:
    rows = await conn.fetch(
        "SELECT id, code, name, city FROM clients WHERE $1::text IS NULL OR city = $1 ORDER BY name, code", city
    )
    return [client_row(r) for r in rows]


async def clients_per_city(conn: asyncpg.Connection) -> list[tuple[str, int]]:
    rows = await conn.fetch("SELECT city, count(*) AS n FROM clients GROUP BY city ORDER BY n DESC, city")
    return [(r["city"], r["n"]) for r in rows]


async def balances(conn: asyncpg.Connection, *, client_ids: list[int], assets: list[AssetType]) -> list[Balance]:
    """Every (client, asset type) of `client_ids`, 0 where there are no movements; asset order."""
    rows = await conn.fetch(
        "SELECT client_id, asset_code, balance FROM client_balances WHERE client_id = ANY($1::bigint[])", client_ids
    )
    held = {(r["client_id"], r["asset_code"]): int(r["balance"]) for r in rows}
    return [Balance(cid, a, held.get((cid, a.code), 0)) for cid in client_ids for a in assets]


async def fleet_totals(conn: asyncpg.Connection, *, city: str | None = None) -> dict[str, int]:
    """Asset code -> sum of every client's balance (what is "en la calle"), of one city's clients if given."""
    rows = await conn.fetch(
        "SELECT asset_code, sum(balance)::bigint AS total FROM client_balances"
        " WHERE $1::text IS NULL OR city = $1 GROUP BY asset_code",
        city,
    )
    return {r["asset_code"]: int(r["total"]) for r in rows}


async def ranked_clients(
    conn: asyncpg.Connection, *, asset_code: str | None, limit: int, city: str | None = None
) -> list[RankedClient]:
    """Clients by balance of `asset_code` (all asset types summed when None), largest first, ties by code;
    only one city's clients if `city`."""
    rows = await conn.fetch(
        """SELECT c.id, c.code, c.name, c.city, sum(b.balance)::bigint AS amount
           FROM client_balances b JOIN clients c ON c.id = b.client_id
           WHERE ($1::text IS NULL OR b.asset_code = $1) AND ($3::text IS NULL OR c.city = $3)
           GROUP BY c.id ORDER BY sum(b.balance) DESC, c.code LIMIT $2""",
        asset_code,
        limit,
        city,
    )
    return [RankedClient(client_row(r), int(r["amount"])) for r in rows]


async def negative_balances(conn: asyncpg.Connection, *, assets: list[AssetType]) -> list[tuple[Client, Balance]]:
    rows = await conn.fetch(
        "SELECT client_id, client_code, client_name, city, asset_code, balance FROM client_balances"
        " WHERE balance < 0 ORDER BY balance, client_code, asset_code"
    )
    by_code = {a.code: a for a in assets}
    return [
        (
            Client(r["client_id"], r["client_code"], r["client_name"], r["city"]),
            Balance(r["client_id"], by_code[r["asset_code"]], int(r["balance"])),
        )
        for r in rows
    ]


_VEHICLE_SQL = """SELECT v.id, v.plate, v.kind, v.brand_model, v.model_year, v.active, d.id AS driver_id,
                         d.full_name AS driver_name
                  FROM vehicles v LEFT JOIN LATERAL (SELECT id, full_name FROM drivers WHERE vehicle_id = v.id
                                                     ORDER BY full_name LIMIT 1) d ON true"""


def _vehicle(r: asyncpg.Record) -> Vehicle:
    return Vehicle(
        r["id"], r["plate"], r["kind"], r["brand_model"], r["model_year"], r["active"], r["driver_id"], r["driver_name"]
    )


async def vehicles(
    conn: asyncpg.Connection,
    *,
    ids: list[int] | None = None,
    plates: list[str] | None = None,
    active: bool | None = None,
    kind: str | None = None,
    every: bool = False,
) -> list[Vehicle]:
    """Vehicles by id / plate, or (`every`) all of them filtered by `active` and `kind`, in plate order."""
    rows = await conn.fetch(
        _VEHICLE_SQL
        + """ WHERE (v.id = ANY($1::int[]) OR v.plate = ANY($2::text[]) OR $3)
                           AND ($4::boolean IS NULL OR v.active = $4) AND ($5::text IS NULL OR v.kind = $5)
                           ORDER BY v.plate""",
        ids or [],
        plates or [],
        every,
        active,
        kind,
    )
    return [_vehicle(r) for r in rows]


_DRIVER_SQL = """SELECT d.id, d.document_number, d.full_name, d.phone, d.license_expires_on,
                        d.license_expires_on - fleetops_today(co.timezone) AS license_days, v.plate
                 FROM drivers d JOIN companies co ON co.id = d.company_id LEFT JOIN vehicles v ON v.id = d.vehicle_id"""


def _driver(r: asyncpg.Record) -> Driver:
    return Driver(
        r["id"],
        r["document_number"],
        r["full_name"],
        r["phone"],
        r["license_expires_on"],
        r["license_days"],
        r["plate"],
    )


async def drivers(
    conn: asyncpg.Connection, *, ids: list[int] | None = None, documents: list[str] | None = None, every: bool = False
) -> list[Driver]:
    rows = await conn.fetch(
        _DRIVER_SQL + " WHERE d.id = ANY($1::int[]) OR d.document_number = ANY($2::text[]) OR $3 ORDER BY d.full_name",
        ids or [],
        documents or [],
        every,
    )
    return [_driver(r) for r in rows]


async def licences_due(conn: asyncpg.Connection, *, max_days: int | None, min_days: int | None) -> list[Driver]:
    """Drivers whose licence has `min_days` ≤ days remaining ≤ `max_days` (None: unbounded), soonest first."""
    rows = await conn.fetch(
        _DRIVER_SQL
        + """ WHERE d.license_expires_on IS NOT NULL
        AND ($1::int IS NULL OR d.license_expires_on - fleetops_today(co.timezone) <= $1)
        AND ($2::int IS NULL OR d.license_expires_on - fleetops_today(co.timezone) >= $2)
        ORDER BY d.license_expires_on, d.full_name""",
        max_days,
        min_days,
    )
    return [_driver(r) for r in rows]


async def documents(
    conn: asyncpg.Connection,
    *,
    vehicle_ids: list[int] | None = None,
    doc_type: str | None = None,
    max_days: int | None = None,
    min_days: int | None = None,
    active_only: bool = False,
) -> list[Document]:
    """Vehicle documents (semáforo view), soonest expiry first. `vehicle_ids` None means every vehicle;
    `max_days`/`min_days` bound days remaining (then vehicles without documents are left out)."""
    bounded = max_days is not None or min_days is not None or doc_type is not None
    rows = await conn.fetch(
        """SELECT plate, doc_type, expires_on, days_remaining, active FROM document_expiries
           WHERE ($1::int[] IS NULL OR vehicle_id = ANY($1::int[])) AND ($2::text IS NULL OR doc_type = $2)
             AND ($3::int IS NULL OR days_remaining <= $3) AND ($4::int IS NULL OR days_remaining >= $4)
             AND (NOT $5 OR active) AND (NOT $6 OR document_id IS NOT NULL)
           ORDER BY expires_on NULLS FIRST, plate, doc_type""",
        vehicle_ids,
        doc_type,
        max_days,
        min_days,
        active_only,
        bounded,
    )
    return [Document(r["plate"], r["doc_type"], r["expires_on"], r["days_remaining"], r["active"]) for r in rows]


async def name_candidates(
    conn: asyncpg.Connection, *, table: str, words: list[str], limit: int = 500
) -> list[asyncpg.Record]:
    """Rows of `table` ("clients" or "drivers") whose folded name has one of `words` as a whole word,
    or is similar to them (pg_trgm word similarity, index-served): columns id, name_folded, shown,
    similarity."""
    phrase = " ".join(words)
    pattern = r"\m(" + "|".join(words) + r")\M"
    if table == "clients":
        sql = (
            "SELECT id, name_folded, '[' || code || '] ' || name AS shown, word_similarity($2, name_folded) AS sim"
            " FROM clients WHERE name_folded ~ $1 OR $2 <% name_folded ORDER BY sim DESC LIMIT $3"
        )
    else:
        sql = (
            "SELECT id, name_folded, full_name AS shown, word_similarity($2, name_folded) AS sim FROM drivers"
            " WHERE name_folded ~ $1 OR $2 <% name_folded ORDER BY sim DESC LIMIT $3"
        )
    return await conn.fetch(sql, pattern, phrase, limit)
