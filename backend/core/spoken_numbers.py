"""Spanish numbers as people say them and as Whisper writes them -> digit strings (pure functions).

    number_readings(["cuatrocientos", "doce"])     -> ("412",)
    number_readings(["cuatro", "12"])              -> ("412",)
    number_readings(["700", "80", "y", "6"])       -> ("786",)       parts that add up
    number_readings(["cuarenta", "dos"])           -> ("42", "402")  every reading, most literal first
    runs(tokens)                                   -> [start, end) spans of number words/digits

Used by `backend.core.spoken` (codes and plates in a text); tokens are folded words (`backend.core.text.fold`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

_UNITS = {
    "cero": 0,
    "uno": 1,
    "un": 1,
    "una": 1,
    "dos": 2,
    "tres": 3,
    "cuatro": 4,
    "cinco": 5,
    "seis": 6,
    "siete": 7,
    "ocho": 8,
    "nueve": 9,
}
_TEENS = {
    "diez": 10,
    "once": 11,
    "doce": 12,
    "trece": 13,
    "catorce": 14,
    "quince": 15,
    "dieciseis": 16,
    "diecisiete": 17,
    "dieciocho": 18,
    "diecinueve": 19,
    "veintiun": 21,
    "veintiuno": 21,
    "veintiuna": 21,
    "veintidos": 22,
    "veintitres": 23,
    "veinticuatro": 24,
    "veinticinco": 25,
    "veintiseis": 26,
    "veintisiete": 27,
    "veintiocho": 28,
    "veintinueve": 29,
}
_TENS = {
    "veinte": 20,
    "treinta": 30,
    "cuarenta": 40,
    "cincuenta": 50,
    "sesenta": 60,
    "setenta": 70,
    "ochenta": 80,
    "noventa": 90,
}
_HUNDREDS = {
    "cien": 100,
    "ciento": 100,
    "doscientos": 200,
    "doscientas": 200,
    "trescientos": 300,
    "trescientas": 300,
    "cuatrocientos": 400,
    "cuatrocientas": 400,
    "quinientos": 500,
    "quinientas": 500,
    "seiscientos": 600,
    "seiscientas": 600,
    "setecientos": 700,
    "setecientas": 700,
    "ochocientos": 800,
    "ochocientas": 800,
    "novecientos": 900,
    "novecientas": 900,
}
_ARTICLES = {"un", "una"}  # numbers only inside a number ("cuarenta y un"), never starting one
# Number word -> value for the words up to ninety (units, teens and twenties, tens).
WORD_VALUES: dict[str, int] = {**_UNITS, **_TEENS, **_TENS}
NUMBER_WORDS = frozenset(_UNITS) | set(_TEENS) | set(_TENS) | set(_HUNDREDS) | {"mil"}
_ALL_VALUES = {**_UNITS, **_TEENS, **_TENS, **_HUNDREDS, "mil": 1000}
# Whisper's spellings of number words, taken as numbers only inside a run ("cinco, sero, ojo" = 508).
_MISHEARD_IN_RUN = {"ojo": "ocho", "sais": "seis"}


def is_number_item(token: str) -> bool:
    """A digit string or a number word that can start or continue a number ("un"/"una" only continue)."""
    return token.isdigit() or (token in NUMBER_WORDS and token not in _ARTICLES)


def _round(token: str) -> bool:
    """A tens value that a unit can follow after "y" ("cuarenta", "970", "80")."""
    return token in _TENS or (token.isdigit() and len(token) >= 2 and token.endswith("0") and token.strip("0") != "")


def _unit(token: str) -> bool:
    return (token in _UNITS and _UNITS[token] > 0) or (len(token) == 1 and token.isdigit() and token != "0")


def _joins(tokens: list[str], j: int, heard: bool) -> int:
    """How many tokens from index j continue the run ending at j-1 (0: the run ends)."""
    prev, tok = tokens[j - 1], tokens[j]
    nxt = tokens[j + 1] if j + 1 < len(tokens) else ""
    if tok in ("y", "i") and _round(prev) and (_unit(nxt) or _unit(_MISHEARD_IN_RUN.get(nxt, ""))):
        return 2  # "cuarenta y dos", "970 y 6", "480, I, 2", "390, y, ojo"
    if (tok in ("cientos", "cientas") or (heard and tok == "100" and prev > "1")) and prev.isdigit() and len(prev) == 1:
        return 1  # "4 cientos doce", "4, 100, 12" (heard)
    if prev.isdigit() and tok.isdigit() and _additive([prev, tok], heard) is not None:
        return 1  # "700, 5", "mil 50"
    unit = _MISHEARD_IN_RUN.get(tok, tok)
    if heard and prev.isdigit() and {**_UNITS, **_TEENS, **_TENS}.get(unit) and _additive([prev, unit], heard):
        return 1  # "400, ojo", "900, doce" (heard): cuatrocientos ocho, novecientos doce
    if len(prev) >= 3 and prev.isdigit() or len(tok) >= 3 and tok.isdigit():
        return 0  # "412 310" are two numbers; "4 12" (Whisper's digits) is one
    if tok in _ARTICLES:
        return 1 if prev in _HUNDREDS or prev == "mil" else 0  # "ciento una", "mil un"
    if tok in _MISHEARD_IN_RUN and (is_number_item(nxt) or is_number_item(prev)):
        return 1
    return 1 if is_number_item(tok) else 0


def runs(tokens: list[str], heard: bool = False) -> list[tuple[int, int]]:
    """[start, end) spans of consecutive number words/digits ("mil" starts one only before a number)."""
    spans, i = [], 0
    while i < len(tokens):
        tok = tokens[i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        starts = is_number_item(tok) or (tok in _MISHEARD_IN_RUN and is_number_item(nxt))
        if not starts or (tok == "mil" and not is_number_item(nxt)):
            i += 1
            continue
        j = i + 1
        while j < len(tokens) and (step := _joins(tokens, j, heard)):
            j += step
        spans.append((i, j))
        i = j
    return spans


def _group(words: list[str]) -> int | None:
    """Value of a number below 1000 in words ("ciento", "cuarenta", "y", "dos"), None if malformed."""
    value, i = 0, 0
    if i < len(words) and words[i] in _HUNDREDS:
        if words[i] == "cien" and len(words) > 1:
            return None
        value, i = _HUNDREDS[words[i]], i + 1
    rest = words[i:]
    if not rest:
        return value if words else None
    if len(rest) == 1 and (rest[0] in _TEENS or rest[0] in _TENS or rest[0] in _UNITS):
        small = {**_UNITS, **_TEENS, **_TENS}[rest[0]]
        return None if small == 0 and value else value + small
    if len(rest) == 3 and rest[0] in _TENS and rest[1] == "y" and rest[2] in _UNITS and _UNITS[rest[2]] > 0:
        return value + _TENS[rest[0]] + _UNITS[rest[2]]
    return None


def _compose(words: list[str]) -> int | None:
    """Value of a whole number in words ("dos mil cincuenta" -> 2050); None if malformed or has digits."""
    if any(w.isdigit() for w in words):
        return None
    if "mil" in words:
        k = words.index("mil")
        head = words[:k]
        thousands = 1 if not head else _group(head)
        tail = _group(words[k + 1 :]) if words[k + 1 :] else 0
        if thousands is None or thousands == 0 or tail is None:
            return None
        return thousands * 1000 + tail
    return _group(words)


#: A run of more words than this names no key (a delivery note has at most 24 characters, and each word
#: says one digit at least) and gets no digit-group readings; of the others, the first `MAX_CHUNKINGS`.
#: Before, «cuarenta dos» said 16 times (a 216-character question) had 2¹⁶ readings, which held the
#: backend's event loop for minutes, and a run of 1,000 digits was a RecursionError.
MAX_RUN_WORDS = 24
MAX_CHUNKINGS = 64


def _chunkings(words: list[str]) -> list[list[str]]:
    """Readings of a run as digit groups said one after another ("cuatro doce" -> ["4", "12"]), most
    literal first; none past `MAX_RUN_WORDS` words, at most `MAX_CHUNKINGS`."""
    if len(words) > MAX_RUN_WORDS:
        return []
    return list(itertools.islice(_each_chunking(words), MAX_CHUNKINGS))


def _each_chunking(words: list[str]) -> Iterator[list[str]]:
    if not words:
        yield []
        return
    head = words[0]
    if head.isdigit() or head in _UNITS or head in _TEENS:
        value = head if head.isdigit() else str({**_UNITS, **_TEENS}[head])
        yield from ([value, *rest] for rest in _each_chunking(words[1:]))
    elif head in _TENS:
        yield from ([str(_TENS[head]), *rest] for rest in _each_chunking(words[1:]))
        if len(words) >= 3 and words[1] == "y" and words[2] in _UNITS and _UNITS[words[2]] > 0:
            yield from ([str(_TENS[head] + _UNITS[words[2]]), *rest] for rest in _each_chunking(words[3:]))
        elif len(words) >= 2 and words[1] in _UNITS and _UNITS[words[1]] > 0:  # "cuarenta dos" = 42, too
            yield from ([str(_TENS[head] + _UNITS[words[1]]), *rest] for rest in _each_chunking(words[2:]))


def _additive(words: list[str], heard: bool = False) -> int | None:
    """Value of a number said in parts that add up, as Whisper writes them ("700, 80, y 6" -> 786,
    "970 y 6" -> 976, "mil 50" -> 1050, "4 cientos doce" / "4, 100, 12" -> 412); None unless each part fits in the
    zeros of the one before. `heard`: a voice transcript, where a digit then "100" is hundreds."""
    values: list[int] = []
    for w in words:
        if w in ("y", "i"):
            continue
        if w in ("cientos", "cientas") or (heard and w == "100" and len(values) == 1):
            if not values or not 1 < values[-1] < 10:
                return None
            values[-1] *= 100
        elif w == "mil":
            values = [(sum(values) or 1) * 1000]
        elif w.isdigit() or w in _ALL_VALUES:
            values.append(int(w) if w.isdigit() else _ALL_VALUES[w])
        else:
            return None
    if len(values) < 2:
        return None
    total = values[0]
    for v in values[1:]:
        room = 10 ** (len(str(total)) - len(str(total).rstrip("0")))
        if v == 0 or v >= room:
            return None
        total += v
    return total


def number_readings(words: list[str], heard: bool = False) -> tuple[str, ...]:
    """Every reading of a run of number words/digits as a digit string, most literal first (`heard`:
    the run comes from a voice transcript, see `_additive`)."""
    words = [_MISHEARD_IN_RUN.get(w, w) for w in words]
    readings: list[str] = []
    value = _compose(words)
    if value is not None:
        readings.append(str(value))
    added = _additive(words, heard) if any(w.isdigit() for w in words) or "cientos" in words else None
    if added is not None:
        readings.append(str(added))
    spelled = added is None or all(len(w) == 1 for w in words if w.isdigit())
    for chunks in _chunkings(words) if spelled else []:  # "700, 5" is 705, never 7005
        if chunks and (len(words) > 1 or words[0].isdigit()):
            readings.append("".join(chunks))
    teen = next((i for i, w in enumerate(words[:-1]) if w == "10" and words[i + 1] in ("6", "7", "8", "9")), None)
    if heard and teen is not None:  # «7.10.9» (heard): setecientos diecinueve, 719, besides 7109
        readings += number_readings([*words[:teen], "1" + words[teen + 1], *words[teen + 2 :]], heard)
    for reading in list(readings):
        if reading.startswith("0") and reading.strip("0"):
            readings.append(reading.lstrip("0"))  # "cero cero siete": 007, or 7
    return tuple(dict.fromkeys(r for r in readings if r))
