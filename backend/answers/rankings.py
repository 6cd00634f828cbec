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
from backend.contract import FocusEntity
from backend.core import spanish
from backend.store import clients as store_clients
from backend.store import movements as store_movements

MAX_RANKED = 50
_EVERY = 100_000  # one client asked: every client tied with it is read (a company has hundreds)


def _in_city(ask: Ask) -> str:
    return f" en {ask.city}" if ask.city else ""


_RECEIVED = frozenset({"recibio", "recibieron", "recibe", "reciben"})  # the client received: a dispatch


async def _moved(ask: Ask, n: int, lowest: bool) -> Exact:
    """The clients ranked by units dispatched to them or returned by them in the period asked."""
    q, asset, p = ask.q, ask.asset(), ask.q.period
    kind = "dispatch" if q.movement == "dispatch" or _RECEIVED & set(q.tokens) else "return"
    rows = await store_movements.clients_moved(
        ask.conn,
        kind=kind,
        asset_code=asset.code if asset else None,
        timezone=ask.company.timezone,
        start=p.start if p else None,
        end=p.end if p else None,
        limit=_EVERY if n == 1 else n,
        city=ask.city,
        lowest=lowest,
    )
    what = asset.plural if asset else "unidades"
    when = f" {p.label}" if p else ""
    most = "menos" if lowest else "más"
    verb = "se les despacharon" if kind == "dispatch" else "devolvieron"
    if not rows or not any(amount for _, amount in rows):
        none = "despachos" if kind == "dispatch" else "devoluciones"
        return Exact(f"No hubo {none} de {what}{_in_city(ask)}{when}.", intent="clients.moved_ranking")

    def amount(units: int) -> str:
        return r.plain_quantity(units, asset) if asset else spanish.plural(units, "unidad", "unidades")

    if n == 1:
        tied = [(c, a) for c, a in rows if a == rows[0][1]]
        who = "al que" if kind == "dispatch" else "que"
        one_verb = "se le despacharon" if kind == "dispatch" else "devolvió"
        if len(tied) == 1:
            c, a = tied[0]
            said = f"{who} {most} {what} {one_verb}{_in_city(ask)}{when}"
            text = f"El cliente {said} es {c.label} ({c.city}), con {amount(a)}."
            return Exact(text, intent="clients.moved_ranking", focus=_focus(c), confident=True)
        who_all = "a los que" if kind == "dispatch" else "que"
        header = (
            f"Empatan {spanish.number(len(tied))} clientes {who_all} {most} {what} {verb}{_in_city(ask)}{when},"
            f" {amount(tied[0][1])} cada uno:"
        )
        lines = [f"{c.label} ({c.city})" for c, _ in tied]
        return Exact(r.capped(header, lines), intent="clients.moved_ranking")
    who = "a los que" if kind == "dispatch" else "que"
    header = f"Los {spanish.number(len(rows))} clientes {who} {most} {what} {verb}{_in_city(ask)}{when}:"
    lines = [f"{i}. {c.label} ({c.city}): {amount(a)}" for i, (c, a) in enumerate(rows, 1)]
    rest = f"\n… y {len(lines) - r.MAX_LINES} más." if len(lines) > r.MAX_LINES else ""
    return Exact("\n".join([header, *lines[: r.MAX_LINES]]) + rest, intent="clients.moved_ranking")


async def ranked_clients(ask: Ask) -> Exact:
    """The top (`q.aggregation == "top"`) or bottom N clients by saldo of the asset asked (every asset
    summed when none is), N = `q.top_n` (10 when not said, at most 50), of `ask.city` when named; by units
    dispatched or returned when a movement or a period is asked («¿qué cliente devolvió más tapas en
    octubre?»)."""
    asset, lowest = ask.asset(), ask.q.aggregation == "bottom"
    if ask.q.movement or ask.q.period:
        return await _moved(ask, max(1, min(ask.q.top_n or r.MAX_LINES, MAX_RANKED)), lowest)
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
            return Exact(text, intent=intent, focus=_focus(top.client), confident=True)
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


def _focus(c: store_clients.Client) -> list[FocusEntity]:
    """The one client a ranking named: the conversation's focus from then on (/memoria «Tema: [632] …»)."""
    return [FocusEntity(kind="client", key=c.code, label=c.label)]
