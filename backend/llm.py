"""The Anthropic client and the model call (filled in below)."""

from __future__ import annotations

from typing import Any

from backend.config import BackendSettings


def build_client(settings: BackendSettings) -> Any | None:
    """One `AsyncAnthropic` with explicit timeout and retries, or None without an API key."""
    if settings.anthropic_api_key is None:
        return None
    from anthropic import AsyncAnthropic

    return AsyncAnthropic(api_key=settings.anthropic_api_key.get_secret_value(),
                          base_url=settings.anthropic_base_url or None,
                          timeout=settings.model_timeout_s, max_retries=settings.model_max_retries)
