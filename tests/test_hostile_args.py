"""Command arguments that the HTTP layer or the bot's own folding turned into another request: the user
gets the answer about what was typed, never another route's error or another entity.

Before: «/saldo ..» and «/saldo .» are dot segments, which the HTTP client resolves, so the bot asked
GET /v1/ («Esa ruta no existe.») and GET /v1/clients/ («El servicio no está disponible…»); «/grafica 😀»,
«/grafica .» and «/grafica ..» folded to nothing and sent the whole company's chart; «gráfica de los
últimos 9999 días» (four digits) searched a client «ultimos 9999 dias». Real bot, real backend.
"""

from __future__ import annotations

import pytest

from backend.testing.bot_runner import run_bot
from bot.backend_client import path_segment
from bot.charts import DEFAULT_DAYS, command_request, requested_chart

ADMIN = 1001
DOTS = [".", "..", "...", "../..", "./412"]


@pytest.mark.parametrize("term", DOTS)
def test_a_path_segment_of_dots_is_encoded(term):
    assert "." not in path_segment(term) and "/" not in path_segment(term)


async def test_a_balance_search_of_dots_is_searched_not_routed(backend_server, telegram_stub):
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        for term in DOTS:
            stub.push(stub.command(f"/saldo {term}", chat_id=ADMIN))
        replies = await stub.wait_texts(ADMIN, len(DOTS))
    assert replies == [f"No encontré ningún cliente con «{term}»." for term in DOTS]


@pytest.mark.parametrize("arg", ["😀", ".", "..", "¿?", "—"])
def test_a_chart_argument_that_folds_to_nothing_is_still_the_client_asked(arg):
    assert command_request([arg]).client == arg


def test_a_chart_of_the_company_or_an_asset_type_is_unchanged():
    assert command_request([]).client is None and command_request([]).asset is None
    assert command_request(["toda", "la", "empresa"]).client is None
    assert command_request(["canastillas"]).asset == "canastillas"
    assert command_request(["cliente", "412"]).client == "412"
    assert command_request(["por", "favor"]).client is None  # only fillers: the company, as before


async def test_a_chart_of_an_emoji_is_not_the_company_chart(backend_server, telegram_stub):
    stub = telegram_stub
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret):
        stub.push(stub.command("/grafica 😀", chat_id=ADMIN))
        (reply,) = await stub.wait_texts(ADMIN, 1)
    assert reply.startswith("No encontré ningún cliente con «😀».")
    assert stub.calls_of("sendPhoto") == []


@pytest.mark.parametrize(("said", "days"), [("9999", 365), ("1000", 365), ("0", 7), ("45", 45), ("0045", 45)])
def test_a_chart_window_of_any_length_is_the_window(said, days):
    request = requested_chart(f"gráfica del 310 de los últimos {said} días")
    assert request is not None and (request.client, request.days) == ("310", days)
    assert requested_chart("gráfica del 310").days == DEFAULT_DAYS  # type: ignore[union-attr]
