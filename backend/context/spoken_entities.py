"""Voice questions: the codes and plates a transcript names, checked against the company's own entities.

A transcript says codes and plates the way people read them, and Whisper mishears some of it. Before a
voice question is answered (`/v1/ask` with `source == "voice"`), `resolve_spoken(text, keys)` decides per
spoken mention:
- a plate (three letters + three digits) resolves when it is one of the company's plates, or when the
  digits match exactly and the letters match exactly one of those plates closely (at least two of the
  three letters, in order); otherwise the candidates with those digits are named («¿Te refieres a KLM482
  o a MMB482?»), or, with none, «No entendí bien la placa…»;
- a code resolves when exactly one of its readings (with the leading zeros the company uses) is a client
  code or delivery-note number; several are named; none gives «No entendí bien el código…».
A code or plate the bot reports as not confirmed by the note's audio (`SpokenDoubt`, in
`AskRequest.unconfirmed`: a number said as a number that a reading with one digit changed sounds about as
likely as) is asked back even when it resolves: the candidates among it and the company's own keys that
sounded as close («¿Te refieres a la remisión 1068 o a la remisión 1168?»), or «No entendí bien…».
Never another company's entity (the keys come from the caller's tenant transaction) and never a guess.
Resolved mentions are rewritten as canonical tokens («cliente 412», «TRX905», «remisión 7851») for the
question parser.

`company_keys(conn, text)` reads only the keys the text could mean (one `backend.store` query per kind).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

import asyncpg
from rapidfuzz.distance import LCSseq

from backend.contract import SpokenDoubt
from backend.core.spoken import Mention, spoken_mentions
from backend.core.spoken_heard import letters_alike
from backend.core.spoken_kinds import cut_short, kind_hint, spelled_letters
from backend.core.text import fold
from backend.store import clients as store_clients
from backend.store import movements as store_movements
from backend.store import vehicles as store_vehicles

UNCLEAR = {
    "client": "No entendí bien el código: ¿puedes repetirlo o escribirlo?",
    "plate": "No entendí bien la placa: ¿puedes repetirla o escribirla?",
    "note": "No entendí bien el número de la remisión: ¿puedes repetirlo o escribirlo?",
}
MAX_CANDIDATES = 4
_PLATE_DIGITS = re.compile(r"^[A-Z]{3}([0-9]{3})$")
# A number followed by one of these is a quantity or a date, not a code ("15 días", "4 de noviembre").
_NOT_CODE_AFTER = re.compile(
    r"^\W*(?:de\s+)?(?:d[ií]as?|semanas?|mes(?:es)?|a[nñ]os?|horas?|canastillas?|estibas?|"
    r"tapas?|unidades|clientes|veh[ií]culos|conductores|documentos|enero|febrero|marzo|"
    r"abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)\b",
    re.IGNORECASE,
)
# …or preceded by a comparison or a year's wording («más de 500», «mayor a 300», «en 2026», «del año 2025»).
_NOT_CODE_BEFORE = re.compile(
    r"(?:\b(?:m[aá]s|menos|mayor(?:es)?|menor(?:es)?|arriba|encima|debajo|al menos|"
    r"sobre|hasta|top|primeros|[uú]ltimos)\s+(?:de|a|que|del)?\s*)$",
    re.IGNORECASE,
)
_YEAR_BEFORE = re.compile(r"\b(?:en|de|del|a[nñ]o)\s+$", re.IGNORECASE)
_YEAR = re.compile(r"^(?:19|20)\d\d$")
# One short word dictated alone, starting the note or a sentence, right before a code («Cá, 850…»).
_LETTER_ITEM_BEFORE = re.compile(r"(?:^|[.,;:?!¿¡]\s*)([^\W\d_]{1,5})\s*,\s*$")
_NOT_LETTER_ITEM = frozenset({"y", "a", "o", "u", "si", "no", "ya", "eh", "bueno"})
_KIND_WORD_LAST = re.compile(r"\b(cliente|c[oó]digo|(?:la|a)?placa|remisi[oó]n)\W*$", re.IGNORECASE)


@dataclass
class CompanyKeys:
    """The company's keys a text could mean: client code -> name, plates, delivery-note numbers."""

    clients: dict[str, str] = field(default_factory=dict)
    plates: set[str] = field(default_factory=set)
    notes: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class SpokenOutcome:
    """`question` rewritten with canonical tokens; when `answer` is set, send it instead of answering
    (`answer_kind` "ambiguous": candidates named; "not_found": «no entendí…»). `resolved`: the
    (kind, key) pairs the question was found to name, kind "client", "vehicle" or "delivery_note"."""

    question: str
    answer: str | None = None
    answer_kind: Literal["answer", "ambiguous", "not_found"] = "answer"
    resolved: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class _Lookups:
    codes: tuple[str, ...]
    plate_digits: tuple[str, ...]


