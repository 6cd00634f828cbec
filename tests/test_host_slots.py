"""The bot host's update slots and fetch-ahead over a held fake backend (behaviour, never timings): a quiet
company takes the next free slot, and a bot fetches at most FLEETOPS_BOT_HOST_FETCH_AHEAD updates beyond
each chat's own backlog; every message is answered, each chat in order. With a busy lane
(FLEETOPS_BACKEND_BUSY_URL) a busy company's questions go there, a quiet one's to the backend."""

from __future__ import annotations

import asyncio

import httpx

from backend.contract import AskRequest
from tests.fixtures_fake_backend import FakeBackend
from tests.fixtures_host import BACKEND_PORT, LANE_PORT, TOKENS, host_over


async def test_host_gives_a_quiet_company_the_next_free_update_slot(tmp_path, host_stub) -> None:
    """One host-wide update slot, held by frigorifico's first question (its backend call waits); its
    other chats queue, then lacteos writes once: lacteos is answered next, every message is answered."""
    frigo, lacteos = TOKENS["frigorifico-andino"], TOKENS["lacteos-del-valle"]
    fake, release = FakeBackend(), asyncio.Event()

    async def held(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/ask" and not fake.asks:
            await release.wait()
        return fake._handle(request)

    host = host_over(tmp_path, host_stub, held, ("frigorifico-andino", "lacteos-del-valle"), max_concurrent_updates=1)
    try:
        await host.reload()
        await host_stub.wait_for(
            lambda: host_stub.calls_of("getUpdates", frigo) and host_stub.calls_of("getUpdates", lacteos)
        )
        for chat in (11, 12, 13):
            host_stub.push(host_stub.text(f"pregunta del chat {chat}", chat_id=chat), token=frigo)
        await host_stub.wait_for(lambda: host.update_slots.waiting("frigorifico-andino") == 2, "frigo's chats queued")
        host_stub.push(host_stub.text("pregunta de lácteos", chat_id=21), token=lacteos)
        await host_stub.wait_for(lambda: host.update_slots.waiting("lacteos-del-valle") == 1, "lacteos queued")
        release.set()
        await host_stub.wait_for(lambda: len(host_stub.sent()) == 4, "every message answered")
    finally:
        await host.stop()
    assert [a.question for a in fake.asks][:2] == ["pregunta del chat 11", "pregunta de lácteos"]
    assert sorted(a.chat_id for a in fake.asks) == [11, 12, 13, 21]


async def test_host_fetches_ahead_at_most_its_limit_beyond_each_chats_own_backlog(tmp_path, host_stub) -> None:
    """FLEETOPS_BOT_HOST_FETCH_AHEAD=2, every backend call held: chat 11's three questions (one running,
    two waiting for their turn) do not use up the room, chat 12's question does; chat 13's stays at
    Telegram until one finishes. Then everything is answered, chat 11 in order."""
    frigo = TOKENS["frigorifico-andino"]
    fake, release = FakeBackend(), asyncio.Event()

    async def held(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/ask":
            await release.wait()
        return fake._handle(request)

    host = host_over(tmp_path, host_stub, held, ("frigorifico-andino",), fetch_ahead=2)
    try:
        await host.reload()
        await host_stub.wait_for(lambda: host_stub.calls_of("getUpdates", frigo), "polling")
        processor = host.bots["frigorifico-andino"].application.update_processor
        for m in range(3):
            host_stub.push(host_stub.text(f"chat 11 pregunta {m}", chat_id=11), token=frigo)
        host_stub.push(host_stub.text("chat 12 pregunta", chat_id=12), token=frigo)
        host_stub.push(host_stub.text("chat 13 pregunta", chat_id=13), token=frigo)
        await host_stub.wait_for(
            lambda: host.update_slots.held("frigorifico-andino") == 2 and processor.behind == 2, "11 and 12 running"
        )
        polls = len(host_stub.calls_of("getUpdates", frigo))
        await asyncio.sleep(1.5)  # three of the stand-in's long polls: a bot with room would have polled
        assert len(host_stub.calls_of("getUpdates", frigo)) == polls  # no room: chat 13 waits at Telegram
        assert host.update_slots.held("frigorifico-andino") == 2 and processor.behind == 2
        assert all(c.params.get("limit", 100) <= 2 for c in host_stub.calls_of("getUpdates", frigo))
        release.set()
        await host_stub.wait_for(lambda: len(host_stub.sent()) == 5, "every message answered")
    finally:
        release.set()  # a failed check must not leave the held calls (and host.stop) waiting forever
        await host.stop()
    chat_11 = [a.question for a in fake.asks if a.chat_id == 11]
    assert chat_11 == [f"chat 11 pregunta {m}" for m in range(3)]
    assert sorted(a.chat_id for a in fake.asks) == [11, 11, 11, 12, 13]


async def test_host_sends_a_busy_companys_questions_to_the_busy_lane(tmp_path, host_stub) -> None:
    """Every question held at the backend: frigorifico's first (alone in progress) goes to the backend,
    its next two (three in progress: busy) to the lane, lacteos' one (quiet) to the backend."""
    frigo, lacteos = TOKENS["frigorifico-andino"], TOKENS["lacteos-del-valle"]
    fake, release, where = FakeBackend(), asyncio.Event(), {}

    async def held(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/ask":
            where[AskRequest.model_validate_json(request.content).chat_id] = request.url.port
            await release.wait()
        return fake._handle(request)

    host = host_over(tmp_path, host_stub, held, ("frigorifico-andino", "lacteos-del-valle"), lane=True)
    try:
        await host.reload()
        await host_stub.wait_for(lambda: host_stub.calls_of("getUpdates", frigo), "polling")
        host_stub.push(host_stub.text("pregunta del chat 11", chat_id=11), token=frigo)
        await host_stub.wait_for(lambda: 11 in where, "chat 11 at the backend")
        for chat in (12, 13):
            host_stub.push(host_stub.text(f"pregunta del chat {chat}", chat_id=chat), token=frigo)
        await host_stub.wait_for(lambda: {12, 13} <= set(where), "frigo's other chats at the backend")
        host_stub.push(host_stub.text("pregunta de lácteos", chat_id=21), token=lacteos)
        await host_stub.wait_for(lambda: 21 in where, "lacteos at the backend")
        release.set()
        await host_stub.wait_for(lambda: len(host_stub.sent()) == 4, "every message answered")
    finally:
        release.set()
        await host.stop()
    assert where == {11: BACKEND_PORT, 12: LANE_PORT, 13: LANE_PORT, 21: BACKEND_PORT}
