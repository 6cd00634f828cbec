"""Exact answers about one vehicle or one driver."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from datetime import date

from backend.answers import render as r
from backend.answers import status
from backend.answers.entities import driver_focus, unknown_field, vehicle_focus
from backend.answers.largest_note import asks_extreme_note
from backend.answers.model import Ask, Exact
from backend.answers.notes_of import driver_notes, vehicle_notes
from backend.answers.vehicle_semaforo import asks_semaforo, semaforo_answer
from backend.contract import FocusEntity
from backend.core import spanish
from backend.core import vehicle_documents as required_docs
from backend.store import documents as store_documents
from backend.store import vehicles as store_vehicles
from backend.understanding import lexicon as lx
from backend.understanding.parse import UP_TO_DATE, Question

_KIND_ARTICLE = {"motocarro": "un", "furgón": "un", "camión": "un", "tractocamión": "un"}


def _vehicle_desc(v: store_vehicles.Vehicle) -> str:
    desc = " ".join(str(x) for x in (v.kind, v.brand_model) if x)
    year = f" modelo {v.model_year}" if v.model_year else ""
    return f"{_KIND_ARTICLE.get(v.kind, 'un')} {desc}{year}" if desc else "un vehículo sin descripción"


def _vehicle_fact(v: store_vehicles.Vehicle, attribute: str) -> str:
    """Only what was asked: «KLM482 es un motocarro.», «La marca de KLM482 es Bajaj RE.», «KLM482 es
    modelo 2015.»; the whole description for «¿qué carro es?»."""
    if attribute == "kind" and v.kind:
        return f"{v.plate} es {_KIND_ARTICLE.get(v.kind, 'un')} {v.kind}."
    if attribute == "brand" and v.brand_model:
        return f"La marca de {v.plate} es {v.brand_model}."
    if attribute == "year" and v.model_year:
        return f"{v.plate} es modelo {v.model_year}."
    return f"{v.plate} es {_vehicle_desc(v)}."


_WH_WORDS = frozenset({"cuando", "que", "cual", "cuales", "hasta", "desde", "hace", "fecha", "dia"})


def _yes_no(q: Question, days: int | None) -> str | None:
    """«Sí» / «No» when one document's status is asked as a yes-or-no question («¿está vencido?», «¿la
    tecno está vigente?», «¿el SOAT está por vencer?»), else None (a date asked: «¿cuándo venció?»)."""
    said = set(" ".join(q.tokens).replace("al dia", " ").split())  # «¿tiene el SOAT al día?» asks no day
    if q.status is None or days is None or said & _WH_WORDS:
        return None
    if not UP_TO_DATE.search(" ".join(q.tokens)) and not any(
        t.startswith(("venc", "vigent", "caduc", "expir")) for t in q.tokens
    ):
        return None  # «el segundo» of /vencimientos: the line picked, not a status asked of it
    holds = {"vencido": days < 0, "vigente": days >= 0, "por_vencer": 0 <= days <= 30}.get(q.status)
    return None if holds is None else ("Sí" if holds else "No")


#: a document's status asked -> (whether a document of `days_remaining` is in it, its Spanish plural)
_IN_STATUS: dict[str, tuple[Callable[[int], bool], str]] = {
    "vencido": (lambda days: days < 0, "vencidos"),
    "por_vencer": (lambda days: 0 <= days <= 30, "por vencer (30 días)"),
    "vigente": (lambda days: days >= 0, "vigentes"),
}


def _documents_in(
    v: store_vehicles.Vehicle, docs: list[store_documents.Document], state: str, today: date, focus: list[FocusEntity]
) -> Exact:
    """The vehicle's documents in the status asked, or that it has none in it."""
    holds, said = _IN_STATUS[state]
    chosen = [d for d in docs if d.days_remaining is not None and holds(d.days_remaining)]
    if not chosen:
        text = f"{v.plate} no tiene documentos {said}."
    else:
        lines = [r.document_line(d, today, with_plate=False) for d in chosen]
        text = r.capped(f"Documentos {said} de {v.plate} ({len(chosen)}):", lines)
    if state == "vencido":  # not expired, but it cannot work without it either
        text += _unregistered(docs)
    return Exact(text, intent="vehicle.documents", focus=focus, confident=True)


def _unregistered(docs: list[store_documents.Document]) -> str:
    """«\nSin registrar: póliza RC.» when a required document is not registered (it may not work without
    it, and a list of its documents would be silent on it), else ""."""
    kind = next((d.kind for d in docs if d.kind), "")
    missing = [spanish.document_name(t) for t in required_docs.missing(kind, {d.doc_type for d in docs})]
    return f"\nSin registrar: {r.enumeration(missing)}." if missing else ""


