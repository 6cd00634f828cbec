"""Facts from the company's own rows as compact Spanish lines (every client line carries its code).

All functions take a connection inside `tenant_transaction`; row-level security scopes them and
`fleetops_today(...)` honours FLEETOPS_TODAY. Dates are local to the company's timezone.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import asyncpg

from backend.core import spanish
from backend.reports.delivery_notes import fetch_delivery_note

KIND_ES = {"opening": "saldo inicial", "dispatch": "despacho", "return": "devolución", "adjustment": "ajuste"}
STATUS_ES = {"vencido": "VENCIDO", "rojo": "rojo", "amarillo": "amarillo", "verde": "verde"}


def qty(n: int, singular: str, plural: str) -> str:
    return f"{n} {singular if abs(n) == 1 else plural}"


def due_text(expires_on: Any, days: int) -> str:
    """«vence el 4 de diciembre de 2026 (en 3 días)», «venció el 4 de octubre de 2026 (hace 58 días)»."""
    return f"{'venció' if days < 0 else 'vence'} el {spanish.long_date(expires_on)} ({spanish.days_relative(days)}"


def doc_line(r: Any) -> str:
    """«KLM482 tecnomecánica vence el 4 de diciembre de 2026 (en 3 días, rojo)»: Spanish names and dates,
    as every answer shows them, so the model copies them as they are."""
    if r["doc_type"] is None:
        return f"{r['plate']}: sin documentos registrados"
    return (
        f"{r['plate']} {spanish.document_name(r['doc_type'])} {due_text(r['expires_on'], r['days_remaining'])},"
        f" {STATUS_ES[r['status']]})"
    )


def client_line(row: Any, balances: list[Any]) -> str:
    """«[412] DISTRIBUIDORA PUERTO CLARO (Rionegro): 298 canastillas, 306 estibas, 109 tapas»; a negative
    saldo flagged as everywhere (`backend.core.spanish.balance`)."""
    parts = [spanish.balance(int(b["balance"]), b["asset_name"], b["asset_plural_name"]) for b in balances]
    shown = ", ".join(parts) if parts else "sin movimientos"
    city = f" ({row['city']})" if row["city"] else ""
    return f"[{row['code']}] {row['name']}{city}: {shown}"


async def _balances(conn: asyncpg.Connection, ids: list[int]) -> dict[int, list[Any]]:
    rows = await conn.fetch(
        "SELECT client_id, asset_code, asset_name, asset_plural_name, balance"
        " FROM client_balances WHERE client_id = ANY($1::bigint[]) ORDER BY asset_code",
        ids,
    )
    out: dict[int, list[Any]] = defaultdict(list)
    for r in rows:
        out[r["client_id"]].append(r)
    return out


async def clients_facts(conn: asyncpg.Connection, client_ids: list[int], *, movements: int = 3) -> dict[int, list[str]]:
    """Per client id: its balance line and its last `movements` delivery notes / movements. Three
    queries whatever the number of clients; ids that do not exist (for this company) are left out."""
    if not client_ids:
        return {}
    rows = await conn.fetch("SELECT id, code, name, city FROM clients WHERE id = ANY($1::bigint[])", client_ids)
    balances = await _balances(conn, client_ids)
    recent = await conn.fetch(
        """SELECT c.id AS client_id, r.* FROM unnest($1::bigint[]) AS c(id) CROSS JOIN LATERAL (
             SELECT to_char(m.occurred_at AT TIME ZONE co.timezone, 'YYYY-MM-DD HH24:MI') AS at, m.kind,
                    m.delivery_note,
                    string_agg((CASE WHEN m.kind = 'adjustment' THEN m.quantity ELSE abs(m.quantity) END)::text
                               || ' ' || a.plural_name, ', ' ORDER BY a.code) AS q,
                    max(v.plate) AS plate
             FROM movements m JOIN companies co ON co.id = m.company_id
             JOIN asset_types a ON a.id = m.asset_type_id LEFT JOIN vehicles v ON v.id = m.vehicle_id
             WHERE m.client_id = c.id
             GROUP BY m.occurred_at, co.timezone, m.kind, m.delivery_note
             ORDER BY m.occurred_at DESC LIMIT $2) r""",
        client_ids,
        movements,
    )
    out = {r["id"]: [client_line(r, balances[r["id"]])] for r in rows}
    code = {r["id"]: r["code"] for r in rows}
    for r in recent:
        if r["client_id"] in out:
            note = f" remisión {r['delivery_note']}" if r["delivery_note"] else ""
            plate = f" ({r['plate']})" if r["plate"] else ""
            out[r["client_id"]].append(
                f"  [{code[r['client_id']]}] {r['at']} {KIND_ES.get(r['kind'], r['kind'])}{note}: {r['q']}{plate}"
            )
    return out


async def vehicles_facts(conn: asyncpg.Connection, vehicle_ids: list[int]) -> dict[int, list[str]]:
    """Per vehicle id: the vehicle, its assigned drivers and each document with expiry, days remaining
    and status. Three queries whatever the number of vehicles."""
    if not vehicle_ids:
        return {}
    vehicles = await conn.fetch(
        "SELECT id, plate, kind, brand_model, model_year, active FROM vehicles WHERE id = ANY($1::int[])", vehicle_ids
    )
    drivers = await conn.fetch(
        "SELECT vehicle_id, full_name FROM drivers WHERE vehicle_id = ANY($1::int[]) ORDER BY full_name", vehicle_ids
    )
    docs = await conn.fetch(
        "SELECT vehicle_id, plate, doc_type, expires_on, days_remaining, status"
        " FROM document_expiries WHERE vehicle_id = ANY($1::int[])"
        " ORDER BY expires_on NULLS FIRST",
        vehicle_ids,
    )
    out = {}
    for v in vehicles:
        desc = " ".join(str(x) for x in (v["kind"], v["brand_model"], v["model_year"]) if x)
        who = ", ".join(d["full_name"] for d in drivers if d["vehicle_id"] == v["id"]) or "ninguno"
        out[v["id"]] = [
            f"Vehículo {v['plate']}: {desc or 'sin descripción'},"
            f" {'activo' if v['active'] else 'inactivo'}; conductor asignado: {who}"
        ]
        out[v["id"]] += ["  " + doc_line(d) for d in docs if d["vehicle_id"] == v["id"]]
    return out


async def driver_facts(conn: asyncpg.Connection, driver_id: int) -> list[str]:
    d = await conn.fetchrow(
        """SELECT d.full_name, d.document_number, d.phone, d.license_expires_on, v.plate,
                  d.license_expires_on - fleetops_today(co.timezone) AS license_days
           FROM drivers d JOIN companies co ON co.id = d.company_id LEFT JOIN vehicles v ON v.id = d.vehicle_id
           WHERE d.id = $1""",
        driver_id,
    )
    if d is None:
        return []
    licence = (
        f"licencia {due_text(d['license_expires_on'], d['license_days'])})"
        if d["license_expires_on"]
        else "licencia sin fecha"
    )
    return [
        f"Conductor {d['full_name']} (documento {d['document_number']}, tel. {d['phone'] or 'sin dato'},"
        f" {licence}): vehículo asignado {d['plate'] or 'ninguno'}"
    ]


async def note_facts(conn: asyncpg.Connection, company_id: int, number: str) -> list[str]:
    note = await fetch_delivery_note(conn, company_id, number)
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
    from backend.api.routes.read import expiry_rows

    return [doc_line(r) for r in await expiry_rows(conn, within_days)]


async def top_client_lines(conn: asyncpg.Connection, limit: int = 80) -> list[str]:
    """Clients ranked by total balance (all asset types), largest first, numbered."""
    rows = await conn.fetch(
        """SELECT c.id, c.code, c.name, c.city FROM client_balances b JOIN clients c ON c.id = b.client_id
           GROUP BY c.id ORDER BY sum(b.balance) DESC, c.code LIMIT $1""",
        limit,
    )
    balances = await _balances(conn, [r["id"] for r in rows])
    return [f"{i}. {client_line(r, balances[r['id']])}" for i, r in enumerate(rows, 1)]


async def summary_lines(conn: asyncpg.Connection) -> list[str]:
    totals = await conn.fetch(
        "SELECT asset_name, asset_plural_name, sum(balance)::bigint AS total,"
        " count(*) FILTER (WHERE balance < 0) AS negative FROM client_balances"
        " GROUP BY asset_code, asset_name, asset_plural_name ORDER BY asset_code"
    )
    counts = await conn.fetchrow(
        """SELECT (SELECT count(*) FROM clients) AS clients, (SELECT count(*) FROM vehicles WHERE active) AS active,
                  (SELECT count(*) FROM vehicles) AS vehicles, (SELECT count(*) FROM drivers) AS drivers"""
    )
    status = await conn.fetch("SELECT status, count(*) AS n FROM document_expiries WHERE active GROUP BY status")
    by_status = {r["status"]: r["n"] for r in status}
    held = ", ".join(qty(int(t["total"]), t["asset_name"], t["asset_plural_name"]) for t in totals) or "ninguno"
    negative = sum(int(t["negative"]) for t in totals)
    return [
        f"Clientes: {counts['clients']}; vehículos activos: {counts['active']} de {counts['vehicles']};"
        f" conductores: {counts['drivers']}",
        f"Activos en poder de clientes (total): {held}; saldos negativos: {negative}",
        "Documentos de vehículos activos: "
        + ", ".join(f"{by_status.get(s, 0)} {s}" for s in ("vencido", "rojo", "amarillo", "verde", "sin_documentos")),
    ]
