"""Exact answers about the whole company: totals, counts, negative balances, due documents, movements and
delivery notes of a period. The fleet's vehicles: `vehicles`; its drivers and licences: `drivers`; clients
ranked: `rankings`."""

from __future__ import annotations

import re

from backend.answers import city_clients, kind_dues
from backend.answers import render as r
from backend.answers.model import Ask, Exact
from backend.answers.moved_nothing import nothing_moved
from backend.answers.notes_of import movement_sums, period_notes
from backend.answers.units_moved import MOVED
from backend.core import spanish
from backend.core.text import fold
from backend.store import clients as store_clients
from backend.store import documents as store_documents
from backend.store import movements as store_movements
from backend.store import vehicles as store_vehicles
from backend.understanding.parse import Question

DUE_SOON_DAYS = 30


def _in_city(ask: Ask) -> str:
    return f" en {ask.city}" if ask.city else ""


async def asset_total(ask: Ask) -> Exact:
    totals = await store_clients.fleet_totals(ask.conn, city=ask.city)
    assets = ask.chosen_assets()
    amounts = r.enumeration([r.plain_quantity(totals.get(a.code, 0), a) for a in assets])
    where = f"en clientes de {ask.city}" if ask.city else "en la calle"
    text = f"Hay {amounts} {where}." if len(assets) == 1 else f"En total hay {amounts} {where}."
    return Exact(text, intent="fleet.total", confident=True)


async def negative(ask: Ask) -> Exact:
    rows = await store_clients.negative_balances(ask.conn)
    asset = ask.asset()
    if asset:
        rows = [(c, b) for c, b in rows if b.asset.code == asset.code]
    if ask.city:  # «clientes de Medellín con saldo negativo»: that city's
        rows = [(c, b) for c, b in rows if c.city == ask.city]
    if not rows:
        return Exact(
            "No hay clientes"
            + (f" de {ask.city}" if ask.city else "")
            + " con saldo negativo"
            + (f" de {asset.plural}" if asset else "")
            + ".",
            intent="clients.negative",
        )
    lines = [f"{c.label}: {r.plain_quantity(b.balance, b.asset)}" for c, b in rows]
    if {"cuantos", "cuantas", "cantidad", "numero"} & set(ask.q.tokens):  # «¿cuántos clientes tienen saldo negativo?»
        clients = spanish.plural(len({c.id for c, _ in rows}), "cliente tiene", "clientes tienen")
        what = f" de {asset.plural}" if asset else ""
        return Exact(
            f"⚠️ {clients} saldo negativo{what}{_in_city(ask)} (revisar datos).", intent="clients.negative_count"
        )
    header = f"⚠️ Saldos negativos{_in_city(ask)} ({spanish.number(len(rows))}), revisar datos:"
    return Exact(r.capped(header, lines), intent="clients.negative")


async def clients(ask: Ask) -> Exact:
    q = ask.q
    toks = set(q.tokens)
    if {"ciudad", "ciudades"} & toks and {"mas", "menos"} & toks and not ask.city:  # «¿qué ciudad tiene más clientes?»
        return city_clients.most_clients_city(await store_clients.clients_per_city(ask.conn), "menos" in toks)
    if q.aggregation == "per_city" or q.subject == "cities":
        per_city = await store_clients.clients_per_city(ask.conn)
        if q.subject == "cities" and q.aggregation == "count":  # «¿cuántas ciudades tenemos?»: how many, which
            names = sorted(city for city, _ in per_city if city)
            return Exact(
                f"Hay clientes en {spanish.plural(len(names), 'ciudad', 'ciudades')}: {r.enumeration(names)}.",
                intent="cities.count",
                confident=True,
            )
        lines = [f"{city or 'sin ciudad'}: {spanish.plural(n, 'cliente', 'clientes')}" for city, n in per_city]
        return Exact(
            r.capped(f"Clientes por ciudad ({spanish.plural(len(per_city), 'ciudad', 'ciudades')}):", lines),
            intent="clients.per_city",
        )
    rows = await store_clients.clients_in_city(ask.conn, city=ask.city)
    count = f"Hay {spanish.plural(len(rows), 'cliente', 'clientes')}{_in_city(ask)}."
    if q.aggregation == "count" or not ask.city:
        return Exact(count, intent="clients.count", confident=True)
    return Exact(
        r.capped(count, [f"{c.label}" for c in rows], more_hint="Usa /saldo NOMBRE para uno."), intent="clients.list"
    )


