"""Exact answers about one entity: a client, a vehicle, a driver or a delivery note."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date

from backend.answers import render as r
from backend.answers.model import Ask, Exact
from backend.contract import FocusEntity
from backend.core import spanish
from backend.reports.delivery_notes import fetch_delivery_note
from backend.store import asset_types as store_asset_types
from backend.store import clients as store_clients
from backend.store import documents as store_documents
from backend.store import movements as store_movements
from backend.store import vehicles as store_vehicles
from backend.store.delivery_notes import DeliveryNoteLine
from backend.understanding.parse import Question

_KIND_ARTICLE = {"motocarro": "un", "furgón": "un", "camión": "un", "tractocamión": "un"}


def _client_focus(c: store_clients.Client) -> list[FocusEntity]:
    return [FocusEntity(kind="client", key=c.code, label=c.label)]


def _vehicle_focus(v: store_vehicles.Vehicle) -> list[FocusEntity]:
    return [FocusEntity(kind="vehicle", key=v.plate, label=v.plate)]


def _driver_focus(d: store_vehicles.Driver) -> list[FocusEntity]:
    return [FocusEntity(kind="driver", key=d.document_number, label=d.full_name)]


def _note_focus(number: str) -> list[FocusEntity]:
    return [FocusEntity(kind="delivery_note", key=number, label=f"remisión {number}")]


def no_asset(ask: Ask) -> Exact | None:
    """«Frigorífico Andino no maneja canastas de leche.» when the asset type asked is not the company's."""
    if ask.q.asset and ask.asset() is None:
        what = f"{ask.q.asset}s" + (" de leche" if "leche" in ask.q.tokens else "")
        return Exact(f"{r.company_short(ask.company.name)} no maneja {what}.", "not_found", "asset.unknown")
    return None


async def client_answer(ask: Ask, c: store_clients.Client) -> Exact:
    q = ask.q
    focus = _client_focus(c)
    if q.attribute == "city":
        where = f"está en {c.city}" if c.city else "no tiene ciudad registrada"
        return Exact(f"{c.label} {where}.", intent="client.city", focus=focus, confident=True)
    if q.attribute == "phone":
        return Exact(
            "No tengo el teléfono de los clientes (solo de los conductores).", "not_found", "client.phone", focus
        )
    if q.attribute == "code":
        return Exact(f"El código de {c.name} es [{c.code}].", intent="client.code", focus=focus, confident=True)
    if q.attribute == "name":
        return Exact(f"El cliente [{c.code}] se llama {c.name}.", intent="client.name", focus=focus, confident=True)
    if (missing := no_asset(ask)) is not None:
        return missing
    if q.attribute in ("driver", "who", "vehicle", "plate") and not q.movement:
        # «¿quién fue el último conductor?» of a client: who took its latest delivery note
        latest = await store_movements.latest_note(ask.conn, client_id=c.id)
        if latest is None:
            return Exact(f"No encontré remisiones de {c.label}.", "not_found", "client.notes", focus)
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
    if q.attribute in ("notes", "last", "contents") or q.movement or q.period:
        return await client_notes(ask, c)
    assets = ask.chosen_assets()
    held = await store_clients.balances(ask.conn, client_ids=[c.id], assets=assets)
    amounts = r.enumeration([r.quantity(b.balance, b.asset) for b in held])
    city = f" ({c.city})" if c.city and not ask.asset() else ""
    return Exact(f"{c.label}{city} tiene {amounts}.", intent="client.balance", focus=focus, confident=True)


def _note_line(number: str, day: date, totals: list[store_movements.NoteTotal], movement: str | None) -> str:
    out = [r.plain_quantity(t.dispatched, t.asset) for t in totals if t.dispatched and movement != "return"]
    back = [r.plain_quantity(t.returned, t.asset) for t in totals if t.returned and movement != "dispatch"]
    parts = ([f"despacho {r.enumeration(out)}"] if out else []) + (
        [f"devolución {r.enumeration(back)}"] if back else []
    )
    return f"remisión {number} ({spanish.day_month(day)}): {'; '.join(parts) or 'sin cantidades'}"


NoteGroup = tuple[str, date, list[store_movements.NoteTotal]]
"""A delivery note's number, local day and its per-asset totals."""


