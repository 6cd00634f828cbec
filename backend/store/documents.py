"""Vehicle documents (SOAT, tecnomecánica, póliza RC…) and their semáforo, from the `document_expiries` view."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import asyncpg


@dataclass(frozen=True)
class Document:
    """One row of the semáforo (`document_expiries`): a vehicle's document, or — `doc_type`,
    `expires_on` and `days_remaining` all None, `status` "sin_documentos" — a vehicle without any.
    `days_remaining` counts days from the company's today (negative: expired); `status` is "vencido",
    "rojo" (≤ 7 days), "amarillo" (≤ 30), "verde" or "sin_documentos"; `active` and `kind` are the vehicle's
    (its kind says which documents it needs: `backend.core.vehicle_documents`)."""

    vehicle_id: int
    plate: str
    doc_type: str | None
    expires_on: date | None
    days_remaining: int | None
    status: str
    active: bool
    kind: str = ""


_COLUMNS = "vehicle_id, plate, doc_type, expires_on, days_remaining, status, active, kind"


def _document(r: asyncpg.Record) -> Document:
    return Document(
        r["vehicle_id"],
        r["plate"],
        r["doc_type"],
        r["expires_on"],
        r["days_remaining"],
        r["status"],
        r["active"],
        r["kind"],
    )


async def documents(
    conn: asyncpg.Connection,
    *,
    vehicle_ids: list[int] | None = None,
    doc_type: str | None = None,
    max_days: int | None = None,
    min_days: int | None = None,
    active_only: bool = False,
    statement_timeout_s: float | None = None,
) -> list[Document]:
    """Vehicle documents (semáforo view), soonest expiry first. `vehicle_ids` None means every vehicle;
    `max_days`/`min_days` bound days remaining (then vehicles without documents are left out)."""
    rows = await conn.fetch(
        f"""SELECT {_COLUMNS} FROM document_expiries
           WHERE ($1::int[] IS NULL OR vehicle_id = ANY($1::int[])) AND ($2::text IS NULL OR doc_type = $2)
             AND ($3::int IS NULL OR days_remaining <= $3) AND ($4::int IS NULL OR days_remaining >= $4)
             AND (NOT $5 OR active) AND (NOT $6 OR document_id IS NOT NULL)
           ORDER BY expires_on NULLS FIRST, plate, doc_type""",
        vehicle_ids,
        doc_type,
        max_days,
        min_days,
        active_only,
        max_days is not None or min_days is not None or doc_type is not None,  # bounded: documents only
        timeout=statement_timeout_s,
    )
    return [_document(r) for r in rows]


async def status_counts(conn: asyncpg.Connection, *, statement_timeout_s: float | None = None) -> dict[str, int]:
    """Semáforo status -> number of rows of active vehicles (statuses with none are absent)."""
    rows = await conn.fetch(
        "SELECT status, count(*) AS n FROM document_expiries WHERE active GROUP BY status",
        timeout=statement_timeout_s,
    )
    return {r["status"]: r["n"] for r in rows}
