"""Voice transcripts: where a code or plate was said but not surely heard, and the company's own
candidates for it — what the bot scores on the audio (`POST /v1/voice/candidates`).

`spoken_slots(text, keys)` gives nothing when `resolve_spoken` resolves every mention. Otherwise, per
mention that does not resolve (a code or plate that is not the company's, or several readings that are):
- a code (client code or delivery-note number): the company's keys one edit away from one of its
  readings (a digit lost, added or misheard: «3, 5, 1» -> 3351, 3511, 1351…), of the kind its kind word
  says (both without one); the span also takes in the dictation's misheard items after it
  («SAIS, SAIS, SETTLE» -> the whole dictation);
- a plate: the company's plates whose digits are at most one edit from those heard, closest letters first;
- no mention after a kind word for plates («…de la placa», the letters lost), or, in a `partial`
  transcript (what came before a decoding loop), a dictation of letters («U, B, M, S»): every plate of
  the company when there are at most `MAX_SLOT_CANDIDATES`.
Candidates are only ever the company's keys (from the caller's tenant transaction); the bot accepts
one only when the audio says it clearly better than every other reading (`bot.voice.rescore`).

`spoken_checks(text, keys)`: the other way round, the codes and plates the transcript does resolve to
from a number said as a number («Manda me la remisión. 1060.8.» -> note 1068, «8.129.» -> 8129) or from
a dictation of one word per digit («1, 3, 4...» -> client 134): greedy decoding loses or changes a number
word («ciento») or a digit («seis» heard «4») and the result may still be one of the company's keys.
The bot confirms each on the audio against the readings with one digit changed, and when the audio does
not say it clearly, reports it to `/v1/ask` (`AskRequest.unconfirmed`), which then asks back.
"""

from __future__ import annotations

import re

import asyncpg
from rapidfuzz.distance import Levenshtein

from backend.context.spoken_choice import (
    CompanyKeys,
    after_glued_letters,
    as_plate,
    code_choice,
    is_number,
    plate_choice,
)
from backend.context.spoken_entities import resolve_spoken
from backend.context.spoken_keys import company_keys
from backend.context.spoken_parts import dictation_slot, part_codes, thousands_slots, wanted_codes
from backend.contract import MAX_SLOT_CANDIDATES, SpokenCandidate, SpokenCheck, SpokenSlot
from backend.core.spoken import Mention, spoken_mentions
from backend.core.spoken_heard import LETTER_NAMES, heard_letter, heard_number, letters_alike
from backend.core.spoken_kinds import ITEM_AFTER, is_item, kind_hint, spelled_letters
from backend.core.spoken_readings import said_as_number
from backend.core.text import fold
from backend.store import vehicles as store_vehicles

_DIGITS = "0123456789"
DIGIT_WORDS = frozenset(("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve"))
# Codes one edit away, at most (a digit doubled first, then by edit; each costs one scoring on the audio).
MAX_CODE_CANDIDATES = 24
# «…de la placa», maybe with letters dictated after it and no digits: the plate's reading was lost.
_PLATE_WORD_LAST = re.compile(r"(?:\b(?:la\s*|a)?placa|\bveh[ií]culo)\b(?:\W*\b[^\W\d_]{1,2}\b)*\W*$", re.IGNORECASE)
_PLATE_WORD = re.compile(r"(?:\b(?:la\s*|a)?placa|\bveh[ií]culo)\b\W*", re.IGNORECASE)
# Three letters or more dictated one by one and nothing else («U, B, M, S»).
_LETTER_DICTATION = re.compile(r"^\W*(?:\b[^\W\d_]{1,2}\b[,.]?\s*){3,}\W*$")
_ITEM = re.compile(r"\w+")  # a dictation's items («1, 3, 4», «Uno, tres, cuatro», «K, L, M, 4, 8, 2»)


def neighbours(code: str) -> set[str]:
    """Digit strings one edit (substitution, insertion, deletion) from `code`, `code` itself included."""
    out = {code}
    for i in range(len(code) + 1):
        out.update(code[:i] + d + code[i:] for d in _DIGITS)
        if i < len(code):
            out.update(code[:i] + d + code[i + 1 :] for d in _DIGITS)
            out.add(code[:i] + code[i + 1 :])
    return {c for c in out if c}


def _letter(word: str) -> str:
    """The plate letter a word of a dictation stands for («V», «ve», «uve» -> "V"), "" when none."""
    w = fold(word).lower()
    return w.upper() if len(w) == 1 and w.isalpha() else LETTER_NAMES.get(w, "") or heard_letter(w).upper()


