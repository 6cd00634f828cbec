"""What the bot shows and remembers of what it did not write, session 14: the backend's answers and error
bodies, and a command's argument echoed back. Real PTB Application against the Telegram stand-in; the
backend faked at its HTTP transport, or the real one on the fleet fixture for /saldo.

Before: an answer of only zero-width characters («\\u200b») was sent as an empty-looking message and
stored as a pair (`AskResponse.complete` checked `str.strip()`), pushing a useful pair out of the window;
an answer's NUL and bidi override (U+202E, which turns the rest of the message around) were sent on; a
429 whose `Retry-After` was «²» raised out of the handler (`str.isdigit()` then `float()`), so the user
got «No pude procesar tu mensaje» instead of the backend's message; «/saldo \\u202eCARNES» echoed the
override back («Encontré 18 clientes para «\\u202eCARNES»…»), unlike every other command.
"""

from __future__ import annotations

from html.parser import HTMLParser

import httpx

from backend.contract import ErrorBody
from backend.testing.bot_runner import run_bot
from bot.backend_client import MSG_GENERIC
from tests.fixtures_fake_backend import ADMIN, run_fake_bot

TELEGRAM_TAGS = {"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "code", "pre", "a", "blockquote"}


class _Tags(HTMLParser):
    """Telegram's HTML parse mode: only its tags, every one closed, only its four named entities."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.open: list[str] = []
        self.bad: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self.open.append(tag)
        if tag not in TELEGRAM_TAGS:
            self.bad.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if not self.open or self.open.pop() != tag:
            self.bad.append("/" + tag)

    def handle_entityref(self, name: str) -> None:
        if name not in {"lt", "gt", "amp", "quot"}:
            self.bad.append("&" + name)


def telegram_html_problems(text: str) -> list[str]:
    """What Telegram's HTML parse mode would refuse in `text` (empty: nothing)."""
    parser = _Tags()
    parser.feed(text)
    parser.close()
    return parser.bad + parser.open


def _raw(body: bytes, status: int = 200, retry_after: bytes | None = None) -> httpx.Response:
    headers = [(b"content-type", b"application/json"), *([(b"retry-after", retry_after)] if retry_after else [])]
    return httpx.Response(status, content=body, headers=headers)


async def test_an_answer_of_nothing_visible_is_not_shown_nor_remembered(telegram_stub, fake_backend) -> None:
    stub = telegram_stub
    fake_backend.answer("Respuesta buena.")
    fake_backend.answer("\u200b \u2060\u200b")
    fake_backend.queue(_raw(b'{"answer":" \\u0007 \\u202e ","request_id":"x"}'))
    async with run_fake_bot(stub, fake_backend) as app:
        for n in range(3):
            stub.push(stub.text(f"pregunta {n} del 412", chat_id=ADMIN))
            await stub.wait_texts(ADMIN, n + 1)
        texts = stub.texts(ADMIN)
        stored = app.bot_data.memory.history((ADMIN, ADMIN))
    assert texts == ["Respuesta buena.", MSG_GENERIC, MSG_GENERIC]
    assert stored == [{"q": "pregunta 0 del 412", "a": "Respuesta buena."}]


async def test_an_answers_controls_and_bidi_overrides_are_not_sent_on(telegram_stub, fake_backend) -> None:
    stub = telegram_stub
    fake_backend.queue(_raw('{"answer":"Saldo\\u0000 \\u202e298\\u202c ⚠️ 👨‍👩‍👧\\nfin","request_id":"x"}'.encode()))
    async with run_fake_bot(stub, fake_backend) as app:
        stub.push(stub.text("saldo del 412", chat_id=ADMIN))
        [text] = await stub.wait_texts(ADMIN, 1)
        await stub.wait_for(lambda: bool(app.bot_data.memory.history((ADMIN, ADMIN))), "the pair stored")
        [pair] = app.bot_data.memory.history((ADMIN, ADMIN))
    assert text == "Saldo 298 ⚠️ 👨‍👩‍👧\nfin"  # emoji sequences and the line break kept
    assert pair["a"] == text


async def test_a_busy_backend_with_an_odd_retry_after_still_says_its_message(telegram_stub, fake_backend) -> None:
    stub = telegram_stub
    said = "Tu empresa llegó a su límite de 30 consultas por minuto. Intenta de nuevo en 2 segundos."
    body = ErrorBody(error="rate_limited", message=said, request_id="x").model_dump_json().encode()
    for retry in ("²", "1e9", "-1", "³.5"):  # as a header's bytes are read: Latin-1
        fake_backend.queue(_raw(body, 429, retry.encode("latin-1")))
    async with run_fake_bot(stub, fake_backend) as app:
        for n in range(4):
            stub.push(stub.text(f"pregunta {n} del 412", chat_id=ADMIN))
            await stub.wait_texts(ADMIN, n + 1)
        texts = stub.texts(ADMIN)
        held = app.bot_data.memory.held()
    assert texts == [said] * 4 and held == 0


async def test_a_balance_search_is_echoed_cleaned_and_the_reply_stays_telegram_html(backend_server, telegram_stub):
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        for arg in ("\u202eCARNES\u2069", "CARNES\u200f", "D'LUCA & <b>"):
            stub.push(stub.command(f"/saldo {arg}", chat_id=ADMIN))
        await stub.wait_texts(ADMIN, 3)
        await stub.wait_for(lambda: len(app.bot_data.memory.history((ADMIN, ADMIN))) >= 2, "the searches stored")
        sent = [call.params for call in stub.calls_of("sendMessage")]
        stored = [pair["q"] for pair in app.bot_data.memory.history((ADMIN, ADMIN))]
    many, again, one = sent
    assert many["text"].startswith("Encontré 18 clientes para «CARNES»;"), many["text"][:80]
    assert again["text"] == many["text"]
    for params in sent:
        assert not any(ch in params["text"] for ch in "\u202e\u2069\u200f")
        if params.get("parse_mode") == "HTML":
            assert telegram_html_problems(params["text"]) == [], params["text"]
    assert "D&#x27;LUCA &amp; HERMANOS" in one["text"] or "«D'LUCA & <b>»" in one["text"], one["text"]
    assert all("\u202e" not in q for q in stored)
