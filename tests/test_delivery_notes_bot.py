"""Delivery notes in the bot: the request rule, and the real Application sending the PDF through the
Telegram stand-in, fetched from the real backend (real database, Anthropic stand-in)."""

from __future__ import annotations

import io
import socket

import pytest
from pypdf import PdfReader

from backend.core.document_request import asks_for_document, command_number, requested_note, sends_it
from backend.testing.bot_runner import run_bot
from bot.backend_client import MSG_UNREACHABLE


@pytest.mark.parametrize(
    "text, number",
    [
        ("mándame la remisión 1234", "1234"),
        ("MANDAME LA REMISION 1234", "1234"),
        ("el PDF de la 1234", "1234"),
        ("envíame el pdf de la remisión 51676", "51676"),
        ("la 1234 en pdf", "1234"),
        ("¿me mandas la remisión #1.234?", "1234"),
        ("necesito la remisión No. 1234 por favor", "1234"),
        ("pásame la remision numero 0042", "0042"),
        ("¿me mandas la remisión 1234 como PDF?", "1234"),
        ("Mándame la remisión mil noventa y cuatro.", "1094"),  # as a voice transcript says it
        ("el PDF de la seis mil setecientos cincuenta y uno", "6751"),
        # Whisper's transcripts of «mándame la remisión 7851» and of «… 8456»: the clitic apart, the
        # digits said one by one (joined), «ocho» heard «ojo» (joined by the backend's voice step too)
        ("Manda me la remisión. 7, 8, 5, 1.", "7851"),
        ("Manda me la remisión. 7851.", "7851"),
        ("Manda me la remisión. Ojo, cuatro, cinco, seis.", "8456"),
        ("Envía me el PDF de la remisión 8456", "8456"),
        ("Pasa me la remisión 1094.", "1094"),
        # «mándame» misheard one edit away (faster-whisper on an AVX-512 CPU: «Máname la remisión. Ojo, …»)
        ("Máname la remisión. Ojo, cuatro, cinco, seis.", "8456"),
        ("Mantame la remisión 1094.", "1094"),
    ],
)
def test_document_requests_are_recognised(text: str, number: str) -> None:
    assert requested_note(text) == number


@pytest.mark.parametrize(
    "text",
    [
        "¿a quién se entregó la remisión 1234?",
        "¿cuántas canastillas tenía la remisión 1234?",
        "quiero saber quién llevó la remisión 1234",
        "compara la remisión 1234 con la 1235",
        "¿qué pasa con la remisión 1234?",
        "remisiones del cliente 412",
        "mándame el saldo del 412",
        "el pdf del cliente 412",
        "saldo del cliente 412",
        "KLM482 pdf",
        "mándame la remisión cuarenta dos",  # 42 or 402: not guessed
        "mañana la remisión 1234",  # «mañana» is two edits from «mándame»
        "remisión 1234",  # the number alone: the note's summary (README «Delivery notes»), not its PDF
        "Remisión nº 1234.",
        "remisión uno cero nueve cuatro",
    ],
)
def test_other_questions_are_not_document_requests(text: str) -> None:
    assert requested_note(text) is None


@pytest.mark.parametrize(
    "text, number",
    [
        ("Mamma mia remisión. 7, 8, 5, 1.", "7851"),  # faster-whisper on an AMD AVX-512 CPU, «Mándame la…»
        ("Mañana la remisión 1234.", "1234"),
        ("Dame remisión 1234", "1234"),
        ("¿Quién remisión 1234?", None),
        ("Mamma mia remisión 1234 del cliente", None),
        ("uno dos tres remisión 1234", None),
    ],
)
def test_a_spoken_lone_note_after_misheard_words_is_a_request(text: str, number: str | None) -> None:
    """Spoken, one or two words that ask nothing before «remisión <n>» are a misheard imperative; typed,
    they are not (the typed «mañana la remisión 1234» stays a question about the note)."""
    assert requested_note(text, spoken=True) == number
    if number == "1234" and text.startswith("Mañana"):
        assert requested_note(text) is None


@pytest.mark.parametrize(
    "text, by_words",
    [
        ("mándame la última remisión del 310", True),
        ("pasame el pdf de la ultima remision del 1050", True),
        ("¿me mandas la última remisión de la KLM482?", True),
        ("necesito la remision de ayer del 412", True),
        ("la última remisión del 310 en pdf", True),
        ("¿cuál fue la última remisión del 310?", False),  # a question about it: answered in text
        ("mándame las remisiones del 310", False),  # several: no one document
        ("mándame la remisión 8297", False),  # by number: `requested_note`
        ("mándame el saldo del 412", False),
    ],
)
def test_a_note_asked_by_words(text: str, by_words: bool) -> None:
    assert asks_for_document(text) is by_words


@pytest.mark.parametrize(
    "text, sends",
    [
        ("mándamela", True),
        ("envíamela en pdf", True),
        ("me la mandas", True),
        ("¿me mandas el pdf?", True),
        ("y el pdf?", True),
        ("mándame el saldo", False),
        ("mándamela y dime cuántas estibas tiene", False),
    ],
)
def test_the_note_just_discussed_asked_for(text: str, sends: bool) -> None:
    assert sends_it(text) is sends


def test_command_arguments() -> None:
    assert [command_number(a) for a in (["1094"], ["#1094"], ["n°", "1.094"])] == ["1094"] * 3
    assert [command_number(a) for a in ([], ["abc"], ["12", "34"], ["1094;", "DROP"])] == [None] * 4


def pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


