"""The header of delivery notes already stored, as the CSV import checks a file's notes against them
(`backend.importer.notes`): per (company id, note number), the client code, local day, vehicle plate and
driver document of the note's earliest line (what its PDF prints, `backend.store.delivery_notes`).

Owner connection, inside the import's transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

import asyncpg

#: (client code, local day, vehicle plate or None, driver document or None)
StoredHeader = tuple[str, date, str | None, str | None]

_SQL = """
SELECT DISTINCT ON (m.company_id, m.delivery_note)
       m.company_id, m.delivery_note, c.code AS client_code,
       (m.occurred_at AT TIME ZONE co.timezone)::date AS day,
       v.plate AS vehicle_plate, d.document_number AS driver_document
FROM movements m
JOIN unnest($1::int[], $2::text[]) AS wanted(company_id, note)
  ON wanted.company_id = m.company_id AND wanted.note = m.delivery_note
JOIN companies co ON co.id = m.company_id
JOIN clients c ON c.id = m.client_id
LEFT JOIN vehicles v ON v.id = m.vehicle_id
LEFT JOIN drivers d ON d.id = m.driver_id
ORDER BY m.company_id, m.delivery_note, m.occurred_at, m.id
"""


async def stored_headers(
    conn: asyncpg.Connection,
    *,
    notes: Sequence[tuple[int, str]],
    statement_timeout_s: float | None = None,
) -> dict[tuple[int, str], StoredHeader]:
    """Header of each of `notes` ((company id, number)) that the database already holds."""
    if not notes:
        return {}
    rows = await conn.fetch(_SQL, [cid for cid, _ in notes], [note for _, note in notes], timeout=statement_timeout_s)
    return {
        (int(r["company_id"]), r["delivery_note"]): (
            r["client_code"],
            r["day"],
            r["vehicle_plate"],
            r["driver_document"],
        )
        for r in rows
    }
