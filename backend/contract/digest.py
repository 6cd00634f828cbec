"""The morning digest and alerts: /v1/digest, /v1/alerts and the bot-level routes /v1/bot/*
(authenticated by the bot secret alone)."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict, StrictBool

from backend.contract.entities import Day, UserId

AlertChoice = Literal["daily", "if_any", "off"]
"""/alertas: todos los días, solo si hay algo, no."""


class DigestResponse(BaseModel):
    """GET /v1/digest and GET /v1/bot/digest: the company's digest for its local `date` as plain
    Spanish `text`; `has_items` False when nothing is due (the text is then one line)."""

    model_config = ConfigDict(extra="ignore")
    date: dt.date
    has_items: bool
    text: str
    counts: dict[str, int] = {}


class DigestCompany(BaseModel):
    """The company as the scheduler needs it: `digest_time` "HH:MM" local to the IANA `timezone`."""

    model_config = ConfigDict(extra="ignore")
    slug: str
    name: str
    timezone: str
    digest_time: str = "07:00"


class AdminEntry(BaseModel):
    """One admin of the company: Telegram `user_id`, `alerts` choice, `blocked` (the bot was blocked)."""

    model_config = ConfigDict(extra="ignore")
    user_id: int
    name: str = ""
    alerts: AlertChoice = "daily"
    blocked: bool = False


class AdminsResponse(BaseModel):
    """GET /v1/bot/admins."""

    model_config = ConfigDict(extra="ignore")
    company: DigestCompany
    admins: list[AdminEntry] = []


class DigestClaim(BaseModel):
    """POST /v1/bot/digest/claims body: claim (admin, date) before sending."""

    user_id: UserId
    date: Day


class DigestClaimResult(BaseModel):
    """`claimed` False: that admin's digest for that date was already claimed (never send twice);
    `outcome` is then the earlier claim's: "claimed" means it was never confirmed sent (lost)."""

    model_config = ConfigDict(extra="ignore")
    claimed: bool
    date: dt.date
    outcome: str | None = None


class DigestOutcome(BaseModel):
    """PUT /v1/bot/digest/claims body: how the claimed send ended."""

    user_id: UserId
    date: Day
    outcome: Literal["sent", "blocked", "failed"]


class BlockedUpdate(BaseModel):
    """PUT /v1/bot/admins/{user_id}/blocked body: `blocked` a JSON true or false (strict: "yes", 1 or
    "0" are 422, not coerced)."""

    blocked: StrictBool


class AlertsUpdate(BaseModel):
    """PUT /v1/alerts body (user-level, like /v1/ask)."""

    user_id: UserId
    alerts: AlertChoice


class AlertsResponse(BaseModel):
    model_config = ConfigDict(extra="ignore")
    alerts: AlertChoice