def group_notes(totals: list[store_movements.NoteTotal]) -> list[NoteGroup]:
    grouped: dict[str, list[store_movements.NoteTotal]] = {}
    for t in totals:
        grouped.setdefault(t.number, []).append(t)
    return [(number, rows[0].day, rows) for number, rows in grouped.items()]


async def movement_sums(ask: Ask, assets: list[store_asset_types.AssetType], client_id: int | None = None) -> list[str]:
    """«109.857 tapas»… per asset type: units moved (the question's movement kind and period), summed in SQL."""
    p = ask.q.period
    sums = await store_movements.moved(
        ask.conn,
        timezone=ask.company.timezone,
        start=p.start if p else None,
        end=p.end if p else None,
        client_id=client_id,
    )
    index = 0 if ask.q.movement == "dispatch" else 1
    return [r.plain_quantity(sums.get(a.code, (0, 0))[index], a) for a in assets]


async def period_notes(
    ask: Ask, client_id: int | None = None, vehicle_id: int | None = None
) -> tuple[list[store_movements.NoteTotal], list[NoteGroup]]:
    """(per-note totals, the same grouped by note) of the question's period, asset type and movement kind,
    of one client, one vehicle or the whole company."""
    q, p, asset = ask.q, ask.q.period, ask.asset()
    totals = await store_movements.note_totals(
        ask.conn,
        assets=ask.assets,
        timezone=ask.company.timezone,
        start=p.start if p else None,
        end=p.end if p else None,
        client_id=client_id,
        vehicle_id=vehicle_id,
    )
    if asset:
        totals = [t for t in totals if t.asset.code == asset.code]
    if q.movement:
        totals = [t for t in totals if (t.dispatched if q.movement == "dispatch" else t.returned)]
    return totals, group_notes(totals)


async def client_notes(ask: Ask, c: store_clients.Client) -> Exact:
    """Delivery notes of a client (period, movement kind, asset), or its latest one, or totals moved."""
    short = f"del {c.code}" if c.code.isdigit() else f"de {c.label}"
    return await _notes_of(ask, c.label, short, _client_focus(c), client_id=c.id)


async def vehicle_notes(ask: Ask, v: store_vehicles.Vehicle) -> Exact:
    """Delivery notes carried by a vehicle («¿qué remisiones hizo la CQN859 esta semana?»), or its latest."""
    return await _notes_of(ask, v.plate, f"de {v.plate}", _vehicle_focus(v), vehicle_id=v.id)


async def _notes_of(
    ask: Ask,
    label: str,
    short: str,
    focus: list[FocusEntity],
    *,
    client_id: int | None = None,
    vehicle_id: int | None = None,
) -> Exact:
    """Notes of one client or vehicle: `label` names it in full, `short` after «remisiones» («del 412»)."""
    q, p, asset = ask.q, ask.q.period, ask.asset()
    owner = "client" if client_id is not None else "vehicle"
    totals, notes = await period_notes(ask, client_id, vehicle_id)
    when = f" {p.label}" if p else ""
    what = {"dispatch": "despachos", "return": "devoluciones"}.get(q.movement or "", "remisiones")
    if not notes and not _asks_sums(q, asset, client_id):
        # the client or vehicle exists: none in the period is an answer about it (it stays the subject)
        return Exact(f"No encontré {what} {short}{when}.", intent=f"{owner}.notes", focus=focus, confident=True)
    if q.attribute in ("last", "contents") and not p:
        number, day, rows = notes[0]
        return Exact(
            f"La última remisión de {label} es la {_note_line(number, day, rows, q.movement)}.",
            intent=f"{owner}.last",
            focus=focus,
            confident=True,
        )
    if _asks_sums(q, asset, client_id):
        sums = r.enumeration(await movement_sums(ask, [asset] if asset else ask.assets, client_id))
        when = f" {p.label}" if p else " en total"
        text = (
            f"A {label}{when} se le despacharon {sums}."
            if q.movement == "dispatch"
            else f"{label} devolvió {sums}{when}."
        )
        return Exact(text, intent="client.moved", focus=focus, confident=True)
    header = f"{what.capitalize()} de {label}{when}: {len(notes)}."
    lines = [_note_line(n, d, rows, q.movement) for n, d, rows in notes]
    limit = r.ALL_LINES if r.wants_all(q.tokens) else r.MAX_LINES
    return Exact(r.capped(header, lines, more_hint=r.ALL_HINT, limit=limit), intent=f"{owner}.notes", focus=focus)