_EXPIRED = ("vencido", "vencidos", "vencida", "vencidas")


def day_bounds(ask: Ask) -> tuple[int | None, int | None, str]:
    """(max_days, min_days, Spanish description) of the due-date filter of the question."""
    q, today = ask.q, ask.company.today
    expired_too = any(t in _EXPIRED for t in q.tokens) and "vencer" in q.tokens  # «vencidos o por vencer»
    if q.period and expired_too and q.period.start >= today:  # «… vencidos o por vencer en los próximos 10 días»
        return (q.period.end - today).days, None, f"están vencidos o vencen {q.period.label}"
    if q.period:
        verb = "vencieron" if q.period.end < today else "vencen"  # «¿qué venció ayer?»
        return (q.period.end - today).days, (q.period.start - today).days, f"{verb} {q.period.label}"
    if q.status == "vencido":
        if any(t in ("vencer", "pronto", "proximos") for t in q.tokens) or "por" in q.tokens:
            return DUE_SOON_DAYS, None, f"están vencidos o vencen en {DUE_SOON_DAYS} días"
        return -1, None, "están vencidos"
    if q.status == "por_vencer":
        both = any(t in _EXPIRED for t in q.tokens)
        return (
            DUE_SOON_DAYS,
            None if both else 0,
            (
                f"están vencidos o vencen en {DUE_SOON_DAYS} días"
                if both
                else f"vencen en los próximos {DUE_SOON_DAYS} días"
            ),
        )
    if q.status == "vigente":  # beyond the «por vencer» window
        return None, DUE_SOON_DAYS + 1, "están vigentes"
    return DUE_SOON_DAYS, None, f"están vencidos o vencen en {DUE_SOON_DAYS} días"


async def of_kind(ask: Ask, docs: list[store_documents.Document]) -> list[store_documents.Document]:
    """`docs` of the vehicles of the kind asked («¿qué camiones tienen documentos vencidos?»), else all."""
    if not ask.q.vehicle_kind:
        return docs
    plates = {v.plate for v in await store_vehicles.vehicles(ask.conn, every=True, kind=ask.q.vehicle_kind)}
    return [d for d in docs if d.plate in plates]


_FIRST = re.compile(r"\b(?:primero|primera|proximo|proxima)\b")  # singular, as typed (the lexicon pluralises)


def first_due(ask: Ask, docs: list[store_documents.Document]) -> Exact:
    """«¿qué SOAT vence primero?»: the soonest not yet expired (every one due that day), or that none is."""
    ahead = [d for d in docs if d.days_remaining is not None and d.days_remaining >= 0]
    if not ahead:
        return Exact("Ningún documento de los vehículos activos está por vencer.", intent="documents.first")
    first = [d for d in ahead if d.days_remaining == ahead[0].days_remaining]
    sentences = [r.document_sentence(d, ask.company.today) for d in first]
    head = "Lo próximo en vencer" + (f" ({spanish.number(len(first))} el mismo día)" if len(first) > 1 else "")
    return Exact(f"{head}:\n" + "\n".join(sentences), intent="documents.first", confident=len(first) == 1)


