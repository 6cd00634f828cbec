"""Balance charts: the series behind the PNG against the movements (recomputed here from the CSV files),
the PNG itself (valid, 1200×800), tenant isolation, the request rule, and the bot sending the photo."""

from __future__ import annotations

import csv
import datetime as dt
import struct
from collections import defaultdict
from urllib.parse import unquote

import httpx
import pytest

from backend.core.files import disposition_filename, generated_filename
from backend.db.connect import tenant_transaction
from backend.reports.charts import balance_series, render_balance_png
from backend.testing.bot_runner import run_bot
from bot.charts import ChartRequest, command_request, requested_chart
from tests.conftest import FIXTURE_DIR

TODAY = dt.date(2026, 12, 1)


def csv_daily(company: str, client: str | None, days: int) -> dict[str, list[int]]:
    """End-of-day balance per asset type for `days` days ending TODAY, from movements.csv (local times)."""
    start = TODAY - dt.timedelta(days=days - 1)
    deltas: dict[str, dict[dt.date, int]] = defaultdict(lambda: defaultdict(int))
    with open(FIXTURE_DIR / "movements.csv", encoding="utf-8") as f:
        for r in csv.DictReader(f):
            if r["company"] != company or (client is not None and r["client_code"] != client):
                continue
            day = dt.date.fromisoformat(r["occurred_at"][:10])
            if day <= TODAY:
                deltas[r["asset_type"]][max(day, start - dt.timedelta(days=1))] += int(r["quantity"])
    out = {}
    for asset, by_day in deltas.items():
        running, values = by_day.get(start - dt.timedelta(days=1), 0), []
        for i in range(days):
            running += by_day.get(start + dt.timedelta(days=i), 0)
            values.append(running)
        out[asset] = values
    return out


async def _series(conn, slug: str, **kw):
    cid = await conn.fetchval("SELECT id FROM companies WHERE slug = $1", slug)
    async with tenant_transaction(conn, cid, today=TODAY):
        if "client" in kw:
            kw["client_id"] = await conn.fetchval("SELECT id FROM clients WHERE code = $1", kw.pop("client"))
        return await balance_series(conn, cid, title="t", today=TODAY, **kw)


@pytest.mark.parametrize(
    "slug, client, days",
    [
        ("frigorifico-andino", "310", 90),
        ("frigorifico-andino", "412", 30),
        ("frigorifico-andino", None, 90),
        ("lacteos-del-valle", "137", 90),
    ],
)
async def test_series_match_the_movements(fleet_conn, slug: str, client: str | None, days: int) -> None:
    kw = {"client": client} if client else {}
    chart = await _series(fleet_conn, slug, days=days, **kw)
    assert chart.days[0] == TODAY - dt.timedelta(days=days - 1) and chart.days[-1] == TODAY
    assert {s.asset_code: list(s.values) for s in chart.series} == csv_daily(slug, client, days)


async def test_one_asset_type_and_the_current_balance(fleet_conn) -> None:
    chart = await _series(
        fleet_conn,
        "frigorifico-andino",
        days=90,
        asset_type_id=await fleet_conn.fetchval(
            "SELECT a.id FROM asset_types a JOIN companies c ON c.id = a.company_id "
            "WHERE c.slug = 'frigorifico-andino' AND a.code = 'CAN'"
        ),
    )
    [can] = chart.series
    assert list(can.values) == csv_daily("frigorifico-andino", None, 90)["CAN"]
    total = await fleet_conn.fetchval(
        "SELECT sum(b.balance) FROM balances b JOIN asset_types a ON a.id = b.asset_type_id "
        "JOIN companies c ON c.id = b.company_id WHERE c.slug = 'frigorifico-andino' AND a.code = 'CAN'"
    )
    assert can.values[-1] == total  # no movements after the fixture's today


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


