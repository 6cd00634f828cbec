"""GET /v1/delivery-notes/{number}.pdf through the real backend (uvicorn, real database)."""

from __future__ import annotations

import io

import httpx
from pypdf import PdfReader


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


async def get_note(server, number: str, slug: str = "frigorifico-andino", **kwargs) -> httpx.Response:
    headers = kwargs.pop("headers", None) or server.headers(slug)
    user_id = kwargs.pop("user_id", server.admin_ids[slug])
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30) as client:
        return await client.get(
            f"/v1/delivery-notes/{number}.pdf", params={"user_id": user_id}, headers=headers, **kwargs
        )


async def test_pdf_of_own_note(backend_server) -> None:
    resp = await get_note(backend_server, "1094")
    assert resp.status_code == 200
    assert resp.headers["content-type"] == "application/pdf"
    assert 'filename="remision-frigorifico-andino-1094.pdf"' in resp.headers["content-disposition"]
    text = pdf_text(resp.content)
    assert "[1050] SUPERMERCADO LA <ECONOMÍA>" in text
    assert "OYU425" in text and "Jorge Giraldo Restrepo" in text
    assert "Canastillas (CAN) 17 27" in text and "Estibas (EST) 43 19" in text and "Total 60 46" in text


async def test_cross_tenant_number_is_404(backend_server) -> None:
    # 51676 is a lacteos-del-valle note: its own bot gets it, frigorifico-andino's bot gets 404.
    own = await get_note(backend_server, "51676", "lacteos-del-valle")
    assert own.status_code == 200 and "[763] PESCADERÍA LA 80" in pdf_text(own.content)

    resp = await get_note(backend_server, "51676")
    assert resp.status_code == 404
    body = resp.json()
    assert body["error"] == "delivery_note_not_found"
    assert body["message"] == "No encontré la remisión 51676 en los registros de tu empresa."
    assert body["request_id"]
    assert "PESCADER" not in resp.text and "VLL330" not in resp.text


async def test_unknown_and_malformed_numbers_are_404(backend_server) -> None:
    for number in ("424242", "1094%27%20OR%201=1", "%C3%B1"):
        resp = await get_note(backend_server, number)
        assert resp.status_code == 404, number
        assert resp.json()["error"] == "delivery_note_not_found"


async def test_symbols_in_client_name_survive_the_http_path(backend_server) -> None:
    resp = await get_note(backend_server, "6751")
    assert resp.status_code == 200
    assert "[77] MINIMERCADO EL_SOL *24H*" in pdf_text(resp.content)


async def test_same_rules_as_every_route(backend_server) -> None:
    assert (await get_note(backend_server, "1094", headers={"Authorization": "Bearer nope"})).status_code == 401
    non_admin = await get_note(backend_server, "1094", user_id=999)
    assert non_admin.status_code == 403 and non_admin.json()["error"] == "not_authorized"
    proxied = await get_note(
        backend_server, "1094", headers={**backend_server.headers("frigorifico-andino"), "X-Real-IP": "1.2.3.4"}
    )
    assert proxied.status_code == 403 and proxied.json()["error"] == "forbidden_proxy"


async def ask(
    server, question: str, slug: str = "frigorifico-andino", source: str = "text", history: list | None = None
) -> dict:
    user = server.admin_ids[slug]
    body = {"question": question, "chat_id": user, "user_id": user, "source": source, "history": history or []}
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30) as client:
        resp = await client.post("/v1/ask", json=body, headers=server.headers(slug))
    assert resp.status_code == 200, resp.text
    return resp.json()


async def test_ask_decides_the_document_for_typed_and_spoken_requests(backend_server) -> None:
    """One decision in the backend: a typed request and a voice transcript (Whisper's spelling, digits
    said one by one, «ocho» heard «ojo») both answer with `document`; no model call."""
    for question, source, number in [
        ("mándame la remisión 1094", "text", "1094"),
        ("Manda me la remisión. 7, 8, 5, 1.", "voice", "7851"),
        ("Manda me la remisión. Ojo, cuatro, cinco, seis.", "voice", "8456"),
    ]:
        body = await ask(backend_server, question, source=source)
        assert body["document"] == {"kind": "delivery_note_pdf", "key": number}, question
        assert body["answer"] == f"Te envío la remisión {number} en PDF."
        assert body["answer_kind"] == "answer" and body["mode"] == "data_only"
        assert body["focus"] == [{"kind": "delivery_note", "key": number, "label": f"Remisión {number}"}]
    assert backend_server.anthropic.requests == []


async def test_ask_for_another_companys_note_is_not_found_and_questions_about_a_note_get_text(
    backend_server,
) -> None:
    missing = await ask(backend_server, "mándame la remisión 51676")  # lacteos-del-valle's
    assert missing["document"] is None and missing["answer_kind"] == "not_found"
    assert missing["answer"] == "No encontré la remisión 51676 en los registros de tu empresa."
    about = await ask(backend_server, "¿quién llevó la remisión 1094?")
    assert about["document"] is None and about["mode"] == "model"  # a question: answered, no document


async def test_a_note_asked_by_words_is_sent_as_its_pdf(backend_server) -> None:
    """«mándame la última remisión del 310»: the note the exact answer finds (no number said) is sent, with
    the line that names it; «mándamela» after an answer about one note sends that one; several notes, or
    none discussed, send nothing. No model call for a note sent."""
    body = await ask(backend_server, "mándame la última remisión del 310")
    assert body["document"] == {"kind": "delivery_note_pdf", "key": "8423"}
    first, found_as = body["answer"].split("\n")
    assert first == "Te envío la remisión 8423 en PDF." and "[310] COMERCIAL BAHÍA SOLANA" in found_as
    lv = await ask(backend_server, "mandame la ultima remision del 412", slug="lacteos-del-valle")
    assert lv["document"] == {"kind": "delivery_note_pdf", "key": "52062"}  # its own client 412's
    turn = {"q": "¿cuál fue la última remisión del 1050?", "a": "La última remisión de [1050] … es la remisión 8350."}
    again = await ask(backend_server, "mándamela", history=[turn])
    assert again["document"] == {"kind": "delivery_note_pdf", "key": "8350"}
    assert backend_server.anthropic.requests == []
    listed = await ask(backend_server, "mándame las remisiones del 310")  # answered (by the model here)
    assert listed["document"] is None
    alone = await ask(backend_server, "mándamela")
    assert alone["document"] is None and alone["answer_kind"] == "not_found"
