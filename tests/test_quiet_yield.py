"""A busy bot's request lets a quiet bot's work pass (issue 15, probe latency): while a request admitted as
a quiet bot's does its own work (admitted, until its model call; again after it, until its response),
the busy bots' requests wait at their next step (`yield_to_quiet`, at most FLEETOPS_BACKEND_QUIET_YIELD_S),
so the quiet one has the event loop, the database and the cores to itself; a quiet request never waits.

The real `FairAdmission` middleware over a tiny ASGI app whose routes mark their steps.
"""

from __future__ import annotations

import asyncio
import time

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from backend.api.admission import FairAdmission, leave, resume, yield_to_quiet
from backend.core.fair_gate import FairGate
from tests.test_fairness import _client
from tests.test_shared_voice import _until


def _stepped_app(quiet_yield_s: float) -> tuple[FairAdmission, dict[str, asyncio.Event], list[str]]:
    """`GET /v1/job/<name>`: records `<name>:in`, waits for `events[name]` when there is one (its
    own work), then `?model=1` leaves its place and waits for `events[name + ':model']` before
    `resume`; then it yields to quiet work and records `<name>:step`."""
    events: dict[str, asyncio.Event] = {}
    marks: list[str] = []

    async def job(request: Request) -> PlainTextResponse:
        name = request.path_params["name"]
        marks.append(f"{name}:in")
        if name in events:
            await events[name].wait()
        if request.query_params.get("model"):
            leave(request)
            await events[f"{name}:model"].wait()
            resume(request)
            await events[f"{name}:tail"].wait()
        await yield_to_quiet(request)
        marks.append(f"{name}:step")
        return PlainTextResponse(name)

    app = Starlette(routes=[Route("/v1/job/{name}", job)])
    return FairAdmission(app, slots=4, timeout_s=30, while_quiet=4, quiet_yield_s=quiet_yield_s), events, marks


async def test_a_busy_request_waits_at_its_next_step_while_a_quiet_one_works() -> None:
    admission, events, marks = _stepped_app(quiet_yield_s=30)
    for name in ("a1", "q", "q:model", "q:tail"):
        events[name] = asyncio.Event()
    async with _client(admission) as client:

        def get(name: str, bot: str, model: bool = False):
            url = f"/v1/job/{name}" + ("?model=1" if model else "")
            return asyncio.create_task(client.get(url, headers={"Authorization": f"Bearer {bot}"}))

        tasks = [get("a1", "bot-a")]  # bot-a busy from here on: it holds a place
        await _until(lambda: "a1:in" in marks, "a1 inside")
        tasks.append(get("q", "bot-q", model=True))  # quiet: none inside, none granted lately
        await _until(lambda: "q:in" in marks, "q inside")
        tasks.append(get("a2", "bot-a"))
        await _until(lambda: "a2:in" in marks, "a2 inside")
        await asyncio.sleep(0.05)
        assert "a2:step" not in marks  # the quiet request is at work: the busy one waits at its step
        events["q"].set()  # the quiet request leaves its place for the model call: the busy one goes on
        await _until(lambda: "a2:step" in marks, "a2 past its step")
        events["a1"].set()
        await _until(lambda: "a1:step" in marks, "a1 past its step")
        assert admission.phases.active == 0  # q waits for the model: no priority meanwhile
        events["q:model"].set()  # the model answered: the quiet request's tail (usage row, response)
        await _until(lambda: admission.phases.active == 1, "q at work again")
        tasks.append(get("a3", "bot-a"))
        await _until(lambda: "a3:in" in marks, "a3 inside")
        await asyncio.sleep(0.05)
        assert "a3:step" not in marks
        events["q:tail"].set()
        await _until(lambda: "a3:step" in marks and "q:step" in marks, "a3 and q done")
        assert [r.status_code for r in await asyncio.gather(*tasks)] == [200] * 4


async def test_the_wait_is_bounded_and_a_quiet_request_never_waits() -> None:
    admission, events, marks = _stepped_app(quiet_yield_s=0.2)
    events["a1"], events["q"] = asyncio.Event(), asyncio.Event()
    async with _client(admission) as client:

        def get(name: str, bot: str):
            return asyncio.create_task(client.get(f"/v1/job/{name}", headers={"Authorization": f"Bearer {bot}"}))

        tasks = [get("a1", "bot-a")]
        await _until(lambda: "a1:in" in marks, "a1 inside")
        tasks.append(get("q", "bot-q"))  # quiet, and stays at work
        await _until(lambda: "q:in" in marks, "q inside")
        started = time.monotonic()
        tasks.append(get("a2", "bot-a"))
        await _until(lambda: "a2:step" in marks, "a2 past its step after the bound")
        assert time.monotonic() - started >= 0.2
        tasks.append(get("q2", "bot-r"))  # another quiet bot: no wait although q is at work
        await _until(lambda: "q2:step" in marks, "q2 done at once")
        events["a1"].set()
        events["q"].set()
        assert [r.status_code for r in await asyncio.gather(*tasks)] == [200] * 4


async def test_the_host_holds_the_others_back_only_for_the_first_moments_of_a_quiet_update() -> None:
    """`yield_window_s` (the bot host's FLEETOPS_BOT_HOST_QUIET_PRIORITY_S): a quiet company's update
    slot is held while the model answers (seconds); the others are capped only for its first moments."""
    gate = FairGate(8, busy_while_quiet=1, yield_window_s=0.3)
    await gate.acquire("a")
    await gate.acquire("a")  # "a" is busy: two in progress
    await gate.acquire("q")  # quiet: none held, never granted
    assert gate.holds_quiet("q")
    started = time.monotonic()
    waiter = asyncio.create_task(gate.acquire("a"))
    await asyncio.sleep(0.1)
    assert not waiter.done()  # inside the window: "a" already holds more than busy_while_quiet
    await asyncio.wait_for(waiter, 5)  # past it, granted although "q" still holds its slot
    assert time.monotonic() - started >= 0.3 and gate.held("a") == 3 and gate.holds_quiet("q")
    for key in ("a", "a", "a", "q"):
        gate.release(key)
