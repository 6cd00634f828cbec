"""A client and an asset type named in one search text, as /saldo and /grafica take them: «664 canastas de
leche», «canastas de leche del 664», «412 estibas» (`backend.core.asset_words.split_named`, by the company's
own asset type names, several words too). What is wrong is named alone: «No encontré ningún cliente con
«999».» after «999 canastas de leche», «No manejo activos llamados «estibas» …» after «664 estibas» where
664 is a client and estibas no type of the company. Several codes in one text («412 632», «412, 632 y 77»)
are those clients (`several_codes`), as «saldo del 412 y del 632» is in the chat."""

from __future__ import annotations

import re

import asyncpg

from backend.api.errors import ApiError
from backend.core.asset_words import asset_stem, split_named
from backend.core.text import echoed
from backend.store.asset_types import AssetTypeRow, asset_types
from backend.store.clients import ClientMatch, clients, code_key, find_clients


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
        404,
        "asset_type_not_found",
        f"No manejo activos llamados «{echoed(words[-1], 40)}» en tu empresa: manejo {listed}.",
    )


_CODES_SEPARATOR = re.compile(r"\s*(?:[,;]|\s(?:y|e)\s)\s*|\s+", re.IGNORECASE)
MAX_CODES = 10


async def several_codes(
    conn: asyncpg.Connection, query: str, *, statement_timeout_s: float
) -> list[ClientMatch] | None:
    """The clients of the codes written in `query` («412 632», «412, 632 y 77»: 2 words or more, every one
    holding a digit, at most `MAX_CODES` different), in the order written, each once, `total` their number;
    None when `query` is not such a list. Raises 404 `client_not_found` naming the codes that are no client
    of the company («No encontré ningún cliente con el código «999».»), so no code typed is left out."""
    words = [w for w in _CODES_SEPARATOR.split(query.strip()) if w]
    codes = list(dict.fromkeys(words))
    if len(words) < 2 or len(codes) > MAX_CODES or not all(any(ch.isdigit() for ch in w) for w in codes):
        return None
    rows = await clients(conn, codes=codes, statement_timeout_s=statement_timeout_s)  # one round trip
    by_key = {code_key(c.code): c for c in rows}
    missing = [code for code in codes if code_key(code) not in by_key]
    if missing:
        named = ", ".join(f"«{c[:20]}»" for c in missing)
        what = "el código" if len(missing) == 1 else "los códigos"
        raise ApiError(404, "client_not_found", f"No encontré ningún cliente con {what} {named}.")
    found = list({c.id: c for c in (by_key[code_key(code)] for code in codes)}.values())  # «C-1050 c1050»: once
    return [ClientMatch(c.id, c.code, c.name, c.city, by_code=True, total=len(found)) for c in found]
