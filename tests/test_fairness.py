"""Fairness between companies where requests queue: `FairGate` (fewest permits held first), the
backend's fair admission (`backend.api.admission`) and the bot host's update slots. Behaviour (who is
served next, what holds a place), never timings.

- the gate alone: tests/test_fair_gate.py;
- the admission middleware on a small ASGI app whose requests wait for the test to let them go;
- the real backend: /v1/ask leaves its place before the model call (the Anthropic stand-in holds it);
- the real bot host (two company Applications, the Telegram stand-in) over a held fake backend:
  `tests/test_host_slots.py::test_host_gives_a_quiet_company_the_next_free_update_slot`.
"""

from __future__ import annotations

import asyncio
import contextlib

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from backend.api.admission import OVERLOADED, FairAdmission
from backend.core.fair_gate import FairGate, headroom
from backend.testing.backend_server import start_backend
from tests.test_shared_voice import _until

A, B = "frigorifico-andino", "lacteos-del-valle"


def _held_app(slots: int, timeout_s: float = 30.0) -> tuple[FairAdmission, dict[str, asyncio.Event], list[str]]:
    """FairAdmission over a tiny app: `GET /v1/job/<name>` records its name, then waits for
    `events[name]` (when one is set up) before answering."""
    events: dict[str, asyncio.Event] = {}
    started: list[str] = []

    async def job(request: Request) -> PlainTextResponse:
        name = request.path_params["name"]
        started.append(name)
        if name in events:
            await events[name].wait()
        return PlainTextResponse(name)

    async def health(request: Request) -> PlainTextResponse:
        return PlainTextResponse("ok")

    app = Starlette(routes=[Route("/v1/job/{name}", job), Route("/v1/health", health)])
    return FairAdmission(app, slots=slots, timeout_s=timeout_s), events, started


@contextlib.asynccontextmanager
async def _client(app):
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://backend") as client:
        yield client


async def test_admission_serves_a_quiet_bot_before_a_busy_bots_queue() -> None:
    admission, events, started = _held_app(slots=1)
    events["a1"] = asyncio.Event()
    async with _client(admission) as client:

        def get(name: str, bot: str):
            return asyncio.create_task(client.get(f"/v1/job/{name}", headers={"Authorization": f"Bearer {bot}"}))

        first = get("a1", "bot-a")
        await _until(lambda: started == ["a1"], "a1 inside")
        rest = [get("a2", "bot-a"), get("a3", "bot-a")]
        await _until(lambda: admission.gate.waiting() == 2, "a2, a3 at the door")
        rest.append(get("b1", "bot-b"))
        await _until(lambda: admission.gate.waiting() == 3, "b1 at the door")
        health = await client.get("/v1/health")  # never held back
        assert health.status_code == 200 and started == ["a1"]
        events["a1"].set()
        responses = await asyncio.gather(first, *rest)
    assert [r.text for r in responses] == ["a1", "a2", "a3", "b1"]
    assert started == ["a1", "b1", "a2", "a3"]  # FIFO would have let b1 in last


async def test_admission_waits_at_most_its_timeout_then_503_overloaded() -> None:
    admission, events, started = _held_app(slots=1, timeout_s=0.2)
    events["long"] = asyncio.Event()
    async with _client(admission) as client:
        long = asyncio.create_task(client.get("/v1/job/long", headers={"Authorization": "Bearer a"}))
        await _until(lambda: started == ["long"], "the long request inside")
        refused = await client.get("/v1/job/short", headers={"Authorization": "Bearer b"})
        events["long"].set()
        assert (await long).status_code == 200
        after = await client.get("/v1/job/later", headers={"Authorization": "Bearer b"})
    assert refused.status_code == 503 and refused.headers["Retry-After"] == "1"
    assert refused.json()["error"] == "overloaded" and refused.json()["message"] == OVERLOADED
    assert started == ["long", "later"] and after.status_code == 200  # the refused one never ran
    assert admission.gate.held() == 0 and admission.gate.waiting() == 0


