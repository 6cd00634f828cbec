"""The trust boundary for chat history: the bot's history is untrusted input.

`sanitize_history(raw)` keeps at most the 6 most recent entries of an arbitrary JSON value and drops
every turn whose `q` or `a` is not a string or is empty after `backend.core.text.clean_text`; each kept
text is cut to 400 characters at a word boundary with "…".
`build_messages(turns, question)` gives the Messages API list: user/assistant strictly alternating,
starting with user, ending with the current question, never an empty text. History text stays inert
inside its own turn; it never goes into the system prompt.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from backend.core.lookalike_letters import typed_text
from backend.core.text import clean_text

MAX_TURNS = 6
MAX_TURN_CHARS = 400
ELLIPSIS = "…"


@dataclass(frozen=True)
class Turn:
    q: str
    a: str


def shorten(text: str, limit: int = MAX_TURN_CHARS) -> str:
    """`text` if it fits in `limit` characters, else cut at the last word boundary with "…"
    (result length <= limit)."""
    if len(text) <= limit:
        return text
    head = text[: limit - len(ELLIPSIS)]
    cut = max(head.rfind(" "), head.rfind("\n"))
    if cut >= limit // 2:
        head = head[:cut]
    return head.rstrip() + ELLIPSIS


def sanitize_history(raw: Any, *, max_turns: int = MAX_TURNS, max_chars: int = MAX_TURN_CHARS) -> list[Turn]:
    """Turns from an arbitrary JSON value (anything but a list of {"q": str, "a": str} yields
    fewer or no turns), oldest first, at most `max_turns` (the most recent ones)."""
    if not isinstance(raw, list):
        return []
    turns = []
    for item in raw[-max_turns:] if max_turns > 0 else []:
        if not isinstance(item, dict):
            continue
        q, a = item.get("q"), item.get("a")
        if not isinstance(q, str) or not isinstance(a, str):
            continue
        q, a = typed_text(clean_text(q)), typed_text(clean_text(a))  # as the question: «QВМ563» is QBM563
        if q and a:
            turns.append(Turn(shorten(q, max_chars), shorten(a, max_chars)))
    return turns


def build_messages(turns: list[Turn], question: str) -> list[dict[str, str]]:
    """Messages API `messages`: each turn as a user and an assistant message, then the question.

    `question` must already be cleaned and non-empty (ValueError otherwise)."""
    if not question or not question.strip():
        raise ValueError("empty question")
    messages: list[dict[str, str]] = []
    for turn in turns:
        messages.append({"role": "user", "content": turn.q})
        messages.append({"role": "assistant", "content": turn.a})
    messages.append({"role": "user", "content": question})
    return messages


def fit_turns(
    turns: list[Turn], budget_tokens: int, estimate: Callable[[str], int], *, floor_chars: int = 120
) -> list[Turn]:
    """The same turns, shortened oldest first (answer, then question; never below `floor_chars`, cut at
    a word boundary with "…") until their estimated size fits `budget_tokens`. Never drops a turn, so
    the message shape is unchanged; when even the floors do not fit, returns them at the floor."""
    fitted = list(turns)

    def size() -> int:
        return sum(estimate(t.q) + estimate(t.a) for t in fitted)

    for i, turn in enumerate(fitted):
        if size() <= budget_tokens:
            break
        fitted[i] = Turn(turn.q, shorten(turn.a, max(floor_chars, len(turn.a) - 3 * (size() - budget_tokens))))
        if size() > budget_tokens:
            fitted[i] = Turn(shorten(turn.q, max(floor_chars, len(turn.q) - 3 * (size() - budget_tokens))), fitted[i].a)
    return fitted