async def test_natural_request_sends_the_pdf_and_remembers_it(backend_server, telegram_stub) -> None:
    admin = backend_server.admin_user_id
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        telegram_stub.push(telegram_stub.text("Mándame la remisión 1094", chat_id=admin))
        await telegram_stub.wait_for(lambda: telegram_stub.calls_of("sendDocument"), "sendDocument")
        [call] = telegram_stub.calls_of("sendDocument")
        assert call.params["chat_id"] == admin
        filename, content = call.files["document"]
        assert filename == "remision-frigorifico-andino-1094.pdf"
        text = pdf_text(content)
        assert "[1050] SUPERMERCADO LA <ECONOMÍA>" in text and "OYU425" in text
        assert "Canastillas (CAN) 17 27" in text and "Total 60 46" in text
        memory = app.bot_data.memory
        await telegram_stub.wait_for(lambda: memory.history((admin, admin)), "the pair in memory")
        # the user's words, as /memoria shows them (two requests of one note were two identical entries)
        assert memory.history((admin, admin)) == [
            {"q": "Mándame la remisión 1094", "a": "Te envié la remisión 1094 (PDF)."}
        ]
        assert backend_server.anthropic.requests == []  # recognised by the rule, not the model


async def test_follow_up_question_carries_the_pair(backend_server, telegram_stub) -> None:
    admin = backend_server.admin_user_id
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        telegram_stub.push(telegram_stub.text("el PDF de la 1094", chat_id=admin))
        await telegram_stub.wait_for(lambda: telegram_stub.calls_of("sendDocument"), "sendDocument")
        telegram_stub.push(telegram_stub.text("¿y a quién se la entregaron?", chat_id=admin))
        await telegram_stub.wait_texts(admin, 1)
        body = backend_server.anthropic.last_body
        turns = body["messages"]
        assert "el PDF de la 1094" in str(turns[0]["content"])  # the user's words
        assert "Te envié la remisión 1094 (PDF)." in str(turns[1]["content"])
        assert "[1050] SUPERMERCADO LA <ECONOMÍA>" in str(body["system"])  # the note, resolved from history


async def test_a_bare_note_number_is_its_summary_not_its_pdf(backend_server, telegram_stub) -> None:
    """README «Delivery notes»: «remisión 1094» typed alone is the note's summary; before, the PDF was sent."""
    admin = backend_server.admin_user_id
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        telegram_stub.push(telegram_stub.text("remisión 1094", chat_id=admin))
        (text,) = await telegram_stub.wait_texts(admin, 1)
        assert telegram_stub.calls_of("sendDocument") == [] and text  # a text answer (here the stub model's)
        assert "[1050] SUPERMERCADO LA <ECONOMÍA>" in str(backend_server.anthropic.last_body["system"])


async def test_command_cross_tenant_and_usage(backend_server, telegram_stub) -> None:
    admin = backend_server.admin_user_id
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        telegram_stub.push(telegram_stub.command("/remision 51676", chat_id=admin))  # lacteos-del-valle's note
        telegram_stub.push(telegram_stub.command("/remision", chat_id=admin))
        texts = await telegram_stub.wait_texts(admin, 2)
        assert texts[0] == "No encontré la remisión 51676 en los registros de tu empresa."
        assert texts[1].startswith("Dime el número de la remisión, por ejemplo: /remision ")  # one of its own
        assert telegram_stub.calls_of("sendDocument") == []
        assert app.bot_data.memory.history((admin, admin)) == []

        telegram_stub.push(telegram_stub.command("/remision 6751", chat_id=admin))
        await telegram_stub.wait_for(lambda: telegram_stub.calls_of("sendDocument"), "sendDocument")
        filename, content = telegram_stub.calls_of("sendDocument")[0].files["document"]
        assert filename == "remision-frigorifico-andino-6751.pdf"
        assert "[77] MINIMERCADO EL_SOL *24H*" in pdf_text(content)


async def test_backend_down_says_so_and_stores_nothing(telegram_stub) -> None:
    with socket.socket() as sock:  # a port with nothing listening
        sock.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{sock.getsockname()[1]}"
    async with run_bot(telegram_stub, backend_url=dead, backend_secret="whatever") as app:
        telegram_stub.push(telegram_stub.text("el PDF de la 1094", chat_id=555))
        assert await telegram_stub.wait_texts(555, 1) == [MSG_UNREACHABLE]
        assert telegram_stub.calls_of("sendDocument") == []
        assert app.bot_data.memory.history((555, 555)) == []


async def test_telegram_refusing_the_upload_stores_nothing(backend_server, telegram_stub) -> None:
    admin = backend_server.admin_user_id
    telegram_stub.fail_next("sendDocument", 400, "Bad Request: file is too big")
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        telegram_stub.push(telegram_stub.text("mándame la remisión 1094", chat_id=admin))
        texts = await telegram_stub.wait_texts(admin, 1)
        assert texts == ["No pude enviarte el PDF de la remisión 1094. Intenta de nuevo en un momento."]
        assert app.bot_data.memory.history((admin, admin)) == []


async def test_flood_control_is_waited_out_once(backend_server, telegram_stub) -> None:
    admin = backend_server.admin_user_id
    telegram_stub.fail_next("sendDocument", 429, "Too Many Requests: retry after 1", retry_after=1)
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        telegram_stub.push(telegram_stub.text("mándame la remisión 1094", chat_id=admin))
        memory = app.bot_data.memory
        await telegram_stub.wait_for(lambda: memory.history((admin, admin)), "the pair in memory")
        attempts = telegram_stub.calls_of("sendDocument")
        assert len(attempts) == 2 and attempts[1].files["document"][0] == "remision-frigorifico-andino-1094.pdf"
        assert telegram_stub.texts(admin) == []
