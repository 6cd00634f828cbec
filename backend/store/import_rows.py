"""SQL of the CSV import (`backend.importer.load`): upserts by natural key, id lookups, movements.

Owner connection (no row-level security: an import may carry several companies), inside the import's
one transaction. Each upsert takes one list per column (same length, in row order; a `company_ids`
entry is `companies.id`) and returns an `Upserted` count; a row already present is updated in place.
`statement_timeout_s`: client-side limit of each statement in seconds (None: the connection's).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Literal

import asyncpg


@dataclass(frozen=True)
class Upserted:
    """Rows written by one upsert: `rows` in all, `new` of them inserted (the rest updated)."""

    rows: int
    new: int


@dataclass(frozen=True)
class CompanyZone:
    """A company as the import references it: `slug`, row `id` and IANA `timezone`."""

    slug: str
    id: int
    timezone: str


#: The tables whose rows the import references by natural key, and the column of that key.
KEYED = {"clients": "code", "asset_types": "code", "drivers": "document_number", "vehicles": "plate"}
KeyedTable = Literal["clients", "asset_types", "drivers", "vehicles"]

#: The columns of a movement record, in the order of `insert_movements`'s records.
MOVEMENT_COLUMNS = (
    "company_id",
    "occurred_at",
    "kind",
    "delivery_note",
    "client_id",
    "asset_type_id",
    "quantity",
    "vehicle_id",
    "driver_id",
    "fingerprint",
)
MovementRecord = tuple[int, datetime, str, str | None, int | None, int | None, int, int | None, int | None, bytes]


async def _upsert(
    conn: asyncpg.Connection, sql: str, columns: Sequence[Sequence[object]], statement_timeout_s: float | None
) -> Upserted:
    inserted = await conn.fetch(sql, *columns, timeout=statement_timeout_s)
    return Upserted(len(inserted), sum(1 for r in inserted if r["inserted"]))


async def timezone_names(conn: asyncpg.Connection, *, statement_timeout_s: float | None = None) -> set[str]:
    """Every IANA zone name PostgreSQL knows (`pg_timezone_names`): the views compute «today» with it."""
    return {r["name"] for r in await conn.fetch("SELECT name FROM pg_timezone_names", timeout=statement_timeout_s)}


async def companies(conn: asyncpg.Connection, *, statement_timeout_s: float | None = None) -> list[CompanyZone]:
    """Every company (slug, id, timezone)."""
    rows = await conn.fetch("SELECT slug, id, timezone FROM companies", timeout=statement_timeout_s)
    return [CompanyZone(r["slug"], int(r["id"]), r["timezone"]) for r in rows]


async def companies_with_movements(
    conn: asyncpg.Connection, *, company_ids: Sequence[int], statement_timeout_s: float | None = None
) -> set[int]:
    """The ids among `company_ids` of the companies that have at least one movement."""
    sql = """
        SELECT c.id FROM companies c
        WHERE c.id = ANY($1::int[]) AND EXISTS (SELECT 1 FROM movements m WHERE m.company_id = c.id)"""
    return {int(r["id"]) for r in await conn.fetch(sql, list(company_ids), timeout=statement_timeout_s)}


async def upsert_companies(
    conn: asyncpg.Connection,
    *,
    slugs: Sequence[str],
    names: Sequence[str],
    timezones: Sequence[str],
    statement_timeout_s: float | None = None,
) -> Upserted:
    """Companies by slug: name and timezone updated when the slug exists."""
    sql = """
        INSERT INTO companies (slug, name, timezone) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
        ON CONFLICT (slug) DO UPDATE SET name = EXCLUDED.name, timezone = EXCLUDED.timezone
        RETURNING (xmax = 0) AS inserted"""
    return await _upsert(conn, sql, [slugs, names, timezones], statement_timeout_s)


async def upsert_clients(
    conn: asyncpg.Connection,
    *,
    company_ids: Sequence[int],
    codes: Sequence[str],
    names: Sequence[str],
    names_folded: Sequence[str],
    cities: Sequence[str],
    statement_timeout_s: float | None = None,
) -> Upserted:
    """Clients by (company, code); `names_folded` is `backend.core.text.fold(name)` (the name search)."""
    sql = """
        INSERT INTO clients (company_id, code, name, name_folded, city)
        SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[])
        ON CONFLICT (company_id, code) DO UPDATE
          SET name = EXCLUDED.name, name_folded = EXCLUDED.name_folded, city = EXCLUDED.city
        RETURNING (xmax = 0) AS inserted"""
    return await _upsert(conn, sql, [company_ids, codes, names, names_folded, cities], statement_timeout_s)


async def upsert_asset_types(
    conn: asyncpg.Connection,
    *,
    company_ids: Sequence[int],
    codes: Sequence[str],
    names: Sequence[str],
    plural_names: Sequence[str],
    statement_timeout_s: float | None = None,
) -> Upserted:
    """Asset types by (company, code): singular and plural names (canastilla, canastillas)."""
    sql = """
        INSERT INTO asset_types (company_id, code, name, plural_name)
        SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])
        ON CONFLICT (company_id, code) DO UPDATE SET name = EXCLUDED.name, plural_name = EXCLUDED.plural_name
        RETURNING (xmax = 0) AS inserted"""
    return await _upsert(conn, sql, [company_ids, codes, names, plural_names], statement_timeout_s)


async def upsert_vehicles(
    conn: asyncpg.Connection,
    *,
    company_ids: Sequence[int],
    plates: Sequence[str],
    kinds: Sequence[str],
    brand_models: Sequence[str],
    model_years: Sequence[int | None],
    actives: Sequence[bool],
    statement_timeout_s: float | None = None,
) -> Upserted:
    """Vehicles by (company, canonical plate)."""
    sql = """
        INSERT INTO vehicles (company_id, plate, kind, brand_model, model_year, active)
        SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::int[], $6::bool[])
        ON CONFLICT (company_id, plate) DO UPDATE SET kind = EXCLUDED.kind, brand_model = EXCLUDED.brand_model,
          model_year = EXCLUDED.model_year, active = EXCLUDED.active
        RETURNING (xmax = 0) AS inserted"""
    columns = [company_ids, plates, kinds, brand_models, model_years, actives]
    return await _upsert(conn, sql, columns, statement_timeout_s)


async def upsert_drivers(
    conn: asyncpg.Connection,
    *,
    company_ids: Sequence[int],
    document_numbers: Sequence[str],
    full_names: Sequence[str],
    names_folded: Sequence[str],
    phones: Sequence[str],
    license_expires_on: Sequence[date | None],
    vehicle_ids: Sequence[int | None],
    statement_timeout_s: float | None = None,
) -> Upserted:
    """Drivers by (company, document number), with their assigned vehicle (row id, None: none)."""
    sql = """
        INSERT INTO drivers (company_id, document_number, full_name, name_folded, phone, license_expires_on,
                             vehicle_id)
        SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::date[], $7::int[])
        ON CONFLICT (company_id, document_number) DO UPDATE SET full_name = EXCLUDED.full_name,
          name_folded = EXCLUDED.name_folded, phone = EXCLUDED.phone,
          license_expires_on = EXCLUDED.license_expires_on, vehicle_id = EXCLUDED.vehicle_id
        RETURNING (xmax = 0) AS inserted"""
    columns = [company_ids, document_numbers, full_names, names_folded, phones, license_expires_on, vehicle_ids]
    return await _upsert(conn, sql, columns, statement_timeout_s)


async def upsert_vehicle_documents(
    conn: asyncpg.Connection,
    *,
    company_ids: Sequence[int],
    vehicle_ids: Sequence[int],
    doc_types: Sequence[str],
    numbers: Sequence[str],
    issued_on: Sequence[date | None],
    expires_on: Sequence[date],
    statement_timeout_s: float | None = None,
) -> Upserted:
    """Vehicle documents (SOAT, TECNOMECANICA, POLIZA_RC) by (company, vehicle, type, number)."""
    sql = """
        INSERT INTO vehicle_documents (company_id, vehicle_id, doc_type, number, issued_on, expires_on)
        SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::date[], $6::date[])
        ON CONFLICT (company_id, vehicle_id, doc_type, number) DO UPDATE
          SET issued_on = EXCLUDED.issued_on, expires_on = EXCLUDED.expires_on
        RETURNING (xmax = 0) AS inserted"""
    columns = [company_ids, vehicle_ids, doc_types, numbers, issued_on, expires_on]
    return await _upsert(conn, sql, columns, statement_timeout_s)


async def asset_type_names(
    conn: asyncpg.Connection, *, company_ids: Sequence[int], statement_timeout_s: float | None = None
) -> list[tuple[int, str, str, str]]:
    """(company id, code, name, plural_name) of every asset type of `company_ids`, by company and code."""
    sql = "SELECT company_id, code, name, plural_name FROM asset_types WHERE company_id = ANY($1) ORDER BY 1, 2"
    rows = await conn.fetch(sql, list(company_ids), timeout=statement_timeout_s)
    return [(int(r["company_id"]), r["code"], r["name"], r["plural_name"]) for r in rows]


async def ids_by_key(
    conn: asyncpg.Connection, *, table: KeyedTable, company_ids: set[int], statement_timeout_s: float | None = None
) -> dict[tuple[int, str], int]:
    """(company id, natural key) -> row id of every row of `table` in `company_ids` (key column: `KEYED`)."""
    sql = f"SELECT company_id, {KEYED[table]} AS key, id FROM {table} WHERE company_id = ANY($1)"
    rows = await conn.fetch(sql, list(company_ids), timeout=statement_timeout_s)
    return {(int(r["company_id"]), r["key"]): int(r["id"]) for r in rows}


async def insert_movements(
    conn: asyncpg.Connection, *, records: Sequence[MovementRecord], statement_timeout_s: float | None = None
) -> int:
    """Insert movement lines (`MOVEMENT_COLUMNS`), skipping those whose (company, fingerprint) is already
    stored: copied into a temporary table dropped at commit, then inserted in one statement. Returns
    how many were new."""
    await conn.execute(
        "CREATE TEMP TABLE movements_in (LIKE movements INCLUDING DEFAULTS) ON COMMIT DROP",
        timeout=statement_timeout_s,
    )
    await conn.copy_records_to_table(
        "movements_in", records=records, columns=MOVEMENT_COLUMNS, timeout=statement_timeout_s
    )
    columns = ", ".join(MOVEMENT_COLUMNS)
    new = await conn.fetchval(
        f"""
        WITH ins AS (
          INSERT INTO movements ({columns}) SELECT {columns} FROM movements_in
          ON CONFLICT (company_id, fingerprint) DO NOTHING RETURNING 1)
        SELECT count(*) FROM ins""",
        timeout=statement_timeout_s,
    )
    return int(new)


async def known_fingerprints(
    conn: asyncpg.Connection,
    *,
    company_ids: set[int],
    fingerprints: Sequence[bytes],
    statement_timeout_s: float | None = None,
) -> set[bytes]:
    """Those of `fingerprints` already stored for a movement of one of `company_ids`."""
    rows = await conn.fetch(
        "SELECT fingerprint FROM movements WHERE company_id = ANY($1::int[]) AND fingerprint = ANY($2::bytea[])",
        list(company_ids),
        list(fingerprints),
        timeout=statement_timeout_s,
    )
    return {bytes(r["fingerprint"]) for r in rows}
