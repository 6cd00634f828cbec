"""Morning digest routes: the digest itself, each admin's /alertas choice, and the bot-level routes the
digest scheduler uses.

User-level (same checks as /v1/ask: bot secret, rate limit, `user_id` must be an admin):
    GET /v1/digest?user_id=N                 -> DigestResponse (what /resumen shows)
    GET /v1/alerts?user_id=N                 -> AlertsResponse
    PUT /v1/alerts {"user_id", "alerts"}     -> AlertsResponse

Bot-level (bot secret alone, no `user_id`; the company comes from the secret; not rate-limited: the
bot calls them on its own schedule, once per admin per day):
    GET /v1/bot/admins                                   -> AdminsResponse (company, digest time, admins)
    PUT /v1/bot/admins/{user_id}/blocked {"blocked"}     -> AdminEntry; 404 admin_not_found
    GET /v1/bot/digest                                   -> DigestResponse
    POST /v1/bot/digest/claims {"user_id", "date"}       -> DigestClaimResult (claimed False = already)
    PUT /v1/bot/digest/claims {"user_id", "date", "outcome"} -> DigestClaimResult
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Annotated

import asyncpg
from fastapi import APIRouter, Depends, Path, Query, Request

from backend.api.deps import Tenant, acquire, bearer_digest, company_for_secret, refuse_proxy, tenant
from backend.api.errors import ApiError, request_id
from backend.contract import (
    INT64_MAX,
    AdminEntry,
    AdminsResponse,
    AlertsResponse,
    AlertsUpdate,
    BlockedUpdate,
    DigestClaim,
    DigestClaimResult,
    DigestCompany,
    DigestOutcome,
    DigestResponse,
)
from backend.db.connect import tenant_transaction
from backend.reports.digest import fetch_digest, render_digest

log = logging.getLogger(__name__)
router = APIRouter(prefix="/v1", tags=["resumen diario"])
TenantDep = Annotated[Tenant, Depends(tenant)]
UserId = Annotated[int, Query(description="Telegram user id of the admin asking")]


@dataclass(frozen=True)
class BotCaller:
    """A company's bot, authenticated by its secret alone; `conn` is inside `tenant_transaction`."""

    company_id: int
    request_id: str
    conn: asyncpg.Connection


@contextlib.asynccontextmanager
async def _bot_authorized(request: Request) -> AsyncIterator[BotCaller]:
    rid = request_id(request)
    refuse_proxy(request)
    digest = bearer_digest(request)
    async with acquire(request) as conn:
        company_id = await company_for_secret(conn, digest)
        async with tenant_transaction(conn, company_id, today=request.app.state.settings.today):
            yield BotCaller(company_id, rid, conn)


async def bot_caller(request: Request) -> AsyncIterator[BotCaller]:
    """Dependency: the bot secret alone -> its company (401 `unauthorized`); RLS on until the end."""
    async with _bot_authorized(request) as who:
        yield who


BotDep = Annotated[BotCaller, Depends(bot_caller)]


async def _digest(conn: asyncpg.Connection, request: Request) -> DigestResponse:
    digest = await fetch_digest(conn, statement_timeout_s=request.app.state.settings.statement_timeout_s)
    return DigestResponse(
        date=digest.today, has_items=digest.has_items, text=render_digest(digest), counts=digest.counts()
    )


@router.get("/digest", response_model=DigestResponse)
async def digest_for_admin(t: TenantDep, user_id: UserId, request: Request) -> DigestResponse:
    """The company's digest now (for /resumen)."""
    return await _digest(t.conn, request)


@router.get("/alerts", response_model=AlertsResponse)
async def get_alerts(t: TenantDep, user_id: UserId) -> AlertsResponse:
    """The caller's digest choice: daily | if_any | off."""
    return AlertsResponse(
        alerts=await t.conn.fetchval("SELECT alerts FROM admins WHERE telegram_user_id = $1", t.user_id)
    )


@router.put("/alerts", response_model=AlertsResponse)
async def put_alerts(body: AlertsUpdate, t: TenantDep) -> AlertsResponse:
    """Store the caller's digest choice."""
    alerts = await t.conn.fetchval(
        "UPDATE admins SET alerts = $2 WHERE telegram_user_id = $1 RETURNING alerts", t.user_id, body.alerts
    )
    return AlertsResponse(alerts=alerts)


