"""Client and driver names: candidates for a spoken or typed name (pg_trgm, index-served)."""

from __future__ import annotations

from dataclasses import dataclass

import asyncpg


@dataclass(frozen=True)
class NameCandidate:
    """A client or driver whose folded name may be the one asked: `id`, `name_folded` (lower case, no
    accents), `shown` («[412] DISTRIBUIDORA PUERTO CLARO» for a client, the full name for a driver) and
    pg_trgm's word `similarity` (0–1) to the words asked."""

    id: int
    name_folded: str
    shown: str
    similarity: float


#: characters a name may hold that a phone user leaves out, joining its parts («D'LUCA» typed «dluca»)
JOINERS = "'’`´.-"
_CANDIDATES_SQL = {
    "clients": (
        "SELECT id, name_folded, '[' || code || '] ' || name AS shown, word_similarity($2, name_folded) AS sim"
        " FROM clients WHERE name_folded ~ $1 OR $2 <% name_folded OR translate(name_folded, $4, '') ~ $1"
        " ORDER BY sim DESC LIMIT $3"
    ),
    "drivers": (
        "SELECT id, name_folded, full_name AS shown, word_similarity($2, name_folded) AS sim FROM drivers"
        " WHERE name_folded ~ $1 OR $2 <% name_folded OR translate(name_folded, $4, '') ~ $1"
        " ORDER BY sim DESC LIMIT $3"
    ),
}


async def name_candidates(
    conn: asyncpg.Connection,
    *,
    table: str,
    words: list[str],
    limit: int = 500,
    statement_timeout_s: float | None = None,
) -> list[NameCandidate]:
    """Rows of `table` ("clients", else drivers) whose folded name has one of `words` (folded, regex-safe
    word characters) as a whole word (`_` and symbols separate words; apostrophes, dots and hyphens may
    also be left out: «dluca», «sas»), or is similar to them; most similar first, at most `limit`. The
    whole-word and similarity tests are served by the trigram index; the joined one («dluca») reads the
    company's rows (hundreds)."""
    phrase = " ".join(words)
    # whole words between anything but letters and digits («el_sol», «*24h*», «<economia>» hold sol, 24h…)
    pattern = r"(^|[^a-z0-9])(" + "|".join(words) + r")([^a-z0-9]|$)"
    sql = _CANDIDATES_SQL["clients" if table == "clients" else "drivers"]
    rows = await conn.fetch(sql, pattern, phrase, limit, JOINERS, timeout=statement_timeout_s)
    return [NameCandidate(r["id"], r["name_folded"], r["shown"], float(r["sim"])) for r in rows]


async def own_name_words(
    conn: asyncpg.Connection, words: set[str], *, statement_timeout_s: float | None = None
) -> set[str]:
    """Which of `words` (folded: lower case, no accents) are a whole word of one of the caller's clients'
    or drivers' folded names (row-level security: the caller's company only). Inside `tenant_transaction`."""
    rows = await conn.fetch(
        "SELECT w FROM unnest($1::text[]) AS w"
        " WHERE EXISTS (SELECT 1 FROM clients WHERE name_folded ~ ('\\m' || w || '\\M'))"
        " OR EXISTS (SELECT 1 FROM drivers WHERE name_folded ~ ('\\m' || w || '\\M'))",
        sorted(words),
        timeout=statement_timeout_s,
    )
    return {r["w"] for r in rows}
