"""Bot commands with odd arguments: a clear Spanish usage or not-found message, never the generic error,
never another entity than the one typed.

Before: «/vencimientos ²» passed `str.isdigit()` and broke `int()` («No pude procesar tu mensaje»);
«/grafica ²» was client 2. Digits of other scripts and full-width ones are what a phone keyboard in
another layout types for the same key: «/vencimientos １５», «/vencimientos ١٥» are 15 days, «/grafica ４１２»
and «/saldo ٤١٢» client 412 (the import refuses such keys, so no other entity can be meant); before, the
first two were the usage and «/saldo ４１２» «No encontré ningún cliente».
"""

from __future__ import annotations

import socket

import pytest

from backend.testing.bot_runner import run_bot
from bot.charts import command_request, requested_chart
from bot.commands import EXPIRIES_USAGE, expiries_args

LOOKALIKES = ["²", "①", "¹⁵", "⑮"]  # digits (Unicode `digit`) that are no decimal digit of a script
OTHER_SCRIPTS = {"１５": 15, "١٥": 15, "٣٠": 30, "३०": 30}


@pytest.mark.parametrize("arg", LOOKALIKES + ["-5", "15.5", "0", "366", "9" * 30, "1e2"])
def test_expiry_days_are_ascii_digits_in_range(arg):
    assert expiries_args([arg]) is None


@pytest.mark.parametrize(("arg", "days"), OTHER_SCRIPTS.items())
def test_expiry_days_in_other_scripts_digits_are_those_days(arg, days):
    assert expiries_args([arg]) == (days, False)


def test_expiry_days_that_are_fine():
    assert [expiries_args(a) for a in ([], ["15"], ["015", "todos"], ["365"])] == [
        (30, False), (15, False), (15, True), (365, False)
    ]  # fmt: skip


def test_a_chart_of_lookalike_digits_names_what_was_typed():
    assert command_request(["²"]).client == "²"
    assert requested_chart("muéstrame la gráfica del ²").client == "²"  # type: ignore[union-attr]


@pytest.mark.parametrize("arg", ["４１２", "٤١٢", "४१२"])
def test_a_chart_of_other_scripts_digits_is_that_client(arg):
    assert command_request([arg]).client == "412"


async def test_the_bot_answers_odd_expiry_days_with_the_usage(telegram_stub):
    with socket.socket() as sock:  # the usage comes before any backend call
        sock.bind(("127.0.0.1", 0))
        dead = f"http://127.0.0.1:{sock.getsockname()[1]}"
    async with run_bot(telegram_stub, backend_url=dead, backend_secret="s"):
        for arg in LOOKALIKES:
            telegram_stub.push(telegram_stub.command(f"/vencimientos {arg}", chat_id=9))
        assert await telegram_stub.wait_texts(9, len(LOOKALIKES)) == [EXPIRIES_USAGE] * len(LOOKALIKES)
