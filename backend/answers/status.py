"""Exact answers about whether vehicles may work: one vehicle's readiness («¿la QBM563 puede salir hoy?»),
and the fleet's semáforo summary («estado de la flota»). The vehicles without documents: `lacking`."""

from __future__ import annotations

import re

from backend.answers import render as r
from backend.answers.model import Ask, Exact
from backend.contract import FocusEntity
from backend.core import spanish
from backend.core import vehicle_documents as required_docs
from backend.store import documents as store_documents
from backend.store import vehicles as store_vehicles
from backend.store.documents import Document
from backend.understanding.parse import Question

READY = re.compile(
    r"\bpuede(?:n)? (?:salir|circular|trabajar|rodar|andar|operar|despachar|hacer (?:la )?ruta)\b"
    r"|\besta(?:n)? (?:habilitad[oa]s?|al dia|en regla|legal(?:es)?|para salir)\b|\btiene(?:n)? todo al dia\b"
    r"|\b(?:tiene[n]?|con) (?:los |sus |todos los )?(?:papeles|documentos) (?:al dia|en regla)\b"
    r"|\b(?:vehiculos|carros|camiones|placas) (?:que estan )?(?:al dia|en regla)\b"
)
# «al día» of a vehicle: no required document expired or missing — it may work today (`fleet_ready`); the
# semáforo's 🟢 is narrower (everything valid for more than 30 days), so it is never called «al día»
_IN_ORDER = re.compile(r"\bal dia\b|\ben regla\b")
_STATUS_WORDS = {"estado", "semaforo", "resumen", "salud"}
# (semáforo status of the view, its icon and Spanish) from worst to best; the icons of /vencimientos
# (`bot.views.SEMAFORO_ICONS`) and of «¿cuáles están en rojo?» (`lights.LIGHT_MEANING`): 🔴 is 0–7 days
_LIGHTS = (
    ("vencido", "⛔", "con documentos vencidos"),
    ("sin_documentos", "⚪", "sin documentos registrados"),
    ("incompleto", "⚪", "sin algún documento obligatorio (SOAT, tecnomecánica; póliza RC salvo los motocarros)"),
    ("rojo", "🔴", "con un documento que vence en 7 días o menos"),
    ("amarillo", "🟡", "con un documento que vence en 30 días o menos"),
    ("verde", "🟢", "con todo vigente por más de 30 días"),
)


def asks_ready(q: Question) -> bool:
    """«¿la QBM563 puede salir hoy?», «¿está al día?», «¿está habilitado?»; not «¿la tecno está en regla?»
    (one document named: that document's status)."""
    joined = " ".join(q.tokens)
    if q.doc_type and not re.search(r"\bpuede", joined):
        return False
    return bool(READY.search(joined))


def asks_fleet_status(q: Question) -> bool:
    """«estado de la flota», «semáforo de los vehículos», «¿cómo está la flota?»; «semáforo» / «¿cómo está el
    semáforo?» naming no vehicle (the semáforo is the fleet's; one vehicle's is asked by its plate)."""
    joined = " ".join(q.tokens)
    if q.light:  # «semáforo en rojo», «¿cómo está el semáforo en amarillo?»: that colour (`vehicles.in_light`)
        return False
    one = {"su", "sus", "ese", "esa", "color"} & set(q.tokens)  # «¿en qué color está en el semáforo?»: one vehicle's
    if "semaforo" in q.tokens and not q.names_entity() and not one:
        return True
    named = q.subject == "vehicles" or "flota" in q.tokens
    return named and (bool(_STATUS_WORDS & set(q.tokens)) or bool(re.search(r"\bcomo (?:esta|estan)\b", joined)))


def _document_faults(docs: list[Document], *, brief: bool) -> list[str]:
    """Each document the vehicle's kind requires missing or expired (`required_docs`, in its order): «el
    SOAT no está registrado», «la tecnomecánica venció el 3 de noviembre de 2026 …»; `brief` (one line of a
    fleet list): «sin SOAT», «tecnomecánica venció el 3 de noviembre …» (no year)."""
    reasons = []
    for doc_type in required_docs.required(_kind(docs)):
        doc = next((d for d in docs if d.doc_type == doc_type), None)
        name = spanish.document_name(doc_type) if brief else r.document_with_article(doc_type)
        if doc is None or doc.expires_on is None or doc.days_remaining is None:
            reasons.append(f"sin {name}" if brief else f"{name} no está {r.agreeing(doc_type, 'registrado')}")
        elif doc.days_remaining < 0:
            reasons.append(f"{name} {r.due_phrase(doc.expires_on, doc.days_remaining, with_year=not brief)}")
    return reasons


