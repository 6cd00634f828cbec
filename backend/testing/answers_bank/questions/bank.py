"""The question bank's registry: `Item`, `BANK` and `add` (the questions are in the subject modules beside).

An `Item` is a company, a chain of questions (earlier ones are the conversation; only the LAST is
judged) and the oracle call that gives the last question's `Expected` (`expect.Oracle` method and
arguments). A chain step `pdf:N` means the bot has just sent remisión N as a PDF (see `runner`).
`category` says what is asked; `style` how it is worded: plain, typo, spoken (voice-transcript style:
no punctuation, numbers said in words sometimes) or followup (depends on earlier turns).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from backend.testing.answers_bank.expect import Oracle
from backend.testing.answers_bank.oracle import Expected

FA, LV = "frigorifico-andino", "lacteos-del-valle"


@dataclass(frozen=True)
class Item:
    id: str
    company: str
    chain: tuple[str, ...]
    call: tuple[Any, ...]  # (Oracle method name, *args)
    category: str
    style: str

    def expected(self) -> Expected:
        method, *args = self.call
        expected: Expected = getattr(Oracle(self.company), method)(*args)
        return expected


BANK: list[Item] = []


def add(category: str, company: str, chain: str | list[str], *call: Any, style: str = "plain") -> None:
    steps = (chain,) if isinstance(chain, str) else tuple(chain)
    if len(steps) > 1 and style == "plain":
        style = "followup"
    n = sum(1 for i in BANK if i.category == category) + 1
    BANK.append(Item(f"{category}-{n:02d}", company, steps, tuple(call), category, style))


def each(category: str, company: str, chain: str | list[str], *calls: tuple[Any, ...], style: str = "plain") -> None:
    """`add` with the oracle's `each`: the last question names several things, each one answered in the
    order given by `calls` (each an `(Oracle method name, *args)`)."""
    add(category, company, chain, "each", *calls, style=style)
