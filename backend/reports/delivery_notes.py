"""One delivery note (remisión) of the authenticated company, read for its PDF.

A delivery note is the set of movements sharing a `delivery_note` number within one company (read by
`backend.store.delivery_notes`). Call `fetch_delivery_note` on a connection inside
`backend.db.connect.tenant_transaction`: row-level security then hides every other company's rows, and the
query filters on the company id as well.

`asked_note` decides whether a question asks for a note's PDF (`backend.core.document_request`, one rule for
typed questions and voice transcripts) and whether the company has that note: `POST /v1/ask` answers such a
question with `AskResponse.document`, and the bot fetches and sends the PDF. A note asked by words
(`asks_for_document`: «mándame la última remisión del 310») is the one the exact answer finds
(`backend.answers`, `Exact.note`), sent as `AskedNote(number, True, found_as=…)`.
"""

from __future__ import annotations

from dataclasses import dataclass

import asyncpg

from backend.contract import DocumentAction, FocusEntity
from backend.core.document_request import asks_for_document, note_focus, requested_note, sends_it
from backend.store.delivery_notes import DeliveryNote, DeliveryNoteLine, delivery_note
from backend.store.movements import known_notes

__all__ = [
    "AskedNote",
    "DeliveryNote",
    "DeliveryNoteLine",
    "asked_note",
    "asks_for_document",
    "sends_it",
    "fetch_delivery_note",
    "not_found_message",
]

STATEMENT_TIMEOUT_S = 5.0  # each of the two statements, unless the caller says otherwise


async def fetch_delivery_note(
    conn: asyncpg.Connection, company_id: int, number: str, *, statement_timeout_s: float = STATEMENT_TIMEOUT_S
) -> DeliveryNote | None:
    """The note `number` of company `company_id`, or None when that company has no such note.

    `conn` must be inside `tenant_transaction` for the same company. Each statement is bounded by
    `statement_timeout_s` seconds (asyncio.TimeoutError past it). Malformed numbers are simply not found.
    """
    return await delivery_note(conn, company_id=company_id, number=number, statement_timeout_s=statement_timeout_s)


def not_found_message(number: str) -> str:
    """The Spanish text for a note the company does not have (the number is echoed only when short)."""
    shown = number if len(number) <= 40 else number[:40] + "…"
    return f"No encontré la remisión {shown} en los registros de tu empresa."


@dataclass(frozen=True)
class AskedNote:
    """A question that asks for delivery note `number`'s PDF; `exists` False when the company has no such note.
    `found_as`: how the note was found when it was asked by words, not by number (the exact answer that
    found it: «La última remisión de [310] … es la remisión 8423 (26 de noviembre): …»), shown after."""

    number: str
    exists: bool
    found_as: str = ""

    def answer(self) -> str:
        """The answer's text: what the bot shows beside the document, or why there is none."""
        if not self.exists:
            return not_found_message(self.number)
        return f"Te envío la remisión {self.number} en PDF." + (f"\n{self.found_as}" if self.found_as else "")

    def document(self) -> DocumentAction | None:
        return DocumentAction(kind="delivery_note_pdf", key=self.number) if self.exists else None

    def focus(self) -> list[FocusEntity]:
        return [note_focus(self.number)] if self.exists else []


async def asked_note(
    conn: asyncpg.Connection,
    question: str,
    *,
    spoken: bool = False,
    statement_timeout_s: float = STATEMENT_TIMEOUT_S,
) -> AskedNote | None:
    """The note whose PDF `question` asks for (`requested_note`), checked against the caller's notes
    (`conn` inside `tenant_transaction`); None when the question does not ask for a document (one
    indexed query only when it does); `spoken`: `question` is a voice transcript."""
    number = requested_note(question, spoken=spoken)
    if number is None:
        return None
    found = await known_notes(conn, numbers=[number], statement_timeout_s=statement_timeout_s)
    return AskedNote(number, exists=number in found)
