"""Voice questions that announce a code and then say none the transcript can read: the kind word last
(«…el vehículo.», a mishearing of «remisión»: «la petición.») or followed by a dictation whose digits
were all misheard in noise («…el cliente. Settle, settle, safe.») — asked back («no entendí»), never
answered as a question about no entity (`backend.core.spoken_kinds.announced_unheard`). The transcripts
are real outputs of the bundled Whisper on held-out human clips (seeds 71, 73, 89)."""

from __future__ import annotations

import httpx
import pytest

from backend.bench.voice_clips import fixture_keys
from backend.context.spoken_entities import UNCLEAR, resolve_spoken
from backend.testing.backend_server import ADMINS

KEYS = fixture_keys("frigorifico-andino")


@pytest.mark.parametrize(
    "text, kind",
    [
        ("Vame el salvo, el cliente. Settle, settle, safe.", "client"),  # «cero, cero, seis»
        ("¡Cuántas canastillas de el cliente! Bingo, bingo, fai!", "client"),  # «cinco, cinco, seis» in noise
        ("Quantas castillas diéne el cliente. Grace, SAVE, SINCLE.", "client"),  # «tres, seis, cinco»
        ("Manda, me la remisión. Sase, settle, boss, SASE.", "note"),  # «seis, cero, dos, seis»
        ("Mán cabez la petición.", "note"),  # «mándame la remisión…», the digits lost in noise
        ("Mandate la fevición.", "note"),
        ("Manzá, bela, edición.", "note"),
        ("Quien maneja el vehículo.", "plate"),  # the plate after it not heard
    ],
)
def test_a_code_announced_and_not_heard_is_asked_back(text: str, kind: str) -> None:
    outcome = resolve_spoken(text, KEYS)
    assert (outcome.answer, outcome.answer_kind, outcome.resolved) == (UNCLEAR[kind], "not_found", ())


@pytest.mark.parametrize(
    "text",
    [
        "¿Cuántas canastillas tiene el cliente Distribuidora Puerto Claro?",  # a name, not a code
        "¿Cuántos clientes tienen saldo?",
        "Mándame la remisión, por favor.",  # nothing dictated after it: as before, the model answers
        "¿Cuál fue la decisión del conductor?",  # a word like «remisión», not last
        "¿Cuántas canastillas tiene el cliente? Sí, sí, no.",  # stop words, no dictation
    ],
)
def test_other_questions_pass_unchanged(text: str) -> None:
    outcome = resolve_spoken(text, KEYS)
    assert (outcome.answer, outcome.question) == (None, text)


def test_a_vehicle_in_focus_is_what_a_bare_el_vehiculo_follows_up_on() -> None:
    outcome = resolve_spoken("¿Y quién maneja el vehículo?", KEYS, focused=True)
    assert (outcome.answer, outcome.question) == (None, "¿Y quién maneja el vehículo?")
    assert resolve_spoken("¿Y quién maneja el vehículo?", KEYS).answer == UNCLEAR["plate"]


async def test_the_ask_route_asks_back_unless_an_entity_is_in_focus(backend_server):
    stub = backend_server.anthropic
    body = {
        "question": "Quien maneja el vehículo.",
        "history": [],
        "chat_id": 556,
        "user_id": ADMINS["frigorifico-andino"][0],
        "source": "voice",
    }
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=backend_server.headers(), timeout=30) as c:
        calls = len(stub.requests)
        r = await c.post("/v1/ask", json=body)
        assert (r.json()["answer"], r.json()["answer_kind"]) == (UNCLEAR["plate"], "not_found")
        assert len(stub.requests) == calls  # asked back without the model

        stub.reply_text("La conduce Marta Londoño Mejía.")
        focus = [{"kind": "vehicle", "key": "TRX905", "label": "TRX905"}]
        r = await c.post("/v1/ask", json={**body, "focus": focus})
        assert r.json()["answer"] != UNCLEAR["plate"] and r.json()["answer_kind"] == "answer"
