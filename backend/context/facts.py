"""Facts from the company's own rows as compact Spanish lines (every client line carries its code).

All functions take a connection inside `tenant_transaction` and read through `backend.store`; row-level
security scopes them and `fleetops_today(...)` honours FLEETOPS_TODAY. Dates are local to the company's
timezone.
"""

from __future__ import annotations

from datetime import date

import asyncpg

from backend.core import spanish
from backend.store import clients as store_clients
from backend.store import companies as store_companies
from backend.store import delivery_notes as store_delivery_notes
from backend.store import documents as store_documents
from backend.store import expiries as store_expiries
from backend.store import movements as store_movements
from backend.store import vehicles as store_vehicles
from backend.store.clients import Client, ClientBalance
from backend.store.documents import Document
from backend.store.expiries import DocumentExpiry

KIND_ES = {"opening": "saldo inicial", "dispatch": "despacho", "return": "devolución", "adjustment": "ajuste"}
NOTE_TIMEOUT_S = 5.0  # each statement reading a delivery note (as for its PDF)
STATUS_ES = {"vencido": "VENCIDO", "rojo": "rojo", "amarillo": "amarillo", "verde": "verde"}


def qty(n: int, singular: str, plural: str) -> str:
    return f"{n} {singular if abs(n) == 1 else plural}"


def due_text(expires_on: date, days: int) -> str:
    """«vence el 4 de diciembre de 2026 (en 3 días)», «venció el 4 de octubre de 2026 (hace 58 días)»."""
    return f"{'venció' if days < 0 else 'vence'} el {spanish.long_date(expires_on)} ({spanish.days_relative(days)}"


def doc_line(d: Document | DocumentExpiry) -> str:
    """«KLM482 tecnomecánica vence el 4 de diciembre de 2026 (en 3 días, rojo)»: Spanish names and dates,
    as every answer shows them, so the model copies them as they are."""
    if d.doc_type is None or d.expires_on is None or d.days_remaining is None:
        return f"{d.plate}: sin documentos registrados"
    return (
        f"{d.plate} {spanish.document_name(d.doc_type)} {due_text(d.expires_on, d.days_remaining)},"
        f" {STATUS_ES[d.status]})"
    )


def client_line(c: Client, balances: list[ClientBalance]) -> str:
    """«[412] DISTRIBUIDORA PUERTO CLARO (Rionegro): 298 canastillas, 306 estibas, 109 tapas»; a negative
    saldo flagged as everywhere (`backend.core.spanish.balance`)."""
    parts = [spanish.balance(b.balance, b.asset_name, b.asset_plural_name) for b in balances]
    shown = ", ".join(parts) if parts else "sin movimientos"
    city = f" ({c.city})" if c.city else ""
    return f"[{c.code}] {c.name}{city}: {shown}"


async def _balances(conn: asyncpg.Connection, client_ids: list[int]) -> dict[int, list[ClientBalance]]:
    """Client id -> its saldos in asset code order (a client without movements is absent)."""
    out: dict[int, list[ClientBalance]] = {}
    for b in await store_clients.client_balances(conn, client_ids=client_ids):
        out.setdefault(b.client_id, []).append(b)
    return out


async def clients_facts(conn: asyncpg.Connection, client_ids: list[int], *, movements: int = 3) -> dict[int, list[str]]:
    """Per client id: its balance line and its last `movements` delivery notes / movements. Three
    queries whatever the number of clients; ids that do not exist (for this company) are left out."""
    if not client_ids:
        return {}
    rows = await store_clients.clients(conn, ids=client_ids)
    balances = await _balances(conn, client_ids)
    recent = await store_movements.recent_movements(conn, client_ids=client_ids, per_client=movements)
    out = {c.id: [client_line(c, balances.get(c.id, []))] for c in rows}
    code = {c.id: c.code for c in rows}
    for m in recent:
        if m.client_id in out:
            note = f" remisión {m.delivery_note}" if m.delivery_note else ""
            plate = f" ({m.plate})" if m.plate else ""
            out[m.client_id].append(
                f"  [{code[m.client_id]}] {m.at} {KIND_ES.get(m.kind, m.kind)}{note}: {m.quantities}{plate}"
            )
    return out


