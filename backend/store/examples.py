"""SQL of the examples the bot's help shows: a client code, a plate, a delivery note and an asset type
that exist in the caller's company (inside `backend.db.connect.tenant_transaction`)."""

from __future__ import annotations

from dataclasses import dataclass

import asyncpg

_EXAMPLES_SQL = """
SELECT
  (SELECT c.code FROM clients c LEFT JOIN movements m ON m.client_id = c.id
   WHERE c.company_id = fleetops_company_id()
   GROUP BY c.id, c.code ORDER BY count(m.id) DESC, c.code LIMIT 1) AS client_code,
  (SELECT v.plate FROM vehicles v WHERE v.company_id = fleetops_company_id() AND v.active
   ORDER BY v.plate LIMIT 1) AS plate,
  (SELECT m.delivery_note FROM movements m
   WHERE m.company_id = fleetops_company_id() AND m.delivery_note IS NOT NULL
   ORDER BY m.occurred_at DESC, m.id DESC LIMIT 1) AS delivery_note,
  (SELECT a.plural_name FROM asset_types a LEFT JOIN movements m ON m.asset_type_id = a.id
   WHERE a.company_id = fleetops_company_id()
   GROUP BY a.id, a.plural_name, a.code ORDER BY count(m.id) DESC, a.code LIMIT 1) AS asset"""


@dataclass(frozen=True)
class Examples:
    """One of each kind from the company (None: it has none): the client with the most movements, the
    first active plate, the latest delivery note, the most moved asset type's plural name."""

    client_code: str | None
    plate: str | None
    delivery_note: str | None
    asset: str | None


async def examples(conn: asyncpg.Connection, *, statement_timeout_s: float | None = None) -> Examples:
    """The company's `Examples` (one statement)."""
    row = await conn.fetchrow(_EXAMPLES_SQL, timeout=statement_timeout_s)
    assert row is not None  # a SELECT of scalar subqueries always returns one row
    return Examples(row["client_code"], row["plate"], row["delivery_note"], row["asset"])