async def documents(ask: Ask) -> Exact:
    q, today = ask.q, ask.company.today
    if _FIRST.search(fold(q.text)) and not (q.period or q.status) and {"vence", "vencer", "vencen"} & set(q.tokens):
        active = await store_documents.documents(ask.conn, doc_type=q.doc_type, min_days=0, active_only=True)
        return first_due(ask, await of_kind(ask, active))  # «¿cuál es el próximo documento que vence?»
    max_days, min_days, phrase = day_bounds(ask)
    found = await store_documents.documents(ask.conn, doc_type=q.doc_type, max_days=max_days, min_days=min_days)
    found = await of_kind(ask, found)  # «¿qué camiones tienen documentos vencidos?»: those vehicles' documents
    kinds = r.KIND_PLURAL.get(q.vehicle_kind, q.vehicle_kind) if q.vehicle_kind else None
    docs = [d for d in found if d.active]  # as /vencimientos and the digest: the vehicles that are working
    left_out = _inactive_note([d for d in found if not d.active])
    feminine = q.doc_type in r.FEMININE_DOCUMENTS
    if q.doc_type:
        header = (
            f"Vehículos {'cuya' if feminine else 'cuyo'} {spanish.document_name(q.doc_type)} "
            f"{phrase.replace('están', 'está')}"
        )
        header = header.replace("vencen", "vence").replace("vencieron", "venció").replace("vigentes", "vigente")
        header = header.replace("vencidos", "vencida" if feminine else "vencido")
    else:
        header = f"Documentos {f'de los {kinds} ' if kinds else ''}que {phrase}"
    if kinds and q.doc_type:
        header = header.replace("Vehículos", kinds.capitalize(), 1)  # «Motocarros cuya tecnomecánica …»
    if not docs and q.period and not q.doc_type:  # «Ningún documento vence hoy.», «… venció ayer.»
        verb = "venció" if q.period.end < today else "vence"
        return Exact(f"Ningún documento {verb} {q.period.label}." + left_out, intent="documents.due")
    if not docs and (every := await kind_dues.none_due(ask, phrase)) is not None:
        return every  # «vencimientos del SOAT de los motocarros»: none due soon, so their dates
    if not docs:
        return Exact(
            # «Ninguna tecnomecánica vence mañana.», «Ningún SOAT está vencido.»
            (
                f"{'Ninguna' if feminine else 'Ningún'} {header.split(' ', 2)[2]}."
                if q.doc_type
                else f"No hay documentos que {phrase}."
            )
            + left_out,
            intent="documents.due",
        )
    if q.aggregation == "count" and not q.doc_type and counts_vehicles(q):
        # «¿cuántos vehículos tienen documentos vencidos?»: the vehicles, not their documents
        plates = sorted({d.plate for d in docs})
        listed = f": {r.enumeration(plates)}" if len(plates) <= 5 else ""
        kind = q.vehicle_kind or "vehículo"
        vehicles = spanish.plural(len(plates), f"{kind} activo", f"{kinds or 'vehículos'} activos")
        counted = spanish.plural(len(docs), "documento", "documentos")
        text = f"Hay {vehicles} con documentos que {phrase} ({counted}){listed}."
        return Exact(text + left_out, intent="documents.count", confident=True)
    if q.aggregation == "count":
        return Exact(f"{header}: {spanish.number(len(docs))}." + left_out, intent="documents.count", confident=True)
    lines = [r.document_line(d, today) for d in docs]
    # /vencimientos 30 shows 30 days: a period said («el próximo año») has its rest with «todos» asked next
    hint = r.DOCS_HINT if q.period else "Usa /vencimientos 30 todos para verlos todos."
    limit = r.ALL_LINES if q.period and r.wants_all(q.tokens) else r.MAX_LINES
    listed = r.capped(f"{header} ({spanish.number(len(docs))}):", lines, more_hint=hint, limit=limit)
    return Exact(listed + ("\n" + left_out.strip() if left_out else ""), intent="documents.due")


_VEHICLE_NOUNS = frozenset(
    """vehiculo vehiculos carro carros camion camiones placa placas moto motos motocarro motocarros furgon
    furgones tractocamion tractocamiones tractomula tractomulas mula mulas""".split()
)


def counts_vehicles(q: Question) -> bool:
    """«¿cuántos vehículos / carros tienen…?»: the noun counted is the vehicles (not «cuántos documentos»)."""
    toks = q.tokens
    return any(
        t in ("cuantos", "cuantas") and toks[i + 1 : i + 2] and toks[i + 1] in _VEHICLE_NOUNS
        for i, t in enumerate(toks)
    )


def _inactive_note(docs: list[store_documents.Document]) -> str:
    """« No incluye 1 documento del vehículo inactivo GFT663.» (leading space), or "" when there is none:
    inactive vehicles' documents are left out of the fleet's due list, and said to be."""
    if not docs:
        return ""
    return " " + spanish.inactive_left_out(len(docs), sorted({d.plate for d in docs}))


