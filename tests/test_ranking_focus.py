"""A ranking that names one client moves the conversation's focus to it (fresh-user trial, 2 Dec #25:
/memoria kept «Tema: KLM482» after «¿quién devolvió más canastillas en noviembre?» answered [632]).
Over real HTTP and PostgreSQL, data-only (no model)."""

from __future__ import annotations

import httpx
import pytest

from backend.testing.backend_server import ADMINS, start_backend


async def _focus_after(base_url: str, headers: dict[str, str], question: str) -> list[str]:
    user = ADMINS["frigorifico-andino"][0]
    old = [{"kind": "vehicle", "key": "KLM482", "label": "KLM482"}]
    history = [{"q": "soat de la klm482", "a": "El SOAT de KLM482 vence el 12 de febrero de 2027 (en 73 días)."}]
    body = {"question": question, "history": history, "focus": old, "chat_id": 778, "user_id": user}
    async with httpx.AsyncClient(base_url=base_url, headers=headers, timeout=30) as c:
        r = await c.post("/v1/ask", json=body)
    assert r.status_code == 200, r.text
    assert "[632]" in r.json()["answer"]
    return [f["key"] for f in r.json()["focus"]]


@pytest.mark.parametrize("question", ["quien devolvio mas canastillas en noviembre", "¿quién tiene más estibas?"])
async def test_a_ranking_of_one_client_is_the_focus(fleet_dsn, question):
    async with start_backend(fleet_dsn, None, rate_limit="1000000/minute") as server:
        assert await _focus_after(server.base_url, server.headers(), question) == ["632"]
