"""A plate, code or name written with Cyrillic or Greek letters drawn like Latin ones («QВМ563» with a
Cyrillic В and М, pasted from a document or typed on another layout) names the key it looks like. Before,
«¿quién maneja la placa QВМ563?» was a `not_found` (the model told there is no such vehicle, nothing
remembered) about a vehicle of the fleet, and «/saldo ЕCONOMÍA» «No encontré ningún cliente». A word of
another language is left as written. Real backend on the fleet fixture, real bot, Telegram stand-in."""

from __future__ import annotations

from backend.core.history import sanitize_history
from backend.core.lookalike_letters import latin_letters
from backend.testing.bot_runner import run_bot
from tests.fixtures_fake_backend import ADMIN

CYRILLIC_PLATE = "Q\u0412\u041c563"  # Q, Cyrillic В, Cyrillic М, 563: drawn as QBM563


async def test_a_plate_or_name_with_lookalike_letters_is_the_one_it_looks_like(backend_server, telegram_stub):
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        stub.push(stub.text(f"¿quién maneja la placa {CYRILLIC_PLATE}?", chat_id=ADMIN))
        (answer,) = await stub.wait_texts(ADMIN, 1)
        system = str(backend_server.anthropic.last_body["system"])
        stored = [pair["q"] for pair in app.bot_data.memory.history((ADMIN, ADMIN))]
        focus = {entity.kind: entity.key for entity in app.bot_data.memory.focus((ADMIN, ADMIN))}
        stub.push(stub.command("/saldo \u0415CONOMÍA", chat_id=ADMIN))  # Cyrillic Е
        _, balance = await stub.wait_texts(ADMIN, 2)
    assert answer == "Respuesta de prueba." and "Camilo Correa Henao" in system
    assert stored == [f"¿quién maneja la placa {CYRILLIC_PLATE}?"] and focus.get("vehicle") == "QBM563"
    assert balance.startswith("<b>[1050] SUPERMERCADO LA &lt;ECONOMÍA&gt;</b>")


def test_history_turns_read_the_lookalike_letters_as_latin():
    (turn,) = sanitize_history([{"q": f"¿quién maneja la {CYRILLIC_PLATE}?", "a": f"{CYRILLIC_PLATE}: Camilo."}])
    assert (turn.q, turn.a) == ("¿quién maneja la QBM563?", "QBM563: Camilo.")


def test_words_of_another_script_are_left_as_written():
    assert latin_letters("¿y el С-1050 de Москва?") == "¿y el C-1050 de Москва?"
    assert latin_letters("СОК ΟΚ кофе") == "СОК ΟΚ кофе"  # no Latin letter or ASCII digit: words of their own
    assert latin_letters("Ж12") == "Ж12"  # a letter with no Latin look-alike: the word as written