async def vehicles_facts(conn: asyncpg.Connection, vehicle_ids: list[int]) -> dict[int, list[str]]:
    """Per vehicle id: the vehicle, its assigned drivers and each document with expiry, days remaining
    and status. Three queries whatever the number of vehicles."""
    if not vehicle_ids:
        return {}
    vehicles = await store_vehicles.vehicles(conn, ids=vehicle_ids)
    drivers = await store_vehicles.assigned_drivers(conn, vehicle_ids=vehicle_ids)
    docs = await store_documents.documents(conn, vehicle_ids=vehicle_ids)
    out = {}
    for v in vehicles:
        desc = " ".join(str(x) for x in (v.kind, v.brand_model, v.model_year) if x)
        who = ", ".join(d.full_name for d in drivers if d.vehicle_id == v.id) or "ninguno"
        out[v.id] = [
            f"Vehículo {v.plate}: {desc or 'sin descripción'},"
            f" {'activo' if v.active else 'inactivo'}; conductor asignado: {who}"
        ]
        out[v.id] += ["  " + doc_line(d) for d in docs if d.vehicle_id == v.id]
    return out


async def driver_facts(conn: asyncpg.Connection, driver_id: int) -> list[str]:
    """The driver's line (document, phone, licence expiry, assigned vehicle); [] when no such driver."""
    found = await store_vehicles.drivers(conn, ids=[driver_id])
    if not found:
        return []
    d = found[0]
    licence = (
        f"licencia {due_text(d.license_expires_on, d.license_days)})"
        if d.license_expires_on is not None and d.license_days is not None
        else "licencia sin fecha"
    )
    return [
        f"Conductor {d.full_name} (documento {d.document_number}, tel. {d.phone or 'sin dato'},"
        f" {licence}): vehículo asignado {d.plate or 'ninguno'}"
    ]


async def note_facts(conn: asyncpg.Connection, company_id: int, number: str) -> list[str]:
    """The note's line: date, client, vehicle, driver and quantities; [] when no such note."""
    note = await store_delivery_notes.delivery_note(
        conn, company_id=company_id, number=number, statement_timeout_s=NOTE_TIMEOUT_S
    )
    if note is None:
        return []
    out = ", ".join(qty(ln.dispatched, ln.asset_name, ln.asset_plural_name) for ln in note.lines if ln.dispatched)
    back = ", ".join(qty(ln.returned, ln.asset_name, ln.asset_plural_name) for ln in note.lines if ln.returned)
    moved = ([f"despachó {out}"] if out else []) + ([f"recibió {back}"] if back else [])
    return [
        f"Remisión {note.number} ({note.local_time:%Y-%m-%d %H:%M}, cliente [{note.client_code}]"
        f" {note.client_name} ({note.client_city}), vehículo {note.vehicle_plate or 'sin dato'},"
        f" conductor {note.driver_name or 'sin dato'}): {'; '.join(moved) or 'sin cantidades'}"
    ]


async def expiring_lines(conn: asyncpg.Connection, within_days: int = 30) -> list[str]:
    """Active vehicles: expired or due within `within_days`, and vehicles without documents."""
    return [doc_line(d) for d in await store_expiries.document_expiries(conn, within_days=within_days)]


async def top_client_lines(conn: asyncpg.Connection, limit: int = 80) -> list[str]:
    """Clients ranked by total balance (all asset types), largest first, numbered."""
    ranked = await store_clients.ranked_clients(conn, asset_code=None, limit=limit)
    balances = await _balances(conn, [r.client.id for r in ranked])
    return [f"{i}. {client_line(r.client, balances.get(r.client.id, []))}" for i, r in enumerate(ranked, 1)]


async def summary_lines(conn: asyncpg.Connection) -> list[str]:
    """Three lines: counts of clients, vehicles and drivers; units held per asset type and negative
    saldos; active vehicles' documents per semáforo status."""
    totals = await store_clients.asset_totals(conn)
    counts = await store_companies.fleet_counts(conn)
    by_status = await store_documents.status_counts(conn)
    held = ", ".join(qty(t.total, t.asset.name, t.asset.plural) for t in totals) or "ninguno"
    negative = sum(t.negative for t in totals)
    return [
        f"Clientes: {counts.clients}; vehículos activos: {counts.active_vehicles} de {counts.vehicles};"
        f" conductores: {counts.drivers}",
        f"Activos en poder de clientes (total): {held}; saldos negativos: {negative}",
        "Documentos de vehículos activos: "
        + ", ".join(f"{by_status.get(s, 0)} {s}" for s in ("vencido", "rojo", "amarillo", "verde", "sin_documentos")),
    ]
