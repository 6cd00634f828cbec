"""Delivery notes: the tenant query against the real fleet fixture, and the PDF's extracted text."""

from __future__ import annotations

import hashlib
import io
from datetime import UTC, datetime

import asyncpg
import pytest
from pypdf import PdfReader

from backend.cli.admin import company_id
from backend.db.connect import tenant_transaction
from backend.reports.delivery_note_pdf import format_datetime, format_int, render_delivery_note_pdf
from backend.reports.delivery_notes import DeliveryNote, DeliveryNoteLine, fetch_delivery_note


def pdf_text(data: bytes) -> str:
    assert data.startswith(b"%PDF-")
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


async def note_of(conn: asyncpg.Connection, slug: str, number: str) -> DeliveryNote | None:
    cid = await company_id(conn, slug)
    async with tenant_transaction(conn, cid) as tx:
        return await fetch_delivery_note(tx, cid, number)


async def test_note_lines_from_the_fixture(fleet_conn: asyncpg.Connection) -> None:
    # demo-data: 1094 = client 1050, OYU425 (driver 260435097), CAN +17/-27, EST +43/-19, 2025-12-06 12:10.
    note = await note_of(fleet_conn, "frigorifico-andino", "1094")
    assert note is not None
    assert (note.company_name, note.client_code, note.client_name, note.client_city) == (
        "Frigorífico Andino S.A.S.",
        "1050",
        "SUPERMERCADO LA <ECONOMÍA>",
        "Bogotá",
    )
    assert (note.vehicle_plate, note.driver_name) == ("OYU425", "Jorge Giraldo Restrepo")
    assert [(ln.asset_code, ln.dispatched, ln.returned) for ln in note.lines] == [("CAN", 17, 27), ("EST", 43, 19)]
    assert (note.total_dispatched, note.total_returned) == (60, 46)
    assert note.local_time.replace(tzinfo=None) == datetime(2025, 12, 6, 12, 10)


async def test_other_companys_note_is_not_found(fleet_conn: asyncpg.Connection) -> None:
    # 51676 belongs to lacteos-del-valle only.
    assert await note_of(fleet_conn, "lacteos-del-valle", "51676") is not None
    assert await note_of(fleet_conn, "frigorifico-andino", "51676") is None
    # Row-level security alone hides it: a query for lacteos' id inside frigorifico's transaction sees nothing.
    frigo = await company_id(fleet_conn, "frigorifico-andino")
    lacteos = await company_id(fleet_conn, "lacteos-del-valle")
    async with tenant_transaction(fleet_conn, frigo) as tx:
        assert await fetch_delivery_note(tx, lacteos, "51676") is None


@pytest.mark.parametrize("number", ["999999", "", "1094; DROP TABLE movements", "../1094", "1094 "])
async def test_unknown_or_malformed_numbers(fleet_conn: asyncpg.Connection, number: str) -> None:
    note = await note_of(fleet_conn, "frigorifico-andino", number)
    if number == "1094 ":
        assert note is not None and note.number == "1094"  # surrounding spaces are ignored
    else:
        assert note is None


async def test_pdf_text_has_client_plate_and_quantities(fleet_conn: asyncpg.Connection) -> None:
    note = await note_of(fleet_conn, "lacteos-del-valle", "51676")
    text = pdf_text(render_delivery_note_pdf(note))
    assert "Lácteos del Valle S.A.S." in text
    assert "Remisión N.º 51676" in text
    assert "[763] PESCADERÍA LA 80" in text and "Barranquilla" in text
    assert "VLL330" in text
    assert "lunes 21 de septiembre de 2026, 06:20" in text
    assert "Canastillas (CAN) 29 15" in text
    assert "Canastas de leche (CAV) 57 5" in text
    assert "Total 86 20" in text


@pytest.mark.parametrize(
    "number, client",
    [
        ("1094", "[1050] SUPERMERCADO LA <ECONOMÍA>"),
        ("1043", "[007] CARNES D'LUCA & HERMANOS"),
        ("6751", "[77] MINIMERCADO EL_SOL *24H*"),
    ],
)
async def test_fixture_names_with_symbols_render_intact(
    fleet_conn: asyncpg.Connection, number: str, client: str
) -> None:
    note = await note_of(fleet_conn, "frigorifico-andino", number)
    assert client in pdf_text(render_delivery_note_pdf(note))


