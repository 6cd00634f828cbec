"""Exact answers that rank clients by saldo: most first («los 3 clientes con más tapas», «¿quién tiene más
canastillas?») or fewest first («¿quién tiene menos canastillas?», «los 5 clientes con menos estibas»,
«el cliente con menor saldo de tapas»).

Fewest first: a negative saldo (a data error, flagged) is the lowest, and a client with no movements of
the asset counts 0, as its saldo reads everywhere else («[261] … tiene 0 estibas»). One client asked
(«¿quién…?», «el cliente con…») names every client tied at that amount.
"""

from __future__ import annotations

from backend.answers import render as r
from backend.answers.model import Ask, Exact
from backend.core import spanish
from backend.store import clients as store_clients

MAX_RANKED = 50
_EVERY = 100_000  # one client asked: every client tied with it is read (a company has hundreds)


def _in_city(ask: Ask) -> str:
    return f" en {ask.city}" if ask.city else ""


async def ranked_clients(ask: Ask) -> Exact:
    """The top (`q.aggregation == "top"`) or bottom N clients by saldo of the asset asked (every asset
    summed when none is), N = `q.top_n` (10 when not said, at most 50), of `ask.city` when named."""
    asset, lowest = ask.asset(), ask.q.aggregation == "bottom"
    n = max(1, min(ask.q.top_n or r.MAX_LINES, MAX_RANKED))
    code = asset.code if asset else None
    limit = _EVERY if n == 1 else n
    ranked = await store_clients.ranked_clients(ask.conn, asset_code=code, limit=limit, city=ask.city, lowest=lowest)
    what = asset.plural if asset else "activos (todos los tipos)"
    most = "menos" if lowest else "más"
    intent = "clients.bottom" if lowest else "clients.top"

    def amount(x: store_clients.RankedClient) -> str:
        return r.quantity(x.amount, asset) if asset else spanish.plural(x.amount, "unidad", "unidades")

    if not ranked:
        return Exact(f"No hay clientes con saldo de {what}{_in_city(ask)}.", intent=intent)
    if n == 1:
        tied = [x for x in ranked if x.amount == ranked[0].amount]
        if len(tied) == 1:
            top = tied[0]
            where = f"{what}{_in_city(ask)}"
            text = f"El cliente con {most} {where} es {top.client.label} ({top.client.city}), con {amount(top)}."
            return Exact(text, intent=intent, confident=True)
        header = (
            f"Empatan {spanish.number(len(tied))} clientes con {most} {what}{_in_city(ask)},"
            f" {amount(tied[0])} cada uno:"
        )
        lines = [f"{x.client.label} ({x.client.city})" for x in tied]
        return Exact(r.capped(header, lines, limit=r.list_limit(ask.q.tokens)), intent=intent)
    lines = [f"{i}. {x.client.label} ({x.client.city}): {amount(x)}" for i, x in enumerate(ranked, 1)]
    header = f"Los {spanish.number(len(ranked))} clientes con {most} {what}{_in_city(ask)}:"
    rest = f"\n… y {len(lines) - r.MAX_LINES} más." if len(lines) > r.MAX_LINES else ""
    return Exact("\n".join([header, *lines[: r.MAX_LINES]]) + rest, intent=intent)
