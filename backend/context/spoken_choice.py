"""Voice questions: which of the company's keys a transcript's spoken mention could mean.

`as_plate` / `is_number` say what a mention is (a plate's letters and digits, a code, or a quantity or
date that names nothing); `code_readings` its readings with the company's leading zeros; `wanted_keys`
the codes and plate digits a text's mentions could mean (what `spoken_keys.company_keys` reads);
`plate_choice` / `code_choice` the company's keys a mention matches: a plate exactly, or — digits exact,
letters alike — exactly one; a code when a reading exists. Pure: the keys come from the caller's tenant
(`CompanyKeys`); the outcome wording is `spoken_entities`'.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rapidfuzz.distance import LCSseq

from backend.core.spoken import Mention, spoken_mentions
from backend.core.spoken_glued import letters_before
from backend.core.spoken_heard import letters_alike
from backend.core.spoken_kinds import cut_short, kind_hint, spelled_letters
from backend.core.text import fold

PLATE_DIGITS = re.compile(r"^[A-Z]{3}([0-9]{3})$")
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


@dataclass
class CompanyKeys:
    """The company's keys a text could mean: client code -> name, plates, delivery-note numbers."""

    clients: dict[str, str] = field(default_factory=dict)
    plates: set[str] = field(default_factory=set)
    notes: set[str] = field(default_factory=set)


@dataclass(frozen=True)
class Lookups:
    """The codes and plate digits a text's spoken mentions could mean."""

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


def is_code(text: str, m: Mention) -> bool:
    """A number that surely names an entity: a kind word before it, or three digits or more. One that
    matches nothing gets «no entendí»; a shorter number only resolves when it exists («setenta y siete»)."""
    return is_number(text, m) and (kind_hint(text, m) is not None or any(len(r) >= 3 for r in m.candidates))


def code_readings(m: Mention) -> list[str]:
    readings = list(m.candidates)
    readings += [r.zfill(3) for r in m.candidates if len(r) < 3]  # «el siete» is client 007
    return list(dict.fromkeys(readings))


def wanted_keys(text: str) -> Lookups:
    """The codes and plate digits the spoken mentions of `text` (heard forms included) could mean."""
    codes: list[str] = []
    digits: list[str] = []
    for m in spoken_mentions(text, heard=True):
        plates = as_plate(text, m)
        if plates:
            digits += [d for _, d in plates]
        elif is_number(text, m):
            codes += code_readings(m)
    return Lookups(tuple(dict.fromkeys(codes)), tuple(dict.fromkeys(digits)))


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
            if PLATE_DIGITS.match(p) and p[3:] == digits:
                score = (letters_alike(letters, p[:3]), LCSseq.similarity(letters, p[:3]))
                scores[p] = max(scores.get(p, score), score)
    ranked = sorted(scores, key=lambda p: (-scores[p][0], -scores[p][1], p))
    if ranked:
        top = scores[ranked[0]]
        if top[0] >= 1.5 and top[1] >= 1 and all(scores[p][0] < top[0] for p in ranked[1:]):
            return ranked[0], []
    return None, ranked


def after_glued_letters(text: str, m: Mention) -> bool:
    """True when code `m` follows plate letters Whisper glued into words («Aéfe, bec uno, uno, bingo»:
    a, efe, be, uno, uno, cinco — a plate spelled, `spoken_glued.letters_before`): its digits are a
    plate's, never a client code or a delivery note."""
    return m.kind == "code" and kind_hint(text, m) != "client" and bool(letters_before(text, m.span[0]))


def code_choice(text: str, m: Mention, keys: CompanyKeys) -> list[tuple[str, str]]:
    """Existing (kind, key) for a code mention's readings, kind "client" or "note"; none for a
    dictation with an item next to it not read as a digit (`cut_short`: a digit was lost), nor for
    digits right after plate letters glued into words (`after_glued_letters`)."""
    hint = kind_hint(text, m)
    if hint == "plate" or cut_short(text, m) or after_glued_letters(text, m):
        return []  # «la placa cae 4, 8, 12»: digits after «placa» are never a client or a note
    hits: list[tuple[str, str]] = []
    for reading in code_readings(m):
        if hint != "note" and reading in keys.clients:
            hits.append(("client", reading))
        if hint != "client" and reading in keys.notes:
            hits.append(("note", reading))
    return list(dict.fromkeys(hits))
