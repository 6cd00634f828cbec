"""One delivery note (remisión) of the authenticated company, read for its PDF.

A delivery note is the set of movements sharing a `delivery_note` number within one company (read by
`backend.store.delivery_notes`). Call `fetch_delivery_note` on a connection inside
`backend.db.connect.tenant_transaction`: row-level security then hides every other company's rows, and the
query filters on the company id as well.
"""

from __future__ import annotations

import asyncpg

from backend.store.delivery_notes import NOTE_NUMBER, DeliveryNote, DeliveryNoteLine, delivery_note, is_note_number

__all__ = ["NOTE_NUMBER", "DeliveryNote", "DeliveryNoteLine", "fetch_delivery_note", "is_note_number"]

STATEMENT_TIMEOUT_S = 5.0  # each of the two statements, unless the caller says otherwise


async def fetch_delivery_note(
    conn: asyncpg.Connection, company_id: int, number: str, *, statement_timeout_s: float = STATEMENT_TIMEOUT_S
) -> DeliveryNote | None:
    """The note `number` of company `company_id`, or None when that company has no such note.

    `conn` must be inside `tenant_transaction` for the same company. Each statement is bounded by
    `statement_timeout_s` seconds (asyncio.TimeoutError past it). Malformed numbers are simply not found.
    """
    return await delivery_note(conn, company_id=company_id, number=number, statement_timeout_s=statement_timeout_s)