def as_plate(text: str, m: Mention) -> list[tuple[str, str]]:
    """[(heard letters, digits), …] when `m` is a plate, or a code whose 3 digits follow plate letters or
    the word placa/vehículo; [] for a code."""
    if m.kind == "plate":
        return [(c[:3], c[3:]) for c in m.candidates]
    digits = [r for r in m.candidates if len(r) == 3]
    hint = kind_hint(text, m)
    if digits and (len(m.letters) == 2 or hint == "plate" or (hint is None and _lone_letter(text, m))):
        return [(m.letters, digits[0])]
    if digits and hint is None and (spelled := spelled_letters(text, m)):
        return [(spelled, digits[0])]  # «E, doble ve, EF, seis, cero, uno»: a plate's digits, never a client
    return []


def _lone_letter(text: str, m: Mention) -> bool:
    """True when `m`'s digits follow one plate letter dictated on its own («Cá, 850, y 3.»: KAU853 with
    two letters lost): a plate read aloud, never a client code or a note said without its kind word."""
    found = _LETTER_ITEM_BEFORE.search(text[: m.span[0]])
    return len(m.letters) == 1 and found is not None and fold(found.group(1)).lower() not in _NOT_LETTER_ITEM


def is_number(text: str, m: Mention) -> bool:
    """A code mention that may name an entity: not a quantity or date («15 días», «4 de noviembre»)."""
    if m.kind != "code" or _NOT_CODE_AFTER.match(text[m.span[1] :]):
        return False
    if kind_hint(text, m) is not None:
        return True
    before = text[: m.span[0]]
    year = all(_YEAR.match(r) for r in m.candidates) and _YEAR_BEFORE.search(before)
    return not (_NOT_CODE_BEFORE.search(before) or year)


def _is_code(text: str, m: Mention) -> bool:
    """A number that surely names an entity: a kind word before it, or three digits or more. One that
    matches nothing gets «no entendí»; a shorter number only resolves when it exists («setenta y siete»)."""
    return is_number(text, m) and (kind_hint(text, m) is not None or any(len(r) >= 3 for r in m.candidates))


def code_readings(m: Mention) -> list[str]:
    readings = list(m.candidates)
    readings += [r.zfill(3) for r in m.candidates if len(r) < 3]  # «el siete» is client 007
    return list(dict.fromkeys(readings))


def _lookups(text: str, mentions: list[Mention]) -> _Lookups:
    codes: list[str] = []
    digits: list[str] = []
    for m in mentions:
        plates = as_plate(text, m)
        if plates:
            digits += [d for _, d in plates]
        elif is_number(text, m):
            codes += code_readings(m)
    return _Lookups(tuple(dict.fromkeys(codes)), tuple(dict.fromkeys(digits)))


