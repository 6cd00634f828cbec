"""Voice transcripts: slots for a code whose digits Whisper wrote in parts or did not all hear — the bot
settles them on the audio with the candidates' Spanish words (`SpokenSlot.in_words`, `bot.voice.worded`).

- `thousands_slot`: a number said as a number written with its thousands apart: one digit (or «Mil»),
  then «.» or «,» and the rest («8.1411» for «ocho mil cuatrocientos once», «Mil, 940 y 4», «6,640 y 3»,
  «5.0660.3»). Candidates: the company's keys among D·1000 + rest (a rest below 1000) and, for a rest of
  four digits, the four digits left when one of D + rest is dropped — «8.1411» → 8411 («mil» written
  «.1»), 8141, 8111; «5.1996» → 5196. Which one is never read from the text: on earlier held-out
  sets «D.1XYZ» was D XYZ for 4 of 7 and another number for 3. One digit written apart after the rest
  («5.1272.9.» for «cinco mil doscientos setenta y nueve») may be its unit: each candidate with its last
  digit that one is a candidate too (`unit_codes`: 5279 beside 5272, 5172…).
- `dictation_slot`: a transcript whose last sentence is a dictation of three or four single-word items,
  some heard as no digit name (and a digit heard, or a kind word before it): «Pre, cinco, cuatro, dos»,
  «Tray, Nueve, Fiaté, Fiaté» — a digit's place lost, so no mention spans it. Candidates: the company's
  keys of as many digits with the digits heard in their places, the others ranked by how each lost item
  sounds like the digit (`sound_key` distance), at most `MAX_WORDED` — a cheap prefilter; the audio then
  decides, by the rescoring's margin over the other candidates and over every key one digit away, the
  company's or not. With no digit heard at all («FACE, FACE, SETTLE» for «seis, seis, cero»), only a
  transcript that is nothing but the dictation (or has a kind word before it) gets a slot: the top
  `MAX_LOST_WORDED` keys by how the whole dictation sounds (rapidfuzz ratio of the sound keys), marked
  `lost` — the bot then also wants the winner's words `MARGIN` nats above the words as heard, so a
  greeting («Hola, buenos, días») is never taken for a code.
Pure: `keys` are the caller's; `wanted_codes(text)` says which codes to read for them.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator

from rapidfuzz import fuzz
from rapidfuzz.distance import Levenshtein

from backend.context.spoken_choice import CompanyKeys
from backend.contract import SpokenCandidate, SpokenSlot
from backend.core.spoken import Mention, spoken_mentions
from backend.core.spoken_glued import letters_before
from backend.core.spoken_heard import LETTER_NAMES, sound_key
from backend.core.spoken_kinds import is_item, kind_hint, spelled_letters
from backend.core.text import fold

MAX_WORDED = 8
MAX_LOST_WORDED = 16  # no digit heard: ranked by the whole dictation's sound, a wider net
_DIGIT_NAMES = ("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve")
_DIGIT_SOUNDS = tuple(sound_key(w) for w in _DIGIT_NAMES)
_APART = re.compile(r"^\s*[.,]\s*$")  # what stands between a thousands digit and the rest: «8.1411», «Mil, 940»
# The last sentence: three or four single-word items between commas, nothing after but punctuation.
_DICTATION = re.compile(r"(?:^|[.?!¡¿]\s*)((?:[^\W_]{1,8}\s*,\s*){2,3}[^\W_]{1,8})[\s.?!]*$")
_MAX_LOST = 3  # lost items at most (10^3 codes to read)


def _candidate(kind: str, key: str) -> SpokenCandidate:
    token = {"client": f"cliente {key}", "delivery_note": f"remisión {key}"}.get(kind, key)
    return SpokenCandidate(kind=kind, key=key, token=token)


def _known(keys: CompanyKeys, hint: str | None, codes: list[str]) -> list[tuple[str, str]]:
    """(kind, key) of `codes` that are the company's, of the kind `hint` allows, in order."""
    out = []
    for code in dict.fromkeys(codes):
        if hint != "note" and code in keys.clients:
            out.append(("client", code))
        if hint != "client" and code in keys.notes:
            out.append(("delivery_note", code))
    return out


def _slot_kind(hint: str | None) -> str:
    return {"client": "client", "note": "delivery_note"}.get(hint or "", "code")


def thousands_codes(text: str, first: Mention, rest: Mention) -> list[str]:
    """The codes a thousands digit `first` and the `rest` written after it may be (module docstring);
    [] when they are not that shape."""
    written = text[rest.span[0] : rest.span[1]]
    if first.span[1] > rest.span[0] or not _APART.match(text[first.span[1] : rest.span[0]]):
        return []
    if not re.match(r"\d{3}", written.replace(".", "")) or "," in written:  # the rest written as a number
        return []
    heads = [c for c in first.candidates if len(c) == 1 and c != "0"] + ["1" for c in first.candidates if c == "1000"]
    out: list[str] = []
    for head, tail in itertools.product(heads, rest.candidates):
        if len(tail) <= 3:
            out.append(head + tail.zfill(3))
        elif len(tail) == 4:
            joined = head + tail
            out += [joined[:i] + joined[i + 1 :] for i in range(1, len(joined))]  # the head stays
    return list(dict.fromkeys(c for c in out if c[0] != "0"))


def _unit(text: str, rest: Mention, after: Mention | None) -> str:
    """The one digit written apart right after a thousands number's rest («5.1272.9.»: «…setenta y nueve»
    heard as 1272, then «9»), "" when none."""
    if after is None or after.kind != "code" or [len(c) for c in after.candidates] != [1]:
        return ""
    return after.candidates[0] if _APART.match(text[rest.span[1] : after.span[0]]) else ""


