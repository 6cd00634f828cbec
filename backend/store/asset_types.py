"""SQL of the company's asset types (`asset_types`: canastillas, estibas, tapas …), with their ids.

Inside `backend.db.connect.tenant_transaction` (RLS: the caller's company). `statement_timeout_s`:
client-side limit of the statement in seconds (None: the connection's).
"""

from __future__ import annotations

from dataclasses import dataclass

import asyncpg


@dataclass(frozen=True)
class AssetType:
    """A returnable asset type as answers name it: code (CAN), singular (canastilla) and plural (canastillas)."""

    code: str
    name: str
    plural: str


@dataclass(frozen=True)
class AssetTypeRow:
    """An asset type with its row id: code (CAN), singular (canastilla) and plural (canastillas) name."""

    id: int
    code: str
    name: str
    plural_name: str


async def asset_types(conn: asyncpg.Connection, *, statement_timeout_s: float | None = None) -> list[AssetTypeRow]:
    """Every asset type of the caller's company, by code."""
    rows = await conn.fetch(
        "SELECT id, code, name, plural_name FROM asset_types ORDER BY code", timeout=statement_timeout_s
    )
    return [AssetTypeRow(int(r["id"]), r["code"], r["name"], r["plural_name"]) for r in rows]


async def catalogue(conn: asyncpg.Connection, *, statement_timeout_s: float | None = None) -> list[AssetType]:
    """Every asset type of the caller's company by code, as `AssetType` (no row id)."""
    rows = await asset_types(conn, statement_timeout_s=statement_timeout_s)
    return [AssetType(r.code, r.name, r.plural_name) for r in rows]