def _note_without(
    number: str,
    lines: Sequence[DeliveryNoteLine],
    by_code: dict[str, store_asset_types.AssetType],
    asset: store_asset_types.AssetType | None,
    verb: str,
) -> str:
    """«La remisión 8297 no tiene canastillas: despachó 84 estibas y 95 tapas y recibió de vuelta …»."""
    out = r.enumeration([r.plain_quantity(ln.dispatched, by_code[ln.asset_code]) for ln in lines if ln.dispatched])
    back = r.enumeration([r.plain_quantity(ln.returned, by_code[ln.asset_code]) for ln in lines if ln.returned])
    had = " y ".join(([f"despachó {out}"] if out else []) + ([f"recibió de vuelta {back}"] if back else []))
    if asset is not None and not any(ln.asset_code == asset.code for ln in lines):
        head = f"La remisión {number} no tiene {asset.plural}"
    else:
        head = f"En la remisión {number} no {verb} {asset.plural if asset else 'nada'}"
    return f"{head}: {had or 'no tiene cantidades'}."


def _asks_sums(q: Question, asset: store_asset_types.AssetType | None, client_id: int | None) -> bool:
    """«¿cuántas estibas devolvió el 310 en noviembre?»: a client's units moved, not its notes."""
    counting = bool(q.tokens) and q.tokens[0] in ("cuantas", "cuantos", "cuanto")
    return client_id is not None and bool(q.movement) and (asset is not None or counting)


def _vehicle_desc(v: store_vehicles.Vehicle) -> str:
    desc = " ".join(str(x) for x in (v.kind, v.brand_model) if x)
    year = f" modelo {v.model_year}" if v.model_year else ""
    return f"{_KIND_ARTICLE.get(v.kind, 'un')} {desc}{year}" if desc else "un vehículo sin descripción"


async def vehicle_answer(ask: Ask, v: store_vehicles.Vehicle) -> Exact:
    if ask.q.doc_type and ask.q.attribute in ("vehicle", "kind", "plate"):
        ask.q = replace(ask.q, attribute=None)  # «ese carro qué SOAT tiene»: the document, not the vehicle
    if ask.q.attribute == "client":
        ask.q = replace(ask.q, attribute="driver")  # «¿de quién es la KLM482?»: whoever drives it
    q, focus, today = ask.q, _vehicle_focus(v), ask.company.today
    notes_asked = q.attribute in ("notes", "last", "contents") or q.subject == "notes" or q.movement or q.period
    if notes_asked and not (q.expiry or q.doc_type or q.status):
        return await vehicle_notes(ask, v)  # «¿cuál fue el último movimiento de la KLM482?»
    if q.attribute == "driver" or (q.attribute == "who" and not q.doc_type):
        text = (
            f"El conductor de {v.plate} es {v.driver_name}."
            if v.driver_name
            else f"{v.plate} no tiene conductor asignado."
        )
        focus += [
            FocusEntity(kind="driver", key=d.document_number, label=d.full_name)
            for d in (await store_vehicles.drivers(ask.conn, ids=[v.driver_id]) if v.driver_id else [])
        ]
        return Exact(text, intent="vehicle.driver", focus=focus, confident=True)
    if q.attribute in ("licence", "phone", "document_number") and v.driver_id:
        (driver,) = await store_vehicles.drivers(ask.conn, ids=[v.driver_id])
        return await driver_answer(ask, driver)
    if q.attribute == "status":
        return Exact(
            f"{v.plate} está {'activo' if v.active else 'inactivo'}.",
            intent="vehicle.status",
            focus=focus,
            confident=True,
        )
    if q.attribute in ("kind", "brand", "year", "vehicle"):
        return Exact(f"{v.plate} es {_vehicle_desc(v)}.", intent="vehicle.info", focus=focus, confident=True)
    if q.attribute == "plate":
        return Exact(f"La placa es {v.plate}.", intent="vehicle.plate", focus=focus, confident=True)
    docs = await store_documents.documents(ask.conn, vehicle_ids=[v.id], doc_type=q.doc_type)
    docs = [d for d in docs if d.doc_type]
    if q.doc_type:
        if not docs:
            return Exact(
                f"{v.plate} no tiene {r.document_with_article(q.doc_type)} {r.agreeing(q.doc_type, 'registrado')}.",
                "not_found",
                "vehicle.document",
                focus,
            )
        return Exact(r.document_sentence(docs[-1], today), intent="vehicle.document", focus=focus, confident=True)
    if q.expiry or q.attribute in ("documents", "when") or q.status or q.subject == "documents":
        if not docs:
            return Exact(f"{v.plate} no tiene documentos registrados.", intent="vehicle.documents", focus=focus)
        lines = [r.document_line(d, today, with_plate=False) for d in docs]
        return Exact(
            r.capped(f"Documentos de {v.plate}:", lines), intent="vehicle.documents", focus=focus, confident=True
        )
    state = "activo" if v.active else "inactivo"
    who = f"conductor {v.driver_name}" if v.driver_name else "sin conductor asignado"
    lines = [r.document_line(d, today, with_plate=False) for d in docs] or ["sin documentos registrados"]
    return Exact(
        r.capped(f"{v.plate}: {_vehicle_desc(v)}, {state}, {who}.", lines), intent="vehicle.summary", focus=focus
    )