async def test_an_ask_waiting_for_the_model_holds_no_place(fleet_dsn, anthropic_stub) -> None:
    """One place only: while frigorifico's question waits for the (held) model, lacteos is served."""
    anthropic_stub.reply_slow(3.0, "Respuesta del modelo.")
    async with (
        start_backend(fleet_dsn, anthropic_stub, active_requests=1) as server,
        httpx.AsyncClient(base_url=server.base_url, timeout=30) as client,
    ):
        ask = asyncio.create_task(
            client.post(
                "/v1/ask",
                headers=server.headers(A),
                json={"question": "¿cómo va la operación?", "history": [], "chat_id": 1001, "user_id": 1001},
            )
        )
        await _until(lambda: len(anthropic_stub.requests) == 1, "the ask reaching the model")
        me = await client.get("/v1/me", params={"user_id": 2001}, headers=server.headers(B))
        assert me.status_code == 200 and me.json()["company"]["slug"] == B
        assert not ask.done()  # served while the ask still waits for the model
        answered = await ask
    assert answered.status_code == 200 and answered.json()["answer"] == "Respuesta del modelo."


async def test_headroom_keeps_the_last_permits_for_a_quiet_company() -> None:
    gate = FairGate(4, reserve=1, quiet_s=60)
    for _ in range(3):
        await gate.acquire("busy")  # a flooding company takes 3 of 4 permits at once ...
    fourth = asyncio.create_task(gate.acquire("busy"))
    await asyncio.sleep(0)
    assert not fourth.done() and gate.waiting("busy") == 1  # ... but not the last one
    await gate.acquire("flood")  # (another flooding company: between two of its messages it holds none,
    gate.release("flood")  # but it was served a moment ago, so the kept permit is not for it)
    flood = asyncio.create_task(gate.acquire("flood"))
    await asyncio.sleep(0)
    assert not flood.done()
    flood.cancel()
    await asyncio.wait_for(gate.acquire("quiet"), 1)  # a quiet company gets it at once
    assert gate.held("quiet") == 1 and not fourth.done()
    gate.release("quiet")  # the kept permit is free again: still not for "busy", which holds 3
    await asyncio.sleep(0)
    assert not fourth.done()
    gate.release("busy")  # two free: "busy" may take one again, keeping the other in reserve
    await asyncio.wait_for(fourth, 1)
    assert gate.held("busy") == 3 and gate.waiting() == 0
    with pytest.raises(ValueError):
        FairGate(2, reserve=2)
    assert [headroom(n) for n in (1, 2, 4, 16, 64)] == [0, 1, 1, 1, 4]


async def test_admission_keeps_one_more_place_for_a_quiet_bot() -> None:
    """2 places (+1 kept): a busy bot fills its 2 and queues a third; a quiet bot goes in at once."""
    admission, events, started = _held_app(slots=2)
    for name in ("a1", "a2", "b1"):
        events[name] = asyncio.Event()
    async with _client(admission) as client:

        def get(name: str, bot: str):
            return asyncio.create_task(client.get(f"/v1/job/{name}", headers={"Authorization": f"Bearer {bot}"}))

        busy = [get("a1", "bot-a"), get("a2", "bot-a")]
        await _until(lambda: started == ["a1", "a2"], "a1, a2 inside")
        busy.append(get("a3", "bot-a"))
        await _until(lambda: admission.gate.waiting() == 1, "a3 at the door")
        quiet = get("b1", "bot-b")
        await _until(lambda: "b1" in started, "b1 inside while a1 and a2 still run")
        assert admission.gate.waiting() == 1 and "a3" not in started
        for event in events.values():
            event.set()
        responses = await asyncio.gather(*busy, quiet)
    assert [r.status_code for r in responses] == [200] * 4 and started[-1] == "a3"


async def test_a_flood_that_has_just_begun_leaves_the_kept_permit_to_the_quiet_company() -> None:
    """Companies of a flood hold none and were granted none when it begins. One whose first request
    found only the kept permit took it (it looked quiet); once that is back, a company with requests
    still waiting, or marked busy by its caller (the bot host knows what it fetched), is not quiet, so
    the kept permit stays free for the quiet company instead of going round the flood."""
    gate = FairGate(3, reserve=1, quiet_s=0)  # quiet_s 0: only waiting and `busy` tell them apart
    await gate.acquire("a")
    await gate.acquire("a")  # the two ordinary permits
    await gate.acquire("b")  # b's first request: the kept permit
    waiting = [asyncio.create_task(gate.acquire(k)) for k in ("b", "b", "d", "d")]
    await asyncio.sleep(0)
    busy = asyncio.create_task(gate.acquire("c", busy=True))
    await asyncio.sleep(0)
    assert gate.held() == 3 and gate.waiting() == 5
    gate.release("b")  # the kept permit is free: b and d have requests waiting, c is busy
    await asyncio.sleep(0)
    assert gate.held() == 2 and gate.waiting() == 5
    await asyncio.wait_for(gate.acquire("quiet"), 1)
    assert gate.held("quiet") == 1
    with pytest.raises(asyncio.CancelledError):
        busy.cancel()
        await busy
    for task in waiting:
        task.cancel()
    await asyncio.gather(*waiting, return_exceptions=True)
    assert gate.waiting() == 0 and gate.held() == 3


