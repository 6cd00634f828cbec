"""The deterministic reads behind the bot's commands (backend.api.routes.read) and /v1/health."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pydantic import BaseModel, ConfigDict


class MeCompany(BaseModel):
    model_config = ConfigDict(extra="ignore")
    slug: str
    name: str
    timezone: str


class MeResponse(BaseModel):
    """GET /v1/me: the admin asking and their company."""

    model_config = ConfigDict(extra="ignore")
    user_id: int
    name: str | None = None
    company: MeCompany


class ClientBalance(BaseModel):
    """One asset type's saldo of a client (negative: more returned than delivered, a data problem)."""

    model_config = ConfigDict(extra="ignore")
    asset_code: str
    asset_name: str | None = None
    asset_plural_name: str | None = None
    balance: int = 0


class ClientMatch(BaseModel):
    model_config = ConfigDict(extra="ignore")
    code: str
    name: str
    city: str | None = None
    balances: list[ClientBalance] = []


class ClientsResponse(BaseModel):
    """GET /v1/clients/{code_or_name}: the code match first, at most 10 `matches` of `total`."""

    model_config = ConfigDict(extra="ignore")
    query: str = ""
    total: int | None = None  # None (an older backend): as many as `matches`
    matches: list[ClientMatch] = []


class ExpiryItem(BaseModel):
    """One semáforo line: a vehicle's document (or, with `doc_type` None, a vehicle without any)."""

    model_config = ConfigDict(extra="ignore")
    plate: str
    doc_type: str | None = None
    expires_on: dt.date | None = None
    days_remaining: int | None = None
    status: str = ""  # vencido | rojo | amarillo | verde | sin_documentos | incompleto (doc_type not registered)


class ExpiriesResponse(BaseModel):
    """GET /v1/expiries: the company's `today` and the documents due within `within_days`, most urgent first;
    `left_out`: the inactive vehicles' documents so due, which `items` leaves out (the reply says so)."""

    model_config = ConfigDict(extra="ignore")
    today: dt.date | None = None
    within_days: int = 30
    items: list[ExpiryItem] = []
    left_out: list[ExpiryItem] = []


ModelState = Literal["unconfigured", "unused", "ok", "failing"]


class ModelHealth(BaseModel):
    """The model as the backend process last saw it (no call is made to find out): `state`
    "unconfigured" (no API key: data-only answers), "unused" (no call since the backend started),
    "ok" (the last call answered) or "failing" (the last `failures_in_a_row` calls failed, the last
    with `last_failure`: "connection", "timeout", "http_401", "bad_response"…). Times are UTC."""

    model_config = ConfigDict(extra="ignore")
    state: ModelState
    last_ok_at: dt.datetime | None = None
    last_failure_at: dt.datetime | None = None
    last_failure: str | None = None
    failures_in_a_row: int = 0


class HealthResponse(BaseModel):
    """GET /v1/health. `model` None: an older backend (only `model_configured` then)."""

    model_config = ConfigDict(extra="ignore")
    status: str  # "ok" | "degraded"
    database: str
    model_configured: bool = False
    model: ModelHealth | None = None


class CompanyExamples(BaseModel):
    """GET /v1/examples: what the bot's help and usage texts may show as examples, every one taken
    from the admin's own company (None: the company has none; the bot then shows no example of that kind).
    `client_code`: its client with the most movements; `plate`: an active vehicle; `delivery_note`: its
    latest note; `asset`: the plural name of its most moved asset type («canastillas»)."""

    model_config = ConfigDict(extra="ignore")
    client_code: str | None = None
    plate: str | None = None
    delivery_note: str | None = None
    asset: str | None = None