async def driver_answer(ask: Ask, d: store_vehicles.Driver) -> Exact:
    q, focus = ask.q, _driver_focus(d)
    if q.attribute == "phone":
        text = (
            f"El teléfono de {d.full_name} es {d.phone}." if d.phone else f"{d.full_name} no tiene teléfono registrado."
        )
        return Exact(text, intent="driver.phone", focus=focus, confident=True)
    if q.attribute == "document_number":
        return Exact(
            f"La cédula de {d.full_name} es {d.document_number}.", intent="driver.document", focus=focus, confident=True
        )
    if q.attribute in ("vehicle", "plate", "kind", "brand", "year") or (q.doc_type and q.attribute != "licence"):
        if not d.plate:
            return Exact(f"{d.full_name} no tiene vehículo asignado.", intent="driver.vehicle", focus=focus)
        (vehicle,) = await store_vehicles.vehicles(ask.conn, plates=[d.plate])
        if q.doc_type or q.attribute in ("kind", "brand", "year"):
            if q.doc_type:  # «el SOAT de su carro»: the document of the driver's vehicle
                ask.q = replace(q, attribute=None)
            return await vehicle_answer(ask, vehicle)
        if q.attribute == "vehicle" and "es" in q.tokens:  # «¿qué carro es?»: which vehicle, described
            return Exact(
                f"{d.full_name} maneja {d.plate}, {_vehicle_desc(vehicle)}.",
                intent="driver.vehicle",
                focus=focus + _vehicle_focus(vehicle),
                confident=True,
            )
        return Exact(
            f"{d.full_name} tiene asignado el vehículo {d.plate}.",
            intent="driver.vehicle",
            focus=focus + _vehicle_focus(vehicle),
            confident=True,
        )
    if d.license_expires_on is None or d.license_days is None:
        return Exact(f"{d.full_name} no tiene fecha de licencia registrada.", intent="driver.licence", focus=focus)
    licence = f"La licencia de {d.full_name} {r.due_phrase(d.license_expires_on, d.license_days, with_year=True)}."
    if q.attribute in ("licence", "when") or q.expiry:
        return Exact(licence, intent="driver.licence", focus=focus, confident=True)
    assigned = f"vehículo {d.plate}" if d.plate else "sin vehículo asignado"
    return Exact(
        f"{d.full_name}: {assigned}, teléfono {d.phone or 'sin dato'}.\n{licence}", intent="driver.summary", focus=focus
    )