_LACKS = re.compile(r"\b(?:le|les) falta(?:n|ria|rian)?\b|\bque (?:papeles|documentos) (?:le )?falta(?:n)?\b")


def _lacks(v: store_vehicles.Vehicle, docs: list[store_documents.Document], focus: list[FocusEntity]) -> Exact:
    """«¿qué le falta a la KLM482?»: each required document not registered or expired, or that none is."""
    reasons = status.document_faults(docs)
    soon = status.documents_due_soon(docs)  # «… pero la tecnomecánica vence en 3 días, el 4 de diciembre.»
    if not reasons and soon:
        text = f"A {v.plate} no le falta nada hoy, pero {r.enumeration(soon)}."
    elif not reasons:
        text = f"A {v.plate} no le falta nada: {status.required_names(docs)} registrados y vigentes."
    else:
        text = f"{v.plate} no tiene todo al día: {r.enumeration(reasons)}."
    return Exact(text, intent="vehicle.lacking", focus=focus, confident=True)


def asks_lacking(q: Question) -> bool:
    """«¿qué le falta?», «¿qué papeles le faltan?»: what of its documents a vehicle lacks."""
    return _LACKS.search(" ".join(q.tokens)) is not None


NO_CITY = "No guardo en qué ciudad anda"
_KEPT = "de los vehículos guardo placa, tipo, marca, modelo, estado, conductor y documentos"


async def vehicle_answer(ask: Ask, v: store_vehicles.Vehicle) -> Exact:
    if status.asks_ready(ask.q):
        return await status.vehicle_ready(ask, v)
    if asks_semaforo(ask.q) and not ask.q.doc_type:  # «semáforo de la TPV948», «¿está en rojo?»
        rows = await store_documents.documents(ask.conn, vehicle_ids=[v.id])
        return semaforo_answer(ask.q, v, rows, ask.company.today, vehicle_focus(v))
    if ask.q.doc_type and ask.q.attribute in ("vehicle", "kind", "plate"):
        ask.q = replace(ask.q, attribute=None)  # «ese carro qué SOAT tiene»: the document, not the vehicle
    if ask.q.attribute == "client":
        ask.q = replace(ask.q, attribute="driver")  # «¿de quién es la KLM482?»: whoever drives it
    q, focus, today = ask.q, vehicle_focus(v), ask.company.today
    if asks_lacking(q) and not q.doc_type:  # «¿qué le falta a la KLM482?»
        return _lacks(
            v, [d for d in await store_documents.documents(ask.conn, vehicle_ids=[v.id]) if d.doc_type], focus
        )
    notes_asked = q.attribute in ("notes", "last", "contents") or q.subject == "notes" or q.movement or q.period
    notes_asked = notes_asked or asks_extreme_note(q.tokens)  # «la remisión más grande de la KLM482»
    if notes_asked and not (q.expiry or q.doc_type or q.status):
        return await vehicle_notes(ask, v)  # «¿cuál fue el último movimiento de la KLM482?»
    asset = ask.asset()
    if asset and q.attribute in (None, "balance", "balance_verb") and not (q.doc_type or q.expiry):
        # «¿cuántas canastillas tiene la TPV948?»: a vehicle holds no saldo, clients do
        return Exact(
            f"{v.plate} es un vehículo: los saldos de {asset.plural} son de los clientes. ¿De qué cliente? Las"
            f" remisiones que llevó: «remisiones de la {v.plate}».",
            intent="vehicle.no_balance",
            focus=focus,
        )
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
    person_field = q.attribute == "unknown" and bool(lx.PERSON_FIELDS & set(q.tokens))  # «¿y su dirección?»
    if (q.attribute in ("licence", "phone", "document_number") or person_field) and v.driver_id:
        (driver,) = await store_vehicles.drivers(ask.conn, ids=[v.driver_id])
        return await driver_answer(ask, driver)
    if q.attribute == "status":
        return Exact(
            f"{v.plate} está {'activo' if v.active else 'inactivo'}.",
            intent="vehicle.status",
            focus=focus,
            confident=True,
        )
    if q.attribute == "unknown":
        return unknown_field(ask, v.plate, _KEPT, focus)
    if q.attribute == "city":  # «¿en qué ciudad queda?» of a vehicle: no city is kept, not its card
        return Exact(f"{NO_CITY} {v.plate}: {_KEPT}.", intent="vehicle.city", focus=focus, confident=True)
    if q.attribute in ("kind", "brand", "year", "vehicle"):
        return Exact(_vehicle_fact(v, q.attribute), intent="vehicle.info", focus=focus, confident=True)
    said_plate = v.plate in q.mentions.plates + q.mentions.loose_plates
    if q.attribute == "plate" and not said_plate:  # «placa KLM482» asks for the vehicle, not its plate back
        return Exact(f"La placa es {v.plate}.", intent="vehicle.plate", focus=focus, confident=True)
    docs = await store_documents.documents(ask.conn, vehicle_ids=[v.id], doc_type=q.doc_type)
    docs = [d for d in docs if d.doc_type]
    if q.doc_type:
        if not docs:
            return Exact(
                f"{v.plate} no tiene {r.document_with_article(q.doc_type)} {r.agreeing(q.doc_type, 'registrado')}.",
                "answer",
                "vehicle.document",
                focus,
            )
        sentence = r.document_sentence(docs[-1], today)
        verdict = _yes_no(q, docs[-1].days_remaining)
        if verdict:  # «¿el SOAT está vencido?»: «Sí, el SOAT de TRX905 venció el …»
            sentence = f"{verdict}, {sentence[0].lower()}{sentence[1:]}"
        return Exact(sentence, intent="vehicle.document", focus=focus, confident=True)
    if q.expiry or q.attribute in ("documents", "when") or q.status or q.subject == "documents":
        if not docs:
            return Exact(f"{v.plate} no tiene documentos registrados.", intent="vehicle.documents", focus=focus)
        if q.status in _IN_STATUS:  # «¿qué documentos tiene vencidos la QBM563?»: those, not every one
            return _documents_in(v, docs, q.status, today, focus)
        lines = [r.document_line(d, today, with_plate=False) for d in docs]
        listed = r.capped(f"Documentos de {v.plate}:", lines) + _unregistered(docs)
        return Exact(listed, intent="vehicle.documents", focus=focus, confident=True)
    state = "activo" if v.active else "inactivo"
    who = f"conductor {v.driver_name}" if v.driver_name else "sin conductor asignado"
    lines = [r.document_line(d, today, with_plate=False) for d in docs] or ["sin documentos registrados"]
    card = r.capped(f"{v.plate}: {_vehicle_desc(v)}, {state}, {who}.", lines) + (_unregistered(docs) if docs else "")
    return Exact(card, intent="vehicle.summary", focus=focus)


