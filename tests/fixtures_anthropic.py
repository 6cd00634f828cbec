"""`anthropic_stub`: a fresh, running `backend.testing.anthropic_stub.AnthropicStub` per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from backend.testing.anthropic_stub import AnthropicStub


@pytest.fixture
def anthropic_stub() -> Iterator[AnthropicStub]:
    stub = AnthropicStub().start()
    try:
        yield stub
    finally:
        stub.stop()
