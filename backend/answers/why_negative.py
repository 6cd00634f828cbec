"""«¿por qué está negativo?» right after a client's saldo, «¿por qué el 521 tiene saldo negativo?»: why that
client's saldo is below zero, from its own movements — more units came back than were dispatched (an
opening balance counted too) — not the company's list of negative saldos, which the word «negativo» alone
asks for. A negative saldo is a data error (a dispatch not registered, a return typed twice), so the answer
says what to check."""

from __future__ import annotations

import asyncpg

from backend.answers import render as r
from backend.answers.entities import client_focus
from backend.answers.focus import from_history
from backend.answers.model import Ask, Exact
from backend.answers.notes_of import moved_in
from backend.core import spanish
from backend.core.history import Turn
from backend.store import clients as store_clients
from backend.understanding.parse import Question


def asks_why(q: Question) -> bool:
    """`q` asks a reason: «por qué» (typed «por que», «porque», «xq»), «cómo así»."""
    t = q.tokens
    pairs = set(zip(t, t[1:], strict=False))
    return bool({("por", "que"), ("como", "asi")} & pairs) or bool({"porque", "xq", "pq"} & set(t))


async def client_asked_about(conn: asyncpg.Connection, q: Question, turns: list[Turn]) -> store_clients.Client | None:
    """The client a bare «¿por qué está negativo?» is about: the one client the latest turn was about (its
    saldo just given), else None."""
    if not asks_why(q) or q.aggregation != "negative" or q.names_entity() or not turns:
        return None
    latest = await from_history(conn, turns)
    return latest.clients[0] if len(latest.clients) == 1 and latest.count() == 1 else None


async def explained(ask: Ask, c: store_clients.Client) -> Exact:
    """Why client `c`'s saldo of each asset type is negative: units dispatched and returned over all its
    movements (`store_movements.moved`), the opening balance when there was one, and what to check; its
    saldos when none is negative."""
    held = await store_clients.balances(ask.conn, client_ids=[c.id], assets=ask.chosen_assets())
    below = [b for b in held if b.negative]
    focus = client_focus(c)
    if not below:
        amounts = r.enumeration([r.quantity(b.balance, b.asset) for b in held])
        return Exact(f"{c.label} no tiene saldos negativos: tiene {amounts}.", intent="client.negative", focus=focus)
    moved = await moved_in(ask, None, client_id=c.id)
    lines = [_reason(b, *moved.get(b.asset.code, (0, 0))) for b in below]
    check = " Suele ser un despacho sin registrar o una devolución registrada dos veces: revisa sus remisiones."
    return Exact(f"{c.label} tiene " + "; y ".join(lines) + "." + check, intent="client.negative_why", focus=focus)


def _reason(b: store_clients.Balance, dispatched: int, returned: int) -> str:
    """«-9 canastillas porque se le ha devuelto más de lo despachado: 60 devueltas de vuelta…» in a form
    that agrees with any asset's gender: «se le han devuelto 60 y despachado 51»."""
    opening = b.balance - (dispatched - returned)
    start = f", sobre un saldo inicial de {spanish.number(opening)}" if opening else ""
    return (
        f"{r.plain_quantity(b.balance, b.asset)} porque se le ha devuelto más de lo que se le despachó:"
        f" se le han devuelto {spanish.number(returned)} y despachado {spanish.number(dispatched)}{start}"
    )
