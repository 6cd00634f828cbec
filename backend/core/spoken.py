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
mean the mention is ambiguous (name them, don't guess). Numbers are read by `backend.core.spoken_numbers`.
Pure functions, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from backend.core.spoken_numbers import number_readings, runs
from backend.core.text import fold

# Spanish letter names, and the spellings Whisper gives them ("Té", "era", "Cá", "seta", "y griega").
_LETTER_NAMES = {
    "a": "A",
    "be": "B",
    "ce": "C",
    "de": "D",
    "e": "E",
    "efe": "F",
    "ge": "G",
    "je": "G",
    "hache": "H",
    "ache": "H",
    "i": "I",
    "jota": "J",
    "ka": "K",
    "ca": "K",
    "ele": "L",
    "eme": "M",
    "ene": "N",
    "o": "O",
    "pe": "P",
    "cu": "Q",
    "erre": "R",
    "ere": "R",
    "era": "R",
    "ese": "S",
    "te": "T",
    "u": "U",
    "uve": "V",
    "ve": "V",
    "dobleve": "W",
    "equis": "X",
    "ye": "Y",
    "zeta": "Z",
    "zeda": "Z",
    "seta": "Z",
    "ceta": "Z",
}
# Two-word letter names, joined before anything else ("doble ve" -> "dobleve" = W, "i griega" -> "ye").
_PAIRS = {
    ("doble", "ve"): "dobleve",
    ("doble", "v"): "dobleve",
    ("doble", "u"): "dobleve",
    ("doble", "uve"): "dobleve",
    ("i", "griega"): "ye",
    ("y", "griega"): "ye",
    ("i", "grega"): "ye",
    ("y", "grega"): "ye",
}
# Whisper's spellings of number words said alone on a telephone line ("sero", "siento"; those only
# inside a run of numbers, such as "ojo", are in spoken_numbers).
_MISHEARD = {"sero": "cero", "siento": "ciento", "sientos": "cientos"}
# Three-letter words that are Spanish, not plates ("del 412" is not the plate DEL412).
_NOT_PLATE = {
    "del",
    "los",
    "las",
    "les",
    "con",
    "por",
    "que",
    "son",
    "hay",
    "mas",
    "sus",
    "mis",
    "tus",
    "sin",
    "dia",
    "dos",
    "mes",
    "ano",
    "eso",
    "esa",
    "ese",
    "era",
    "fue",
    "van",
    "ver",
    "doy",
    "voy",
    "muy",
    "tan",
    "ella",
    "uno",
    "una",
    "cual",
    "nos",
    "vez",
    "ahi",
    "asi",
    "tal",
    "ser",
    "sea",
    "han",
    "lee",
    "pon",
    "dar",
    "den",
    "hoy",
    "mil",
    "par",
    "vea",
    "dan",
    "usa",
    "ojo",
    "sur",
    "bus",
}
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
    split ("BXN8" -> "bxn", "8") unless they make a whole plate — one whose letters are a Spanish word
    ("DEN216", Whisper's «de ene 216») is split into single letters; two-word letter names are joined."""
    out: list[_Token] = []
    for match in _WORD.finditer(text):
        folded = fold(match.group(0)).replace(".", "")
        plate = _PLATE_TOKEN.match(folded)
        if plate and plate.group(1) in _NOT_PLATE:
            pieces = [*plate.group(1), plate.group(2)]
        else:
            pieces = [folded] if plate else _PIECE.findall(folded)
        out += [_Token(_MISHEARD.get(p, p), match.start(), match.end()) for p in pieces]
    joined: list[_Token] = []
    for tok in out:
        pair = (joined[-1].word, tok.word) if joined else None
        if pair in _PAIRS:
            joined[-1] = _Token(_PAIRS[pair], joined[-1].start, tok.end)
        else:
            joined.append(tok)
    return joined


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
    for start, end in runs(tokens):  # a run is digits or number words, never a written plate
        words = tokens[start:end]
        readings = number_readings(words)
        if not readings:
            continue
        letters, first = _letters(tokens, start)
        plates = [r for r in readings if len(r) == 3] if len(letters) == 3 else []
        if plates:
            mentions.append(
                (
                    first,
                    Mention("plate", tuple(letters + r for r in plates), " ".join(tokens[first:end]), span(first, end)),
                )
            )
        else:
            heard = letters if len(letters) < 3 and all(len(t) <= 5 for t in tokens[first:start]) else ""
            mentions.append((start, Mention("code", readings, " ".join(words), span(start, end), heard)))
    return [m for _, m in sorted(mentions, key=lambda pair: pair[0])]


# Words that say what a number is; a number right after one is joined and rewritten.
_KIND_WORDS = {
    "cliente": "client",
    "codigo": "client",
    "placa": "plate",
    "vehiculo": "plate",
    "carro": "plate",
    "camion": "plate",
    "moto": "plate",
    "remision": "note",
    "revision": "note",
    "nota": "note",
}


def kind_hint(text: str, mention: Mention) -> str | None:
    """ "client", "plate" or "note" when one of those words comes shortly before `mention` in `text`
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
        if mention.kind == "plate" and len(mention.candidates) == 1:  # noqa: SIM114 — one rule per kind
            token = mention.candidates[0]
        elif mention.kind == "code" and len(mention.candidates) == 1 and kind_hint(text, mention) in ("client", "note"):
            token = mention.candidates[0]
        else:
            continue
        out += [text[last:start], token]
        last = end
    return "".join(out) + text[last:]