async def company_keys(
    conn: asyncpg.Connection, text: str, *, more_codes: Iterable[str] = (), more_plate_digits: Iterable[str] = ()
) -> CompanyKeys:
    """The caller's keys that `text`'s spoken mentions could mean, and those among `more_codes` (client
    codes and delivery notes) and plates ending in `more_plate_digits` — still one query per kind.
    `conn` must be inside `tenant_transaction` (row-level security keeps it to the caller's company)."""
    want = _lookups(text, spoken_mentions(text, heard=True))
    codes = sorted({*want.codes, *more_codes})
    digits = sorted({*want.plate_digits, *more_plate_digits})
    keys = CompanyKeys()
    if codes:
        keys.clients = {c.code: c.name for c in await store_clients.clients(conn, codes=codes)}
        keys.notes = await store_movements.known_notes(conn, numbers=codes)
    if digits:
        keys.plates = await store_vehicles.plates_ending(conn, digits=digits)
    return keys


def plate_choice(heard: list[tuple[str, str]], keys: CompanyKeys) -> tuple[str | None, list[str]]:
    """(the plate, []) when resolved, else (None, candidates). Several readings that are plates of the
    company are candidates; with none, the plates whose digits are heard and whose letters sound alike
    (`letters_alike` ≥ 1.5 with at least one letter said right, strictly better than every other)."""
    exact = list(dict.fromkeys(letters + digits for letters, digits in heard if letters + digits in keys.plates))
    if len(exact) == 1:
        return exact[0], []
    if exact:
        return None, exact
    scores: dict[str, tuple[float, int]] = {}
    for letters, digits in heard:
        for p in keys.plates:
            if _PLATE_DIGITS.match(p) and p[3:] == digits:
                score = (letters_alike(letters, p[:3]), LCSseq.similarity(letters, p[:3]))
                scores[p] = max(scores.get(p, score), score)
    ranked = sorted(scores, key=lambda p: (-scores[p][0], -scores[p][1], p))
    if ranked:
        top = scores[ranked[0]]
        if top[0] >= 1.5 and top[1] >= 1 and all(scores[p][0] < top[0] for p in ranked[1:]):
            return ranked[0], []
    return None, ranked


def code_choice(text: str, m: Mention, keys: CompanyKeys) -> list[tuple[str, str]]:
    """Existing (kind, key) for a code mention's readings, kind "client" or "note"; none for a
    dictation with an item next to it not read as a digit (`cut_short`: a digit was lost)."""
    hint = kind_hint(text, m)
    if hint == "plate" or cut_short(text, m):
        return []  # «la placa cae 4, 8, 12»: digits after «placa» are never a client or a note
    hits: list[tuple[str, str]] = []
    for reading in code_readings(m):
        if hint != "note" and reading in keys.clients:
            hits.append(("client", reading))
        if hint != "client" and reading in keys.notes:
            hits.append(("note", reading))
    return list(dict.fromkeys(hits))


def _label(kind: str, key: str, keys: CompanyKeys) -> str:
    if kind == "client":
        return f"al cliente [{key}] {keys.clients[key]}"
    if kind == "note":
        return f"a la remisión {key}"
    return f"a {key}"


def _which(options: list[tuple[str, str]], keys: CompanyKeys) -> str:
    shown = [_label(kind, key, keys) for kind, key in options[:MAX_CANDIDATES]]
    more = f" (hay {len(options) - MAX_CANDIDATES} más)" if len(options) > MAX_CANDIDATES else ""
    return "¿Te refieres " + (", ".join(shown[:-1]) + " o " + shown[-1] if len(shown) > 1 else shown[0]) + f"?{more}"


def _known(kind: str, key: str, keys: CompanyKeys) -> bool:
    return key in (keys.clients if kind == "client" else keys.notes if kind == "note" else keys.plates)


