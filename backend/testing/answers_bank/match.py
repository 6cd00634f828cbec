"""Judging one answer against its `Expected`: kind, every `must` token, no `never` phrase, and no number the
oracle did not give.

Both sides are folded (`backend.core.text.fold`: accents and case). A `must` token matches at word
boundaries ('4 de diciembre' is not found inside '14 de diciembre', '298' not inside '1298'). Numbers are
read from the answer with Colombian grouping ('104.019' is 104019) and as absolute values; digits inside
plates and bracketed codes are read too, so a plate's or a code's digits must be in `numbers`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from backend.core.text import fold
from backend.testing.answers_bank.oracle import Expected

_NUMBER = re.compile(r"\d{1,3}(?:\.\d{3})+(?!\d)|\d+")


@dataclass(frozen=True)
class Verdict:
    ok: bool
    problems: tuple[str, ...] = ()


def contains(text: str, token: str) -> bool:
    """Whether folded `token` occurs in folded `text` at word boundaries."""
    t = re.escape(fold(token))
    before = r"(?<![0-9a-z])" if fold(token)[:1].isalnum() else ""
    after = r"(?![0-9a-z])" if fold(token)[-1:].isalnum() else ""
    return re.search(before + t + after, fold(text)) is not None


def numbers_in(text: str) -> list[int]:
    """Every number shown in `text`: '104.019 estibas, KLM482, -10' -> [104019, 482, 10]."""
    return [int(m.replace(".", "")) for m in _NUMBER.findall(text)]


def judge(expected: Expected, answer: str, answer_kind: str, document: str = "") -> Verdict:
    """Whether `answer` (with the response's `answer_kind`, and `document`: the note number of the PDF it
    carries, "" for none) is the exact answer `expected` describes."""
    problems = []
    if expected.document and document != expected.document:
        problems.append(f"document {document or 'none'!r}, expected the PDF of remisión {expected.document}")
    kinds = expected.kind.split("|")
    if answer_kind not in kinds:
        problems.append(f"answer_kind {answer_kind!r}, expected {expected.kind!r}")
    for alternatives in expected.must:
        if not any(contains(answer, token) for token in alternatives):
            problems.append("missing " + " | ".join(repr(t) for t in alternatives))
    problems += [f"says {token!r}" for token in expected.never if contains(answer, token)]
    invented = sorted({n for n in numbers_in(answer) if n not in expected.numbers})
    if invented:
        problems.append(f"numbers not from the oracle: {invented[:12]}")
    return Verdict(not problems, tuple(problems))
