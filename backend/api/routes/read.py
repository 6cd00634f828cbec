"""Deterministic reads for the bot's commands (no model): /v1/me, /v1/clients/{q}, /v1/expiries."""

from __future__ import annotations

from typing import Annotated, Any

import asyncpg
from fastapi import APIRouter, Depends, Query

from backend.api.deps import Tenant, UserIdQuery, tenant
from backend.api.errors import ApiError
from backend.core.text import clean_text, fold

router = APIRouter(prefix="/v1", tags=["consultas"])
TenantDep = Annotated[Tenant, Depends(tenant)]
MAX_MATCHES = 10


def like_escape(text: str) -> str:
    """Escape LIKE wildcards so '%', '_' and '\\' match literally."""
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


async def find_clients(conn: asyncpg.Connection, query: str, limit: int = MAX_MATCHES) -> list[asyncpg.Record]:
    """Clients whose code equals `query` (first) or whose folded name contains it, at most `limit`;
    each row carries `total`, the number of matches before the limit. RLS scopes them."""
    q = query.strip()
    return await conn.fetch(
        """SELECT id, code, name, city, (code = $1) AS by_code, count(*) OVER () AS total FROM clients
           WHERE code = $1 OR ($2 <> '' AND name_folded LIKE '%' || $2 || '%' ESCAPE '\\')
           ORDER BY (code = $1) DESC, (name_folded LIKE $2 || '%' ESCAPE '\\') DESC, name, code
           LIMIT $3""",
        q,
        like_escape(fold(q)) if len(fold(q)) >= 3 else "",
        limit,
    )


async def balances_by_client(conn: asyncpg.Connection, client_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    rows = await conn.fetch(
        """SELECT client_id, asset_code, asset_name, asset_plural_name, balance FROM client_balances
           WHERE client_id = ANY($1::bigint[]) ORDER BY client_id, asset_code""",
        client_ids,
    )
    out: dict[int, list[dict[str, Any]]] = {cid: [] for cid in client_ids}
    for r in rows:
        out[r["client_id"]].append(
            {
                "asset_code": r["asset_code"],
                "asset_name": r["asset_name"],
                "asset_plural_name": r["asset_plural_name"],
                "balance": int(r["balance"]),
            }
        )
    return out


@router.get("/me")
async def me(t: TenantDep, user_id: UserIdQuery) -> dict[str, Any]:
    """{"user_id", "name", "company": {"slug", "name", "timezone"}}; 403 not_authorized."""
    name = await t.conn.fetchval("SELECT name FROM admins WHERE telegram_user_id = $1", t.user_id)
    return {"user_id": t.user_id, "name": name, "company": {"slug": t.slug, "name": t.name, "timezone": t.timezone}}


@router.get("/clients/{code_or_name}")
async def client(code_or_name: str, t: TenantDep, user_id: UserIdQuery) -> dict[str, Any]:
    """{"query", "total", "matches": [{"code", "name", "city", "balances": [...]}]}, code match first,
    at most 10 matches of `total`; 404 client_not_found; 422 invalid_request when nothing is left of
    the search term after `clean_text` (control and invisible characters removed)."""
    query = clean_text(code_or_name[:200], single_line=True)
    if not query:
        raise ApiError(422, "invalid_request", "Falta el código o el nombre del cliente.")
    found = await find_clients(t.conn, query)
    if not found:
        raise ApiError(404, "client_not_found", f"No encontré ningún cliente con «{query[:80]}».")
    balances = await balances_by_client(t.conn, [r["id"] for r in found])
    return {
        "query": query,
        "total": found[0]["total"],
        "matches": [
            {"code": r["code"], "name": r["name"], "city": r["city"], "balances": balances[r["id"]]} for r in found
        ],
    }


async def expiry_rows(conn: asyncpg.Connection, within_days: int) -> list[asyncpg.Record]:
    """Active vehicles' documents due within `within_days` (or expired), and vehicles without any,
    most urgent first: vencido, sin_documentos, then fewest days remaining."""
    return await conn.fetch(
        """SELECT plate, doc_type, expires_on, days_remaining, status, today FROM document_expiries
           WHERE active AND (document_id IS NULL OR days_remaining <= $1)
           ORDER BY CASE status WHEN 'vencido' THEN 0 WHEN 'sin_documentos' THEN 1 ELSE 2 END,
                    days_remaining NULLS FIRST, plate, doc_type""",
        within_days,
    )


async def company_today(conn: asyncpg.Connection) -> Any:
    return await conn.fetchval("SELECT fleetops_today(timezone) FROM companies")


@router.get("/expiries")
async def expiries(
    t: TenantDep, user_id: UserIdQuery, within_days: Annotated[int, Query(ge=0, le=366)] = 30
) -> dict[str, Any]:
    """{"today", "within_days", "items": [{"plate", "doc_type", "expires_on", "days_remaining", "status"}]}."""
    rows = await expiry_rows(t.conn, within_days)
    today = await company_today(t.conn)
    return {
        "today": today.isoformat(),
        "within_days": within_days,
        "items": [
            {
                "plate": r["plate"],
                "doc_type": r["doc_type"],
                "expires_on": r["expires_on"].isoformat() if r["expires_on"] else None,
                "days_remaining": r["days_remaining"],
                "status": r["status"],
            }
            for r in rows
        ],
    }