def _doubled(heard: str, key: str) -> bool:
    """True when `key` is `heard` with one digit said twice («3, 5, 1» for 3351): a repeated word is
    what greedy decoding drops most often, so such candidates are scored first."""
    return len(key) == len(heard) + 1 and any(
        key[:i] + key[i + 1 :] == heard and key[i] == key[i - 1] for i in range(1, len(key))
    )


def _span_end(text: str, end: int) -> int:
    """`end` moved past the misheard dictation items that follow a dictated code («…, SETTLE»)."""
    if "," not in text[:end]:
        return end
    while (m := ITEM_AFTER.match(text, end)) and is_item(m.group(1)):
        end = m.end()
    return end


def _code_slot(text: str, m: Mention, keys: CompanyKeys) -> SpokenSlot | None:
    hint = kind_hint(text, m)
    readings = [r for r in m.candidates if len(r) >= 2]  # one digit heard is too little to go on
    near: dict[tuple[str, str], tuple[int, bool, int]] = {}
    for reading in readings:
        for key in neighbours(reading):
            for kind, known in (
                ("client", hint != "note" and key in keys.clients),
                ("delivery_note", hint != "client" and key in keys.notes),
            ):
                if known:
                    rank = (
                        Levenshtein.distance(reading, key),
                        not _doubled(reading, key),
                        abs(len(reading) - len(key)),
                    )
                    near[(kind, key)] = min(near.get((kind, key), rank), rank)
    if not near:
        return None
    ranked = sorted(near, key=lambda kk: (near[kk], kk[1]))[:MAX_CODE_CANDIDATES]
    kind = {"client": "client", "note": "delivery_note"}.get(hint or "", "code")
    return SpokenSlot(
        start=m.span[0],
        end=_span_end(text, m.span[1]),
        kind=kind,
        candidates=[_candidate(k, key) for k, key in ranked],
    )


def _candidate(kind: str, key: str) -> SpokenCandidate:
    token = {"client": f"cliente {key}", "delivery_note": f"remisión {key}"}.get(kind, key)
    return SpokenCandidate(kind=kind, key=key, token=token)


def _plate_slot(
    start: int, end: int, heard: list[tuple[str, str]], plates: set[str], letters: str = ""
) -> SpokenSlot | None:
    """A plate slot: with digits heard, the plates whose digits are at most one edit away, closest
    first; without, every plate (none when there are more than `MAX_SLOT_CANDIDATES`), those whose
    letters sound most like the first three `letters` heard first."""
    scored: list[tuple[tuple[float, float], str]] = []
    for plate in plates:
        if not heard:
            scored.append(((0, -letters_alike(letters[:3], plate[:3]) if len(letters) >= 3 else 0.0), plate))
            continue
        best = min(
            (Levenshtein.distance(digits, plate[3:]), -letters_alike(letters, plate[:3])) for letters, digits in heard
        )
        if best[0] <= 1:
            scored.append((best, plate))
    if not scored or (not heard and len(scored) > MAX_SLOT_CANDIDATES):
        return None
    ranked = [p for _, p in sorted(scored)][:MAX_SLOT_CANDIDATES]
    return SpokenSlot(start=start, end=end, kind="vehicle", candidates=[_candidate("vehicle", p) for p in ranked])


