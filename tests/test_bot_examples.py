"""Every example the bot shows is of the company it serves: the help's questions, /saldo's and /remision's
usage name a client, plate and note that company has (or none), for each of the two test companies; the
command menu, one for every user, names none; a non-admin's help names none. Real Application, Telegram
stand-in, real backend and database."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import asyncpg
import pytest

from backend.api.routes.ask import NOT_ANSWERED, NOT_UNDERSTOOD
from backend.testing.bot_runner import run_bot
from backend.testing.telegram_stub import TelegramStub
from backend.understanding.language import SPANISH_ONLY
from bot.commands import COMMANDS, EXPIRIES_USAGE, HELP
from bot.conversation import HINT_EMOJI, HINT_UNSUPPORTED
from bot.digest import ALERTS_USAGE
from bot.examples import NONE, balance_usage, note_usage, question_examples

STRANGER = 5555
# what an example names: (kind, pattern of the text around it)
EXAMPLE = [
    ("client", re.compile(r"del cliente ([^\s<]\S*)\?")),
    ("client", re.compile(r"gráfica del ([^\s<]\S*)$", re.M)),
    ("client", re.compile(r"/saldo ([^\s<]\S*)$", re.M)),
    ("plate", re.compile(r"SOAT de la ([^\s<]\S*)\?")),
    ("note", re.compile(r"remisión ([^\s<]\S*)$", re.M)),
    ("note", re.compile(r"/remision ([^\s<]\S*) —")),
]
_OF_COMPANY = {
    "client": "SELECT code FROM clients c JOIN companies co ON co.id = c.company_id WHERE co.slug = $1",
    "plate": "SELECT plate FROM vehicles v JOIN companies co ON co.id = v.company_id WHERE co.slug = $1",
    "note": "SELECT DISTINCT delivery_note FROM movements m JOIN companies co ON co.id = m.company_id"
    " WHERE co.slug = $1 AND delivery_note IS NOT NULL",
}


async def _own(dsn: str, slug: str) -> dict[str, set[str]]:
    conn = await asyncpg.connect(dsn)
    try:
        return {kind: {r[0] for r in await conn.fetch(sql, slug)} for kind, sql in _OF_COMPANY.items()}
    finally:
        await conn.close()


def examples_in(texts: list[str]) -> list[tuple[str, str]]:
    return [(kind, found) for text in texts for kind, pattern in EXAMPLE for found in pattern.findall(text)]


async def _texts(stub: TelegramStub, server, slug: str, user_id: int) -> tuple[list[str], list[dict]]:
    secret = server.secrets[slug]
    async with run_bot(stub, backend_url=server.base_url, backend_secret=secret):
        for command in ("/ayuda", "/start", "/saldo", "/remision"):
            stub.push(stub.command(command, chat_id=user_id))
        texts = await stub.wait_texts(user_id, 4)
        menu = stub.calls_of("setMyCommands")[0].params["commands"]
    return texts, menu


@pytest.mark.parametrize("slug", ["frigorifico-andino", "lacteos-del-valle"])
async def test_every_example_is_of_the_company_the_bot_serves(telegram_stub, backend_server, slug: str) -> None:
    admin = backend_server.admin_ids[slug]
    texts, menu = await _texts(telegram_stub, backend_server, slug, admin)
    own = await _own(backend_server.dsn, slug)
    shown = examples_in(texts)
    assert {kind for kind, _ in shown} == {"client", "plate", "note"}, texts  # the company has all three
    assert [(kind, key) for kind, key in shown if key not in own[kind]] == [], texts
    assert texts[2].startswith("Uso: /saldo") and texts[3].startswith("Dime el número de la remisión")
    for command in menu:  # one menu for every company: no code, plate or note number in it
        assert not re.search(r"\d", command["description"].replace("/vencimientos 30", "")), command


async def test_a_non_admin_is_shown_no_code_at_all(telegram_stub, backend_server) -> None:
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        for command in ("/ayuda", "/saldo", "/remision"):
            telegram_stub.push(telegram_stub.command(command, chat_id=STRANGER))
        texts = await telegram_stub.wait_texts(STRANGER, 3)
    assert examples_in(texts) == []
    examples = [line for line in texts[0].splitlines() if line.startswith("• ")]
    assert examples and not any(re.search(r"\d", line) for line in examples), examples
    assert texts[1] == "Uso: /saldo <código o nombre del cliente>"


def _demo_keys() -> set[str]:
    """Every client code, plate and delivery-note number of the demo companies."""
    folder = Path(__file__).resolve().parents[1] / "demo-data" / "fleet"
    keys: set[str] = set()
    for name, columns in (("clients", ["code"]), ("vehicles", ["plate"]), ("movements", ["delivery_note"])):
        with (folder / f"{name}.csv").open(encoding="utf-8") as f:
            keys |= {row[c] for row in csv.DictReader(f) for c in columns if row[c]}
    return keys


def test_the_texts_every_company_gets_name_no_code() -> None:
    """Fixed texts (the menu, the hints, the backend's «no entendí» and «solo español») are the same for
    every company: no client code, plate or note number of any company in them (days are not codes)."""
    texts = [c.description for c in COMMANDS] + [HINT_UNSUPPORTED, HINT_EMOJI, NOT_UNDERSTOOD, NOT_ANSWERED]
    texts += [SPANISH_ONLY, HELP, EXPIRIES_USAGE, ALERTS_USAGE, balance_usage(NONE), note_usage(NONE)]
    texts += question_examples(NONE)
    keys = _demo_keys()
    for text in texts:
        text = re.sub(r"/vencimientos \d+|entre 1 y 365", "", text)
        words = set(re.findall(r"[0-9A-Za-z-]+", text))
        assert not words & keys, (text, words & keys)
        assert not re.search(r"\b[A-Z]{3}\d{3}\b|\b\d{3,}\b", text), text
