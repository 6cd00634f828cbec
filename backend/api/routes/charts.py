"""GET /v1/charts/balance.png — the daily balance chart of a client, or of the whole company.

Same authentication and tenant rules as the delivery-note PDF, in one connection and transaction
(`backend.api.deps.authorized`). Query:
`client` (code or name; optional: without it the company total), `asset` (code, name or plural of an
asset type; optional: without it every type), `days` (7–365, default 90), `user_id`. A client of
another company is simply not found (404 `client_not_found`); a name several clients match is 409
`client_ambiguous` listing them; an unknown asset type is 404 `asset_type_not_found`, and so is an
`asset` of only control or invisible characters (was the chart of every type, as `client=%00` was the
company's). The PNG is
drawn in a worker thread, after the database connection is released. Headers `X-Chart-Title` (the title)
and `X-Chart-Client` (the client's code, empty for a company chart), percent-encoded UTF-8.
"""

from __future__ import annotations

import asyncio
from typing import Annotated
from urllib.parse import quote

import asyncpg
from fastapi import APIRouter, Query, Request, Response

from backend.api.client_asset import client_and_asset
from backend.api.deps import COUNT_DIGITS, Caller, SettingsDep, UserIdQuery, authorized
from backend.api.errors import ApiError, error_response_doc
from backend.core import asset_words
from backend.core.files import generated_filename
from backend.core.lookalike_letters import typed_text
from backend.core.text import clean_text, echoed, fold
from backend.reports.charts import BalanceChart, balance_series, render_balance_png
from backend.store.asset_types import AssetTypeRow, asset_types
from backend.store.clients import ClientMatch, find_clients

router = APIRouter(prefix="/v1", tags=["gráficas"])


async def _client(conn: asyncpg.Connection, query: str, statement_timeout_s: float) -> ClientMatch:
    found = await find_clients(conn, query=query, limit=6, statement_timeout_s=statement_timeout_s)
    if not found and len(words := query.split()) > 1:  # «/grafica 412 botellas»: a client, then no asset type
        head = await find_clients(conn, query=" ".join(words[:-1]), limit=2, statement_timeout_s=statement_timeout_s)
        if head and (head[0].by_code or head[0].total == 1):
            rows = await asset_types(conn, statement_timeout_s=statement_timeout_s)
            raise ApiError(404, "asset_type_not_found", unknown_asset_message(words[-1], rows))
    if not found:
        kinds = " o ".join(r.plural_name for r in await asset_types(conn, statement_timeout_s=statement_timeout_s))
        raise ApiError(
            404,
            "client_not_found",
            f"No encontré ningún cliente con «{echoed(query)}». La gráfica es de un cliente (código o nombre), de un"
            f" tipo de activo ({kinds}) o de los dos: «/grafica 412 canastillas».",
        )
    if found[0].by_code or found[0].total == 1:
        return found[0]
    names = "; ".join(f"[{c.code}] {c.name}" for c in found[:5])
    more = f" y {found[0].total - 5} más" if found[0].total > 5 else ""
    raise ApiError(
        409, "client_ambiguous", f"Varios clientes coinciden con «{echoed(query)}»: {names}{more}. Dime el código."
    )


async def _asset_type(conn: asyncpg.Connection, query: str, statement_timeout_s: float) -> AssetTypeRow:
    """The company's asset type `query` names: its code, name or plural, or a word admins use for it
    (`backend.core.asset_words`: «canasta», «pallets», a typo); else 404 saying which words it accepts."""
    wanted = fold(query)
    rows = await asset_types(conn, statement_timeout_s=statement_timeout_s)
    for row in rows:
        if wanted in {fold(row.code), fold(row.name), fold(row.plural_name)}:
            return row
    stem = asset_words.asset_stem(query)
    i = asset_words.asset_type_index(stem, [(r.name, r.plural_name) for r in rows]) if stem else None
    if i is not None:
        return rows[i]
    raise ApiError(404, "asset_type_not_found", unknown_asset_message(query, rows))


def unknown_asset_message(query: str, rows: list[AssetTypeRow]) -> str:
    """«No manejo activos llamados «botellas» en tu empresa. La gráfica puede ser de canastillas, estibas o
    tapas (o sin tipo: todos).»"""
    kinds = [r.plural_name for r in rows]
    listed = ", ".join(kinds[:-1]) + " o " + kinds[-1] if len(kinds) > 1 else "".join(kinds)
    accepts = f" La gráfica puede ser de {listed} (o sin tipo: todos)." if kinds else ""
    if not query:  # only invisible or control characters were sent
        return f"No entendí qué tipo de activo pides.{accepts}"
    return f"No manejo activos llamados «{echoed(query, 40)}» en tu empresa.{accepts}"


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
    client_q = typed_text(clean_text((client or "")[:200], single_line=True))  # a search term, as /v1/clients
    asset_q = typed_text(clean_text((asset or "")[:60], single_line=True))
    async with authorized(request) as (who, conn):
        if client and not client_q:  # «client=%00»: a client was asked, only nothing of it is left
            raise ApiError(404, "client_not_found", "No encontré ningún cliente con eso: dime su código o su nombre.")
        if asset and not asset_q:  # «asset=%00», «asset=%E2%80%8B»: was the chart of every type
            rows = await asset_types(conn, statement_timeout_s=settings.statement_timeout_s)
            raise ApiError(404, "asset_type_not_found", unknown_asset_message("", rows))
        chart, code, asset_code = await _read_chart(conn, who, client_q, asset_q, days, settings.statement_timeout_s)
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
    split = None
    if client_q and not asset_q:  # «/grafica 664 canastas de leche»: the type's whole name after the client
        _, said, split = await client_and_asset(conn, client_q, limit=2, statement_timeout_s=statement_timeout_s)
        client_q = said if split is not None else client_q
    found = await _client(conn, client_q, statement_timeout_s) if client_q else None
    asset_row = await _asset_type(conn, asset_q, statement_timeout_s) if asset_q else split
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
