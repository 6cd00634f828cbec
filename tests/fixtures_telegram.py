"""`telegram_stub`: a fresh, running `backend.testing.telegram_stub.TelegramStub` per test (the bot under
test polls it through `backend.testing.bot_runner.run_bot`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from backend.testing.telegram_stub import TelegramStub


@pytest.fixture
def telegram_stub(request: pytest.FixtureRequest) -> Iterator[TelegramStub]:
    stub = TelegramStub()
    if {"openai_engine", "faster_engine"} & set(request.fixturenames):
        stub.wait_s = 120.0  # a Whisper transcription on a loaded machine: wait for the outcome, time is no test
    stub.thread.start()
    try:
        yield stub
    finally:
        stub.close()
