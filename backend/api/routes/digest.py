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

Bodies are read as JSON whatever their Content-Type, as /v1/ask reads its own (`checked_body`, validated
before authentication): a bot that sends none, or `text/plain`, is understood (was a 422 on these routes
only); a body that is not JSON or not the model is 422 `invalid_request` with a Spanish message.
"""

from __future__ import annotations

import logging
from typing import Annotated

import asyncpg
from fastapi import APIRouter, Depends, Path

from backend.api.deps import BotDep, SettingsDep, TenantDep, UserIdQuery, body_openapi, checked_body
from backend.api.errors import ApiError
from backend.config import BackendSettings
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
from backend.reports.digest import fetch_digest, render_digest
from backend.store import admins as store_admins
from backend.store import digest_log
from backend.store.companies import digest_schedule

log = logging.getLogger(__name__)
router = APIRouter(prefix="/v1", tags=["resumen diario"])
ADMIN_NOT_FOUND = "Ese usuario no es administrador de esta empresa."


async def _digest(conn: asyncpg.Connection, settings: BackendSettings) -> DigestResponse:
    digest = await fetch_digest(conn, statement_timeout_s=settings.statement_timeout_s)
    return DigestResponse(
        date=digest.today, has_items=digest.has_items, text=render_digest(digest), counts=digest.counts()
    )


@router.get("/digest", response_model=DigestResponse)
async def digest_for_admin(t: TenantDep, user_id: UserIdQuery, settings: SettingsDep) -> DigestResponse:
    """The company's digest now (for /resumen)."""
    return await _digest(t.conn, settings)


@router.get("/alerts", response_model=AlertsResponse)
async def get_alerts(t: TenantDep, user_id: UserIdQuery, settings: SettingsDep) -> AlertsResponse:
    """The caller's digest choice: daily | if_any | off."""
    choice = await store_admins.alerts(t.conn, user_id=t.user_id, statement_timeout_s=settings.statement_timeout_s)
    return AlertsResponse(alerts=choice)


@router.put("/alerts", response_model=AlertsResponse, openapi_extra=body_openapi(AlertsUpdate))
async def put_alerts(
    body: Annotated[AlertsUpdate, Depends(checked_body(AlertsUpdate))], t: TenantDep, settings: SettingsDep
) -> AlertsResponse:
    """Store the caller's digest choice."""
    choice = await store_admins.set_alerts(
        t.conn, user_id=t.user_id, alerts=body.alerts, statement_timeout_s=settings.statement_timeout_s
    )
    return AlertsResponse(alerts=choice)


def _admin(admin: store_admins.Admin) -> AdminEntry:
    return AdminEntry(user_id=admin.user_id, name=admin.name, alerts=admin.alerts, blocked=admin.blocked_at is not None)


@router.get("/bot/admins", response_model=AdminsResponse)
async def bot_admins(b: BotDep, settings: SettingsDep) -> AdminsResponse:
    """The company (timezone, digest time HH:MM) and every admin with their choice and blocked flag."""
    timeout = settings.statement_timeout_s
    company = await digest_schedule(b.conn, statement_timeout_s=timeout)
    if company is None:
        raise LookupError("the bot's company is not visible in its own transaction")
    admins = await store_admins.all_admins(b.conn, statement_timeout_s=timeout)
    at = company.digest_time or settings.digest_time
    return AdminsResponse(
        company=DigestCompany(
            slug=company.slug, name=company.name, timezone=company.timezone, digest_time=at.strftime("%H:%M")
        ),
        admins=[_admin(a) for a in admins],
    )


@router.put("/bot/admins/{user_id}/blocked", response_model=AdminEntry, openapi_extra=body_openapi(BlockedUpdate))
async def bot_admin_blocked(
    user_id: Annotated[int, Path(ge=1, le=INT64_MAX)],
    body: Annotated[BlockedUpdate, Depends(checked_body(BlockedUpdate))],
    b: BotDep,
    settings: SettingsDep,
) -> AdminEntry:
    """Mark (Telegram said Forbidden) or clear (/start) an admin's blocked flag."""
    admin = await store_admins.set_blocked(
        b.conn, user_id=user_id, blocked=body.blocked, statement_timeout_s=settings.statement_timeout_s
    )
    if admin is None:
        raise ApiError(404, "admin_not_found", ADMIN_NOT_FOUND)
    return _admin(admin)


@router.get("/bot/digest", response_model=DigestResponse)
async def bot_digest(b: BotDep, settings: SettingsDep) -> DigestResponse:
    """The company's digest for its local date (the scheduler fetches it once per run)."""
    return await _digest(b.conn, settings)


async def _admin_id(conn: asyncpg.Connection, user_id: int, statement_timeout_s: float) -> int:
    admin_id = await store_admins.admin_id(conn, user_id=user_id, statement_timeout_s=statement_timeout_s)
    if admin_id is None:
        raise ApiError(404, "admin_not_found", ADMIN_NOT_FOUND)
    return admin_id


@router.post("/bot/digest/claims", response_model=DigestClaimResult, openapi_extra=body_openapi(DigestClaim))
async def claim_digest(
    body: Annotated[DigestClaim, Depends(checked_body(DigestClaim))], b: BotDep, settings: SettingsDep
) -> DigestClaimResult:
    """Claim (admin, date) before sending: True once; False for every later claim of that pair."""
    timeout = settings.statement_timeout_s
    admin_id = await _admin_id(b.conn, body.user_id, timeout)
    if await digest_log.claim(
        b.conn, company_id=b.company_id, admin_id=admin_id, digest_date=body.date, statement_timeout_s=timeout
    ):
        return DigestClaimResult(claimed=True, date=body.date, outcome="claimed")
    earlier = await digest_log.outcome(b.conn, admin_id=admin_id, digest_date=body.date, statement_timeout_s=timeout)
    return DigestClaimResult(claimed=False, date=body.date, outcome=earlier)


@router.put("/bot/digest/claims", response_model=DigestClaimResult, openapi_extra=body_openapi(DigestOutcome))
async def finish_digest(
    body: Annotated[DigestOutcome, Depends(checked_body(DigestOutcome))], b: BotDep, settings: SettingsDep
) -> DigestClaimResult:
    """Record how a claimed send ended (sent | blocked | failed); a claim left unfinished stays 'claimed'."""
    timeout = settings.statement_timeout_s
    admin_id = await _admin_id(b.conn, body.user_id, timeout)
    if not await digest_log.finish(
        b.conn, admin_id=admin_id, digest_date=body.date, outcome=body.outcome, statement_timeout_s=timeout
    ):
        raise ApiError(404, "not_found", "No hay un resumen reservado para ese administrador y esa fecha.")
    return DigestClaimResult(claimed=True, date=body.date, outcome=body.outcome)