def documents_due_soon(docs: list[Document], within: int = 30) -> list[str]:
    """Each required document still in force but due within `within` days, soonest first, as a sentence part:
    «la tecnomecánica vence en 3 días, el 4 de diciembre», «el SOAT vence mañana, el 2 de diciembre»."""
    soon = []
    for doc_type in required_docs.required(_kind(docs)):
        doc = next((d for d in docs if d.doc_type == doc_type), None)
        if doc is None or doc.expires_on is None or doc.days_remaining is None:
            continue
        if 0 <= doc.days_remaining <= within:
            soon.append(doc)
    parts = []
    for doc in sorted(soon, key=lambda d: d.days_remaining or 0):
        days, on = doc.days_remaining or 0, spanish.day_month(doc.expires_on) if doc.expires_on else ""
        when = "hoy" if days == 0 else "mañana" if days == 1 else f"en {days} días"
        parts.append(f"{r.document_with_article(doc.doc_type or '')} vence {when}, el {on}")
    return parts


def _kind(docs: list[Document]) -> str:
    return next((d.kind for d in docs if d.kind), "")


def required_names(docs: list[Document]) -> str:
    """«SOAT, tecnomecánica y póliza RC», or «SOAT y tecnomecánica» for a motocarro: what the vehicle needs."""
    return r.enumeration([spanish.document_name(t) for t in required_docs.required(_kind(docs))])


def document_faults(docs: list[Document]) -> list[str]:
    """Each required document of one vehicle missing or expired, as a sentence part («la póliza RC no está
    registrada», «la tecnomecánica venció el 4 de octubre de 2026 (hace 58 días)»)."""
    return _document_faults(docs, brief=False)


def _blocking(v: store_vehicles.Vehicle, docs: list[Document]) -> list[str]:
    """Why `v` may not work today: each expired or missing required document, and being inactive."""
    reasons = _document_faults(docs, brief=False)
    if not v.active:
        reasons.append("el vehículo está inactivo")
    return reasons


async def vehicle_ready(ask: Ask, v: store_vehicles.Vehicle) -> Exact:
    """«No: la tecnomecánica de QBM563 venció el 4 de octubre de 2026 (hace 58 días).» or «Sí: …»."""
    docs = [d for d in await store_documents.documents(ask.conn, vehicle_ids=[v.id]) if d.doc_type]
    focus = [FocusEntity(kind="vehicle", key=v.plate, label=v.plate)]
    reasons = _blocking(v, docs)
    if reasons:
        return Exact(
            f"No, {v.plate} no puede salir: {r.enumeration(reasons)}.",
            intent="vehicle.ready",
            focus=focus,
            confident=True,
        )
    soonest = min(docs, key=lambda d: d.days_remaining if d.days_remaining is not None else 0)
    return Exact(
        f"Sí, {v.plate} puede salir: {required_names(docs)} vigentes. El primero que vence: "
        f"{r.document_line(soonest, ask.company.today, with_plate=False)}.",
        intent="vehicle.ready",
        focus=focus,
        confident=True,
    )


def vehicle_light(rows: list[Document]) -> str:
    """The one semáforo state of a vehicle (its rows of `document_expiries`): the worst of the documents its
    kind requires — vencido, sin_documentos, incompleto (a required one missing: it cannot work, as
    `fleet_ready` says; worse than any due date), rojo, amarillo, verde. A document its kind does not need
    (a motocarro's póliza RC) never makes it worse. «¿cuántos vehículos están en verde?», the semáforo and
    «al día» all read this."""
    kind = _kind(rows)
    needed = required_docs.required(kind)
    statuses = {d.status for d in rows if d.doc_type is None or d.doc_type in needed}
    lacking = required_docs.missing(kind, {d.doc_type for d in rows})
    if "vencido" not in statuses and "sin_documentos" not in statuses and lacking:
        statuses.add("incompleto")
    return next(status for status, _, _ in _LIGHTS if status in statuses)


def by_vehicle(rows: list[Document]) -> dict[str, list[Document]]:
    """The semáforo rows grouped by plate, in the rows' order."""
    out: dict[str, list[Document]] = {}
    for d in rows:
        out.setdefault(d.plate, []).append(d)
    return out


STOPPED = ("vencido", "sin_documentos", "incompleto")  # the lights of a vehicle that may not work today


