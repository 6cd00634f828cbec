"""Exact answers that tally movements or saldos: the drivers with the most delivery notes in a period, the
clients above or below an amount («¿qué clientes tienen más de 1000 canastillas?») and a client's saldo
as it was on a past day («¿cuántas canastillas tenía el 412 el 1 de noviembre?»)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from backend.answers import render as r
from backend.answers.model import Ask, Exact
from backend.contract import FocusEntity
from backend.core import spanish
from backend.store import clients as store_clients
from backend.store import tallies as store_tallies
from backend.understanding.parse import Question

_THRESHOLD = re.compile(
    r"\b(?P<dir>mas|menos|mayor(?:es)?|menor(?:es)?|encima|debajo|sobre|bajo|superior(?:es)?|inferior(?:es)?)"
    r"\s+(?:de|a|que|del)?\s*(?P<n>\d{1,3}(?:[.,]\d{3})+|\d+)\b(?!\s*(?:dias|semanas|meses))"
)


#: the words of a threshold, not names («clientes con menos de 10 estibas»)
THRESHOLD_WORDS = frozenset({"menos", "encima", "debajo", "sobre", "bajo", "superior", "inferior", "superiores"})


@dataclass(frozen=True)
class Threshold:
    """«más de 1000»: `above` True with `amount` 1000; «menos de 50»: `above` False."""

    above: bool
    amount: int
    said: str  # the digits as typed (a mention to drop: no client code)


def threshold(text_folded: str) -> Threshold | None:
    """The amount a list is filtered by, when the question says one («más de 1.000», «menos de 50»)."""
    m = _THRESHOLD.search(text_folded)
    if m is None:
        return None
    above = m.group("dir") in ("mas", "mayor", "mayores", "encima", "sobre", "superior", "superiores")
    return Threshold(above, int(re.sub(r"[.,]", "", m.group("n"))), m.group("n"))


async def clients_beyond(ask: Ask, t: Threshold) -> Exact:
    """The clients whose saldo of the asset asked is above (below) the amount, largest first, capped."""
    asset = ask.asset()
    ranked = await store_clients.ranked_clients(  # below an amount: 0 for a client without movements too
        ask.conn, asset_code=asset.code if asset else None, limit=100_000, city=ask.city, lowest=not t.above
    )
    chosen = [x for x in ranked if (x.amount > t.amount if t.above else x.amount < t.amount)]
    what = asset.plural if asset else "unidades (todos los activos)"
    where = f" en {ask.city}" if ask.city else ""
    limit_text = f"{'más' if t.above else 'menos'} de {spanish.number(t.amount)} {what}{where}"
    if t.above and t.amount == 0:  # «¿cuántos clientes tienen estibas en Cali?»: a positive saldo
        limit_text = f"{what}{where}"
    if not chosen:
        return Exact(f"Ningún cliente tiene {limit_text}.", intent="clients.threshold", confident=True)

    def amount(x: store_clients.RankedClient) -> str:
        return r.quantity(x.amount, asset) if asset else spanish.plural(x.amount, "unidad", "unidades")

    lines = [f"{x.client.label} ({x.client.city}): {amount(x)}" for x in chosen]
    header = f"Clientes con {limit_text}: {spanish.number(len(chosen))}."
    limit = r.ALL_LINES if r.wants_all(ask.q.tokens) else r.MAX_LINES
    return Exact(r.capped(header, lines, more_hint=r.ALL_HINT_M, limit=limit), intent="clients.threshold")


_ZERO = re.compile(
    r"\bno (?:nos )?(?:deben|debe|tienen|tiene) (?:nada|ningun[oa]?|canastillas|estibas|tapas|canastas|saldo)\b"
)


def asks_zero(q: Question) -> bool:
    """«¿cuántos clientes no deben nada?», «clientes sin canastillas», «¿qué clientes no tienen estibas?»."""
    joined = " ".join(q.tokens)
    clients = bool({"clientes", "cliente"} & set(q.tokens))
    bare = re.search(r"\bsin (?:canastillas|estibas|tapas|canastas|saldo)\b", joined)
    return clients and not q.movement and not q.period and bool(_ZERO.search(joined) or bare)


async def clients_at_zero(ask: Ask) -> Exact:
    """The clients whose saldo of the asset asked (of every asset, each one) is 0 (of the city named)."""
    asset = ask.asset()
    chosen_assets = [asset] if asset else ask.assets
    held: dict[int, list[int]] = {}
    for a in chosen_assets:
        for x in await store_clients.ranked_clients(
            ask.conn, asset_code=a.code, limit=100_000, city=ask.city, lowest=True
        ):
            held.setdefault(x.client.id, []).append(x.amount)
    ranked = await store_clients.ranked_clients(
        ask.conn, asset_code=asset.code if asset else None, limit=100_000, city=ask.city, lowest=True
    )
    chosen = sorted((x for x in ranked if all(n == 0 for n in held.get(x.client.id, [0]))), key=lambda x: x.client.code)
    where = f" de {ask.city}" if ask.city else ""
    if not chosen:
        some = asset.plural if asset else "saldo de algún activo"
        return Exact(f"Todos los clientes{where} tienen {some}.", intent="clients.zero", confident=True)
    what = asset.plural if asset else "saldo de ningún activo"
    header = f"Clientes{where} sin {what} (saldo 0): {spanish.number(len(chosen))}."
    if {"cuantos", "cuantas"} & set(ask.q.tokens):
        return Exact(header, intent="clients.zero", confident=True)
    lines = [f"{x.client.label} ({x.client.city})" for x in chosen]
    limit = r.ALL_LINES if r.wants_all(ask.q.tokens) else r.MAX_LINES
    return Exact(r.capped(header, lines, more_hint=r.ALL_HINT, limit=limit), intent="clients.zero")


def ranks_drivers(q: Question) -> bool:
    """«¿qué conductor hizo más entregas en noviembre?», «¿quién hizo más remisiones?», «… menos entregas»."""
    toks = set(q.tokens)
    counted = {"remisiones", "despachos", "entregas", "entregadas", "viajes", "movimientos", "devoluciones"}
    drivers = {"conductor", "conductores", "chofer", "choferes"}
    if not toks & {"mas", "menos"} or not toks & counted:
        return False
    return bool(toks & drivers) or ("quien" in toks and bool(toks & {"hizo", "hace", "llevo", "entrego"}))


def ranks_clients_moved(q: Question, previous: Question | None) -> bool:
    """«¿cuál cliente recibió más?», «¿quién devolvió menos?» (no asset or no period of its own) right after
    units moved in a period or of one asset: the clients ranked over that asset and period, never every
    asset of all time (the chain's «¿y en octubre?» included)."""
    moved_before = previous is not None and previous.movement and (previous.period or previous.asset)
    ranking = q.aggregation in ("top", "bottom") and q.movement and not (q.period and q.asset)
    return bool(moved_before and ranking and not q.names_entity() and q.subject in (None, "clients"))


async def driver_ranking(ask: Ask) -> Exact:
    """The driver(s) with the most delivery notes in the period (ties named), or the top N when plural;
    with «menos», the fewest first, every driver counted (0 when none carried a note in the period)."""
    q, p = ask.q, ask.q.period
    when = p.label if p else "en total"
    fewest = "menos" in q.tokens and "mas" not in q.tokens
    rows = await store_tallies.driver_notes(
        ask.conn,
        timezone=ask.company.timezone,
        start=p.start if p else None,
        end=p.end if p else None,
        fewest=fewest,
    )
    if not rows or not any(x.notes for x in rows):
        return Exact(f"No hay entregas registradas {when}.", intent="drivers.ranking", confident=True)
    most = "menos" if fewest else "más"

    def shown(x: store_tallies.DriverNotes) -> str:
        car = f" ({x.plate})" if x.plate else ""
        count = spanish.plural(x.notes, "remisión", "remisiones") if x.notes else "ninguna remisión"
        return f"{x.full_name}{car}: {count}"

    plural = bool({"conductores", "choferes", "quienes"} & set(q.tokens)) or (q.top_n or 1) > 1
    if not plural:
        best = [x for x in rows if x.notes == rows[0].notes]
        if len(best) == 1:
            text = f"El conductor con {most} entregas {when} es {shown(best[0])}."
        else:
            each = f"{spanish.plural(best[0].notes, 'remisión', 'remisiones')} cada uno"
            each = each if best[0].notes else "ninguna remisión"  # a zero in words
            header = f"Empatan {spanish.number(len(best))} conductores con {most} entregas {when}, {each}:"
            names = [x.full_name + (f" ({x.plate})" if x.plate else " (sin vehículo asignado)") for x in best]
            return Exact(r.capped(header, names), intent="drivers.ranking")
        return Exact(text, intent="drivers.ranking", confident=len(best) == 1)
    n = max(1, min(q.top_n or 5, r.ALL_LINES))
    lines = [f"{i}. {shown(x)}" for i, x in enumerate(rows[:n], 1)]
    return Exact("\n".join([f"Conductores con {most} entregas {when}:", *lines]), intent="drivers.ranking")


def past_day(q: Question, today_iso: str) -> bool:
    """A saldo asked on one past day («¿cuántas canastillas tenía el 412 el 1 de noviembre?»)."""
    p = q.period
    return p is not None and p.start == p.end and p.end.isoformat() < today_iso


async def balance_on(ask: Ask, c: store_clients.Client) -> Exact:
    """The client's saldo at the end of the day asked, from every movement up to then."""
    p = ask.q.period
    assert p is not None  # past_day() said so
    held = await store_tallies.balances_on(ask.conn, client_id=c.id, day=p.end, timezone=ask.company.timezone)
    amounts = r.enumeration([r.quantity(held.get(a.code, 0), a) for a in ask.chosen_assets()])
    return Exact(
        f"{c.label} tenía {amounts} al cierre del {spanish.long_date(p.end)}.",
        intent="client.balance_on",
        focus=[FocusEntity(kind="client", key=c.code, label=c.label)],
        confident=True,
    )
