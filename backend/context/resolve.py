"""Which of the company's rows a text names: `resolve(conn, mentions)` -> `Entities`.

Runs on a connection inside `tenant_transaction` (row-level security scopes every lookup). Codes,
plates and note numbers are exact; client and driver names are matched word by word (accent- and
case-insensitive, typos tolerated through pg_trgm candidates and rapidfuzz scoring): the best-scoring
row wins, and when several rows tie the mention is reported as ambiguous (listed) instead of guessed.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import asyncpg
from rapidfuzz import fuzz, process

from backend.context.mentions import STOPWORDS, Mentions
from backend.store import clients as store_clients
from backend.store import movements as store_movements
from backend.store import names as store_names
from backend.store import vehicles as store_vehicles
from backend.store.clients import Client

MAX_LISTED = 8
_WORD = re.compile(r"[a-z0-9]+")
# Words many business names share: they help a match but never make one alone.
GENERIC = set(
    """
la el los las del de y cia ltda sas s.a.s express centro norte sur santa san supermercado minimercado mercados
mercado autoservicio distribuidora distribuciones comercial comercializadora almacen tienda inversiones
surtidora deposito panaderia pescaderia carnes avicola fruver hermanos hnos plaza granero
""".split()
)

# Words said around a person's name that are not part of it: «don Wilson», «el de apellido Zapata», «¿en
# qué camión anda Wilson Peña?».
NOT_NAME_PARTS = set(
    """don dona senor senora sr sra profe doctor doctora ingeniero apellido apellidos anda andaba andan porfa
    plis llamado llamada puede pueden podria salir circular trabajar rodar habilitado habilitada""".split()
)


@dataclass
class Ambiguous:
    """Several rows tie for one mention: `table` ("clients"/"drivers"), their ids and display labels."""

    table: str
    ids: list[int]
    shown: list[str]


@dataclass
class Entities:
    """Resolved rows in priority order (no repeats) and Spanish lines for ambiguous mentions."""

    clients: list[int] = field(default_factory=list)
    vehicles: list[int] = field(default_factory=list)
    drivers: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    ambiguous: list[str] = field(default_factory=list)
    groups: list[Ambiguous] = field(default_factory=list)

    def count(self) -> int:
        return len(self.clients) + len(self.vehicles) + len(self.drivers) + len(self.notes) + len(self.ambiguous)

    def extend(self, other: Entities, limit: int) -> None:
        """Append `other`'s entities after ours, at most `limit` new ones in total."""
        for name in ("notes", "vehicles", "clients", "drivers", "ambiguous"):
            mine = getattr(self, name)
            for item in getattr(other, name):
                if limit <= 0:
                    return
                if item not in mine:
                    mine.append(item)
                    limit -= 1


_JOINED = re.compile("[" + re.escape(store_names.JOINERS) + "]")  # left out when typed: «D'LUCA» as «dluca»
_MIXED = re.compile(r"[a-z]+|[0-9]+")


def name_tokens(name_folded: str) -> list[str]:
    """The words a folded name may be typed as: split at every symbol («el_sol *24h*» -> el, sol, 24h), with
    the joiners left out («d'luca & hermanos» -> dluca too; «s.a.s.» -> sas), and the letters and digits of
    a mixed word apart («24h» -> 24, h). In order, without repeats."""
    words = _WORD.findall(name_folded) + _WORD.findall(_JOINED.sub("", name_folded))
    parts = [p for w in words if not (w.isalpha() or w.isdigit()) for p in _MIXED.findall(w)]
    return list(dict.fromkeys(words + parts))


def _said_whole(words: list[str], name_folded: str) -> bool:
    """Every word of the name is among `words` (articles and one-letter parts aside), in one of its typed
    forms: «avicola dona rosa» says the whole of «AVÍCOLA DOÑA ROSA», not of «AVÍCOLA DOÑA ROSA CENTRO»."""
    said = set(words)
    for form in (name_folded, _JOINED.sub("", name_folded)):
        parts = [w for w in _WORD.findall(form) if w not in STOPWORDS and (len(w) >= 3 or w.isdigit())]
        if parts and all(w in said for w in parts):
            return True
    return False


