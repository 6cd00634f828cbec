"""Voice questions: the caller's own keys a transcript could mean, read from the database.

`company_keys(conn, text)` reads only the keys the text's spoken mentions could mean
(`spoken_choice.wanted_keys`), one `backend.store` query per kind, inside the caller's tenant transaction.
"""

from __future__ import annotations

from collections.abc import Iterable

import asyncpg

from backend.context.spoken_choice import CompanyKeys, wanted_keys
from backend.store import clients as store_clients
from backend.store import movements as store_movements
from backend.store import vehicles as store_vehicles


async def company_keys(
    conn: asyncpg.Connection, text: str, *, more_codes: Iterable[str] = (), more_plate_digits: Iterable[str] = ()
) -> CompanyKeys:
    """The caller's keys that `text`'s spoken mentions could mean, and those among `more_codes` (client
    codes and delivery notes) and plates ending in `more_plate_digits` — still one query per kind.
    `conn` must be inside `tenant_transaction` (row-level security keeps it to the caller's company)."""
    want = wanted_keys(text)
    codes = sorted({*want.codes, *more_codes})
    digits = sorted({*want.plate_digits, *more_plate_digits})
    keys = CompanyKeys()
    if codes:
        keys.clients = {c.code: c.name for c in await store_clients.clients(conn, codes=codes)}
        keys.notes = await store_movements.known_notes(conn, numbers=codes)
    if digits:
        keys.plates = await store_vehicles.plates_ending(conn, digits=digits)
    return keys
