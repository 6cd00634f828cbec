"""/saldo and /vencimientos display: Spanish numbers, dates and document names (backend.core.spanish), negative
saldos flagged as everywhere else, lists capped with the count of the rest. Through the real Application
and the Telegram stand-in with the backend faked at the HTTP transport (the data shapes are the
backend's `GET /v1/clients` and `GET /v1/expiries`)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest

from backend.core.spanish import NEGATIVE_BALANCE_NOTE
from bot import views
from bot.commands import expiries_args
from bot.replies import plain_from_html
from tests.fixtures_fake_backend import ADMIN, run_fake_bot

TODAY = date(2026, 12, 1)


def _balances(**rows: int) -> list[dict]:
    names = {"CAN": ("canastilla", "canastillas"), "EST": ("estiba", "estibas"), "TAP": ("tapa", "tapas")}
    return [
        {"asset_code": code, "asset_name": names[code][0], "asset_plural_name": names[code][1], "balance": qty}
        for code, qty in rows.items()
    ]


def _item(plate: str, doc_type: str | None, days: int | None, status: str) -> dict:
    expires = (TODAY + timedelta(days=days)).isoformat() if days is not None else None
    return {"plate": plate, "doc_type": doc_type, "expires_on": expires, "days_remaining": days, "status": status}


async def command(stub, app, text: str) -> str:
    before = len(stub.sent(ADMIN))
    stub.push(stub.command(text, chat_id=ADMIN))
    return plain_from_html((await stub.wait_texts(ADMIN, before + 1))[-1])


async def test_saldo_flags_negative_balances_and_groups_thousands(telegram_stub, fake_backend) -> None:
    fake_backend.reads["/v1/clients/412"] = {
        "query": "412",
        "total": 1,
        "matches": [
            {
                "code": "412",
                "name": "DISTRIBUIDORA PUERTO CLARO",
                "city": "Rionegro",
                "balances": _balances(CAN=104019, EST=-12, TAP=1),
            }
        ],
    }
    async with run_fake_bot(telegram_stub, fake_backend) as app:
        shown = await command(telegram_stub, app, "/saldo 412")
    assert shown.splitlines() == [
        "[412] DISTRIBUIDORA PUERTO CLARO (Rionegro)",
        "• 104.019 canastillas",
        f"• -12 estibas ⚠️ ({NEGATIVE_BALANCE_NOTE})",
        "• 1 tapa",
    ]


async def test_saldo_by_a_common_name_shows_ten_and_counts_them_all(telegram_stub, fake_backend) -> None:
    matches = [{"code": str(n), "name": f"DISTRIBUIDORA {n}", "city": "Cali", "balances": []} for n in range(10)]
    fake_backend.reads["/v1/clients/distribuidora"] = {"query": "distribuidora", "total": 1234, "matches": matches}
    async with run_fake_bot(telegram_stub, fake_backend) as app:
        shown = await command(telegram_stub, app, "/saldo distribuidora")
    assert shown.startswith("Encontré 1.234 clientes para «distribuidora»; te muestro 10.")
    assert shown.count("Sin saldo de envases") == 10


async def test_vencimientos_in_spanish_capped_with_the_rest_counted(telegram_stub, fake_backend) -> None:
    items = [
        _item("ABC123", "SOAT", -58, "vencido"),
        _item("XYZ789", None, None, "sin_documentos"),
        _item("KLM482", "TECNOMECANICA", 3, "rojo"),
        _item("KLM482", "POLIZA_RC", 0, "rojo"),
        *(_item(f"PLT{n:03d}", "SOAT", 10 + n, "amarillo") for n in range(30)),
    ]
    fake_backend.reads["/v1/expiries"] = {"today": TODAY.isoformat(), "within_days": 60, "items": items}
    async with run_fake_bot(telegram_stub, fake_backend) as app:
        capped = (await command(telegram_stub, app, "/vencimientos 60")).splitlines()
        complete = (await command(telegram_stub, app, "/vencimientos 60 todos")).splitlines()
    assert capped[0] == "Documentos vencidos o por vencer en 60 días (hoy 1 de diciembre de 2026):"
    assert capped[1] == "⛔ ABC123 · SOAT · venció el 4 de octubre (hace 58 días)"
    assert capped[2] == "⚪ XYZ789 · sin documentos registrados"
    assert capped[3] == "🔴 KLM482 · tecnomecánica · vence el 4 de diciembre (en 3 días)"
    assert capped[4] == "🔴 KLM482 · póliza RC · vence el 1 de diciembre (hoy)"
    assert len(capped) == 1 + views.MAX_EXPIRIES + 2
    rest = len(items) - views.MAX_EXPIRIES
    assert capped[-2] == f"… y {rest} documentos más, menos urgentes. Para verlos todos: /vencimientos 60 todos"
    assert capped[-1] == views.SEMAFORO_LEGEND
    assert len(complete) == 1 + len(items) + 1 and complete[-2].endswith("· vence el 9 de enero de 2027 (en 39 días)")
    assert not any("2026-" in line or "TECNOMECANICA" in line or "POLIZA" in line for line in capped + complete)
    assert [r.url.params["within_days"] for r in fake_backend.requests if r.url.path == "/v1/expiries"] == ["60"] * 2


async def test_vencimientos_says_which_inactive_vehicles_it_leaves_out(telegram_stub, fake_backend) -> None:
    """The same last line as «¿qué vence este mes?» in a chat, also when no active vehicle has one due."""
    gft = _item("GFT663", "TECNOMECANICA", 7, "rojo")
    expired = _item("AFB115", "SOAT", -55, "vencido")
    fake_backend.reads["/v1/expiries"] = {"today": TODAY.isoformat(), "items": [expired], "left_out": [gft]}
    async with run_fake_bot(telegram_stub, fake_backend) as app:
        listed = (await command(telegram_stub, app, "/vencimientos")).splitlines()
        fake_backend.reads["/v1/expiries"] = {"today": TODAY.isoformat(), "items": [], "left_out": [gft, gft]}
        empty = await command(telegram_stub, app, "/vencimientos 10")
    assert listed[-2] == "No incluye 1 documento del vehículo inactivo GFT663."
    assert empty.endswith("✅ No incluye 2 documentos del vehículo inactivo GFT663.")


@pytest.mark.parametrize(
    ("args", "parsed"),
    [
        ([], (30, False)),
        (["15"], (15, False)),
        (["todos"], (30, True)),
        (["7", "TODOS"], (7, True)),
        (["todos", "7"], (7, True)),
        (["0"], None),
        (["366"], None),
        (["abc"], None),
        (["7", "8"], None),
    ],
)
def test_vencimientos_arguments(args, parsed) -> None:
    assert expiries_args(args) == parsed
