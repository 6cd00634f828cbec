"""«saldo del 9001» in the chat and /saldo 9001 show the same asset types: every one of the company's,
0 when the client never moved it. The trial: a client with only canastillas got «16 canastillas, 0 estibas
y 0 tapas» in the chat and only «• 16 canastillas» from /saldo. Real PostgreSQL, real PTB Application
and backend."""

from __future__ import annotations

from backend.importer.load import import_dir
from backend.testing.bot_runner import run_bot
from bot.replies import plain_from_html
from tests.import_cases_common import CLIENTS, FA, MOVEMENTS
from tests.test_bot_commands import ADMIN
from tests.test_import_safety import write


async def test_saldo_command_and_question_name_the_same_assets(
    telegram_stub, backend_server, fleet_conn, tmp_path
) -> None:
    files = {
        "clients.csv": CLIENTS + f"{FA},9001,TIENDA PRUEBA UNO,Cali\n",
        "movements.csv": MOVEMENTS + f"{FA},2026-11-29T10:00:00,dispatch,9003,9001,CAN,16,KLM482,1072416216\n",
    }
    await import_dir(fleet_conn, write(tmp_path / "csv", files))
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        stub.push(stub.command("/saldo 9001", chat_id=ADMIN))
        [command] = await stub.wait_texts(ADMIN, 1)
    assert plain_from_html(command).splitlines() == [
        "[9001] TIENDA PRUEBA UNO (Cali)",
        "• 16 canastillas",
        "• 0 estibas",
        "• 0 tapas",
    ]