def _by_urgency(plates: list[str], by_plate: dict[str, list[Document]]) -> list[str]:
    """`plates` by their most overdue document (fewest days remaining), then plate."""

    def soonest(plate: str) -> int:
        return min((d.days_remaining for d in by_plate[plate] if d.days_remaining is not None), default=0)

    return sorted(plates, key=lambda p: (soonest(p), p))


async def fleet_status(ask: Ask) -> Exact:
    """The active vehicles by their worst document (semáforo), then the ones that cannot work, capped."""
    rows = await store_documents.documents(ask.conn, active_only=True)
    by_plate = by_vehicle(rows)
    worst = {plate: vehicle_light(docs) for plate, docs in by_plate.items()}
    lines = [
        f"{icon} {spanish.number(n)} {text}"
        for status, icon, text in _LIGHTS
        if (n := sum(1 for w in worst.values() if w == status))
    ]
    # one line per vehicle, as the header counts them and «¿qué vehículos no pueden salir?» lists them:
    # those with an expired one first (longest expired first), then without documents, then incomplete
    blocked = [plate for status in STOPPED for plate in _by_urgency(
        [p for p, w in worst.items() if w == status], by_plate)]  # fmt: skip
    stopped = [f"{plate} · {r.enumeration(_document_faults(by_plate[plate], brief=True))}" for plate in blocked]
    active = spanish.plural(len(worst), "vehículo activo", "vehículos activos")
    ready = sum(1 for w in worst.values() if w not in STOPPED)
    header = f"Estado de la flota: {active}, {spanish.number(ready)} al día (pueden salir hoy). Semáforo de documentos:"
    text = "\n".join([header, *lines])
    if stopped:
        text += "\n" + r.capped("No pueden salir:", stopped, more_hint="Usa /vencimientos para el detalle.")
    return Exact(text, intent="fleet.status")


def asks_fleet_ready(q: Question) -> bool:
    """«¿qué vehículos no pueden salir hoy?», «¿cuáles pueden salir?»: the fleet's readiness (a plural verb
    or «vehículos»); «¿puede salir?» is the vehicle in focus."""
    return asks_ready(q) and (q.subject == "vehicles" or bool({"pueden", "estan", "tienen"} & set(q.tokens)))


async def fleet_ready(ask: Ask) -> Exact:
    """The active vehicles that cannot work today (an expired or missing required document), each with why —
    or, asked without «no», the ones that can; «¿cuántos…?» only counts them."""
    rows = await store_documents.documents(ask.conn, active_only=True)
    kind = ask.q.vehicle_kind  # «¿cuántos camiones están al día?»: that kind's vehicles only
    if kind:
        plates = {v.plate for v in await store_vehicles.vehicles(ask.conn, every=True, kind=kind)}
        rows = [d for d in rows if d.plate in plates]
    by_plate = by_vehicle(rows)
    blocked: dict[str, list[str]] = {}
    for plate, docs in sorted(by_plate.items()):
        reasons = _document_faults(docs, brief=True)
        if reasons:
            blocked[plate] = reasons
    total = len(by_plate)
    negated = "no" in ask.q.tokens
    counting = bool({"cuantos", "cuantas"} & set(ask.q.tokens))
    one, many = (
        (f"{kind} activo", f"{r.KIND_PLURAL.get(kind, kind)} activos")
        if kind
        else ("vehículo activo", "vehículos activos")
    )
    if negated:
        n = spanish.plural(len(blocked), one, many)
        lines = [f"{plate} · {r.enumeration(why)}" for plate, why in blocked.items()]
        if counting or not lines:
            return Exact(f"Hoy no pueden salir {n} de {spanish.number(total)}.", intent="fleet.ready")
        return Exact(r.capped(f"Hoy no pueden salir {n} de {spanish.number(total)}:", lines), intent="fleet.ready")
    ready = [plate for plate in sorted(by_plate) if plate not in blocked]
    n = spanish.plural(len(ready), one, many)
    if _IN_ORDER.search(" ".join(ask.q.tokens)):  # «¿cuántos vehículos están al día?»: said in those words
        said = f"{spanish.number(len(ready))} de {spanish.plural(total, one, many)}"
        verb = "está" if len(ready) == 1 else "están"
        if counting or not ready:
            return Exact(f"{said} {verb} al día (pueden salir hoy).", intent="fleet.ready")
        return Exact(r.capped(f"{said} {verb} al día (pueden salir hoy):", ready), intent="fleet.ready")
    if counting or not ready:
        return Exact(f"Hoy pueden salir {n} de {spanish.number(total)}.", intent="fleet.ready")
    return Exact(r.capped(f"Hoy pueden salir {n} de {spanish.number(total)}:", ready), intent="fleet.ready")
