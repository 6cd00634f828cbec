"""Token estimate and priority packing of the facts.

Estimate: 1 token per 3 characters, rounded up. Claude's tokenizer gives roughly 3.5–4 characters
per token on Spanish prose and fewer on codes, digits and dates, so 3 is deliberately on the high side:
the real context is at most about the budget, rarely above it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field


def estimate_tokens(text: str) -> int:
    """Estimated tokens of `text` (ceil(len / 3))."""
    return math.ceil(len(text) / 3)


@dataclass
class Block:
    """A titled group of fact lines. `required` blocks (the named entities) are never cut."""

    title: str
    lines: list[str] = field(default_factory=list)
    required: bool = False

    def render(self) -> str:
        return self.title + "\n" + "\n".join(self.lines)


def pack(blocks: list[Block], budget_tokens: int) -> list[Block]:
    """Blocks in the given priority order within `budget_tokens`: required blocks whole; then each
    optional block line by line while it fits, so the lowest-priority blocks are cut first.
    Empty blocks are dropped."""
    packed: list[Block] = []
    used = 0
    for block in blocks:
        if not block.lines:
            continue
        if block.required:
            packed.append(block)
            used += estimate_tokens(block.render()) + 1
    for block in blocks:
        if block.required or not block.lines:
            continue
        cost = estimate_tokens(block.title) + 1
        kept: list[str] = []
        for line in block.lines:
            line_cost = estimate_tokens(line) + 1
            if used + cost + line_cost > budget_tokens:
                break
            kept.append(line)
            cost += line_cost
        if kept:
            packed.append(Block(block.title, kept))
            used += cost
    return packed


def render(blocks: list[Block]) -> str:
    return "\n\n".join(b.render() for b in blocks)
