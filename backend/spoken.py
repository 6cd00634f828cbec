"""Codes and plates as people say them (and as Whisper writes them) → the forms stored in the data.

    spoken_mentions("el cliente cuatrocientos doce")  -> [Mention("code", ("412",), "cuatrocientos doce")]
    spoken_mentions("el cuatro doce")                 -> [Mention("code", ("412",), "cuatro doce")]
    spoken_mentions("la K L M cuatro ocho dos")       -> [Mention("plate", ("KLM482",), "k l m cuatro ocho dos")]
    spoken_mentions("cuarenta dos")                   -> [Mention("code", ("42", "402"), "cuarenta dos")]
    spoken_mentions("Té, era X, Nueve, Cero, Cinco")  -> [Mention("plate", ("TRX905",), "te era x nueve cero cinco")]
    spoken_mentions("7, 8, 5, 1") / ("4. 1. 2.")      -> codes 7851 / 412;  ("700, 80, y 6") -> 786

`normalize_spoken_question(text)` rewrites what has exactly one reading into canonical tokens
(«placa Té, era X, 9, 0, 5» -> «placa TRX905», «remisión 7, 8, 5, 1» -> «remisión 7851») for the
question parser; what stays ambiguous is left as said, for the entity-aware step
(`backend.context.spoken_entities`) to check against the company's own codes and plates.

Typed digits count too ("cliente 412", "KLM-482"). A mention has every reading of its words as
candidates, most literal first; the caller keeps those that exist, and several existing candidates
mean the mention is ambiguous (name them, don't guess). Pure functions, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
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
_ALL_VALUES = {**_UNITS, **_TEENS, **_TENS, **_HUNDREDS, "mil": 1000}

# Spanish letter names, and the spellings Whisper gives them ("Té", "era", "Cá", "seta", "y griega").
_LETTER_NAMES = {"a": "A", "be": "B", "ce": "C", "de": "D", "e": "E", "efe": "F", "ge": "G", "je": "G",
                 "hache": "H", "ache": "H", "i": "I", "jota": "J", "ka": "K", "ca": "K", "ele": "L", "eme": "M",
                 "ene": "N", "o": "O", "pe": "P", "cu": "Q", "erre": "R", "ere": "R", "era": "R", "ese": "S",
                 "te": "T", "u": "U", "uve": "V", "ve": "V", "dobleve": "W", "equis": "X", "ye": "Y", "zeta": "Z",
                 "zeda": "Z", "seta": "Z", "ceta": "Z"}
# Two-word letter names, joined before anything else ("doble ve" -> "dobleve" = W, "i griega" -> "ye").
_PAIRS = {("doble", "ve"): "dobleve", ("doble", "v"): "dobleve", ("doble", "u"): "dobleve",
          ("doble", "uve"): "dobleve", ("i", "griega"): "ye", ("y", "griega"): "ye",
          ("i", "grega"): "ye", ("y", "grega"): "ye"}
# Whisper's spellings of number words said alone on a telephone line ("sero", "siento"); "ojo" only
# inside a run of numbers ("cinco, sero, ojo" = 508).
_MISHEARD = {"sero": "cero", "siento": "ciento", "sientos": "cientos"}
_MISHEARD_IN_RUN = {"ojo": "ocho", "sais": "seis"}
# Three-letter words that are Spanish, not plates ("del 412" is not the plate DEL412).
_NOT_PLATE = {"del", "los", "las", "les", "con", "por", "que", "son", "hay", "mas", "sus", "mis", "tus", "sin",
              "dia", "dos", "mes", "ano", "eso", "esa", "ese", "era", "fue", "van", "ver", "doy", "voy", "muy",
              "tan", "ella", "uno", "una", "cual", "nos", "vez", "ahi", "asi", "tal", "ser", "sea", "han",
              "lee", "pon", "dar", "den", "hoy", "mil", "par", "vea", "dan", "usa", "ojo", "sur", "bus"}
_WORD = re.compile(r"\d{1,3}(?:\.\d{3})+(?!\d)|[^\W_]+")  # "1.530" (thousands dot) is one number
_PIECE = re.compile(r"[a-z]+|[0-9]+")
_PLATE_TOKEN = re.compile(r"^([a-z]{3})(\d{3}|\d{2}[a-z])$")


@dataclass(frozen=True)
class Mention:
    """`kind` "code" or "plate"; `candidates` readings in canonical form ("412", "KLM482"); `text` the
    (folded) words it came from. Not compared: `span`, the [start, end) characters of `text` in the
    original string, and `letters`, the one or two plate letters heard right before a code's digits
    ("Cá, e, 4, 8, 2": a plate whose third letter was lost)."""

    kind: Literal["code", "plate"]
    candidates: tuple[str, ...]
    text: str
    span: tuple[int, int] = field(default=(0, 0), compare=False)
    letters: str = field(default="", compare=False)


@dataclass(frozen=True)
class _Token:
    word: str
    start: int
    end: int


def _tokens(text: str) -> list[_Token]:
    """Folded word pieces with their character spans in `text`; letters and digits glued together are
    split ("BXN8" -> "bxn", "8") unless they make a whole plate; two-word letter names are joined."""
    out: list[_Token] = []
    for match in _WORD.finditer(text):
        folded = fold(match.group(0)).replace(".", "")
        pieces = [folded] if _PLATE_TOKEN.match(folded) else _PIECE.findall(folded)
        out += [_Token(_MISHEARD.get(p, p), match.start(), match.end()) for p in pieces]
    joined: list[_Token] = []
    for tok in out:
        pair = (joined[-1].word, tok.word) if joined else None
        if pair in _PAIRS:
            joined[-1] = _Token(_PAIRS[pair], joined[-1].start, tok.end)
        else:
            joined.append(tok)
    return joined


def _is_number_item(token: str) -> bool:
    return token.isdigit() or (token in _NUMBER_WORDS and token not in _ARTICLES)


def _round(token: str) -> bool:
    """A tens value that a unit can follow after "y" ("cuarenta", "970", "80")."""
    return token in _TENS or (token.isdigit() and len(token) >= 2 and token.endswith("0") and token.strip("0") != "")


def _unit(token: str) -> bool:
    return (token in _UNITS and _UNITS[token] > 0) or (len(token) == 1 and token.isdigit() and token != "0")


def _joins(tokens: list[str], j: int) -> int:
    """How many tokens from index j continue the run ending at j-1 (0: the run ends)."""
    prev, tok = tokens[j - 1], tokens[j]
    nxt = tokens[j + 1] if j + 1 < len(tokens) else ""
    if tok in ("y", "i") and _round(prev) and _unit(nxt):
        return 2  # "cuarenta y dos", "970 y 6", "480, I, 2"
    if tok in ("cientos", "cientas") and prev.isdigit() and len(prev) == 1:
        return 1  # "4 cientos doce"
    if prev.isdigit() and tok.isdigit() and _additive([prev, tok]) is not None:
        return 1  # "700, 5", "mil 50"
    if len(prev) >= 3 and prev.isdigit() or len(tok) >= 3 and tok.isdigit():
        return 0  # "412 310" are two numbers; "4 12" (Whisper's digits) is one
    if tok in _ARTICLES:
        return 1 if prev in _HUNDREDS or prev == "mil" else 0  # "ciento una", "mil un"
    if tok in _MISHEARD_IN_RUN and (_is_number_item(nxt) or _is_number_item(prev)):
        return 1
    return 1 if _is_number_item(tok) else 0


def _runs(tokens: list[str]) -> list[tuple[int, int]]:
    """[start, end) spans of consecutive number words/digits ("mil" starts one only before a number)."""
    spans, i = [], 0
    while i < len(tokens):
        tok = tokens[i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else ""
        starts = _is_number_item(tok) or (tok in _MISHEARD_IN_RUN and _is_number_item(nxt))
        if not starts or (tok == "mil" and not _is_number_item(nxt)):
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


def _additive(words: list[str]) -> int | None:
    """Value of a number said in parts that add up, as Whisper writes them ("700, 80, y 6" -> 786,
    "970 y 6" -> 976, "mil 50" -> 1050, "4 cientos doce" -> 412); None unless each part fits in the
    zeros of the one before."""
    values: list[int] = []
    for w in words:
        if w in ("y", "i"):
            continue
        if w in ("cientos", "cientas"):
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


def number_readings(words: list[str]) -> tuple[str, ...]:
    """Every reading of a run of number words/digits as a digit string, most literal first."""
    words = [_MISHEARD_IN_RUN.get(w, w) for w in words]
    readings: list[str] = []
    value = _compose(words)
    if value is not None:
        readings.append(str(value))
    added = _additive(words) if any(w.isdigit() for w in words) or "cientos" in words else None
    if added is not None:
        readings.append(str(added))
    spelled = added is None or all(len(w) == 1 for w in words if w.isdigit())
    for chunks in _chunkings(words) if spelled else []:  # "700, 5" is 705, never 7005
        if chunks and (len(words) > 1 or words[0].isdigit()):
            readings.append("".join(chunks))
    for reading in list(readings):
        if reading.startswith("0") and reading.strip("0"):
            readings.append(reading.lstrip("0"))  # "cero cero siete": 007, or 7
    return tuple(dict.fromkeys(r for r in readings if r))


def _letter(tok: str) -> str:
    if len(tok) == 1 and tok.isalpha():
        return tok.upper()
    return _LETTER_NAMES.get(tok, "")


def _letters(tokens: list[str], end: int) -> tuple[str, int]:
    """Up to three plate letters said just before index `end` ("k l m", "ka ele eme", "te era x", "klm"),
    with the index where they start ("" when none)."""
    letters, i = "", end
    while i > 0 and len(letters) < 3:
        tok = tokens[i - 1]
        piece = _letter(tok)
        if not piece and len(tok) == 3 and tok.isalpha() and not letters and tok not in _NOT_PLATE:
            piece = tok.upper()
        elif not piece and len(tok) == 2 and tok.isalpha() and len(letters) == 1 and tok not in _NOT_PLATE:
            piece = tok.upper()  # "BX N": two letters glued
        if not piece:
            break
        letters, i = piece + letters, i - 1
    return letters, i


def spoken_mentions(text: str) -> list[Mention]:
    """Code and plate mentions in `text` (typed or transcribed), in order of appearance."""
    toks = _tokens(text)
    tokens = [t.word for t in toks]
    mentions: list[tuple[int, Mention]] = []

    def span(first: int, end: int) -> tuple[int, int]:
        return toks[first].start, toks[end - 1].end

    for i, tok in enumerate(tokens):
        match = _PLATE_TOKEN.match(tok)
        if match and match.group(1) not in _NOT_PLATE:
            mentions.append((i, Mention("plate", (tok.upper(),), tok, span(i, i + 1))))
    for start, end in _runs(tokens):  # a run is digits or number words, never a written plate
        words = tokens[start:end]
        readings = number_readings(words)
        if not readings:
            continue
        letters, first = _letters(tokens, start)
        plates = [r for r in readings if len(r) == 3] if len(letters) == 3 else []
        if plates:
            mentions.append((first, Mention("plate", tuple(letters + r for r in plates), " ".join(tokens[first:end]),
                                            span(first, end))))
        else:
            heard = letters if len(letters) < 3 and all(len(t) <= 5 for t in tokens[first:start]) else ""
            mentions.append((start, Mention("code", readings, " ".join(words), span(start, end), heard)))
    return [m for _, m in sorted(mentions, key=lambda pair: pair[0])]


# Words that say what a number is; a number right after one is joined and rewritten.
_KIND_WORDS = {"cliente": "client", "codigo": "client", "placa": "plate", "vehiculo": "plate", "carro": "plate",
               "camion": "plate", "moto": "plate", "remision": "note", "revision": "note", "nota": "note"}


def kind_hint(text: str, mention: Mention) -> str | None:
    """"client", "plate" or "note" when one of those words comes shortly before `mention` in `text`
    (at most 3 words between: «la remisión número 7851», «el SOAT de la placa te era x…»)."""
    before = _tokens(text[: mention.span[0]])[-4:]
    for tok in reversed(before):
        if tok.word.rstrip("s") in _KIND_WORDS or tok.word in _KIND_WORDS:
            return _KIND_WORDS.get(tok.word, _KIND_WORDS.get(tok.word.rstrip("s")))
    return None


def normalize_spoken_question(text: str) -> str:
    """`text` with every spoken plate and every code that has one reading and a kind word before it
    (cliente, código, placa, remisión…) rewritten as one canonical token, the rest as said:

        «¿Cuándo vence el SOAT de la placa? Té, era X, Nueve, Cero, Cinco.» -> «… placa? TRX905.»
        «Mándame la remisión. 7, 8, 5, 1.» -> «Mándame la remisión. 7851.»
    Pure; str -> str; never raises.
    """
    out, last = [], 0
    for mention in spoken_mentions(text):
        start, end = mention.span
        if start < last or start == end:
            continue
        if mention.kind == "plate" and len(mention.candidates) == 1:
            token = mention.candidates[0]
        elif mention.kind == "code" and len(mention.candidates) == 1 and kind_hint(text, mention) in ("client", "note"):
            token = mention.candidates[0]
        else:
            continue
        out += [text[last:start], token]
        last = end
    return "".join(out) + text[last:]