async def note_answer(ask: Ask, number: str) -> Exact:
    q, focus = ask.q, _note_focus(number)
    note = await fetch_delivery_note(ask.conn, ask.company_id, number)
    if note is None:
        return Exact(f"No encontré la remisión {number}.", "not_found", "note.missing")
    people = await store_movements.note_people(ask.conn, number=number)
    client = f"[{note.client_code}] {note.client_name}"
    focus.append(FocusEntity(kind="client", key=note.client_code, label=client))
    if note.vehicle_plate:
        focus.append(FocusEntity(kind="vehicle", key=note.vehicle_plate, label=note.vehicle_plate))
    if q.attribute in ("licence", "phone", "document_number") and people and people.driver_id:
        (driver,) = await store_vehicles.drivers(ask.conn, ids=[people.driver_id])
        return await driver_answer(ask, driver)
    if q.attribute == "driver" or q.attribute == "who":
        text = (
            (
                f"La remisión {number} la llevó {note.driver_name}"
                + (f" en {note.vehicle_plate}." if note.vehicle_plate else ".")
            )
            if note.driver_name
            else f"La remisión {number} no tiene conductor registrado."
        )
        return Exact(text, intent="note.driver", focus=focus, confident=True)
    if q.attribute in ("vehicle", "plate"):
        text = (
            f"La remisión {number} salió en {note.vehicle_plate}."
            if note.vehicle_plate
            else f"La remisión {number} no tiene vehículo registrado."
        )
        return Exact(text, intent="note.vehicle", focus=focus, confident=True)
    if q.attribute in ("client", "city", "code", "name"):
        return Exact(
            f"La remisión {number} fue para {client} ({note.client_city}).",
            intent="note.client",
            focus=focus,
            confident=True,
        )
    if q.attribute in ("date",) or (q.attribute == "when" and not q.movement):
        return Exact(
            f"La remisión {number} es del {spanish.long_date(note.local_time.date())}.",
            intent="note.date",
            focus=focus,
            confident=True,
        )
    if q.expiry and q.attribute in (None, "when") and not q.movement and note.vehicle_plate:
        # «¿y ese cuándo vence?» after a note: a note does not expire, its vehicle's documents do
        (vehicle,) = await store_vehicles.vehicles(ask.conn, plates=[note.vehicle_plate])
        return await vehicle_answer(ask, vehicle)
    if (missing := no_asset(ask)) is not None:
        return missing
    asset = ask.asset()
    lines = [ln for ln in note.lines if not asset or ln.asset_code == asset.code]
    by_code = {a.code: a for a in ask.assets}
    out = r.enumeration([r.plain_quantity(ln.dispatched, by_code[ln.asset_code]) for ln in lines if ln.dispatched])
    back = r.enumeration([r.plain_quantity(ln.returned, by_code[ln.asset_code]) for ln in lines if ln.returned])
    if q.movement:
        field_name = "dispatched" if q.movement == "dispatch" else "returned"
        moved_lines = [ln for ln in lines if getattr(ln, field_name)]
        verb = "se despacharon" if q.movement == "dispatch" else "se devolvieron"
        if not moved_lines:  # none of what was asked: say so, and what the note did carry
            return Exact(_note_without(number, note.lines, by_code, asset, verb), intent="note.quantities", focus=focus)
        amounts = r.enumeration(
            [r.plain_quantity(getattr(ln, field_name), by_code[ln.asset_code]) for ln in moved_lines]
        )
        return Exact(
            f"En la remisión {number} {verb} {amounts}.", intent="note.quantities", focus=focus, confident=True
        )
    if q.attribute == "contents":  # «¿qué llevó?»: the note's quantities per asset type
        carried = f"llevó {out}" if out else "no llevó nada"
        text = f"La remisión {number} {carried}" + (f" y recibió de vuelta {back}." if back else ".")
        return Exact(text, intent="note.contents", focus=focus, confident=True)
    moved = "; ".join(([f"despachó {out}"] if out else []) + ([f"recibió de vuelta {back}"] if back else []))
    people_text = ", ".join(
        x
        for x in (
            f"vehículo {note.vehicle_plate}" if note.vehicle_plate else "",
            f"conductor {note.driver_name}" if note.driver_name else "",
        )
        if x
    )
    text = (
        f"Remisión {number} del {spanish.long_date(note.local_time.date())} para {client} ({note.client_city}): "
        f"{moved or 'sin cantidades'}." + (f" {people_text[0].upper()}{people_text[1:]}." if people_text else "")
    )
    return Exact(text, intent="note.summary", focus=focus, confident=not q.attribute)
