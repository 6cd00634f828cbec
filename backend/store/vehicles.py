"""Vehicles and drivers: the fleet, who drives what, and drivers' licences."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import asyncpg


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
    """A driver; `license_days` is days from the company's today to the licence's expiry (negative:
    expired; None with `license_expires_on`); `plate` of the assigned vehicle, if any."""

    id: int
    document_number: str
    full_name: str
    phone: str
    license_expires_on: date | None
    license_days: int | None
    plate: str | None


@dataclass(frozen=True)
class AssignedDriver:
    """A driver assigned to vehicle `vehicle_id` (a vehicle may have several)."""

    vehicle_id: int
    full_name: str


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
    statement_timeout_s: float | None = None,
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
        timeout=statement_timeout_s,
    )
    return [_vehicle(r) for r in rows]


async def vehicle_ids(
    conn: asyncpg.Connection, *, plates: list[str], statement_timeout_s: float | None = None
) -> dict[str, int]:
    """Plate -> vehicle id of the `plates` (canonical, exact) that exist."""
    rows = await conn.fetch(
        "SELECT id, plate FROM vehicles WHERE plate = ANY($1::text[])", plates, timeout=statement_timeout_s
    )
    return {r["plate"]: r["id"] for r in rows}


async def plates_ending(
    conn: asyncpg.Connection, *, digits: list[str], statement_timeout_s: float | None = None
) -> set[str]:
    """The plates whose last three characters are one of `digits` («482» -> {"KLM482", "KLN482"})."""
    rows = await conn.fetch(
        "SELECT plate FROM vehicles WHERE right(plate, 3) = ANY($1::text[])", digits, timeout=statement_timeout_s
    )
    return {r["plate"] for r in rows}


async def some_plates(conn: asyncpg.Connection, *, limit: int, statement_timeout_s: float | None = None) -> list[str]:
    """The company's plates in order, at most `limit` (a caller that wants them all asks for one more
    than it can use and checks the length)."""
    rows = await conn.fetch("SELECT plate FROM vehicles ORDER BY plate LIMIT $1", limit, timeout=statement_timeout_s)
    return [r["plate"] for r in rows]


async def assigned_drivers(
    conn: asyncpg.Connection, *, vehicle_ids: list[int], statement_timeout_s: float | None = None
) -> list[AssignedDriver]:
    """Every driver assigned to one of `vehicle_ids`, by name."""
    rows = await conn.fetch(
        "SELECT vehicle_id, full_name FROM drivers WHERE vehicle_id = ANY($1::int[]) ORDER BY full_name",
        vehicle_ids,
        timeout=statement_timeout_s,
    )
    return [AssignedDriver(r["vehicle_id"], r["full_name"]) for r in rows]


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
    conn: asyncpg.Connection,
    *,
    ids: list[int] | None = None,
    documents: list[str] | None = None,
    every: bool = False,
    statement_timeout_s: float | None = None,
) -> list[Driver]:
    """Drivers by id / document number (cédula), or (`every`) all of them, by name."""
    rows = await conn.fetch(
        _DRIVER_SQL + " WHERE d.id = ANY($1::int[]) OR d.document_number = ANY($2::text[]) OR $3 ORDER BY d.full_name",
        ids or [],
        documents or [],
        every,
        timeout=statement_timeout_s,
    )
    return [_driver(r) for r in rows]


async def licences_due(
    conn: asyncpg.Connection,
    *,
    max_days: int | None,
    min_days: int | None,
    statement_timeout_s: float | None = None,
) -> list[Driver]:
    """Drivers whose licence has `min_days` ≤ days remaining ≤ `max_days` (None: unbounded), soonest first."""
    rows = await conn.fetch(
        _DRIVER_SQL
        + """ WHERE d.license_expires_on IS NOT NULL
        AND ($1::int IS NULL OR d.license_expires_on - fleetops_today(co.timezone) <= $1)
        AND ($2::int IS NULL OR d.license_expires_on - fleetops_today(co.timezone) >= $2)
        ORDER BY d.license_expires_on, d.full_name""",
        max_days,
        min_days,
        timeout=statement_timeout_s,
    )
    return [_driver(r) for r in rows]


async def brands(conn: asyncpg.Connection, *, statement_timeout_s: float | None = None) -> list[str]:
    """The distinct brand-and-model texts of the company's vehicles («Chevrolet NHR»), in order."""
    rows = await conn.fetch(
        "SELECT DISTINCT brand_model FROM vehicles WHERE brand_model <> '' ORDER BY brand_model",
        timeout=statement_timeout_s,
    )
    return [r["brand_model"] for r in rows]
