"""A client and an asset type named in one search text, as /saldo and /grafica take them: «664 canastas de
leche», «canastas de leche del 664», «412 estibas» (`backend.core.asset_words.split_named`, by the company's
own asset type names, several words too). What is wrong is named alone: «No encontré ningún cliente con
«999».» after «999 canastas de leche», «No manejo activos llamados «estibas» …» after «664 estibas» where
664 is a client and estibas no type of the company."""

from __future__ import annotations

import asyncpg

from backend.api.errors import ApiError
from backend.core.asset_words import asset_stem, split_named
from backend.store.asset_types import AssetTypeRow, asset_types
from backend.store.clients import ClientMatch, find_clients


async def client_and_asset(
    conn: asyncpg.Connection, query: str, *, limit: int, statement_timeout_s: float
) -> tuple[list[ClientMatch], str, AssetTypeRow | None]:
    """(the clients, the client part of `query`, the asset type it names besides the client or None). The
    whole text is a client search first; only when it finds none is an asset type split off its end or start
    (the client part is then "" when the text was the asset type alone)."""
    found = await find_clients(conn, query=query, limit=limit, statement_timeout_s=statement_timeout_s)
    if found:
        return found, query, None
    rows = await asset_types(conn, statement_timeout_s=statement_timeout_s)
    rest, i = split_named(query, [(r.code, r.name, r.plural_name) for r in rows])
    if i is None:
        return [], query, None
    if not rest:
        return [], "", rows[i]
    return await find_clients(conn, query=rest, limit=limit, statement_timeout_s=statement_timeout_s), rest, rows[i]


async def unknown_asset(conn: asyncpg.Connection, query: str, *, statement_timeout_s: float) -> ApiError | None:
    """404 `asset_type_not_found` when `query` is a client followed by an asset word of no type of the company
    («664 estibas» at a company without estibas), else None."""
    words = query.split()
    if len(words) < 2 or asset_stem(words[-1]) is None:
        return None
    head = await find_clients(conn, query=" ".join(words[:-1]), limit=2, statement_timeout_s=statement_timeout_s)
    if not head or not (head[0].by_code or head[0].total == 1):
        return None
    kinds = [r.plural_name for r in await asset_types(conn, statement_timeout_s=statement_timeout_s)]
    listed = ", ".join(kinds[:-1]) + " y " + kinds[-1] if len(kinds) > 1 else "".join(kinds)
    return ApiError(
        404, "asset_type_not_found", f"No manejo activos llamados «{words[-1][:40]}» en tu empresa: manejo {listed}."
    )
