"""An update python-telegram-bot cannot parse must not stop the bot.

Before: PTB parses a getUpdates batch as a whole, so one update it cannot build (here a poll without
`persistent_id`, which PTB 22.8 requires) failed the batch; the Updater logged it at CRITICAL with every
message text in it and fetched the same batch again, forever: the question sent after it was never
answered. Real PTB Application polling the Telegram stand-in, backend faked at its transport.
"""

from __future__ import annotations

import logging

from tests.fixtures_fake_backend import ADMIN, run_fake_bot

POLL = {  # a poll as an older Bot API sent it: its options lack `persistent_id`
    "id": "1",
    "question": "¿cuál?",
    "options": [{"text": "a", "voter_count": 0}],
    "total_voter_count": 0,
    "is_closed": False,
    "is_anonymous": True,
    "type": "regular",
    "allows_multiple_answers": False,
}


async def test_an_update_the_library_cannot_parse_is_skipped_and_the_next_is_answered(
    telegram_stub, fake_backend, caplog
):
    stub = telegram_stub
    secret = "¿saldo del cliente 412? clave-interna"
    async with run_fake_bot(stub, fake_backend):
        stub.push(stub._update("message", stub._message(ADMIN, ADMIN, "private", poll=POLL, caption=secret)))
        stub.push(stub.text("¿saldo del 412?", chat_id=ADMIN))
        (answer,) = await stub.wait_texts(ADMIN, 1)
    assert answer == "Respuesta 1." and [a.question for a in fake_backend.asks] == ["¿saldo del 412?"]
    skipped = [r for r in caplog.records if "cannot parse" in r.getMessage()]
    assert len(skipped) == 1 and skipped[0].levelno == logging.WARNING
    assert not any(secret in r.getMessage() for r in caplog.records)  # the content is never logged
