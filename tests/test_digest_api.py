"""Morning digest on the backend: content against the fixture as of 2026-12-01 (expected values computed
here from the CSV files), the bot-level routes (secret alone), claims (at most once per admin and day),
/alertas storage, and tenant isolation. Real backend, real PostgreSQL."""

from __future__ import annotations

import csv
import datetime as dt
from collections import Counter

import httpx
import pytest

from backend.core.spanish import number as spanish_number
from backend.reports.digest import Digest, date_in_year, render_digest
from tests.conftest import FIXTURE_DIR

TODAY = dt.date(2026, 12, 1)


def _rows(name: str, company: str) -> list[dict]:
    with open(FIXTURE_DIR / name, encoding="utf-8") as f:
        return [r for r in csv.DictReader(f) if r["company"] == company]


def expected_from_csv(company: str) -> dict:
    """Documents of active vehicles due within 7 days, active vehicles without a document their kind
    requires (a motocarro needs no póliza RC), licences within 30, negative balances."""
    kinds = {r["plate"]: r["kind"] for r in _rows("vehicles.csv", company) if r["active"] == "true"}
    active = set(kinds)
    registered = {(r["plate"], r["doc_type"]) for r in _rows("vehicle_documents.csv", company)}
    needed = {
        p: ("SOAT", "TECNOMECANICA") if k == "motocarro" else ("SOAT", "TECNOMECANICA", "POLIZA_RC")
        for p, k in kinds.items()
    }
    missing = {plate: [t for t in needed[plate] if (plate, t) not in registered] for plate in active}
    docs = [
        (r["plate"], r["doc_type"], (dt.date.fromisoformat(r["expires_on"]) - TODAY).days)
        for r in _rows("vehicle_documents.csv", company)
        if r["plate"] in active
    ]
    docs = [d for d in docs if d[2] <= 7]
    licences = [
        (r["full_name"], (dt.date.fromisoformat(r["license_expires_on"]) - TODAY).days)
        for r in _rows("drivers.csv", company)
        if r["license_expires_on"]
    ]
    licences = [lic for lic in licences if lic[1] <= 30]
    balance: Counter = Counter()
    for r in _rows("movements.csv", company):
        balance[(r["client_code"], r["asset_type"])] += int(r["quantity"])
    negatives = {key: value for key, value in balance.items() if value < 0}
    return {
        "documents_expired": sum(d[2] < 0 for d in docs),
        "documents_due": sum(d[2] >= 0 for d in docs),
        "vehicles_missing_documents": sum(bool(m) for m in missing.values()),
        "licences_expired": sum(lic[1] < 0 for lic in licences),
        "licences_due": sum(lic[1] >= 0 for lic in licences),
        "negative_balances": len(negatives),
        "docs": docs,
        "licences": licences,
        "negatives": negatives,
        "missing": {plate: types for plate, types in missing.items() if types},
    }


def bot_headers(server, slug: str = "frigorifico-andino") -> dict[str, str]:
    return server.headers(slug)


async def test_digest_content_matches_the_fixture(backend_server) -> None:
    async with httpx.AsyncClient(base_url=backend_server.base_url) as http:
        for slug in ("frigorifico-andino", "lacteos-del-valle"):
            r = await http.get("/v1/bot/digest", headers=bot_headers(backend_server, slug))
            assert r.status_code == 200, r.text
            body = r.json()
            want = expected_from_csv(slug)
            assert body["date"] == "2026-12-01" and body["has_items"] is True
            assert body["counts"] == {k: want[k] for k in body["counts"]}
            text = body["text"]
            assert text.startswith("☀️ Buenos días. Resumen del martes 1 de diciembre de 2026")
            for plate, _doc_type, days in want["docs"]:
                if days >= 0:  # due soon: always listed (they come first)
                    assert f"• {plate} · " in text
            for name, _days in want["licences"]:
                assert name in text
            for plate, types in want["missing"].items():  # no document is no due date: said all the same
                said = "sin documentos registrados" if len(types) == 3 else "sin "
                assert f"• {plate} · {said}" in text
            for (code, _asset), value in want["negatives"].items():
                assert f"[{code}] " in text and f" · {spanish_number(value)} " in text

    frigo = await _digest_text(backend_server, "frigorifico-andino")
    assert "📄 Documentos de vehículos: 19 vencidos y 4 por vencer en 7 días" in frigo
    assert "• KLM482 · tecnomecánica · vence el 4 de diciembre (en 3 días)" in frigo
    assert "• UTI333 · póliza RC · vence el 6 de diciembre (en 5 días)" in frigo
    assert "• TPV948 · póliza RC · venció el 27 de noviembre (hace 4 días)" in frigo
    assert "… y 17 más. Todos: /vencimientos 7" in frigo  # 23 documents, 6 shown
    assert "🪪 Licencias de conducción: 1 vencida y 1 por vencer en 30 días" in frigo
    assert "• Camilo Agudelo Restrepo · vence el 30 de diciembre (en 29 días)" in frigo
    assert "• Diego Toro Zapata · venció el 26 de noviembre (hace 5 días)" in frigo
    assert "⚪ Vehículos sin documentos obligatorios: 1" in frigo  # BXN883; a motocarro needs no póliza RC
    assert "• BXN883 · sin documentos registrados" in frigo and "KLM482" not in frigo.split("⚪")[1]
    assert "⚠️ Saldos negativos (errores de datos por corregir): 5" in frigo
    assert "· -10 estibas" in frigo and "Detalle de cada cliente: /saldo CÓDIGO" in frigo
    lacteos = await _digest_text(backend_server, "lacteos-del-valle")
    assert "GFT663" not in lacteos  # inactive vehicle
    assert "• GOE316 · sin documentos registrados" in lacteos and "CWN340" not in lacteos
    assert "Saldos negativos" not in lacteos and "4 vencidos" in lacteos