async def test_route_png_and_tenant_rules(backend_server) -> None:
    h, admin = backend_server.headers(), backend_server.admin_user_id
    async with httpx.AsyncClient(base_url=backend_server.base_url, timeout=30) as http:
        r = await http.get("/v1/charts/balance.png", params={"client": "310", "user_id": admin}, headers=h)
        assert r.status_code == 200 and r.headers["content-type"] == "image/png"
        assert png_size(r.content) == (1200, 800)
        assert unquote(r.headers["x-chart-title"]) == "[310] COMERCIAL BAHÍA SOLANA"
        r = await http.get("/v1/charts/balance.png", params={"asset": "Canastillas", "user_id": admin}, headers=h)
        assert r.status_code == 200 and png_size(r.content) == (1200, 800)
        assert unquote(r.headers["x-chart-title"]) == "Canastillas — Frigorífico Andino S.A.S."
        # lacteos-del-valle's client 137: not found for frigorifico-andino's bot
        r = await http.get("/v1/charts/balance.png", params={"client": "137", "user_id": admin}, headers=h)
        assert r.status_code == 404 and r.json()["error"] == "client_not_found"
        r = await http.get("/v1/charts/balance.png", params={"client": "distribuidora", "user_id": admin}, headers=h)
        assert r.status_code == 409 and "[853] DISTRIBUIDORA DON PACHO CENTRO" in r.json()["message"]
        r = await http.get("/v1/charts/balance.png", params={"asset": "cajas", "user_id": admin}, headers=h)
        assert r.status_code == 404 and r.json()["error"] == "asset_type_not_found"
        r = await http.get("/v1/charts/balance.png", params={"days": 3, "user_id": admin}, headers=h)
        assert r.status_code == 422
        r = await http.get("/v1/charts/balance.png", params={"client": "310", "user_id": 2001}, headers=h)
        assert r.status_code == 403


async def test_the_same_client_code_in_both_companies_gets_two_file_names(backend_server) -> None:
    """Client 412 exists in both demo companies: each company's chart and PDF names carry its slug."""
    names = set()
    async with httpx.AsyncClient(base_url=backend_server.base_url, timeout=30) as http:
        for slug, note in (("frigorifico-andino", "1094"), ("lacteos-del-valle", "51676")):
            h, admin = backend_server.headers(slug), backend_server.admin_ids[slug]
            r = await http.get("/v1/charts/balance.png", params={"client": "412", "user_id": admin}, headers=h)
            assert r.status_code == 200
            names.add(r.headers["content-disposition"])
            assert f'filename="grafica-{slug}-412.png"' in r.headers["content-disposition"]
            r = await http.get(f"/v1/delivery-notes/{note}.pdf", params={"user_id": admin}, headers=h)
            assert f'filename="remision-{slug}-{note}.pdf"' in r.headers["content-disposition"]
            r = await http.get("/v1/charts/balance.png", params={"user_id": admin}, headers=h)
            assert f'filename="grafica-{slug}-empresa.png"' in r.headers["content-disposition"]
    assert len(names) == 2


async def test_the_company_chart_and_an_asset_chart_get_two_file_names(backend_server) -> None:
    """/grafica and /grafica canastillas both saved grafica-frigorifico-andino-empresa.png (the trial)."""
    slug = "frigorifico-andino"
    h, admin = backend_server.headers(slug), backend_server.admin_ids[slug]
    names = []
    async with httpx.AsyncClient(base_url=backend_server.base_url, timeout=30) as http:
        for params in ({}, {"asset": "canastillas"}, {"client": "412", "asset": "estibas"}):
            r = await http.get("/v1/charts/balance.png", params={**params, "user_id": admin}, headers=h)
            assert r.status_code == 200
            names.append(disposition_filename(r.headers["content-disposition"]))
    assert names == [f"grafica-{slug}-empresa.png", f"grafica-{slug}-empresa-can.png", f"grafica-{slug}-412-est.png"]


def test_file_names_are_safe_and_read_back() -> None:
    assert generated_filename("grafica", "lacteos-del-valle", "412", "png") == "grafica-lacteos-del-valle-412.png"
    assert generated_filename("remision", "frigorifico-andino", "A/../7 1", "pdf") == (
        "remision-frigorifico-andino-A-7-1.pdf"
    )
    assert disposition_filename('inline; filename="grafica-x-412.png"') == "grafica-x-412.png"
    assert disposition_filename('inline; filename="../../etc/passwd.png"') is None
    assert disposition_filename("inline") is None and disposition_filename(None) is None


