"""Exact answers about one client: saldo, city, name and code, its delivery notes."""

from __future__ import annotations

import re
from dataclasses import replace

from backend.answers import render as r
from backend.answers import tallies, why_negative
from backend.answers.entities import client_focus, no_asset, unknown_field
from backend.answers.model import Ask, Exact
from backend.answers.note import note_answer
from backend.answers.notes_of import FIRST_WORDS, client_notes
from backend.core import spanish
from backend.reports.delivery_notes import fetch_delivery_note
from backend.store import clients as store_clients
from backend.store import movements as store_movements
from backend.understanding.parse import Question

_WHO_IS = re.compile(r"\bquien(?:es)? (?:es|son|era)\b")  # «¿quién es el 310?»: which client, not who drove
_DRIVEN = frozenset({"conductor", "chofer", "llevo", "manejo", "maneja", "entrego", "llevaba", "manejaba"})
_WHO_DROVE = _DRIVEN | {"quien"}  # «¿quién le llevó la última remisión?», «¿quién fue el último chofer?»


async def client_answer(ask: Ask, c: store_clients.Client) -> Exact:
    q = ask.q
    focus = client_focus(c)
    if _asks_latest(q) and _WHO_DROVE & set(q.tokens):  # «¿quién fue el último conductor del 412?»
        return await _latest_driver(ask, c)
    if _asks_latest(q):  # «¿cuál fue la última?» of a client, whatever was asked of it before: its latest note
        q = ask.q = replace(q, attribute="last")
    if q.attribute == "city":
        where = f"está en {c.city}" if c.city else "no tiene ciudad registrada"
        return Exact(f"{c.label} {where}.", intent="client.city", focus=focus, confident=True)
    if q.attribute in ("phone", "unknown"):
        kept = "de los clientes guardo código, nombre, ciudad y saldos" + (
            " (el teléfono lo tengo de los conductores)" if q.attribute == "phone" else ""
        )
        return unknown_field(ask, c.label, kept, focus)
    if q.attribute == "code":
        return Exact(f"El código de {c.name} es [{c.code}].", intent="client.code", focus=focus, confident=True)
    who_is = q.attribute == "who" and _WHO_IS.search(" ".join(q.tokens)) and not _DRIVEN & set(q.tokens)
    if (
        q.attribute == "client" or who_is
    ):  # «¿qué cliente tiene el código 310?», «¿qué cliente es el 412?», «¿quién es el 310?»
        where = f" ({c.city})" if c.city else ""
        return Exact(f"El código {c.code} es de {c.label}{where}.", intent="client.name", focus=focus, confident=True)
    if q.attribute == "name":
        return Exact(f"El cliente [{c.code}] se llama {c.name}.", intent="client.name", focus=focus, confident=True)
    if (missing := no_asset(ask)) is not None:
        return missing
    if q.attribute in ("driver", "who", "vehicle", "plate") and not q.movement:
        # «¿quién fue el último conductor?» of a client: who took its latest delivery note
        latest = await store_movements.latest_note(ask.conn, client_id=c.id)
        if latest is None:
            return Exact(f"No encontré remisiones de {c.label}.", "answer", "client.notes", focus)
        return await note_answer(ask, latest)
    if q.expiry and q.attribute in (None, "when") and not q.movement:
        return Exact(
            f"{c.label} es un cliente: los clientes no tienen vencimientos. Vencen los documentos de los vehículos"
            " (SOAT, tecnomecánica, póliza RC) y las licencias de los conductores. ¿De qué vehículo o conductor?",
            "not_found",
            "client.expiry",
            focus,
        )
    if q.attribute in ("when", "date") and not q.expiry:  # «¿y cuándo?» of a client: its latest delivery note
        ask.q = replace(q, attribute="last")
        return await client_notes(ask, c)
    if q.period and not q.movement and asks_saldo(q):  # «¿cuántas tenía el 412 el 1 de noviembre?»
        if q.period.end < ask.company.today:
            return await tallies.balance_on(ask, c)
        q = ask.q = replace(q, period=None)  # «¿cuántas canastillas tiene el 412 hoy?»: the saldo now
    if q.attribute in ("notes", "last", "contents") or q.movement or q.period:
        return await client_notes(ask, c)
    assets = ask.chosen_assets()
    held = await store_clients.balances(ask.conn, client_ids=[c.id], assets=assets)
    if q.aggregation == "negative" and why_negative.asks_why(q):  # «¿por qué el 521 tiene saldo negativo?»
        return await why_negative.explained(ask, c)
    if q.aggregation == "negative":  # «¿el 521 tiene saldo negativo?»: yes or no, and which
        below = [b for b in held if b.balance < 0]
        if not below:  # the saldos asked about said, so the «No» can be checked
            amounts = r.enumeration([r.quantity(b.balance, b.asset) for b in held])
            told = f": tiene {amounts}" if held else ""
            return Exact(f"No, {c.label} no tiene saldos negativos{told}.", intent="client.negative", focus=focus)
        which = r.enumeration([r.plain_quantity(b.balance, b.asset) for b in below])
        return Exact(
            f"Sí, {c.label} tiene saldo negativo: {which} ⚠️ (revisar datos).",
            intent="client.negative",
            focus=focus,
            confident=True,
        )
    amounts = r.enumeration([r.quantity(b.balance, b.asset) for b in held])
    city = f" ({c.city})" if c.city and not ask.asset() else ""
    if _SUM_WORDS & set(q.tokens) and len(held) > 1:  # «¿cuánto le debe el 997 en total?»: one sum, every type
        whole = spanish.number(sum(b.balance for b in held))
        return Exact(f"En total, {c.label}{city} tiene {whole}: {amounts}.", intent="client.total", focus=focus)
    unknown = [f"{stem}s" for stem in q.more_assets if ask.asset_of(stem) is None]  # «… y estibas» at Lácteos
    other = f" {r.company_short(ask.company.name)} no maneja {r.enumeration(unknown)}." if unknown else ""
    has = f"tiene {amounts}"
    if len(held) == 1 and held[0].balance == 0:  # a zero said in words, the figure after it
        has = f"no tiene {held[0].asset.plural} (saldo 0)"
    return Exact(f"{c.label}{city} {has}.{other}", intent="client.balance", focus=focus, confident=True)


