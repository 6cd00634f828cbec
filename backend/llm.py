"""The Anthropic client and the one model call per question.

`build_client(settings)` makes the process's `AsyncAnthropic` (explicit timeout and `max_retries`
from settings; the SDK does the retrying, nothing here retries again) or None without an API key.
`ask_model(client, kwargs)` returns a `ModelAnswer` or raises `ModelUnavailable` whose `outcome` is a
short code for the usage log; the upstream error text is logged by type only, never returned.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Any

from backend.config import BackendSettings

log = logging.getLogger(__name__)
USAGE_FIELDS = ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")


def build_client(settings: BackendSettings) -> Any | None:
    """One `AsyncAnthropic` with explicit timeout and retries, or None without an API key."""
    if settings.anthropic_api_key is None:
        return None
    from anthropic import AsyncAnthropic

    return AsyncAnthropic(api_key=settings.anthropic_api_key.get_secret_value(),
                          base_url=settings.anthropic_base_url or None,
                          timeout=settings.model_timeout_s, max_retries=settings.model_max_retries)


@dataclass(frozen=True)
class ModelAnswer:
    """`text` non-empty plain text; `usage` the four token counts (int or None); `latency_ms`."""

    text: str
    stop_reason: str | None
    usage: dict[str, int | None]
    latency_ms: int


class ModelUnavailable(Exception):
    """The model gave no usable answer after the SDK's retries. `outcome`: "timeout", "connection",
    "http_<status>" or "empty_answer"; `usage`/`latency_ms` when known."""

    def __init__(self, outcome: str, latency_ms: int, usage: dict[str, int | None] | None = None):
        super().__init__(outcome)
        self.outcome = outcome
        self.latency_ms = latency_ms
        self.usage = usage or dict.fromkeys(USAGE_FIELDS)


def usage_dict(usage: Any) -> dict[str, int | None]:
    return {name: getattr(usage, name, None) for name in USAGE_FIELDS}


async def ask_model(client: Any, kwargs: dict[str, Any]) -> ModelAnswer:
    """Call `client.messages.create(**kwargs)` once (the SDK retries 429/529/5xx and timeouts)."""
    import anthropic

    started = time.monotonic()

    def elapsed() -> int:
        return int((time.monotonic() - started) * 1000)

    try:
        message = await client.messages.create(**kwargs)
    except anthropic.APITimeoutError:
        log.warning("model call timed out after %d ms", elapsed())
        raise ModelUnavailable("timeout", elapsed()) from None
    except anthropic.APIConnectionError:
        log.warning("model connection failed after %d ms", elapsed())
        raise ModelUnavailable("connection", elapsed()) from None
    except anthropic.APIStatusError as exc:
        log.warning("model returned HTTP %s (%s)", exc.status_code, type(exc).__name__)
        raise ModelUnavailable(f"http_{exc.status_code}", elapsed()) from None
    usage = usage_dict(message.usage)
    text = "\n".join(block.text for block in message.content if getattr(block, "type", "") == "text").strip()
    if not text:
        raise ModelUnavailable("empty_answer", elapsed(), usage)
    return ModelAnswer(text, message.stop_reason, usage, elapsed())