def _doubted(text: str, kind: str, key: str, keys: CompanyKeys, doubts: Sequence[SpokenDoubt]) -> SpokenOutcome | None:
    """The question back for a resolved (kind, key) — kind "client", "note" or "plate" — that `doubts`
    says the audio did not confirm: its candidates and the company's `near` keys (at most
    `MAX_CANDIDATES`), or «no entendí»; None when it is not doubted."""
    wanted = {"client": "client", "note": "delivery_note", "plate": "vehicle"}[kind]
    mine = [d for d in doubts if d.kind == wanted and d.key == key]
    if not mine:
        return None
    near = [(kind, n) for d in mine for n in d.near if _known(kind, n, keys)]
    options = list(dict.fromkeys([(kind, key), *near]))
    if len(options) == 1 or len(options) > MAX_CANDIDATES:
        return SpokenOutcome(text, UNCLEAR[kind], "not_found")
    return SpokenOutcome(text, _which(options, keys), "ambiguous")


def doubt_keys(doubts: Sequence[SpokenDoubt]) -> tuple[set[str], set[str]]:
    """(codes, plate digits) that `company_keys` must also read for `doubts`' near keys."""
    codes = {n for d in doubts if d.kind != "vehicle" for n in d.near}
    digits = {n[3:] for d in doubts if d.kind == "vehicle" for n in d.near if _PLATE_DIGITS.match(n)}
    return codes, digits


def resolve_spoken(text: str, keys: CompanyKeys, doubts: Sequence[SpokenDoubt] = ()) -> SpokenOutcome:
    """Decide what a voice question's spoken codes and plates are (rules in the module docstring).
    Pure: `keys` holds the company's existing keys (at least those the text could mean, and `doubts`'
    near keys); `doubts` the resolutions the audio did not confirm."""
    out, last, resolved = [], 0, []
    mentions = spoken_mentions(text, heard=True)
    for m in mentions:
        plates = as_plate(text, m)
        if plates:
            chosen, candidates = plate_choice(plates, keys)
            if chosen is None:
                if not candidates or len(candidates) > MAX_CANDIDATES:
                    return SpokenOutcome(text, UNCLEAR["plate"], "not_found")
                return SpokenOutcome(text, _which([("plate", p) for p in candidates], keys), "ambiguous")
            if asked := _doubted(text, "plate", chosen, keys, doubts):
                return asked
            token = chosen
            resolved.append(("vehicle", chosen))
        elif is_number(text, m):
            hits = code_choice(text, m, keys)
            if not hits and not _is_code(text, m):
                continue
            if not hits:
                return SpokenOutcome(text, UNCLEAR.get(kind_hint(text, m) or "client", UNCLEAR["client"]), "not_found")
            if len(hits) > 1:
                return SpokenOutcome(text, _which(hits, keys), "ambiguous")
            kind, key = hits[0]
            named = kind_hint(text, m) is not None
            if kind == "note" and not named:  # a bare number is a client code far more often: ask
                return SpokenOutcome(text, _which(hits, keys), "ambiguous")
            if asked := _doubted(text, kind, key, keys, doubts):
                return asked
            token = key if named else ("cliente " if kind == "client" else "remisión ") + key
            resolved.append(("client" if kind == "client" else "delivery_note", key))
        else:
            continue
        start, end = m.span
        if start >= last:
            out += [text[last:start], token]
            last = end
    if not mentions and (found := _KIND_WORD_LAST.search(text)):
        word = fold(found.group(1)).lower()
        kind = "plate" if word.endswith("placa") else "note" if word == "remision" else "client"
        return SpokenOutcome(text, UNCLEAR[kind], "not_found")
    return SpokenOutcome("".join(out) + text[last:], resolved=tuple(dict.fromkeys(resolved)))


async def resolve_voice_question(
    conn: asyncpg.Connection, text: str, doubts: Sequence[SpokenDoubt] = ()
) -> SpokenOutcome:
    """`resolve_spoken` against the caller's own keys (`conn` inside `tenant_transaction`)."""
    codes, digits = doubt_keys(doubts)
    return resolve_spoken(text, await company_keys(conn, text, more_codes=codes, more_plate_digits=digits), doubts)
