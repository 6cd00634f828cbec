"""No answer says the same line twice. An answer built from several (one line per entity, per city, per
question of a message) said a line once per source even when the sources gave the same answer: the
trial's «y su licencia?» after a driver's notes printed one licence four times (the bot keeps the list
cut to 400 characters: 4 notes, one driver), and a question asked of two cities printed one SOAT twice.
Real PostgreSQL; the first through the real PTB Application and backend."""

from __future__ import annotations

from collections import Counter

from backend.testing.bot_runner import run_bot
from tests.answers_chain import ask_chain
from tests.test_bot_focus_e2e import _ask, data_only_backend  # noqa: F401 (fixture)

LICENCE = "La licencia de Marta Londoño Mejía vence el 18 de septiembre de 2028 (en 657 días)."


def _repeated(text: str) -> list[str]:
    return [line for line, n in Counter(text.splitlines()).items() if n > 1]


async def test_a_licence_asked_after_a_drivers_notes_is_said_once(telegram_stub, data_only_backend) -> None:  # noqa: F811
    stub, server = telegram_stub, data_only_backend
    admin = server.admin_user_id
    async with run_bot(stub, backend_url=server.base_url, backend_secret=server.secret) as app:
        notes = await _ask(stub, app, admin, "cuantas remisiones hizo marta londoño en noviembre")
        licence = await _ask(stub, app, admin, "y su licencia?")
    assert notes.startswith("Marta Londoño Mejía tuvo 8 remisiones en noviembre:")
    assert licence == LICENCE


async def test_a_question_asked_of_two_cities_never_repeats_a_line(fleet_conn) -> None:
    chain = ["el soat de la klm482 cuando vence y la tecno", "canastillas en medellin y en cali"]
    answers = await ask_chain(fleet_conn, chain)
    assert all(a is not None for a in answers)
    assert [_repeated(a.text) for a in answers if a is not None] == [[], []]
