"""«todas» / «todos» show a list whole — up to `render.ALL_LINES` lines, in as many Telegram messages as
it takes — and a hint never promises more than that: the trial's «… y 99 más. Escribe la misma pregunta
con «todas» al final para verlas (hasta 50).» offered itself again after showing 50 of 149. The hint's
word agrees with the list (masculine «todos» for conductores). Real PostgreSQL; one chain through the
real PTB Application and backend."""

from __future__ import annotations

from backend.answers.render import ALL_LINES
from backend.testing.bot_runner import run_bot
from tests.answers_chain import ask_chain
from tests.test_bot_focus_e2e import data_only_backend  # noqa: F401 (fixture)

LIMIT = 4096  # Telegram's longest text message


def _bullets(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.startswith("• "))


async def test_todas_shows_a_drivers_149_notes_whole(fleet_conn) -> None:
    [every] = await ask_chain(fleet_conn, ["remisiones de marta todas"])
    assert every is not None and every.text.startswith("Remisiones de Marta Londoño Mejía: 149.")
    assert _bullets(every.text) == 149 and "… y" not in every.text


async def test_a_list_longer_than_the_most_says_so_and_how_to_narrow(fleet_conn) -> None:
    capped, whole = await ask_chain(fleet_conn, ["remisiones de noviembre", "remisiones de noviembre todas"])
    assert capped is not None and whole is not None
    assert capped.text.endswith(
        "… y 479 más. Con «todas» al final muestro 200; para ver el resto, acota la pregunta "
        "(un periodo más corto, un cliente, una placa)."
    )
    assert _bullets(whole.text) == ALL_LINES == 200
    assert whole.text.endswith("… y 289 más. Muestro 200 como máximo: para ver el resto, acota la pregunta "
                               "(un periodo más corto, un cliente, una placa).")  # fmt: skip
    assert "«todas» al final" not in whole.text  # it never suggests itself once asked


async def test_the_hint_of_a_masculine_list_says_todos(fleet_conn) -> None:
    [drivers] = await ask_chain(fleet_conn, ["listame los conductores"])
    assert drivers is not None
    assert drivers.text.endswith("… y 35 más. Escribe la misma pregunta con «todos» al final para verlos.")
    [all_drivers] = await ask_chain(fleet_conn, ["listame los conductores todos"])
    assert all_drivers is not None and _bullets(all_drivers.text) == 45


async def test_the_bot_sends_a_whole_list_in_several_messages(telegram_stub, data_only_backend) -> None:  # noqa: F811
    stub, server = telegram_stub, data_only_backend
    admin = server.admin_user_id
    async with run_bot(stub, backend_url=server.base_url, backend_secret=server.secret) as app:
        stub.push(stub.text("remisiones de marta todas", chat_id=admin))
        await stub.wait_texts(admin, 1)
        await stub.wait_for(lambda: app.update_processor.current_concurrent_updates == 0, "handlers to finish")
        parts = stub.texts(admin)
    assert 2 <= len(parts) <= 6, [len(p) for p in parts]
    assert all(len(p.encode("utf-16-le")) // 2 <= LIMIT for p in parts)
    assert sum(_bullets(p) for p in parts) == 149
