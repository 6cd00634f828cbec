"""Exact answers about one delivery note (remisión)."""

from __future__ import annotations

from collections.abc import Sequence

from backend.answers import render as r
from backend.answers.entities import no_asset, note_focus, unknown_field
from backend.answers.model import Ask, Exact
from backend.answers.vehicle import driver_answer, vehicle_answer
from backend.contract import FocusEntity
from backend.core import spanish
from backend.reports.delivery_notes import fetch_delivery_note
from backend.store import asset_types as store_asset_types
from backend.store import movements as store_movements
from backend.store import vehicles as store_vehicles
from backend.store.delivery_notes import DeliveryNoteLine

#: «¿quién la recibió?», «¿quién la firmó?», «¿a quién le llegó?»: who received a note is its client (who
#: carried or delivered it, «¿quién la llevó / entregó?», is the driver).
_RECEIVED = frozenset("recibio recibieron recibe reciben recibido recibida firmo firmaron".split())


def receiver_asked(tokens: Sequence[str]) -> bool:
    """`tokens` ask who received a delivery note («¿quién la recibió?», «¿a quién se la entregaron?»)."""
    words = set(tokens)
    to_whom = any(a == "a" and b in ("quien", "quienes") for a, b in zip(tokens, tokens[1:], strict=False))
    return bool(words & _RECEIVED) or to_whom


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


async def note_answer(ask: Ask, number: str) -> Exact:
    """The answer about delivery note `number` (`Exact.note` set when the company has it)."""
    exact = await _note_answer(ask, number)
    if exact.kind == "answer" and exact.intent.startswith("note."):  # not its driver's or vehicle's answer
        exact.note = number
    return exact


async def _note_answer(ask: Ask, number: str) -> Exact:
    q, focus = ask.q, note_focus(number)
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
    if q.attribute in ("driver", "who") and receiver_asked(q.tokens):  # «¿quién la recibió?»: the client
        received = f"La remisión {number} la recibió {client} ({note.client_city})."
        return Exact(received, "answer", "note.client", focus, confident=True)
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
    if q.attribute in ("vehicle", "plate") and q.doc_type and note.vehicle_plate:
        # «¿esa placa tiene el SOAT al día?» after a note: that vehicle's document, not which vehicle it was
        (vehicle,) = await store_vehicles.vehicles(ask.conn, plates=[note.vehicle_plate])
        return await vehicle_answer(ask, vehicle)
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
    if q.attribute == "unknown":
        kept = "de las remisiones guardo fecha y hora, cliente, vehículo, conductor y cantidades"
        return unknown_field(ask, f"la remisión {number}", kept, focus)
    if q.attribute in ("date", "time") or (q.attribute == "when" and not q.movement):
        at = f", a las {note.local_time:%H:%M}" if q.attribute == "time" else ""
        return Exact(
            f"La remisión {number} es del {spanish.long_date(note.local_time.date())}{at}.",
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
    if asset is not None and q.attribute is None:  # «¿y tapas?» after the note: that asset, both ways
        if not lines:
            return Exact(
                _note_without(number, note.lines, by_code, asset, "hubo"), intent="note.quantities", focus=focus
            )
        both = ([f"despachó {out}"] if out else []) + ([f"recibió de vuelta {back}"] if back else [])
        text = f"La remisión {number} {' y '.join(both) or 'no tiene cantidades de ' + asset.plural}."
        return Exact(text, intent="note.quantities", focus=focus, confident=True)
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
