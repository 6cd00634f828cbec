"""Bot commands with odd arguments: a clear Spanish usage or not-found message, never the generic error,
never another entity than the one typed.

Before: «/vencimientos ²» passed `str.isdigit()` and broke `int()` («No pude procesar tu mensaje»);
«/vencimientos １５» and «/vencimientos ١٥» were 15 days; «/grafica ²» was client 2 and «/grafica ４１２»
client 412 (NFKD folding), where «/saldo ４１２» finds nothing and the import refuses such keys.
"""

from __future__ import annotations

import socket

import pytest

from backend.testing.bot_runner import run_bot
from bot.charts import command_request, requested_chart
from bot.commands import EXPIRIES_USAGE, expiries_args

LOOKALIKES = ["²", "１５", "١٥", "①", "٣٠"]


@pytest.mark.parametrize("arg", LOOKALIKES + ["-5", "15.5", "0", "366", "9" * 30, "1e2"])
def test_expiry_days_are_ascii_digits_in_range(arg):
    assert expiries_args([arg]) is None


def test_expiry_days_that_are_fine():
    assert [expiries_args(a) for a in ([], ["15"], ["015", "todos"], ["365"])] == [
        (30, False), (15, False), (15, True), (365, False)
    ]  # fmt: skip


@pytest.mark.parametrize("arg", ["²", "４１２", "٤١٢"])
def test_a_chart_of_lookalike_digits_names_what_was_typed(arg):
    assert command_request([arg]).client == arg
    assert requested_chart(f"muéstrame la gráfica del {arg}").client == arg  # type: ignore[union-attr]


async def test_the_bot_answers_odd_expiry_days_with_the_usage(telegram_stub):
    with socket.socket() as sock:  # the usage comes before any backend call
        sock.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{sock.getsockname()[1]}"
    async with run_bot(telegram_stub, backend_url=dead, backend_secret="s"):
        for arg in LOOKALIKES:
            telegram_stub.push(telegram_stub.command(f"/vencimientos {arg}", chat_id=9))
        assert await telegram_stub.wait_texts(9, len(LOOKALIKES)) == [EXPIRIES_USAGE] * len(LOOKALIKES)
