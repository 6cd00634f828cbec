"""Asset types a question can tell apart: within one company, no two types share a name or a plural
(folded: case and accents aside), nor is one type's name another's plural.

Questions, /saldo, charts and the digest name an asset type by its name or plural («canastillas»); two
types called the same made every such question about one of them without a word (the first one found)
and every sum of the other silently left out. `check_asset_names` runs after the file's upsert, inside
the import's transaction, on what the company would then hold (the database's types and the file's), so
a clash between two lines of the file and one with a type already stored are both refused; the run is
rolled back. Used by `backend.importer.load`.
"""

from __future__ import annotations

from collections.abc import Sequence

import asyncpg

from backend.core.text import fold
from backend.importer.csvfile import RowError
from backend.store import import_rows as store


async def check_asset_names(
    conn: asyncpg.Connection, name: str, lines: Sequence[tuple[int, int, str]], errors: list[RowError]
) -> None:
    """Append to `errors` one `RowError` per line of file `name` whose type (`lines`: (line, company id,
    code)) shares a folded name or plural with another type of its company."""
    if not lines:
        return
    stored = await store.asset_type_names(conn, company_ids=sorted({cid for _, cid, _ in lines}))
    words: dict[tuple[int, str], set[str]] = {}
    shown: dict[tuple[int, str], str] = {}
    for cid, code, singular, plural in stored:
        words[(cid, code)] = {fold(singular), fold(plural)}
        shown[(cid, code)] = singular
    in_file = {(cid, code): line for line, cid, code in lines}
    for line, cid, code in lines:
        mine = words.get((cid, code), set())
        for (other_cid, other), theirs in words.items():
            if other_cid != cid or other == code or not mine & theirs:
                continue
            if in_file.get((cid, other), 0) > line:  # two lines of the file: the later one is named
                continue
            where = f" de la línea {in_file[(cid, other)]}" if (cid, other) in in_file else ""
            said = sorted(mine & theirs)[0]
            reason = (
                f"el tipo de activo {code!r} se llama como el tipo {other!r}{where} («{shown[(cid, other)]}»): una "
                f"pregunta por «{said}» no sabría de cuál es; dé a cada tipo su propio nombre y plural"
            )
            errors.append(RowError(name, line, reason))
            break
