"""The Anthropic client and the one model call per question.

`build_client(settings)` makes the process's `AsyncAnthropic` (explicit timeout and `max_retries`
from settings; the SDK does the retrying, nothing here retries again) or None without an API key.
`ask_model(client, kwargs)` returns a `ModelAnswer` or raises `ModelUnavailable` whose `outcome` is a
short code for the usage log; the upstream error text is logged by type only, never returned.

The model's reply is untrusted input like any other: a 200 whose body is not a well-formed Messages
API `Message` (truncated JSON, HTML, the wrong shape, invalid Unicode escapes) or whose text carries
control characters is a model failure (`ModelUnavailable("bad_response")`), and the text that is
returned has gone through `backend.core.text.clean_text`.
"""

from __future__ import annotations

import json
import logging
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

import httpx

from backend.config import BackendSettings
from backend.core.text import clean_text

log = logging.getLogger(__name__)
USAGE_FIELDS = ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")


def build_client(settings: BackendSettings) -> Any | None:
    """One `AsyncAnthropic` with explicit timeout and retries, or None without an API key."""
    if settings.anthropic_api_key is None:
        return None
    from anthropic import AsyncAnthropic

    return AsyncAnthropic(
        api_key=settings.anthropic_api_key.get_secret_value(),
        base_url=settings.anthropic_base_url or None,
        timeout=settings.model_timeout_s,
        max_retries=settings.model_max_retries,
    )


@dataclass(frozen=True)
class ModelAnswer:
    """`text` non-empty plain text; `usage` the four token counts (int or None); `latency_ms`."""

    text: str
    stop_reason: str | None
    usage: dict[str, int | None]
    latency_ms: int


class ModelUnavailable(Exception):
    """The model gave no usable answer after the SDK's retries. `outcome`: "timeout", "connection",
    "http_<status>", "bad_response" (a 200 that is not a valid message) or "empty_answer";
    `usage`/`latency_ms` when known."""

    def __init__(self, outcome: str, latency_ms: int, usage: dict[str, int | None] | None = None):
        super().__init__(outcome)
        self.outcome = outcome
        self.latency_ms = latency_ms
        self.usage = usage or dict.fromkeys(USAGE_FIELDS)


def usage_dict(usage: Any) -> dict[str, int | None]:
    """The four token counts of a Messages API `usage` (object or dict); anything not an int is None."""
    values = usage if isinstance(usage, dict) else {name: getattr(usage, name, None) for name in USAGE_FIELDS}
    return {name: values.get(name) if type(values.get(name)) is int else None for name in USAGE_FIELDS}


def _lenient_usage(raw: bytes) -> dict[str, int | None]:
    """The token counts of a reply that failed validation, when its JSON still carries them."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return dict.fromkeys(USAGE_FIELDS)
    usage = data.get("usage") if isinstance(data, dict) else None
    return usage_dict(usage if isinstance(usage, dict) else {})


def _has_control_chars(text: str) -> bool:
    return any(unicodedata.category(ch) == "Cc" and ch not in "\n\t" for ch in text)


def parse_message(raw: bytes, elapsed_ms: int) -> tuple[str, str | None, dict[str, int | None]]:
    """(clean text, stop_reason, usage) of a 200 body; `ModelUnavailable("bad_response")` when the body
    is not a valid `Message` or its text carries control characters (lone surrogates are refused by
    the JSON parser), `ModelUnavailable("empty_answer")` when no text is left after cleaning."""
    from anthropic.types import Message
    from pydantic import ValidationError

    try:
        message = Message.model_validate_json(raw)
    except ValidationError as exc:
        log.warning("model returned a body that is not a valid message (%d errors)", exc.error_count())
        raise ModelUnavailable("bad_response", elapsed_ms, _lenient_usage(raw)) from None
    usage = usage_dict(message.usage)
    texts = [block.text for block in message.content if block.type == "text"]
    if any(_has_control_chars(text) for text in texts):
        log.warning("model text carries control characters; treated as a failed answer")
        raise ModelUnavailable("bad_response", elapsed_ms, usage)
    text = clean_text("\n".join(texts))
    if not text:
        raise ModelUnavailable("empty_answer", elapsed_ms, usage)
    return text, message.stop_reason, usage


async def ask_model(client: Any, kwargs: dict[str, Any]) -> ModelAnswer:
    """Call `client.messages.create(**kwargs)` once (the SDK retries 429/529/5xx and timeouts) and
    validate the reply (`parse_message`) instead of trusting the SDK's lenient parsing."""
    import anthropic

    started = time.monotonic()

    def elapsed() -> int:
        return int((time.monotonic() - started) * 1000)

    try:
        response = await client.messages.with_raw_response.create(**kwargs)
        raw = await response.http_response.aread()
    except anthropic.APITimeoutError:
        log.warning("model call timed out after %d ms", elapsed())
        raise ModelUnavailable("timeout", elapsed()) from None
    except anthropic.APIConnectionError:
        log.warning("model connection failed after %d ms", elapsed())
        raise ModelUnavailable("connection", elapsed()) from None
    except anthropic.APIStatusError as exc:
        log.warning("model returned HTTP %s (%s)", exc.status_code, type(exc).__name__)
        raise ModelUnavailable(f"http_{exc.status_code}", elapsed()) from None
    except httpx.HTTPError as exc:  # the body broke off after the headers
        log.warning("model reply could not be read (%s)", type(exc).__name__)
        raise ModelUnavailable("connection", elapsed()) from None
    text, stop_reason, usage = parse_message(raw, elapsed())
    return ModelAnswer(text, stop_reason, usage, elapsed())
