"""`backend_server`: the real backend (`backend.testing.backend_server.start_backend`) on the test's
`fleet_dsn` and `anthropic_stub`: `.base_url`, `.secret`, `.admin_user_id`, `.anthropic`, `.dsn`."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from backend.testing.anthropic_stub import AnthropicStub
from backend.testing.backend_server import BackendServer, start_backend


@pytest.fixture
async def backend_server(fleet_dsn: str, anthropic_stub: AnthropicStub) -> AsyncIterator[BackendServer]:
    async with start_backend(fleet_dsn, anthropic_stub) as server:
        yield server
