"""GET /v1/charts/balance.png — the daily balance chart of a client, or of the whole company.

Same authentication and tenant rules as the delivery-note PDF, in one connection and transaction
(`backend.api.deps.authorized`). Query:
`client` (code or name; optional: without it the company total), `asset` (code, name or plural of an
asset type; optional: without it every type), `days` (7–365, default 90), `user_id`. A client of
another company is simply not found (404 `client_not_found`); a name several clients match is 409
`client_ambiguous` listing them; an unknown asset type is 404 `asset_type_not_found`. The PNG is
drawn in a worker thread, after the database connection is released. Headers `X-Chart-Title` (the title)
and `X-Chart-Client` (the client's code, empty for a company chart), percent-encoded UTF-8.
"""

from __future__ import annotations

import asyncio
from typing import Annotated
from urllib.parse import quote

import asyncpg
from fastapi import APIRouter, Query, Request, Response

from backend.api.deps import COUNT_DIGITS, Caller, SettingsDep, UserIdQuery, authorized
from backend.api.errors import ApiError, error_response_doc
from backend.core.files import generated_filename
from backend.core.text import clean_text, fold
from backend.reports.charts import BalanceChart, balance_series, render_balance_png
from backend.store.asset_types import AssetTypeRow, asset_types
from backend.store.clients import ClientMatch, find_clients

router = APIRouter(prefix="/v1", tags=["gráficas"])


async def _client(conn: asyncpg.Connection, query: str, statement_timeout_s: float) -> ClientMatch:
    found = await find_clients(conn, query=query, limit=6, statement_timeout_s=statement_timeout_s)
    if not found:
        raise ApiError(404, "client_not_found", f"No encontré ningún cliente con «{query[:80]}».")
    if found[0].by_code or found[0].total == 1:
        return found[0]
    names = "; ".join(f"[{c.code}] {c.name}" for c in found[:5])
    more = f" y {found[0].total - 5} más" if found[0].total > 5 else ""
    raise ApiError(
        409, "client_ambiguous", f"Varios clientes coinciden con «{query[:80]}»: {names}{more}. Dime el código."
    )


async def _asset_type(conn: asyncpg.Connection, query: str, statement_timeout_s: float) -> AssetTypeRow:
    wanted = fold(query)
    for row in await asset_types(conn, statement_timeout_s=statement_timeout_s):
        if wanted in {fold(row.code), fold(row.name), fold(row.plural_name)}:
            return row
    raise ApiError(404, "asset_type_not_found", f"No manejo activos llamados «{query[:40]}» en tu empresa.")


@router.get(
    "/charts/balance.png",
    response_class=Response,
    responses={
        200: {"content": {"image/png": {}}, "description": "La gráfica en PNG (1200×800)."},
        404: error_response_doc("`client_not_found`, `asset_type_not_found`"),
        409: error_response_doc("`client_ambiguous`: the names of the clients that match"),
    },
)
async def balance_png(
    user_id: UserIdQuery,
    request: Request,
    settings: SettingsDep,
    client: str | None = None,
    asset: str | None = None,
    days: Annotated[int, Query(ge=7, le=365), COUNT_DIGITS] = 90,
) -> Response:
    """200 image/png; the series are end-of-day balances in the company's timezone. The database
    connection is released before drawing."""
    async with authorized(request) as (who, conn):
        chart, code, asset_code = await _read_chart(
            conn,
            who,
            clean_text((client or "")[:200], single_line=True),  # a search term: what fits, like /v1/clients
            clean_text((asset or "")[:60], single_line=True),
            days,
            settings.statement_timeout_s,
        )
    png = await asyncio.to_thread(render_balance_png, chart)
    # one file per chart: the company's, an asset's and a client's (of one asset) never share a name
    key = "-".join([code or "empresa", *([asset_code.lower()] if asset_code else [])])
    name = generated_filename("grafica", who.slug, key, "png")
    return Response(
        content=png,
        media_type="image/png",
        headers={
            "Content-Disposition": f'inline; filename="{name}"',
            "X-Chart-Title": quote(chart.title),
            "X-Chart-Client": quote(code or ""),
            "Cache-Control": "no-store",
            "X-Request-ID": who.request_id,
        },
    )


async def _read_chart(
    conn: asyncpg.Connection, who: Caller, client_q: str, asset_q: str, days: int, statement_timeout_s: float
) -> tuple[BalanceChart, str | None, str | None]:
    """The chart's data, the client's code (None: company chart) and the asset type's (None: every one)."""
    found = await _client(conn, client_q, statement_timeout_s) if client_q else None
    asset_row = await _asset_type(conn, asset_q, statement_timeout_s) if asset_q else None
    if found:
        title = f"[{found.code}] {found.name}" + (f" · {asset_row.plural_name}" if asset_row else "")
    elif asset_row:
        title = f"{asset_row.plural_name.capitalize()} — {who.name}"
    else:
        title = f"{who.name} — toda la empresa"
    chart = await balance_series(
        conn,
        who.company_id,
        title=title,
        today=who.today,
        days=days,
        client_id=found.id if found else None,
        asset_type_id=asset_row.id if asset_row else None,
        statement_timeout_s=statement_timeout_s,
    )
    return chart, (found.code if found else None), (asset_row.code if asset_row else None)
