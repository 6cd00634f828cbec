"""A voice note after earlier voice notes: the bot stores each question as heard (its spoken plate or code
not resolved), so a follow-up read against that history must not take a stale slot from it. Over real
HTTP and PostgreSQL, data-only (no model), with the transcripts the bundled Whisper wrote for the human
clips (fresh-user trial, 2 Dec: the `cliente_310_digitos_saldo` clip after the KLM482 SOAT clip and a
PDF was answered «La remisión 8423 salió en QBM563.»)."""

from __future__ import annotations

import httpx

from backend.testing.backend_server import ADMINS, start_backend

SOAT_KLM482 = "Cuando vence el SOAT, le la placa. Cá, e, 4, 8, 2."
SALDO_310 = "Vame el salvo, cliente. 3, 1, 0."


async def _ask(c: httpx.AsyncClient, question: str, history: list[dict], focus: list[dict]) -> dict:
    user = ADMINS["frigorifico-andino"][0]
    body = {"question": question, "history": history, "focus": focus, "chat_id": 777, "user_id": user}
    r = await c.post("/v1/ask", json={**body, "source": "voice"})
    assert r.status_code == 200, r.text
    return dict(r.json())


async def test_client_clip_after_a_plate_clip_is_the_clients_saldo(fleet_dsn):
    async with start_backend(fleet_dsn, None, rate_limit="1000000/minute") as server:
        await _chain(server.base_url, server.headers())


async def _chain(base_url: str, headers: dict[str, str]) -> None:
    async with httpx.AsyncClient(base_url=base_url, headers=headers, timeout=30) as c:
        first = await _ask(c, SOAT_KLM482, [], [])
        assert "KLM482" in first["answer"]
        history = [{"q": SOAT_KLM482, "a": first["answer"]}]
        pdf = [*history, {"q": "remisión 7851", "a": "Te envié la remisión 7851 (PDF)."}]
        note = [{"kind": "delivery_note", "key": "7851", "label": "Remisión 7851"}]
        for turns, focus in ((history, first["focus"]), (pdf, note)):
            body = await _ask(c, SALDO_310, turns, focus)
            assert body["answer"].startswith("[310] COMERCIAL BAHÍA SOLANA"), body["answer"]
            assert "423 canastillas" in body["answer"] and "8423" not in body["answer"]
