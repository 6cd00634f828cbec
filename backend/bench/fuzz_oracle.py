"""What counts as a failure in `fleetops bench --fuzz` (`backend.bench.fuzz`): leaked internals, error
bodies of the wrong shape, and which scripted model replies must end on the model-failure path.

Changes when the definition of a failure changes; the inputs are in `backend.bench.fuzz_inputs`.
"""

from __future__ import annotations

import re
from typing import Any

LEAK = re.compile(
    r"Traceback|File \"|\.py\b|site-packages|/usr/|/root/|/work/|/home/|\bSELECT\b|\bINSERT\b|"
    r"\bFROM\b|\bWHERE\b|syntax error|violates|asyncpg|psycopg|pydantic|starlette|uvicorn|anthropic|"
    r"\b[A-Z][A-Za-z]+(?:Error|Exception)\b|upstream detail|Overloaded|stub"
)
ERROR_KEYS = {"error", "message", "request_id"}


def _has_control(text: str) -> bool:
    return any(ord(ch) < 32 and ch != "\n" for ch in text)


def is_failure(reply: Any) -> bool:
    """Whether a queued stand-in reply makes the ask fail (HTTP error, broken body, control characters)."""
    return reply.status >= 400 or reply.raw_body is not None or _has_control(reply.text)


#: The text of the scripted replies that are not a finished answer (`fuzz_inputs.UNFINISHED_MODEL`): a
#: response carrying it showed a refusal or a cut tool call as an answer.
UNFINISHED_TEXT = "Lo siento, no puedo ayudar con"


def script_model(stub: Any, model: Any) -> int:
    """Queue the scripted model reply; 1 when it is a failure (the ask must answer 503 llm_unavailable)."""
    if model is None:
        return 0
    if isinstance(model, int):
        stub.reply_error(model)
    elif isinstance(model, tuple) and isinstance(model[0], str):  # (text, stop_reason): answered 200 without it
        stub.reply_text(model[0], stop_reason=model[1])
        return 0
    elif isinstance(model, tuple):
        stub.reply_raw(model[0], content_type=model[1])
    else:
        stub.reply_text(model)
        return int(_has_control(model))  # control characters: a bad reply
    return 1


def leaks(text: str) -> list[str]:
    return [m.group(0) for m in LEAK.finditer(text)]