def spoken_slots(text: str, keys: CompanyKeys, *, partial: bool = False) -> list[SpokenSlot]:
    """The slots of voice transcript `text` (rules in the module docstring), in order. Pure: `keys`
    holds the company's keys near what the text says (`slot_keys`), or all of them."""
    outcome = resolve_spoken(text, keys)
    if not partial and outcome.answer is None and outcome.resolved:
        return []
    parts, dictated = thousands_slots(text, keys), dictation_slot(text, keys)  # `spoken_parts`
    slots: list[SpokenSlot] = list(parts)
    mentions = spoken_mentions(text, heard=True)
    for m in mentions:
        if any(p.start <= m.span[0] < p.end or p.start < m.span[1] <= p.end for p in parts):
            continue
        plates = as_plate(text, m)
        if plates:
            chosen, _ = plate_choice(plates, keys)
            slot = None if chosen else _plate_slot(m.span[0], _span_end(text, m.span[1]), plates, keys.plates)
        elif spelled_letters(text, m) or after_glued_letters(text, m):
            slot = None  # digits after plate letters («A, ese, be, uno, uno, vengo»): a plate's, never a code
        elif is_number(text, m) or "," in text[m.span[0] : m.span[1]]:
            hits = code_choice(text, m, keys)
            slot = None if len(hits) == 1 and kind_hint(text, m) else _code_slot(text, m, keys)
        else:
            slot = None
        if slot is not None:
            slots.append(slot)
    if dictated and not any(s.start <= dictated.start and dictated.end <= s.end for s in slots):
        # lost items no mention's slot spans («Pre, cinco, cuatro, dos»); «SAIS, SAIS, SETTLE» has its own
        slots = [s for s in slots if s.end <= dictated.start or dictated.end <= s.start] + [dictated]
    if mentions or slots:
        return sorted(slots, key=lambda s: s.start)
    if (found := _PLATE_WORD_LAST.search(text)) or _LETTER_DICTATION.match(text):
        start = _PLATE_WORD.match(text, found.start()).end() if found else 0  # type: ignore[union-attr]
        letters = "".join(_letter(w) for w in re.findall(r"[^\W\d_]+", text[start:]))
        slot = _plate_slot(start, len(text), [], keys.plates, letters)
        return [slot] if slot else []
    return []


def _digit_items(said: str) -> int:
    """How many of the words of `said` are one digit each: «1», «tres», a misheard «Viete» (`heard_number`)."""
    return sum(
        (w.isdigit() and len(w) == 1) or heard_number(fold(w).lower()) in DIGIT_WORDS for w in _ITEM.findall(said)
    )


def spoken_checks(text: str, keys: CompanyKeys) -> list[SpokenCheck]:
    """The codes and plates voice transcript `text` resolves to from a number said as a number
    (`said_as_number`) or from a dictation whose digits are each one word («1, 3, 4», «Uno, tres, cuatro»,
    «K, L, M, 4, 8, 2»: as many such words as the key has digits), in order: a plate `plate_choice` takes,
    or a code with exactly one existing reading that `resolve_spoken` would answer (a bare note number is
    asked back anyway). Pure."""
    checks: list[SpokenCheck] = []
    for m in spoken_mentions(text, heard=True):
        said = text[m.span[0] : m.span[1]]
        number = said_as_number(said)
        if not number and _digit_items(said) < 2:
            continue
        plates = as_plate(text, m)
        if plates:
            chosen, _ = plate_choice(plates, keys)
            if chosen and (number or _digit_items(said) == len(chosen) - 3):
                checks.append(SpokenCheck(start=m.span[0], end=m.span[1], kind="vehicle", key=chosen))
        elif is_number(text, m) and len(hits := code_choice(text, m, keys)) == 1:
            kind, key = hits[0]
            if (kind == "client" or kind_hint(text, m) is not None) and (number or _digit_items(said) == len(key)):
                checks.append(
                    SpokenCheck(
                        start=m.span[0],
                        end=m.span[1],
                        kind="client" if kind == "client" else "delivery_note",
                        key=key,
                    )
                )
    return checks


async def slot_keys(conn: asyncpg.Connection, text: str) -> CompanyKeys:
    """The caller's keys `spoken_slots` may need for `text`: those `company_keys` reads, the client
    codes and delivery notes one edit from each code heard, and up to `MAX_SLOT_CANDIDATES` + 1 plates
    (all of a usual fleet). `conn` must be inside `tenant_transaction` (row-level security)."""
    mentions = spoken_mentions(text, heard=True)
    near = {n for m in mentions for r in m.candidates if len(r) >= 2 for n in neighbours(r)}
    near |= part_codes(text) | wanted_codes(text)
    digits = {n for m in mentions for _, d in as_plate(text, m) for n in neighbours(d) if len(n) == 3}
    keys = await company_keys(conn, text, more_codes=near, more_plate_digits=digits)
    keys.plates |= set(await store_vehicles.some_plates(conn, limit=MAX_SLOT_CANDIDATES + 1))
    return keys


async def voice_slots(
    conn: asyncpg.Connection, text: str, *, partial: bool = False
) -> tuple[list[SpokenSlot], list[SpokenCheck]]:
    """(`spoken_slots`, `spoken_checks`) against the caller's own keys (`conn` inside
    `tenant_transaction`); no checks for a decoding loop's head (`partial`: it is refused unless settled)."""
    keys = await slot_keys(conn, text)
    return spoken_slots(text, keys, partial=partial), [] if partial else spoken_checks(text, keys)