async def test_while_a_quiet_company_is_inside_the_others_get_at_most_busy_while_quiet() -> None:
    gate = FairGate(5, reserve=1, quiet_s=60, busy_while_quiet=1)
    for _ in range(4):
        await gate.acquire("flood")
    more = [asyncio.create_task(gate.acquire("flood")) for _ in range(4)]
    await asyncio.sleep(0)
    await asyncio.wait_for(gate.acquire("quiet"), 1)  # the kept permit
    for _ in range(3):
        gate.release("flood")  # three freed while the quiet company is inside: none goes to the flood
    await asyncio.sleep(0)
    assert gate.held("flood") == 1 and gate.waiting("flood") == 4
    gate.release("flood")  # the flood holds none now: one of its own may go in, not more
    await asyncio.sleep(0)
    assert gate.held("flood") == 1 and gate.waiting("flood") == 3
    gate.release("quiet")  # the quiet one is done: the flood gets its width back at once
    await asyncio.sleep(0)
    assert gate.held("flood") == 4 and gate.waiting("flood") == 0  # 4 = 5 minus the kept one
    await asyncio.gather(*more)
    with pytest.raises(ValueError):
        FairGate(5, reserve=1, busy_while_quiet=5)


async def test_a_bot_sent_busy_by_its_host_never_takes_the_kept_place() -> None:
    """2 places (+1 kept), both held: a bot with one request and none inside looks quiet and used to
    take the kept place (under a flood, 50 companies each waiting with one request did, ahead of the
    quiet one); sent with `X-Fleetops-Busy: 1` (its host has more of its updates in progress) it waits,
    and the quiet bot that comes after it takes the kept place."""
    from backend.contract import BUSY_HEADER

    admission, events, started = _held_app(slots=2)
    for name in ("a1", "a2", "c1"):
        events[name] = asyncio.Event()
    async with _client(admission) as client:

        def get(name: str, bot: str, busy: bool = False):
            headers = {"Authorization": f"Bearer {bot}", **({BUSY_HEADER: "1"} if busy else {})}
            return asyncio.create_task(client.get(f"/v1/job/{name}", headers=headers))

        held = [get("a1", "bot-a"), get("a2", "bot-a")]
        await _until(lambda: started == ["a1", "a2"], "a1, a2 inside")
        flood = get("b1", "bot-b", busy=True)
        await _until(lambda: admission.gate.waiting() == 1, "b1 at the door, not in the kept place")
        quiet = get("c1", "bot-c")
        await _until(lambda: "c1" in started, "c1 in the kept place")
        assert "b1" not in started
        for event in events.values():
            event.set()
        responses = await asyncio.gather(*held, flood, quiet)
    assert [r.status_code for r in responses] == [200] * 4


async def test_the_host_marks_a_company_with_more_updates_in_progress_busy_at_the_backend() -> None:
    """`BackendClient.busy` (the host wires its company's `FairUpdates.busy`): the header while true."""
    from backend.contract import BUSY_HEADER
    from bot.backend_client import BackendClient

    seen: list[str | None] = []

    def handler(request: httpx.Request) -> httpx.Response:
        seen.append(request.headers.get(BUSY_HEADER))
        return httpx.Response(200, json={"status": "ok", "database": "ok", "model_configured": False})

    client = BackendClient("http://backend", "s", transport=httpx.MockTransport(handler))
    state = [False]
    try:
        await client.health()
        client.busy = lambda: state[0]
        await client.health()
        state[0] = True
        await client.health()
    finally:
        await client.aclose()
    assert seen == [None, None, "1"]
