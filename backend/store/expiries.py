"""SQL of the document expiries (/vencimientos): the `document_expiries` view.

The view has one row per document of each vehicle (SOAT, TECNOMECANICA, POLIZA_RC), the latest per
type, and one row with no document for a vehicle without any; `status` is the semáforo (vencido, rojo,
amarillo, verde) or `sin_documentos`; `days_remaining` counts from the company's local «today»
(FLEETOPS_TODAY holds). Inside `backend.db.connect.tenant_transaction` (RLS: the caller's company).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import asyncpg


@dataclass(frozen=True)
class DocumentExpiry:
    """One active vehicle's document due soon or expired, or the vehicle without documents (then
    `doc_type`, `expires_on` and `days_remaining` are None). `days_remaining` < 0: expired."""

    plate: str
    doc_type: str | None
    expires_on: date | None
    days_remaining: int | None
    status: str
    today: date


async def document_expiries(
    conn: asyncpg.Connection, *, within_days: int, inactive: bool = False, statement_timeout_s: float | None = None
) -> list[DocumentExpiry]:
    """Active vehicles' documents due within `within_days` (days, ≥ 0) or expired, and vehicles without
    any, most urgent first: vencido, sin_documentos, then fewest days remaining, plate, type. `inactive`:
    the inactive vehicles' documents so due instead (the fleet's lists leave them out and say so)."""
    rows = await conn.fetch(
        """SELECT plate, doc_type, expires_on, days_remaining, status, today FROM document_expiries
           WHERE CASE WHEN $2 THEN NOT active AND document_id IS NOT NULL ELSE active END
             AND (document_id IS NULL OR days_remaining <= $1)
           ORDER BY CASE status WHEN 'vencido' THEN 0 WHEN 'sin_documentos' THEN 1 ELSE 2 END,
                    days_remaining NULLS FIRST, plate, doc_type""",
        within_days,
        inactive,
        timeout=statement_timeout_s,
    )
    return [
        DocumentExpiry(r["plate"], r["doc_type"], r["expires_on"], r["days_remaining"], r["status"], r["today"])
        for r in rows
    ]