#: A client's saldo asked as one sum over its asset types («¿cuánto le debe el 997 en total?»).
_SUM_WORDS = frozenset({"total", "totales", "suman", "sumado", "sumados", "sumadas", "juntos", "juntas"})


async def _latest_driver(ask: Ask, c: store_clients.Client) -> Exact:
    """Who carried the client's latest delivery note, with that note and its day: «La última remisión de
    [412] … (la 7851, del 29 de octubre de 2026) la llevó Jorge Vélez Cardona en KLM482.»."""
    focus = client_focus(c)
    number = await store_movements.latest_note(ask.conn, client_id=c.id)
    note = None if number is None else await fetch_delivery_note(ask.conn, ask.company_id, number)
    if number is None or note is None:
        return Exact(f"No encontré remisiones de {c.label}.", "answer", "client.notes", focus)
    of = f"La última remisión de {c.label} (la {number}, del {spanish.long_date(note.local_time.date())})"
    if not note.driver_name:
        return Exact(f"{of} no tiene conductor registrado.", intent="client.last_driver", focus=focus, note=number)
    plate = f" en {note.vehicle_plate}" if note.vehicle_plate else ""
    text = f"{of} la llevó {note.driver_name}{plate}."
    return Exact(text, intent="client.last_driver", focus=focus, confident=True, note=number)


_OTHER_ASKED = frozenset({"ciudad", "queda", "donde", "codigo", "nombre", "llama", "saldo", "debe", "tiene"})


def _asks_latest(q: Question) -> bool:
    """«la última» said of a client with nothing else asked of it («¿cuál fue la última?», «y la última cuál
    fue»): its latest delivery note — an inherited attribute (the city just asked) is not asked again."""
    toks = set(q.tokens)
    latest = bool({"ultima", "ultimo"} & toks) and not {"ultimas", "ultimos"} & toks
    latest = latest or (bool(FIRST_WORDS & toks) and "remision" in toks)  # «la primera remisión»
    return bool(latest) and not q.asset and not q.movement and not _OTHER_ASKED & set(q.tokens)


def asks_saldo(q: Question) -> bool:
    """A saldo asked with a verb of holding («tiene», «tenía», «debe», «saldo»), not a list of notes."""
    holding = {"tiene", "tenia", "debe", "debia", "saldo", "tenian", "deben"}
    return q.attribute in ("balance", "balance_verb") or (q.attribute is None and bool(holding & set(q.tokens)))