async def driver_answer(ask: Ask, d: store_vehicles.Driver) -> Exact:
    q, focus = ask.q, driver_focus(d)
    notes_asked = bool(q.attribute in ("notes", "last") or q.subject == "notes" or q.movement or q.period)
    notes_asked = notes_asked or bool({"remision", "remisiones"} & set(q.tokens))  # «última remisión que llevó»
    if notes_asked and not (q.expiry or q.doc_type or q.status or q.attribute in ("licence", "phone", "vehicle")):
        return await driver_notes(ask, d)  # «¿cuántas remisiones hizo Marta Londoño en noviembre?»
    if status.asks_ready(q) and d.license_days is not None and d.license_expires_on and d.license_days < 0:
        due = r.due_phrase(d.license_expires_on, d.license_days, with_year=True)
        return Exact(f"No, la licencia de {d.full_name} {due}.", intent="driver.ready", focus=focus, confident=True)
    if status.asks_ready(q) and d.plate:
        (vehicle,) = await store_vehicles.vehicles(ask.conn, plates=[d.plate])
        return await status.vehicle_ready(ask, vehicle)
    if q.attribute == "unknown":
        return unknown_field(ask, d.full_name, "de los conductores guardo cédula, teléfono, licencia y vehículo", focus)
    if q.attribute == "city":
        text = f"{NO_CITY} {d.full_name}: de los conductores guardo cédula, teléfono, licencia y vehículo."
        return Exact(text, intent="driver.city", focus=focus, confident=True)
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
                focus=focus + vehicle_focus(vehicle),
                confident=True,
            )
        return Exact(
            f"{d.full_name} tiene asignado el vehículo {d.plate}.",
            intent="driver.vehicle",
            focus=focus + vehicle_focus(vehicle),
            confident=True,
        )
    if d.license_expires_on is None or d.license_days is None:
        return Exact(f"{d.full_name} no tiene fecha de licencia registrada.", intent="driver.licence", focus=focus)
    licence = f"La licencia de {d.full_name} {r.due_phrase(d.license_expires_on, d.license_days, with_year=True)}."
    if verdict := _yes_no(q, d.license_days):  # «¿la licencia de Diego Toro está vencida?»: «Sí, la licencia…»
        licence = f"{verdict}, {licence[0].lower()}{licence[1:]}"
    if q.attribute in ("licence", "when") or q.expiry:
        return Exact(licence, intent="driver.licence", focus=focus, confident=True)
    assigned = f"vehículo {d.plate}" if d.plate else "sin vehículo asignado"
    return Exact(
        f"{d.full_name}: {assigned}, teléfono {d.phone or 'sin dato'}.\n{licence}", intent="driver.summary", focus=focus
    )
