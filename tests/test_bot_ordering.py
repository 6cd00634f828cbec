"""Per-(chat, user) ordering: one chat's updates run one at a time in arrival order; chats run concurrently."""

from __future__ import annotations

import asyncio

from telegram import Bot, Update

from bot.ordering import ChatOrderedProcessor, order_key


def _update(update_id: int, chat_id: int, user_id: int) -> Update:
    data = {
        "update_id": update_id,
        "message": {
            "message_id": update_id,
            "date": 1764400000,
            "text": f"m{update_id}",
            "chat": {"id": chat_id, "type": "private"},
            "from": {"id": user_id, "is_bot": False, "first_name": "A"},
        },
    }
    return Update.de_json(data, Bot("1:x"))


async def test_same_chat_is_serialized_in_arrival_order_other_chats_are_not_blocked() -> None:
    processor = ChatOrderedProcessor(16)
    log: list[str] = []
    gate = asyncio.Event()

    async def handler(name: str, *, wait: bool = False, release: bool = False) -> None:
        log.append(f"start {name}")
        if wait:
            await asyncio.wait_for(gate.wait(), 10)  # held until chat B runs: B must not queue behind A
        if release:
            gate.set()
        await asyncio.sleep(0)
        log.append(f"end {name}")

    a1, a2, a3, b1 = _update(1, 10, 10), _update(2, 10, 10), _update(3, 10, 10), _update(4, 20, 20)
    tasks = [
        asyncio.create_task(processor.process_update(a1, handler("a1", wait=True))),
        asyncio.create_task(processor.process_update(a2, handler("a2"))),
        asyncio.create_task(processor.process_update(a3, handler("a3"))),
        asyncio.create_task(processor.process_update(b1, handler("b1", release=True))),
    ]
    await asyncio.wait_for(asyncio.gather(*tasks), 20)
    a_events = [e for e in log if e.endswith(("a1", "a2", "a3"))]
    assert a_events == ["start a1", "end a1", "start a2", "end a2", "start a3", "end a3"]
    assert log.index("start b1") < log.index("end a1")  # chat B ran while chat A was busy
    assert processor.in_flight() == 0  # no lock left behind


async def test_order_key_is_chat_and_user() -> None:
    assert order_key(_update(1, -300, 7)) == (-300, 7)
    assert order_key(_update(1, -300, 8)) != order_key(_update(2, -300, 7))
    assert order_key(object()) is None
