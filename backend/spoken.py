"""Codes and plates as people say them (and as Whisper writes them) → the forms stored in the data.

    spoken_mentions("el cliente cuatrocientos doce")  -> [Mention("code", ("412",), "cuatrocientos doce")]
    spoken_mentions("el cuatro doce")                 -> [Mention("code", ("412",), "cuatro doce")]
    spoken_mentions("la K L M cuatro ocho dos")       -> [Mention("plate", ("KLM482",), "k l m cuatro ocho dos")]
    spoken_mentions("cuarenta dos")                   -> [Mention("code", ("42", "402"), "cuarenta dos")]

Typed digits count too ("cliente 412", "KLM-482"). A mention has every reading of its words as
candidates, most literal first; the caller keeps those that exist, and several existing candidates
mean the mention is ambiguous (name them, don't guess). Pure functions, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from backend.text import fold

_UNITS = {"cero": 0, "uno": 1, "un": 1, "una": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6,
          "siete": 7, "ocho": 8, "nueve": 9}
_TEENS = {"diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14, "quince": 15, "dieciseis": 16,
          "diecisiete": 17, "dieciocho": 18, "diecinueve": 19, "veintiun": 21, "veintiuno": 21,
          "veintiuna": 21, "veintidos": 22, "veintitres": 23, "veinticuatro": 24, "veinticinco": 25,
          "veintiseis": 26, "veintisiete": 27, "veintiocho": 28, "veintinueve": 29}
_TENS = {"veinte": 20, "treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "setenta": 70, "ochenta": 80,
         "noventa": 90}
_HUNDREDS = {"cien": 100, "ciento": 100, "doscientos": 200, "doscientas": 200, "trescientos": 300,
             "trescientas": 300, "cuatrocientos": 400, "cuatrocientas": 400, "quinientos": 500,
             "quinientas": 500, "seiscientos": 600, "seiscientas": 600, "setecientos": 700,
             "setecientas": 700, "ochocientos": 800, "ochocientas": 800, "novecientos": 900,
             "novecientas": 900}
_ARTICLES = {"un", "una"}  # numbers only inside a number ("cuarenta y un"), never starting one
_NUMBER_WORDS = set(_UNITS) | set(_TEENS) | set(_TENS) | set(_HUNDREDS) | {"mil"}

_LETTER_NAMES = {"be": "B", "ce": "C", "de": "D", "efe": "F", "ge": "G", "hache": "H", "jota": "J", "ka": "K",
                 "ele": "L", "eme": "M", "ene": "N", "pe": "P", "cu": "Q", "erre": "R", "ere": "R", "ese": "S",
                 "te": "T", "uve": "V", "ve": "V", "equis": "X", "ye": "Y", "zeta": "Z", "zeda": "Z"}
# Three-letter words that are Spanish, not plates ("del 412" is not the plate DEL412).
_NOT_PLATE = {"del", "los", "las", "les", "con", "por", "que", "son", "hay", "mas", "sus", "mis", "tus", "sin",
              "dia", "dos", "mes", "ano", "eso", "esa", "ese", "era", "fue", "van", "ver", "doy", "voy", "muy",
              "tan", "ella", "uno", "una", "cual", "nos", "vez", "ahi", "asi", "tal", "ser", "sea", "han",
              "lee", "pon", "dar", "den", "hoy", "mil", "par", "vea", "dan", "usa", "ojo", "sur", "bus"}
_TOKEN = re.compile(r"[a-z0-9]+")
_PLATE_TOKEN = re.compile(r"^([a-z]{3})(\d{3}|\d{2}[a-z])$")


@dataclass(frozen=True)
class Mention:
    """`kind` "code" or "plate"; `candidates` readings in canonical form ("412", "KLM482"); `text` the
    (folded) words it came from."""

    kind: Literal["code", "plate"]
    candidates: tuple[str, ...]
    text: str


def _is_number_item(token: str) -> bool:
    return token.isdigit() or (token in _NUMBER_WORDS and token not in _ARTICLES)


def _joins(tokens: list[str], j: int) -> int:
    """How many tokens from index j continue the run ending at j-1 (0: the run ends)."""
    prev, tok = tokens[j - 1], tokens[j]
    nxt = tokens[j + 1] if j + 1 < len(tokens) else ""
    if tok == "y" and prev in _TENS and nxt in _UNITS:
        return 2  # "cuarenta y dos", "cuarenta y un"
    if len(prev) >= 3 and prev.isdigit() or len(tok) >= 3 and tok.isdigit():
        return 0  # "412 310" are two numbers; "4 12" (Whisper's digits) is one
    if tok in _ARTICLES:
        return 1 if prev in _HUNDREDS or prev == "mil" else 0  # "ciento una", "mil un"
    return 1 if _is_number_item(tok) else 0


def _runs(tokens: list[str]) -> list[tuple[int, int]]:
    """[start, end) spans of consecutive number words/digits ("mil" starts one only before a number)."""
    spans, i = [], 0
    while i < len(tokens):
        tok = tokens[i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        if not _is_number_item(tok) or (tok == "mil" and not _is_number_item(nxt)):
            i += 1
            continue
        j = i + 1
        while j < len(tokens) and (step := _joins(tokens, j)):
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
        tail = _group(words[k + 1:]) if words[k + 1:] else 0
        if thousands is None or thousands == 0 or tail is None:
            return None
        return thousands * 1000 + tail
    return _group(words)


def _chunkings(words: list[str]) -> list[list[str]]:
    """Readings of a run as digit groups said one after another ("cuatro doce" -> ["4", "12"])."""
    if not words:
        return [[]]
    out: list[list[str]] = []
    head = words[0]
    if head.isdigit() or head in _UNITS or head in _TEENS:
        value = head if head.isdigit() else str({**_UNITS, **_TEENS}[head])
        out += [[value] + rest for rest in _chunkings(words[1:])]
    elif head in _TENS:
        out += [[str(_TENS[head])] + rest for rest in _chunkings(words[1:])]
        if len(words) >= 3 and words[1] == "y" and words[2] in _UNITS and _UNITS[words[2]] > 0:
            out += [[str(_TENS[head] + _UNITS[words[2]])] + rest for rest in _chunkings(words[3:])]
        elif len(words) >= 2 and words[1] in _UNITS and _UNITS[words[1]] > 0:  # "cuarenta dos" = 42, too
            out += [[str(_TENS[head] + _UNITS[words[1]])] + rest for rest in _chunkings(words[2:])]
    return out


def number_readings(words: list[str]) -> tuple[str, ...]:
    """Every reading of a run of number words/digits as a digit string, most literal first."""
    readings: list[str] = []
    value = _compose(words)
    if value is not None:
        readings.append(str(value))
    for chunks in _chunkings(words):
        if chunks and (len(words) > 1 or words[0].isdigit()):
            readings.append("".join(chunks))
    for reading in list(readings):
        if reading.startswith("0") and reading.strip("0"):
            readings.append(reading.lstrip("0"))  # "cero cero siete": 007, or 7
    return tuple(dict.fromkeys(r for r in readings if r))


def _letters(tokens: list[str], end: int) -> tuple[str, int] | None:
    """Three plate letters said just before index `end` ("k l m", "ka ele eme", "klm"), with their start."""
    letters, i = "", end
    while i > 0 and len(letters) < 3:
        tok = tokens[i - 1]
        if len(tok) == 1 and tok.isalpha():
            piece = tok.upper()
        elif tok in _LETTER_NAMES:
            piece = _LETTER_NAMES[tok]
        elif len(tok) == 3 and tok.isalpha() and not letters and tok not in _NOT_PLATE:
            piece = tok.upper()
        else:
            break
        letters, i = piece + letters, i - 1
    return (letters, i) if len(letters) == 3 else None


def spoken_mentions(text: str) -> list[Mention]:
    """Code and plate mentions in `text` (typed or transcribed), in order of appearance."""
    tokens = _TOKEN.findall(fold(text))
    mentions: list[tuple[int, Mention]] = []
    for i, tok in enumerate(tokens):
        match = _PLATE_TOKEN.match(tok)
        if match and match.group(1) not in _NOT_PLATE:
            mentions.append((i, Mention("plate", (tok.upper(),), tok)))
    for start, end in _runs(tokens):  # a run is digits or number words, never a written plate
        words = tokens[start:end]
        readings = number_readings(words)
        if not readings:
            continue
        letters = _letters(tokens, start)
        plates = [r for r in readings if len(r) == 3] if letters else []
        if letters and plates:
            first = letters[1]
            span = " ".join(tokens[first:end])
            mentions.append((first, Mention("plate", tuple(letters[0] + r for r in plates), span)))
        else:
            mentions.append((start, Mention("code", readings, " ".join(words))))
    return [m for _, m in sorted(mentions, key=lambda pair: pair[0])]
