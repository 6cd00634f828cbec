"""Deterministic reads for the bot's commands (no model): /v1/me, /v1/clients/{q}, /v1/expiries, /v1/examples.

SQL in `backend.store` (admins, clients, expiries, companies); bodies are the contract's models.
"""

from __future__ import annotations

from typing import Annotated

import asyncpg
from fastapi import APIRouter, Query

from backend.api.client_asset import client_and_asset, several_codes, unknown_asset
from backend.api.deps import COUNT_DIGITS, SettingsDep, TenantDep, UncountedTenantDep, UserIdQuery
from backend.api.errors import ApiError
from backend.contract import (
    ClientBalance,
    ClientMatch,
    ClientsResponse,
    CompanyExamples,
    ExpiriesResponse,
    ExpiryItem,
    MeCompany,
    MeResponse,
)
from backend.core import vehicle_documents as required_docs
from backend.core.lookalike_letters import typed_text
from backend.core.text import clean_text, echoed
from backend.store import documents as store_documents
from backend.store.asset_types import asset_types
from backend.store.clients import client_balances
from backend.store.examples import examples as company_examples
from backend.store.expiries import DocumentExpiry, document_expiries

router = APIRouter(prefix="/v1", tags=["consultas"])
MAX_MATCHES = 10


@router.get("/me", response_model=MeResponse)
async def me(t: UncountedTenantDep, user_id: UserIdQuery) -> MeResponse:
    """The admin asking and their company; 403 not_authorized. Not counted by the rate limit (the bot
    asks it before transcribing a voice note and for /estado: no question of the user's)."""
    company = MeCompany(slug=t.slug, name=t.name, timezone=t.timezone)
    return MeResponse(user_id=t.user_id, name=t.user_name, company=company)


@router.get("/examples", response_model=CompanyExamples)
async def examples(t: UncountedTenantDep, user_id: UserIdQuery, settings: SettingsDep) -> CompanyExamples:
    """The examples the bot's help and usage texts show, all from the admin's own company (so nobody is
    told to try «/saldo 310» where no client 310 exists); 403 not_authorized for anyone else (the codes
    are the company's data). Not counted by the rate limit (no question of the user's)."""
    found = await company_examples(t.conn, statement_timeout_s=settings.statement_timeout_s)
    return CompanyExamples(
        client_code=found.client_code, plate=found.plate, delivery_note=found.delivery_note, asset=found.asset
    )


@router.get("/clients/{code_or_name:path}", response_model=ClientsResponse)
async def client(code_or_name: str, t: TenantDep, user_id: UserIdQuery, settings: SettingsDep) -> ClientsResponse:
    """Code match first, at most 10 matches of `total`, each with its saldos; 404 client_not_found; 422
    invalid_request when nothing is left of the search term after `clean_text` (control and invisible
    characters removed). The term is the rest of the path, slashes included («S/A», «412/413»,
    «../../etc»): a search term, never a route or a file."""
    query = typed_text(clean_text(code_or_name[:200], single_line=True))  # «С-1050» (Cyrillic С)
    if not query:
        raise ApiError(422, "invalid_request", "Falta el código o el nombre del cliente.")
    timeout = settings.statement_timeout_s
    found, said, asset = await client_and_asset(t.conn, query, limit=MAX_MATCHES, statement_timeout_s=timeout)
    if not found and asset is not None and not said:  # «/saldo canastas de leche»: no client said
        raise ApiError(404, "client_not_found", f"Falta el cliente: su código o nombre y «{asset.plural_name}».")
    if not found and asset is None and (codes := await several_codes(t.conn, query, statement_timeout_s=timeout)):
        found = codes  # «/saldo 412 632»: each client, as «saldo del 412 y del 632» in the chat
    if not found and asset is None and (unknown := await unknown_asset(t.conn, query, statement_timeout_s=timeout)):
        raise unknown  # «/saldo 664 estibas» where 664 is a client: the asset type is what is wrong
    if not found:  # «/saldo 999 canastas de leche»: the client part only
        raise ApiError(404, "client_not_found", f"No encontré ningún cliente con «{echoed(said)}».")
    held = {
        (b.client_id, b.asset_code): b.balance
        for b in await client_balances(t.conn, client_ids=[c.id for c in found], statement_timeout_s=timeout)
    }
    # every asset type of the company, 0 when never moved: the saldo a question in the chat gives
    # («[9001] … tiene 16 canastillas, 0 estibas y 0 tapas»), never a shorter set
    assets = [asset] if asset else await asset_types(t.conn, statement_timeout_s=timeout)  # the one asked
    balances = {
        c.id: [
            ClientBalance(
                asset_code=a.code,
                asset_name=a.name,
                asset_plural_name=a.plural_name,
                balance=held.get((c.id, a.code), 0),
            )
            for a in assets
        ]
        for c in found
    }
    return ClientsResponse(
        query=query,
        total=found[0].total,
        matches=[ClientMatch(code=c.code, name=c.name, city=c.city, balances=balances[c.id]) for c in found],
    )


@router.get("/expiries", response_model=ExpiriesResponse)
async def expiries(
    t: TenantDep,
    user_id: UserIdQuery,
    settings: SettingsDep,
    within_days: Annotated[int, Query(ge=0, le=366), COUNT_DIGITS] = 30,
) -> ExpiriesResponse:
    """The company's `today` and its active vehicles' documents due within `within_days` (or expired),
    and vehicles without any, most urgent first; `left_out` the inactive vehicles' documents so due."""
    timeout = settings.statement_timeout_s
    rows = await document_expiries(t.conn, within_days=within_days, statement_timeout_s=timeout)
    inactive = await document_expiries(t.conn, within_days=within_days, inactive=True, statement_timeout_s=timeout)
    items = [_item(r) for r in rows]
    # a required document not registered (the vehicle cannot work, as /resumen and «¿qué vehículos no
    # pueden salir?» say): after the expired ones and the vehicles without any, before the due ones
    lacking = await _lacking(t.conn, timeout)
    at = sum(1 for i in items if i.status in ("vencido", "sin_documentos"))
    return ExpiriesResponse(
        today=t.today,
        within_days=within_days,
        items=[*items[:at], *lacking, *items[at:]],
        left_out=[_item(r) for r in inactive],
    )


async def _lacking(conn: asyncpg.Connection, timeout_s: float) -> list[ExpiryItem]:
    """One `incompleto` item per document its kind requires (`core.vehicle_documents`) an active vehicle
    with some documents has not registered, by plate; a vehicle with none is already `sin_documentos`."""
    registered: dict[str, set[str | None]] = {}
    kinds: dict[str, str | None] = {}
    for d in await store_documents.documents(conn, active_only=True, statement_timeout_s=timeout_s):
        if d.doc_type:
            registered.setdefault(d.plate, set()).add(d.doc_type)
            kinds[d.plate] = d.kind
    return [
        ExpiryItem(plate=plate, doc_type=doc_type, status="incompleto")
        for plate, types in sorted(registered.items())
        for doc_type in required_docs.missing(kinds[plate], types)
    ]


def _item(r: DocumentExpiry) -> ExpiryItem:
    return ExpiryItem(
        plate=r.plate, doc_type=r.doc_type, expires_on=r.expires_on, days_remaining=r.days_remaining, status=r.status
    )