def _score(words: list[str], name_folded: str) -> float:
    """Word by word against `name_tokens`: an exact word counts 1, a near one (typo, rapidfuzz ratio ≥ 80)
    0.8; generic business words («distribuidora», «comercial») count half."""
    tokens = name_tokens(name_folded)
    total = 0.0
    for w in words:
        if w in tokens:
            hit = 1.0
        else:
            near = process.extractOne(w, tokens, scorer=fuzz.ratio, score_cutoff=80) if len(w) >= 4 else None
            hit = 0.8 if near else 0.0
        total += hit * (0.5 if w in GENERIC else 1.0)
    return total


def _weak(words: list[str], top: list[store_names.NameCandidate]) -> bool:
    """Whether the best client candidates are weak matches, so the name is no client's: none has any
    distinctive word said («tienda la vaquita feliz»: only «tienda» matches — not every «TIENDA …»), or
    several tie and none has one of the distinctive words («comercial bahía solana»: no «solana»)."""
    distinctive = [w for w in words if w not in GENERIC and w not in STOPWORDS and (len(w) >= 3 or w.isdigit())]
    missed = [w for w in distinctive if not any(_score([w], r.name_folded) > 0 for r in top)]
    return bool(distinctive) and (len(missed) == len(distinctive) or (len(top) > 1 and bool(missed)))


async def _by_name(
    conn: asyncpg.Connection,
    table: str,
    label: str,
    words: list[str],
    out: list[int],
    ambiguous: list[str],
    groups: list[Ambiguous],
) -> None:
    if not words:
        return
    rows = await store_names.name_candidates(conn, table=table, words=words)
    if table == "drivers":  # a person: every part of the name said must be in the name (typos tolerated)
        parts = [w for w in words if w not in NOT_NAME_PARTS]
        rows = [r for r in rows if parts and all(_score([w], r.name_folded) > 0 for w in parts)]
    scored = [(_score(words, r.name_folded), r) for r in rows]
    best = max((s for s, _ in scored), default=0.0)
    if best < 0.5:  # a generic word alone must match exactly; then its matches are listed
        return
    top = sorted((r for s, r in scored if s == best), key=lambda r: r.shown)
    whole = [r for r in top if _said_whole(words, r.name_folded)]
    if len(top) > 1 and len(whole) == 1:  # «fruver la primavera»: that one, not «FRUVER LA PRIMAVERA #2»
        top = whole
    if table == "clients" and _weak(words, top):
        return
    if len(top) == 1:
        if top[0].id not in out:
            out.append(top[0].id)
        return
    # Never the user's words here: the facts name only what the database holds (see the hardening issue).
    shown = "; ".join(r.shown for r in top[:MAX_LISTED])
    more = f" y {len(top) - MAX_LISTED} más" if len(top) > MAX_LISTED else ""
    ambiguous.append(f"Un nombre de la pregunta coincide con {len(top)} {label}: {shown}{more}.")
    groups.append(Ambiguous(table, [r.id for r in top], [r.shown for r in top]))


async def _each_name(conn: asyncpg.Connection, groups: list[list[str]], out: list[int], table: str = "clients") -> bool:
    """Several names joined in one text («el sol 24h y la economía», «Diego Toro o Marta Londoño» of `table`
    drivers): True, with each one appended to `out`, when every group of words names exactly one and they
    differ; else nothing changes."""
    if len(groups) < 2:
        return False
    found: list[int] = []
    for words in groups:
        one: list[int] = []
        ties: list[Ambiguous] = []
        await _by_name(conn, table, "clientes" if table == "clients" else "conductores", words, one, [], ties)
        if len(one) != 1 or ties or one[0] in found:
            return False
        found += one
    out += [i for i in found if i not in out]
    return True


