"""One view of the vehicles that cannot work today: /vencimientos, «estado de la flota» and «¿qué vehículos
no pueden salir hoy?» name the same active vehicles — one with a document its kind requires
(`backend.core.vehicle_documents`) expired or not registered. The trial: /vencimientos never listed a
vehicle missing a required document while /resumen did, and the fleet status listed documents (TPV948
twice) under a header that counts vehicles. The motocarros without a póliza RC (EQE774, JCM691, KLM482,
LRA962, PTD681) need none: they are not listed for it. Real PostgreSQL; /vencimientos through the real
PTB Application."""

from __future__ import annotations

import re

from backend.core import vehicle_documents
from backend.db.connect import tenant_transaction
from backend.testing.bot_runner import run_bot
from bot.replies import plain_from_html
from tests.answers_chain import TODAY, ask_chain
from tests.test_bot_commands import ADMIN

LACKING_RC = ["EQE774", "JCM691", "KLM482", "LRA962", "PTD681"]


async def _blocked(conn) -> set[str]:
    """The active vehicles with a required document expired or missing, straight from the view."""
    company = await conn.fetchval("SELECT id FROM companies WHERE slug = 'frigorifico-andino'")
    async with tenant_transaction(conn, company, today=TODAY):
        rows = await conn.fetch(
            """SELECT v.plate, v.kind, array_remove(array_agg(DISTINCT e.doc_type), NULL) AS types,
                      bool_or(e.status = 'vencido') AS expired
               FROM vehicles v LEFT JOIN document_expiries e ON e.vehicle_id = v.id
               WHERE v.active GROUP BY v.plate, v.kind"""
        )
    return {r["plate"] for r in rows if r["expired"] or vehicle_documents.missing(r["kind"], set(r["types"]))}


async def test_vencimientos_lists_every_vehicle_that_cannot_work(telegram_stub, backend_server, fleet_conn) -> None:
    blocked = await _blocked(fleet_conn)
    assert len(blocked) == 19 and "KLM482" not in blocked
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        telegram_stub.push(telegram_stub.command("/vencimientos 30 todos", chat_id=ADMIN))
        parts = await telegram_stub.wait_texts(ADMIN, 1)
    lines = plain_from_html("\n".join(parts)).splitlines()
    for plate in LACKING_RC:
        assert f"⚪ {plate} · sin póliza RC" not in lines
    stopped = {m.group(1) for line in lines if (m := re.match(r"^[⛔⚪] ([A-Z]{3}\d{3}) · ", line))}
    assert stopped == blocked


async def test_fleet_status_lists_vehicles_as_its_header_counts_them(fleet_conn) -> None:
    status, ready = await ask_chain(fleet_conn, ["estado de la flota", "que vehiculos no pueden salir hoy"])
    assert status is not None and ready is not None
    header = re.search(r"(\d+) vehículos activos, (\d+) al día", status.text)
    assert header is not None
    cannot = int(header.group(1)) - int(header.group(2))
    listed = status.text.split("No pueden salir:\n", 1)[1].splitlines()
    plates = [line.removeprefix("• ").split(" · ")[0] for line in listed if line.startswith("• ")]
    more = re.search(r"… y (\d+) más", listed[-1])
    assert len(plates) == len(set(plates)), plates  # TPV948 was listed twice, once per expired document
    assert len(plates) + (int(more.group(1)) if more else 0) == cannot == 19
    assert "Hoy no pueden salir 19 vehículos activos de 41:" in ready.text
    assert any(line == "• TPV948 · tecnomecánica venció el 8 de noviembre (hace 23 días) y póliza RC venció el "
               "27 de noviembre (hace 4 días)" for line in listed)  # fmt: skip