async def test_inserted_name_with_accents_and_symbols(fleet_conn: asyncpg.Connection) -> None:
    name = "ÑANDÚ & <CÍA> D'ÁVILA _LTDA_ *24H* ¿Qué? ¡Sí! Pingüino"
    cid = await company_id(fleet_conn, "frigorifico-andino")
    client = await fleet_conn.fetchval(
        "INSERT INTO clients (company_id, code, name, name_folded, city) VALUES ($1, 'T-1', $2, 'x', 'Peñol')"
        " RETURNING id",
        cid,
        name,
    )
    asset, vehicle = await fleet_conn.fetchrow(
        "SELECT (SELECT id FROM asset_types WHERE company_id = $1 AND code = 'TAP'),"
        " (SELECT id FROM vehicles WHERE company_id = $1 AND plate = 'KLM482')",
        cid,
    )
    for i, (kind, qty) in enumerate((("dispatch", 12500), ("return", -3))):
        await fleet_conn.execute(
            "INSERT INTO movements (company_id, occurred_at, kind, delivery_note, client_id, asset_type_id,"
            " quantity, vehicle_id, fingerprint) VALUES ($1, $2, $3, 'T-900', $4, $5, $6, $7, $8)",
            cid,
            datetime(2026, 11, 30, 3, 5, tzinfo=UTC),
            kind,
            client,
            asset,
            qty,
            vehicle,
            hashlib.sha256(f"test-T-900-{i}".encode()).digest(),
        )
    note = await note_of(fleet_conn, "frigorifico-andino", "T-900")
    assert note.driver_name is None
    text = pdf_text(render_delivery_note_pdf(note))
    assert f"[T-1] {name}" in text
    assert "Peñol" in text and "KLM482" in text
    assert "domingo 29 de noviembre de 2026, 22:05" in text  # 03:05 UTC is the evening before in Bogotá
    assert "Tapas (TAP) 12.500 3" in text


def test_spanish_formats() -> None:
    assert [format_int(n) for n in (0, 999, 1000, 1234567, -1200)] == ["0", "999", "1.000", "1.234.567", "-1.200"]
    assert format_datetime(datetime(2026, 1, 7, 9, 5)) == "miércoles 7 de enero de 2026, 09:05"


def test_note_without_vehicle_or_lines_still_renders() -> None:
    note = DeliveryNote(
        "7",
        "Empresa",
        "America/Bogota",
        datetime(2026, 1, 1, tzinfo=UTC),
        "1",
        "Cliente",
        "",
        None,
        None,
        (DeliveryNoteLine("CAN", "canastilla", "canastillas", 0, 0),),
    )
    text = pdf_text(render_delivery_note_pdf(note))
    assert "Vehículo: —" in text and "Total 0 0" in text


async def test_a_pdf_leaves_no_font_library_chatter_in_the_log(
    fleet_conn: asyncpg.Connection, caplog: pytest.LogCaptureFixture
) -> None:
    """fontTools.subset logs a dozen INFO lines per PDF; the CLI's logging (backend, demo) raises it to
    WARNING, so the operator's log keeps the product's own lines (the demo log was 56 % fontTools)."""
    import logging

    from backend.core.log_levels import quiet_chatty_loggers

    note = await note_of(fleet_conn, "lacteos-del-valle", "51676")
    assert note is not None
    caplog.set_level(logging.INFO)
    logging.getLogger("fontTools").setLevel(logging.NOTSET)
    render_delivery_note_pdf(note)
    assert any(r.name.startswith("fontTools") for r in caplog.records)  # the chatter this guards against
    caplog.clear()
    quiet_chatty_loggers()
    try:
        render_delivery_note_pdf(note)
        assert not [r for r in caplog.records if r.name.startswith("fontTools") and r.levelno < logging.WARNING]
    finally:
        for name in ("fontTools", "httpx"):
            logging.getLogger(name).setLevel(logging.NOTSET)
