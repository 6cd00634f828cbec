"""A busy company's steps wait while a quiet company's update is handled (FLEETOPS_BOT_HOST_QUIET_YIELD_S,
issue 15: the probe's time under the flood went to waiting for the host's event loop and the cores).
Behaviour over a held fake backend: the flood's replies are not sent while the quiet update is in
progress and go out right after it; with 0 they go out at once. And `FairGate.wait_for_quiet` itself."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest

from backend.core.fair_gate import FairGate
from tests.fixtures_fake_backend import FakeBackend
from tests.fixtures_host import TOKENS, host_over

FRIGO, LACTEOS = "frigorifico-andino", "lacteos-del-valle"


async def _flood_then_quiet(tmp_path, host_stub, quiet_yield_s: float) -> tuple[list[int], list[int]]:
    """frigorifico's 3 chats ask (held: the company is busy), then lacteos asks once (held too); frigorifico's
    answers are released while lacteos's update is in progress. Returns (chats answered while lacteos
    was held, chats in the order answered)."""
    fake = FakeBackend()
    frigo_go, lacteos_go = asyncio.Event(), asyncio.Event()
    seen: list[int] = []

    async def held(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/ask":
            chat = json.loads(request.content)["chat_id"]
            seen.append(chat)
            await (lacteos_go if chat == 21 else frigo_go).wait()
        return fake._handle(request)

    host = host_over(
        tmp_path,
        host_stub,
        held,
        (FRIGO, LACTEOS),
        quiet_priority_s=30,
        quiet_yield_s=quiet_yield_s,
    )
    try:
        await host.reload()
        await host_stub.wait_for(lambda: all(host_stub.calls_of("getUpdates", TOKENS[c]) for c in (FRIGO, LACTEOS)))
        for chat in (11, 12, 13):
            host_stub.push(host_stub.text(f"pregunta del chat {chat}", chat_id=chat), token=TOKENS[FRIGO])
        await host_stub.wait_for(lambda: sorted(seen) == [11, 12, 13], "frigorifico's questions at the backend")
        host_stub.push(host_stub.text("pregunta de lácteos", chat_id=21), token=TOKENS[LACTEOS])
        await host_stub.wait_for(lambda: 21 in seen, "lacteos's question at the backend")
        assert host.update_slots.holds_quiet(LACTEOS)
        frigo_go.set()
        await asyncio.sleep(0.5)  # frigorifico's answers are back from the backend: sent, or waiting
        during = [int(p["chat_id"]) for p in host_stub.sent()]
        lacteos_go.set()
        await host_stub.wait_for(lambda: len(host_stub.sent()) == 4, "every message answered")
    finally:
        await host.stop()
    return during, [int(p["chat_id"]) for p in host_stub.sent()]


async def test_a_busy_companys_replies_wait_for_a_quiet_companys_update(tmp_path, host_stub) -> None:
    """Before: frigorifico's three answers went out while lacteos's question was still being handled."""
    during, order = await _flood_then_quiet(tmp_path, host_stub, 30)
    assert during == []
    assert order[0] == 21 and sorted(order[1:]) == [11, 12, 13]


async def test_with_zero_the_busy_company_does_not_wait(tmp_path, host_stub) -> None:
    during, order = await _flood_then_quiet(tmp_path, host_stub, 0)
    assert sorted(during) == [11, 12, 13]
    assert order[-1] == 21


async def test_wait_for_quiet_returns_when_the_quiet_permit_is_released() -> None:
    gate = FairGate(4, reserve=1)
    await gate.wait_for_quiet(10)  # no quiet key holds a permit: at once
    await gate.acquire("quiet")
    assert gate.holds_quiet("quiet")
    waiter = asyncio.create_task(gate.wait_for_quiet(10))
    await asyncio.sleep(0.05)
    assert not waiter.done()
    gate.release("quiet")
    await asyncio.wait_for(waiter, 1)


@pytest.mark.parametrize("window", [None, 0.1])
async def test_wait_for_quiet_waits_at_most_its_limit_and_the_window(window: float | None) -> None:
    gate = FairGate(4, reserve=1, yield_window_s=window)
    await gate.acquire("quiet")
    limit = 0.1 if window is None else 10  # the window ends first when set
    await asyncio.wait_for(gate.wait_for_quiet(limit), 2)
    assert gate.holds_quiet("quiet")