@dataclass
class _Known:
    """What exists among the numbers, notes and plates of several texts (one query per kind)."""

    notes: set[str]
    vehicles: dict[str, int]
    clients: dict[str, Client]


async def _known(conn: asyncpg.Connection, ms: list[Mentions]) -> _Known:
    notes = list(dict.fromkeys(n for m in ms for n in m.notes + m.numbers))
    plates = list(dict.fromkeys(p for m in ms for p in m.plates))
    codes = list(dict.fromkeys(c for m in ms for c in m.codes + m.numbers + [c for g in m.spoken_codes for c in g]))
    known = _Known(set(), {}, {})
    if notes:
        known.notes = await store_movements.known_notes(conn, numbers=notes)
    if plates:
        known.vehicles = await store_vehicles.vehicle_ids(conn, plates=plates)
    if codes:
        # each code as typed -> its client: «c-1050» is the ERP's C-1050 (`store_clients.code_key`)
        by_key = {store_clients.code_key(c.code): c for c in await store_clients.clients(conn, codes=codes)}
        known.clients = {c: by_key[store_clients.code_key(c)] for c in codes if store_clients.code_key(c) in by_key}
        # a short code typed without its zeros («7») is the zero-padded one («007») when only one is
        unpadded = [c for c in codes if c.isdigit() and c not in known.clients and len(c) < 4]
        padded = {"0" * n + c: c for c in unpadded for n in range(1, 5 - len(c))}
        found = await store_clients.clients(conn, codes=list(padded)) if padded else []
        for typed in unpadded:
            hits = [c for c in found if padded.get(c.code) == typed]
            if len(hits) == 1:
                known.clients[typed] = hits[0]
    return known


async def _entities(conn: asyncpg.Connection, m: Mentions, names: bool, known: _Known) -> Entities:
    found = Entities()
    found.notes = [n for n in m.notes + m.numbers if n in known.notes]
    found.vehicles = [known.vehicles[p] for p in m.plates if p in known.vehicles]
    by_code = known.clients
    for code in m.codes + m.numbers:
        if code in by_code and by_code[code].id not in found.clients:
            found.clients.append(by_code[code].id)
    for group in m.spoken_codes:
        hits = list({by_code[c].id: by_code[c] for c in group if c in by_code}.values())  # «7» and «007»: one
        if len(hits) == 1 and hits[0].id not in found.clients:
            found.clients.append(hits[0].id)
        elif len(hits) > 1:
            shown = " o ".join(c.label for c in hits)
            found.ambiguous.append(f"El número dicho puede ser el cliente {shown}: no está claro cuál.")
            found.groups.append(Ambiguous("clients", [c.id for c in hits], [c.label for c in hits]))
    if names:
        # numbers that are no client code nor note may be part of a client's name («la 33 #2», «el sol 24h»)
        loose = [n for n in m.codes + m.numbers if n not in by_code and n not in known.notes and n.isdigit()]
        words = m.words + [n for n in loose if n not in m.words] if m.words or loose else []
        if not await _each_name(conn, m.word_groups, found.clients):
            await _by_name(conn, "clients", "clientes", words, found.clients, found.ambiguous, found.groups)
        if not await _each_name(conn, m.word_groups, found.drivers, "drivers"):
            await _by_name(conn, "drivers", "conductores", m.words, found.drivers, found.ambiguous, found.groups)
    return found


async def resolve_each(conn: asyncpg.Connection, texts: list[tuple[Mentions, bool]]) -> AsyncIterator[Entities]:
    """`resolve` for several texts, yielded in order: codes, numbers, notes and plates of all of them
    are looked up up front with one query per kind; names are matched per text, only as far as the
    caller keeps iterating."""
    known = await _known(conn, [m for m, _ in texts])
    for m, names in texts:
        yield await _entities(conn, m, names, known)


async def resolve(conn: asyncpg.Connection, m: Mentions, *, names: bool = True) -> Entities:
    """Rows named by `m`; `names=False` skips name matching (used for assistant answers)."""
    return [found async for found in resolve_each(conn, [(m, names)])][0]