def _admin(row: asyncpg.Record) -> AdminEntry:
    return AdminEntry(
        user_id=row["telegram_user_id"], name=row["name"], alerts=row["alerts"], blocked=row["blocked_at"] is not None
    )


@router.get("/bot/admins", response_model=AdminsResponse)
async def bot_admins(b: BotDep, request: Request) -> AdminsResponse:
    """The company (timezone, digest time HH:MM) and every admin with their choice and blocked flag."""
    company = await b.conn.fetchrow("SELECT slug, name, timezone, digest_time FROM companies")
    admins = await b.conn.fetch(
        "SELECT telegram_user_id, name, alerts, blocked_at FROM admins ORDER BY telegram_user_id"
    )
    at = company["digest_time"] or request.app.state.settings.digest_time
    return AdminsResponse(
        company=DigestCompany(
            slug=company["slug"], name=company["name"], timezone=company["timezone"], digest_time=at.strftime("%H:%M")
        ),
        admins=[_admin(r) for r in admins],
    )


@router.put("/bot/admins/{user_id}/blocked", response_model=AdminEntry)
async def bot_admin_blocked(
    user_id: Annotated[int, Path(ge=1, le=INT64_MAX)], body: BlockedUpdate, b: BotDep
) -> AdminEntry:
    """Mark (Telegram said Forbidden) or clear (/start) an admin's blocked flag."""
    row = await b.conn.fetchrow(
        """UPDATE admins SET blocked_at = CASE WHEN $2 THEN COALESCE(blocked_at, now()) END
           WHERE telegram_user_id = $1 RETURNING telegram_user_id, name, alerts, blocked_at""",
        user_id,
        body.blocked,
    )
    if row is None:
        raise ApiError(404, "admin_not_found", "Ese usuario no es administrador de esta empresa.")
    return _admin(row)


@router.get("/bot/digest", response_model=DigestResponse)
async def bot_digest(b: BotDep, request: Request) -> DigestResponse:
    """The company's digest for its local date (the scheduler fetches it once per run)."""
    return await _digest(b.conn, request)


async def _admin_id(conn: asyncpg.Connection, user_id: int) -> int:
    admin_id = await conn.fetchval("SELECT id FROM admins WHERE telegram_user_id = $1", user_id)
    if admin_id is None:
        raise ApiError(404, "admin_not_found", "Ese usuario no es administrador de esta empresa.")
    return admin_id


@router.post("/bot/digest/claims", response_model=DigestClaimResult)
async def claim_digest(body: DigestClaim, b: BotDep) -> DigestClaimResult:
    """Claim (admin, date) before sending: True once; False for every later claim of that pair."""
    admin_id = await _admin_id(b.conn, body.user_id)
    claimed = await b.conn.fetchval(
        """INSERT INTO digest_log (company_id, admin_id, digest_date) VALUES ($1, $2, $3)
           ON CONFLICT (admin_id, digest_date) DO NOTHING RETURNING true""",
        b.company_id,
        admin_id,
        body.date,
    )
    if claimed:
        return DigestClaimResult(claimed=True, date=body.date, outcome="claimed")
    earlier = await b.conn.fetchval(
        "SELECT outcome FROM digest_log WHERE admin_id = $1 AND digest_date = $2", admin_id, body.date
    )
    return DigestClaimResult(claimed=False, date=body.date, outcome=earlier)


@router.put("/bot/digest/claims", response_model=DigestClaimResult)
async def finish_digest(body: DigestOutcome, b: BotDep) -> DigestClaimResult:
    """Record how a claimed send ended (sent | blocked | failed); a claim left unfinished stays 'claimed'."""
    admin_id = await _admin_id(b.conn, body.user_id)
    done = await b.conn.fetchval(
        """UPDATE digest_log SET outcome = $3, finished_at = now()
           WHERE admin_id = $1 AND digest_date = $2 RETURNING true""",
        admin_id,
        body.date,
        body.outcome,
    )
    if not done:
        raise ApiError(404, "not_found", "No hay un resumen reservado para ese administrador y esa fecha.")
    return DigestClaimResult(claimed=True, date=body.date, outcome=body.outcome)