async def _digest_text(server, slug: str) -> str:
    async with httpx.AsyncClient(base_url=server.base_url) as http:
        r = await http.get("/v1/bot/digest", headers=bot_headers(server, slug))
        return r.json()["text"]


def test_nothing_due_is_one_line_and_spanish_formats() -> None:
    text = render_digest(Digest("Empresa", TODAY, (), (), ()))
    assert text == (
        "✅ Buenos días. Hoy, martes 1 de diciembre de 2026, no hay documentos ni licencias por "
        "vencer, ningún vehículo sin documentos, ni saldos negativos."
    )
    assert date_in_year(dt.date(2026, 12, 4), TODAY) == "4 de diciembre"
    assert date_in_year(dt.date(2027, 1, 4), TODAY) == "4 de enero de 2027"


async def test_bot_level_routes_need_the_secret_only(backend_server) -> None:
    async with httpx.AsyncClient(base_url=backend_server.base_url) as http:
        assert (await http.get("/v1/bot/admins")).status_code == 401
        assert (await http.get("/v1/bot/admins", headers={"Authorization": "Bearer nope"})).status_code == 401
        refused = await http.get("/v1/bot/admins", headers={**bot_headers(backend_server), "X-Real-IP": "1.2.3.4"})
        assert refused.status_code == 403
        r = await http.get("/v1/bot/admins", headers=bot_headers(backend_server))
        assert r.status_code == 200
        assert r.json() == {
            "company": {
                "slug": "frigorifico-andino",
                "name": "Frigorífico Andino S.A.S.",
                "timezone": "America/Bogota",
                "digest_time": "07:00",
            },
            "admins": [{"user_id": 1001, "name": "Ana Operaciones", "alerts": "daily", "blocked": False}],
        }
        # another company's admin is not this bot's: not found, never changed
        other = backend_server.admin_ids["lacteos-del-valle"]
        r = await http.put(
            f"/v1/bot/admins/{other}/blocked", json={"blocked": True}, headers=bot_headers(backend_server)
        )
        assert r.status_code == 404 and r.json()["error"] == "admin_not_found"
        r = await http.post(
            "/v1/bot/digest/claims", json={"user_id": other, "date": "2026-12-01"}, headers=bot_headers(backend_server)
        )
        assert r.status_code == 404


async def test_claims_are_at_most_once_per_admin_and_day(backend_server) -> None:
    h = bot_headers(backend_server)
    claim = {"user_id": backend_server.admin_user_id, "date": "2026-12-01"}
    async with httpx.AsyncClient(base_url=backend_server.base_url) as http:
        first = await http.post("/v1/bot/digest/claims", json=claim, headers=h)
        again = await http.post("/v1/bot/digest/claims", json=claim, headers=h)
        assert first.json() == {"claimed": True, "date": "2026-12-01", "outcome": "claimed"}
        # never confirmed sent (a crash between claim and send): still not claimable again
        assert again.json() == {"claimed": False, "date": "2026-12-01", "outcome": "claimed"}
        next_day = await http.post("/v1/bot/digest/claims", json={**claim, "date": "2026-12-02"}, headers=h)
        assert next_day.json()["claimed"] is True
        done = await http.put("/v1/bot/digest/claims", json={**claim, "outcome": "sent"}, headers=h)
        assert done.status_code == 200
        after = await http.post("/v1/bot/digest/claims", json=claim, headers=h)
        assert after.json() == {"claimed": False, "date": "2026-12-01", "outcome": "sent"}
        bad = await http.put("/v1/bot/digest/claims", json={**claim, "outcome": "maybe"}, headers=h)
        assert bad.status_code == 422


async def test_alerts_choice_is_stored_per_admin(backend_server) -> None:
    admin = backend_server.admin_user_id
    h = bot_headers(backend_server)
    async with httpx.AsyncClient(base_url=backend_server.base_url) as http:
        assert (await http.get("/v1/alerts", params={"user_id": admin}, headers=h)).json() == {"alerts": "daily"}
        r = await http.put("/v1/alerts", json={"user_id": admin, "alerts": "if_any"}, headers=h)
        assert r.json() == {"alerts": "if_any"}
        assert (await http.get("/v1/alerts", params={"user_id": admin}, headers=h)).json() == {"alerts": "if_any"}
        assert (await http.put("/v1/alerts", json={"user_id": admin, "alerts": "x"}, headers=h)).status_code == 422
        # not an admin of this company: refused like /v1/ask
        r = await http.put("/v1/alerts", json={"user_id": 2001, "alerts": "off"}, headers=h)
        assert r.status_code == 403
        listed = (await http.get("/v1/bot/admins", headers=h)).json()["admins"]
        assert [a["alerts"] for a in listed] == ["if_any"]
        r = await http.get("/v1/digest", params={"user_id": admin}, headers=h)
        assert r.status_code == 200 and r.json()["has_items"] is True


@pytest.mark.parametrize("blocked", [True, False])
async def test_blocked_flag(backend_server, blocked: bool) -> None:
    h = bot_headers(backend_server)
    admin = backend_server.admin_user_id
    async with httpx.AsyncClient(base_url=backend_server.base_url) as http:
        r = await http.put(f"/v1/bot/admins/{admin}/blocked", json={"blocked": blocked}, headers=h)
        assert r.status_code == 200 and r.json()["blocked"] is blocked
        listed = (await http.get("/v1/bot/admins", headers=h)).json()["admins"]
        assert listed[0]["blocked"] is blocked