def test_png_of_empty_and_negative_series() -> None:
    from backend.reports.charts import BalanceChart, Series

    days = tuple(TODAY - dt.timedelta(days=i) for i in range(6, -1, -1))
    for series in ((), (Series("CAN", "canastilla", "canastillas", (3, 1, 0, -2, -2, -1, 104019)),)):
        assert png_size(render_balance_png(BalanceChart("[1] Prueba", days, series))) == (1200, 800)


@pytest.mark.parametrize(
    "text, request_",
    [
        ("muéstrame la gráfica del 310", ChartRequest(client="310")),
        ("Gráfica de canastillas", ChartRequest(asset="canastillas")),
        ("la gráfica de las estibas", ChartRequest(asset="estibas")),
        ("mándame el gráfico del cliente bahía solana por favor", ChartRequest(client="bahia solana")),
        ("gráfica del tres diez de los últimos 30 días", ChartRequest(client="310", days=30)),
        ("gráfica", ChartRequest()),
        ("quiero ver la gráfica de toda la empresa", ChartRequest()),
    ],
)
def test_chart_requests_are_recognised(text: str, request_: ChartRequest) -> None:
    assert requested_chart(text) == request_


@pytest.mark.parametrize("text", ["¿qué significa la gráfica?", "saldo del 310", "mándame la remisión 1094"])
def test_other_text_is_not_a_chart_request(text: str) -> None:
    assert requested_chart(text) is None


def test_command_arguments() -> None:
    assert command_request([]) == ChartRequest()
    assert command_request(["310"]) == ChartRequest(client="310")
    assert command_request(["canastillas"]) == ChartRequest(asset="canastillas")
    assert command_request(["bahía", "solana"]) == ChartRequest(client="bahia solana")


async def test_bot_sends_the_chart_without_the_model(backend_server, telegram_stub) -> None:
    admin = backend_server.admin_user_id
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        telegram_stub.push(telegram_stub.text("muéstrame la gráfica del 310", chat_id=admin))
        telegram_stub.push(telegram_stub.command("/grafica 137", chat_id=admin))  # another company's code
        await telegram_stub.wait_for(
            lambda: telegram_stub.calls_of("sendPhoto") and telegram_stub.texts(admin),
            "photo and the not-found message",
        )
        [call] = telegram_stub.calls_of("sendPhoto")
        filename, content = call.files["photo"]
        assert filename == "grafica-frigorifico-andino-310.png" and png_size(content) == (1200, 800)
        assert call.params["caption"] == "[310] COMERCIAL BAHÍA SOLANA — saldo diario, últimos 90 días"
        assert [t.split(". ")[0] for t in telegram_stub.texts(admin)] == ["No encontré ningún cliente con «137»"]
        assert app.bot_data.memory.history((admin, admin)) == [
            {
                "q": "gráfica del 310",
                "a": "Te envié la gráfica: [310] COMERCIAL BAHÍA SOLANA — saldo diario, últimos 90 días.",
            }
        ]
        [focus] = app.bot_data.memory.focus((admin, admin))
        assert (focus.kind, focus.key, focus.label) == ("client", "310", "[310] COMERCIAL BAHÍA SOLANA")
        assert backend_server.anthropic.requests == []
        telegram_stub.push(telegram_stub.text("¿y en qué ciudad queda?", chat_id=admin))  # about the chart's client
        await telegram_stub.wait_texts(admin, 2)
        assert "[310] COMERCIAL BAHÍA SOLANA" in str(backend_server.anthropic.last_body["system"])


async def test_refused_upload_and_ambiguous_name_store_nothing(backend_server, telegram_stub) -> None:
    admin = backend_server.admin_user_id
    telegram_stub.fail_next("sendPhoto", 400, "Bad Request: PHOTO_INVALID_DIMENSIONS")
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        telegram_stub.push(telegram_stub.command("/grafica", chat_id=admin))
        telegram_stub.push(telegram_stub.text("gráfica de distribuidora", chat_id=admin))
        refused, ambiguous = await telegram_stub.wait_texts(admin, 2)
        assert refused == "No pude enviarte la gráfica. Intenta de nuevo en un momento."
        assert ambiguous.startswith("Varios clientes coinciden con «distribuidora»: [853]")
        assert app.bot_data.memory.history((admin, admin)) == []
