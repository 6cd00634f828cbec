"""`FairGate` alone (fewest permits held first), against the round-robin it replaced; the admission
middleware and the real backend are in tests/test_fairness.py. Behaviour, never timings."""

from __future__ import annotations

import asyncio

import pytest

from backend.core.fair_gate import FairGate

A, B = "frigorifico-andino", "lacteos-del-valle"


async def test_a_freed_permit_goes_to_the_company_holding_fewest_not_the_next_in_turn() -> None:
    gate = FairGate(2)
    order: list[str] = []

    async def job(key: str) -> None:
        await gate.acquire(key)
        order.append(key)

    await gate.acquire("a")  # two busy companies hold both permits, each with more queued
    await gate.acquire("c")
    tasks = [asyncio.create_task(job(k)) for k in ("a", "a", "c", "c")]
    await asyncio.sleep(0)
    tasks.append(asyncio.create_task(job("b")))  # the quiet company queues last
    await asyncio.sleep(0)
    gate.release("c")  # round-robin would hand it to "a" (next in turn); "a" still holds one, "b" none
    await asyncio.sleep(0)
    assert order == ["b"]
    gate.release("a")  # "a" now holds none, like "c": "a" was served longest ago
    gate.release("b")
    await asyncio.sleep(0)
    assert order == ["b", "a", "c"]
    for key in ("a", "c"):
        gate.release(key)
    await asyncio.gather(*tasks)
    assert order == ["b", "a", "c", "a", "c"] and gate.waiting() == 0 and gate.held() == 2


async def test_no_company_starves_behind_companies_that_keep_coming_back() -> None:
    """Companies that send one message at a time look new each time; they pass a waiting company at
    most once each, then it is served (it was served longest ago)."""
    gate = FairGate(1)
    order: list[str] = []

    async def job(key: str) -> None:
        await gate.acquire(key)
        order.append(key)

    await gate.acquire("w")
    tasks = [asyncio.create_task(job("w")), asyncio.create_task(job("p"))]
    await asyncio.sleep(0)
    gate.release("w")
    await asyncio.sleep(0)
    tasks.append(asyncio.create_task(job("q")))
    await asyncio.sleep(0)
    gate.release("p")
    await asyncio.sleep(0)
    tasks.append(asyncio.create_task(job("p")))  # p is back, after its first message was answered
    await asyncio.sleep(0)
    gate.release("q")
    await asyncio.sleep(0)
    assert order == ["p", "q", "w"]
    gate.release("w")
    await asyncio.gather(*tasks)
    assert order == ["p", "q", "w", "p"]


async def test_release_without_a_permit_is_an_error() -> None:
    gate = FairGate(1)
    with pytest.raises(RuntimeError):
        gate.release("a")


# -- the backend's admission ------------------------------------------------------------------------