# «¿cuántos despachos / devoluciones / entregas / viajes hubo?»: how many notes, not how many units
COUNTS_MOVEMENTS = re.compile(
    r"\b(?:cuant[oa]s|numero de|cantidad de)\s+(?:despachos|devoluciones|entregas|entregadas|viajes)\b"
)


async def period_movements(ask: Ask) -> Exact:
    """Fleet-wide notes / quantities of a period («¿cuántas canastillas despachamos ayer?»)."""
    q, p, asset = ask.q, ask.q.period, ask.asset()
    when = p.label if p else "en total"
    counts_them = COUNTS_MOVEMENTS.search(" ".join(q.tokens)) is not None  # «¿cuántos despachos hicimos?»
    both = not q.movement and bool(MOVED & set(q.tokens))  # «¿cuántas canastillas movimos en octubre?»
    if (q.movement or both) and q.subject != "notes" and not counts_them:
        chosen = [asset] if asset else ask.assets
        verbs = (  # «… despachamos a Medellín en noviembre»: that city's clients
            ("dispatch", f"se despacharon a clientes de {ask.city}" if ask.city else "se despacharon"),
            ("return", f"los clientes de {ask.city} devolvieron" if ask.city else "se devolvieron"),
        )
        said = [  # «Hoy no se ha despachado nada aún.»: no «0 canastillas, 0 estibas y 0 tapas»
            await nothing_moved(ask, chosen, kind)
            or f"{verb} {r.enumeration(await movement_sums(ask, chosen, movement=kind))}"
            for kind, verb in verbs
            if both or q.movement == kind
        ]
        text = f"{when[0].upper() + when[1:]} {' y '.join(said)}."
        return Exact(text, intent="movements.period", confident=True)
    count = await store_movements.note_count(
        ask.conn,
        timezone=ask.company.timezone,
        start=p.start if p else None,
        end=p.end if p else None,
        movement=q.movement,
        asset_code=asset.code if asset else None,
        city=ask.city,
    )
    there = f" en {ask.city}" if ask.city else ""  # «¿cuántas remisiones hubo en Cali en noviembre?»: its clients'
    if q.aggregation == "count" or counts_them:
        line = ""  # «¿cuántos despachos…?»: the notes with such a line
        if q.movement:  # «¿cuántas remisiones con devolución hubo?»: the count is of those, said so
            line = " con despacho" if q.movement == "dispatch" else " con devolución"
        text = f"{when[0].upper() + when[1:]} hubo {spanish.plural(count, 'remisión', 'remisiones')}{line}{there}."
        if not count:  # «Ayer no hubo remisiones en Medellín.», never «0 remisiones» nor «En total no hubo…»
            none = "no ha habido remisiones" if p and p.end >= ask.company.today else "no hubo remisiones"
            text = f"{when[0].upper() + when[1:]} {none}{line}{there}{' aún' if 'ha habido' in none else ''}."
            text = text if p else f"No hay remisiones{line}{there}."
        return Exact(text, intent="notes.count", confident=True)
    totals, notes = await period_notes(ask)
    if not notes:
        return Exact(f"No encontré remisiones{there} {when}.", "answer", "notes.period")
    lines = []
    for number, day, rows in notes:
        out = r.enumeration([r.plain_quantity(t.dispatched, t.asset) for t in rows if t.dispatched])
        back = r.enumeration([r.plain_quantity(t.returned, t.asset) for t in rows if t.returned])
        moved = "; ".join(([f"despacho {out}"] if out else []) + ([f"devolución {back}"] if back else []))
        lines.append(f"remisión {number} ({spanish.day_month(day)}), {rows[0].client.label}: {moved}")
    return Exact(
        r.capped(
            f"Remisiones{there} {when}: {spanish.number(count)}.",
            lines,
            more_hint=r.ALL_HINT,
            limit=r.ALL_LINES if r.wants_all(q.tokens) else r.MAX_LINES,
            total=count,  # the notes read are capped: «y N más» is of every note counted
        ),
        intent="notes.period",
    )
