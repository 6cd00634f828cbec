"""The bot host's start rate for busy companies (FLEETOPS_BOT_HOST_BUSY_RATE, aiolimiter's leaky bucket,
host-wide): an update of a company with more updates in progress than that one starts no sooner than
1 / rate after the previous busy one, a quiet company's update never waits for it, and every message is
still answered, each chat in order. Timings here are lower bounds (a slow machine only spaces them more)
and a margin of seconds for the quiet one."""

from __future__ import annotations

import time

import httpx
import pytest
from pydantic import ValidationError

from backend.contract import AskRequest
from bot.host_config import BUSY_RATE
from tests.fixtures_fake_backend import FakeBackend
from tests.fixtures_host import TOKENS, host_over, host_settings

RATE = 4.0  # busy updates per second: 8 busy questions need at least 7 / RATE = 1.75 s


async def test_busy_updates_start_at_the_host_rate_and_a_quiet_one_does_not_wait(tmp_path, host_stub) -> None:
    """frigorifico floods 4 chats × 2 questions, lacteos writes once meanwhile: frigorifico's questions
    reach the backend at least 1 / RATE apart, lacteos' long before frigorifico's last one and without
    being spaced; all 9 answered, every chat's questions in order."""
    frigo, lacteos = TOKENS["frigorifico-andino"], TOKENS["lacteos-del-valle"]
    fake, at = FakeBackend(), {}

    async def timed(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/ask":
            at[AskRequest.model_validate_json(request.content).question] = time.monotonic()
        return fake._handle(request)

    host = host_over(tmp_path, host_stub, timed, ("frigorifico-andino", "lacteos-del-valle"), busy_rate=RATE)
    try:
        await host.reload()
        await host_stub.wait_for(
            lambda: host_stub.calls_of("getUpdates", frigo) and host_stub.calls_of("getUpdates", lacteos)
        )
        for m in range(2):
            for chat in (11, 12, 13, 14):
                host_stub.push(host_stub.text(f"chat {chat} pregunta {m}", chat_id=chat), token=frigo)
        await host_stub.wait_for(lambda: len(at) >= 2, "frigorifico's flood started")
        pushed = time.monotonic()
        host_stub.push(host_stub.text("pregunta de lácteos", chat_id=21), token=lacteos)
        await host_stub.wait_for(lambda: len(host_stub.sent()) == 9, "every message answered", 30)
    finally:
        await host.stop()
    quiet = at.pop("pregunta de lácteos")
    busy = sorted(at.values())
    assert len(busy) == 8
    gaps = [b - a for a, b in zip(busy, busy[1:], strict=False)]
    assert min(gaps[1:]) >= 1 / RATE - 0.05, gaps  # the first may have been quiet (alone in progress)
    assert quiet - pushed < busy[-1] - pushed - 1.0  # not behind the busy backlog (≥ 1.75 s of it)
    for chat in (11, 12, 13, 14):
        assert [a.question for a in fake.asks if a.chat_id == chat] == [f"chat {chat} pregunta {m}" for m in range(2)]


async def test_without_a_busy_rate_the_flood_is_not_spaced(tmp_path, host_stub) -> None:
    """FLEETOPS_BOT_HOST_BUSY_RATE=0: no limiter; 8 busy questions reach the backend in well under the
    1.75 s a rate of 4 per second would need."""
    frigo, fake, at = TOKENS["frigorifico-andino"], FakeBackend(), []

    async def timed(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/ask":
            at.append(time.monotonic())
        return fake._handle(request)

    host = host_over(tmp_path, host_stub, timed, ("frigorifico-andino",), busy_rate=0)
    assert host.busy_rate is None
    try:
        await host.reload()
        await host_stub.wait_for(lambda: host_stub.calls_of("getUpdates", frigo), "polling")
        for m in range(2):
            for chat in (11, 12, 13, 14):
                host_stub.push(host_stub.text(f"chat {chat} pregunta {m}", chat_id=chat), token=frigo)
        await host_stub.wait_for(lambda: len(host_stub.sent()) == 8, "every message answered", 30)
    finally:
        await host.stop()
    assert max(at) - min(at) < 7 / RATE


def test_busy_rate_setting_default_and_bounds(tmp_path) -> None:
    assert host_settings(tmp_path).busy_rate == BUSY_RATE > 0
    for bad in (-1, 10_001, float("inf")):
        with pytest.raises(ValidationError):
            host_settings(tmp_path, busy_rate=bad)


async def test_stopping_answers_the_busy_updates_waiting_for_the_rate(tmp_path, host_stub) -> None:
    """Fetched updates are acknowledged at Telegram, so stopping the host answers those waiting for the
    rate (at the rate: a stop takes up to the waiting ones / rate longer) and leaves no slot held."""
    frigo, fake = TOKENS["frigorifico-andino"], FakeBackend()

    async def answer(request: httpx.Request) -> httpx.Response:
        return fake._handle(request)

    host = host_over(tmp_path, host_stub, answer, ("frigorifico-andino",), busy_rate=2.0)
    held = lambda: host.update_slots.held("frigorifico-andino")  # noqa: E731
    try:
        await host.reload()
        await host_stub.wait_for(lambda: host_stub.calls_of("getUpdates", frigo), "polling")
        for chat in (11, 12, 13, 14):
            host_stub.push(host_stub.text(f"pregunta del chat {chat}", chat_id=chat), token=frigo)
        await host_stub.wait_for(lambda: len(host_stub.sent()) + held() == 4 and held(), "some waiting")
    finally:
        await host.stop()
    assert sorted(m["chat_id"] for m in host_stub.sent()) == [11, 12, 13, 14]
    assert host.update_slots.held() == 0
