"""The /v1/ask response bodies: an answer (its kind and focus from the exact answer) or a delivery
note's document, and, for a voice question whose spoken codes and plates were resolved, the question as
resolved (`AskResponse.question`: what the bot remembers instead of the transcript)."""

from __future__ import annotations

from typing import Any

from backend.answers import Exact, Understood
from backend.api.deps import Caller
from backend.reports.delivery_notes import AskedNote


def answer_body(
    who: Caller, text: str, exact: Exact | None, understood: Understood, *, resolved: str | None, **extra: Any
) -> dict[str, Any]:
    """The response body: `answer_kind` and `focus` from the exact answer (a model answer without one
    is an "answer" about the entities the question resolved to; a question not understood and
    answered without the model is "not_found", so the bot does not store it); `question` the voice
    question as resolved (`resolved`, None for a typed one or a transcript that names no code)."""
    if exact is not None:
        kind, focus = exact.kind, exact.focus
    elif extra.get("mode") == "model":
        kind, focus = "answer", understood.subject.focus()
    else:
        kind, focus = "not_found", []
    if kind != "answer":
        focus = []
    return {
        "answer": text,
        "request_id": who.request_id,
        "answer_kind": kind,
        "focus": [f.model_dump() for f in focus],
        **({"question": resolved} if resolved else {}),
        **extra,
    }


def document_body(who: Caller, note: AskedNote, usage: dict[str, int | None]) -> dict[str, Any]:
    """The answer to a request for a delivery note's PDF: `document` set when the company has it
    (the bot fetches and sends it), else a "not_found" answer. No model call."""
    document = note.document()
    return {
        "answer": note.answer(),
        "request_id": who.request_id,
        "usage": usage,
        "mode": "data_only",
        "answer_kind": "answer" if note.exists else "not_found",
        "focus": [f.model_dump() for f in note.focus()],
        "document": document.model_dump() if document else None,
    }