def unit_codes(text: str, first: Mention, rest: Mention, after: Mention | None) -> list[str]:
    """`thousands_codes`, and, when one digit follows the rest apart (`_unit`), each of them with its last
    digit that unit («5.1272.9» -> 5279 beside 5272, 5172…): the words decide which was said."""
    codes = thousands_codes(text, first, rest)
    unit = _unit(text, rest, after)
    return list(dict.fromkeys(codes + [c[:-1] + unit for c in codes if unit]))


def thousands_slot(
    text: str, first: Mention, rest: Mention, keys: CompanyKeys, after: Mention | None = None
) -> SpokenSlot | None:
    """A slot over `first` + `rest` (+ a unit written apart after them, `unit_codes`) when they are a
    number written with its thousands apart and some of its readings are the company's, else None."""
    if first.kind != "code" or rest.kind != "code" or kind_hint(text, first) == "plate":
        return None
    hint = kind_hint(text, first)
    found = _known(keys, hint, unit_codes(text, first, rest, after))
    if not found:
        return None
    return SpokenSlot(
        start=first.span[0],
        end=(after if _unit(text, rest, after) and after else rest).span[1],
        kind=_slot_kind(hint),
        candidates=[_candidate(kind, key) for kind, key in found],
        in_words=True,
    )


def _digit(item: str) -> str | None:
    w = fold(item).lower()
    if w.isdigit() and len(w) == 1:
        return w
    return str(_DIGIT_NAMES.index(w)) if w in _DIGIT_NAMES else None


def _dictation(text: str) -> tuple[int, int, list[str | None], list[str]] | None:
    """(start, end, the digit heard per item or None, the items) of the dictation `text` ends with, when
    at least one of its items is a lost digit (module docstring); None otherwise."""
    found = _DICTATION.search(text)
    if found is None:
        return None
    items = [i.strip() for i in found.group(1).split(",")]
    digits = [_digit(i) for i in items]
    lost = [i for i, d in zip(items, digits, strict=True) if d is None]
    if not lost or len(lost) > _MAX_LOST or not all(is_item(i) and not i.isdigit() for i in lost):
        return None
    if any(len(w := fold(i).lower()) == 1 or w in LETTER_NAMES for i in lost):
        return None  # a letter said («V, O, E», «Te, S, D»): a plate being spelled, never a code
    return found.start(1), found.end(1), digits, items


def wanted_codes(text: str) -> set[str]:
    """Every code the dictation `text` ends with could be, lost items as any digit (for `slot_keys`)."""
    found = _dictation(text)
    if found is None:
        return set()
    options = [[d] if d is not None else list("0123456789") for d in found[2]]
    return {"".join(p) for p in itertools.product(*options)}


def dictation_slot(text: str, keys: CompanyKeys) -> SpokenSlot | None:
    """A slot over the dictation `text` ends with when some items are lost digits (module docstring)."""
    found = _dictation(text)
    if found is None:
        return None
    start, end, digits, items = found
    hint = kind_hint(text, Mention("code", ("",), "", (start, end)))
    lost = all(d is None for d in digits)
    if hint == "plate" or (lost and hint is None and text[:start].strip(" ¡¿")):
        return None  # nothing says a code was dictated: no digit heard, no kind word, other words said
    if spelled_letters(text, Mention("code", ("",), "", (start, end))) or letters_before(text, start):
        return None  # after plate letters («A, ese, be, uno, uno, vengo»): a plate's digits, never a code
    codes = [c for c in wanted_codes(text) if c[0] != "0" or hint == "client" or c in keys.clients]
    found_keys = _known(keys, hint, codes)
    said = " ".join(sound_key(i) for i in items)

    def distance(key: str) -> tuple[float, ...]:
        if lost:  # no digit to place the others by: how the whole dictation sounds («FACE, FACE, SETTLE»)
            return (-fuzz.ratio(said, " ".join(_DIGIT_SOUNDS[int(d)] for d in key)),)
        return (
            sum(
                Levenshtein.distance(sound_key(item), _DIGIT_SOUNDS[int(d)])
                for item, heard, d in zip(items, digits, key, strict=True)
                if heard is None
            ),
        )

    ranked = sorted(found_keys, key=lambda kk: (distance(kk[1]), kk[1]))[: MAX_LOST_WORDED if lost else MAX_WORDED]
    if not ranked:
        return None
    candidates = [_candidate(k, key) for k, key in ranked]
    return SpokenSlot(start=start, end=end, kind=_slot_kind(hint), candidates=candidates, lost=lost)


def _side_by_side(text: str) -> Iterator[tuple[Mention, Mention, Mention | None]]:
    """Each two mentions of `text` side by side, with the mention after them (None at the end)."""
    ms = spoken_mentions(text, heard=True)
    return ((a, b, after) for (a, b), after in zip(itertools.pairwise(ms), [*ms[2:], None], strict=False))


def thousands_slots(text: str, keys: CompanyKeys) -> list[SpokenSlot]:
    """The thousands slots of `text`, in order (`thousands_slot` for each two mentions side by side, with
    the mention after them)."""
    found = (thousands_slot(text, a, b, keys, after) for a, b, after in _side_by_side(text))
    return [s for s in found if s is not None]


def part_codes(text: str) -> set[str]:
    """Every code `thousands_slots` may name for `text` (for `slot_keys`)."""
    return {c for a, b, after in _side_by_side(text) for c in unit_codes(text, a, b, after)}
