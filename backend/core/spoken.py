"""Codes and plates as people say them (and as Whisper writes them) → the forms stored in the data.

    spoken_mentions("el cliente cuatrocientos doce") / ("el cuatro doce") -> [Mention("code", ("412",), …)]
    spoken_mentions("la K L M cuatro ocho dos")       -> [Mention("plate", ("KLM482",), "k l m cuatro ocho dos")]
    spoken_mentions("cuarenta dos")                   -> [Mention("code", ("42", "402"), "cuarenta dos")]
    spoken_mentions("Té, era X, Nueve, Cero, Cinco")  -> [Mention("plate", ("TRX905",), "te era x nueve cero cinco")]
    spoken_mentions("7, 8, 5, 1") / ("4. 1. 2.")      -> codes 7851 / 412;  ("700, 80, y 6") -> 786

The words that say what a code is (cliente, placa, remisión…) and the rewriting of what has one reading
into canonical tokens are in `backend.core.spoken_kinds`; what stays ambiguous is left as said, for the
entity-aware step (`backend.context.spoken_entities`) to check against the company's own codes and plates.

Typed digits count too ("cliente 412", "KLM-482"). A mention has every reading of its words as
candidates, most literal first; the caller keeps those that exist, and several existing candidates
mean the mention is ambiguous (name them, don't guess). Numbers: `backend.core.spoken_numbers`. Pure, no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal

from backend.core.spoken_heard import LETTER_NAMES, heard_letter, heard_number, rhyme_letter, split_number
from backend.core.spoken_numbers import is_number_item, number_readings, runs
from backend.core.text import fold

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
NOT_PLATE_WORDS = frozenset(
    {
        "ano",
        "con",
        "del",
        "dia",
        "dos",
        "esa",
        "ese",
        "eso",
        "hay",
        "hoy",
        "las",
        "les",
        "los",
        "mas",
        "mes",
        "mil",
        "mis",
        "por",
        "que",
        "sin",
        "son",
        "sus",
        "tus",
        "una",
        "uno",
        "van",
    }
)
# ... and, for speech, words Whisper writes between a plate's letters and digits.
_NOT_PLATE = NOT_PLATE_WORDS | {
    "ahi",
    "asi",
    "bus",
    "cual",
    "dan",
    "dar",
    "den",
    "doy",
    "ella",
    "era",
    "fue",
    "han",
    "lee",
    "muy",
    "nos",
    "ojo",
    "par",
    "pon",
    "sea",
    "ser",
    "sur",
    "tal",
    "tan",
    "usa",
    "vea",
    "ver",
    "vez",
    "voy",
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
class Token:
    word: str
    start: int
    end: int


def word_tokens(text: str) -> list[Token]:
    """Folded word pieces with their character spans in `text`; letters and digits glued together are
    split ("BXN8" -> "bxn", "8") unless they make a whole plate — one whose letters are a Spanish word
    ("DEN216", Whisper's «de ene 216») is split into single letters; two-word letter names are joined."""
    out: list[Token] = []
    for match in _WORD.finditer(text):
        folded = fold(match.group(0)).replace(".", "")
        plate = _PLATE_TOKEN.match(folded)
        if plate and plate.group(1) in _NOT_PLATE:
            pieces = [*plate.group(1), plate.group(2)]
        else:
            pieces = [folded] if plate else _PIECE.findall(folded)
        out += [Token(_MISHEARD.get(p, p), match.start(), match.end()) for p in pieces]
    joined: list[Token] = []
    for tok in out:
        pair = (joined[-1].word, tok.word) if joined else None
        if pair in _PAIRS:
            joined[-1] = Token(_PAIRS[pair], joined[-1].start, tok.end)
        else:
            joined.append(tok)
    return joined


def _letter(tok: str) -> str:
    if len(tok) == 1 and tok.isalpha():
        return tok.upper()
    return LETTER_NAMES.get(tok, "")


def _heard_letter(tok: str) -> str:
    return heard_letter(tok) or rhyme_letter(tok)


def _letters(tokens: list[str], end: int, heard: bool = False, words: frozenset[int] = frozenset()) -> tuple[str, int]:
    """Up to three plate letters said just before index `end` ("k l m", "ka ele eme", "te era x", "klm"),
    with the index where they start ("" when none). `heard` (a voice transcript) also takes, next to
    another letter, a letter name one sound off («hace», «enme»), «se» for ce, and a syllable for the
    letter it rhymes with («E, bu, E»); there a three-letter word written as a word (`words`: not in
    capitals, «Oye, 4, 1, 2», «Ole 412») is what the speaker said before the code, not a plate's letters
    (Whisper writes a plate's letters in capitals, also glued, or as letter names: «KLM, 482», «KLM480i2»)."""
    letters, i = "", end
    while i > 0 and len(letters) < 3:
        tok = tokens[i - 1]
        beside = heard and (bool(letters) or (i > 1 and bool(_letter(tokens[i - 2]) or _heard_letter(tokens[i - 2]))))
        piece = _letter(tok) or (_heard_letter(tok) if beside else "")
        whole = not letters and tok not in _NOT_PLATE and (i - 1) not in words
        if not piece and len(tok) == 3 and tok.isalpha() and whole:
            piece = tok.upper()
        elif not piece and len(tok) == 2 and tok.isalpha() and len(letters) == 1 and tok not in _NOT_PLATE:
            piece = tok.upper()  # "BX N": two letters glued
        if not piece:
            break
        letters, i = piece + letters, i - 1
    return letters, i


def _heard_numbers(text: str, toks: list[Token]) -> list[str]:
    """The words of `toks` with each misheard digit name («sais», «tras», «six») replaced by the one it
    stands for, when it is set off by punctuation the way Whisper writes dictated digits («Tré, fiete,
    uno») and stands next to a number (or another misheard one)."""
    words = [t.word for t in toks]
    guesses = [None if is_number_item(w) else heard_number(w) for w in words]
    numeric = [is_number_item(w) or g is not None for w, g in zip(words, guesses, strict=True)]
    for i, guess in enumerate(guesses):
        before = text[toks[i - 1].end : toks[i].start] if i > 0 else ""
        after = text[toks[i].end : toks[i + 1].start] if i + 1 < len(toks) else text[toks[i].end :]
        set_off = bool(_DICTATION_MARK.search(before + after))
        if guess and set_off and ((i > 0 and numeric[i - 1]) or (i + 1 < len(toks) and numeric[i + 1])):
            words[i] = guess
    return words


def _joined_numbers(toks: list[Token]) -> list[Token]:
    """`toks` with a long number word heard in pieces next to a number joined («No ve sientos, 50 y 9.»)."""
    words, out, i = [t.word for t in toks], [], 0
    while i < len(toks):
        found = split_number(words, i)
        if found and any(is_number_item(w) for w in words[max(0, i - 1) : i] + words[i + found[1] : i + found[1] + 1]):
            out.append(Token(found[0], toks[i].start, toks[i + found[1] - 1].end))
            i += found[1]
        else:
            out.append(toks[i])
            i += 1
    return out


_DICTATION_MARK = re.compile(r"[,.;:!?¡¿-]")
# A letter heard where a plate's digit goes: «Jota, C, M, C, 9, 1» is JCM + seis (or siete, cinco) + 91.
_DIGIT_LETTERS = {"c": "675", "s": "675", "ce": "675", "se": "675", "ese": "675"}


def _plate_with_lost_digit(tokens: list[str], start: int, readings: tuple[str, ...]) -> tuple[list[str], int]:
    """([plate, …], first index) when a two-digit run follows three letters and a letter that sounds like
    a digit; ([], start) otherwise."""
    pairs = [r for r in readings if len(r) == 2]
    if not pairs or start < 4 or tokens[start - 1] not in _DIGIT_LETTERS:
        return [], start
    letters, first = _letters(tokens, start - 1, heard=True)
    if len(letters) != 3:
        return [], start
    return [letters + d + r for d in _DIGIT_LETTERS[tokens[start - 1]] for r in pairs], first


def _hours_dropped(text: str, toks: list[Token]) -> list[Token]:
    """`toks` without the «00» Whisper writes after a number heard alone, as an hour or an amount («3.00, 17.00»:
    317); one digit before «.00» is hundreds («4.00, ojo»: cuatrocientos ocho, 408; «4.00, 12»: 412), not «4:00»."""
    out: list[Token] = []
    for t in toks:
        if not (t.word == "00" and text[t.start - 2 : t.start - 1].isdigit() and text[t.start - 1] in ".:,"):
            out.append(t)
        elif out and len(out[-1].word) == 1 and out[-1].end == t.start - 1 and text[t.start - 1] != ":":
            out[-1] = Token(out[-1].word + "00", out[-1].start, t.end)
    return out


_TEEN_UNITS = frozenset({"6", "7", "8", "9", "seis", "siete", "ocho", "nueve"})  # «diez y seis» … «diez y nueve»


def _old_teen(tokens: list[str], i: int) -> str:
    """Token i, or "10" for «diez» before «y» and six to nine («Cinco, mil, diez y nueve»: diecinueve written
    in the old way, so «10 y 9» joins as 19 as «10 e 8» does)."""
    after = tokens[i + 1 : i + 3]
    teen = len(after) == 2 and after[0] in ("y", "e") and after[1] in _TEEN_UNITS
    return "10" if tokens[i] == "diez" and teen else tokens[i]


def _and_e(tokens: list[str], i: int, written: str) -> str:
    """Token i, or "y" for an «e» written lower case between a round number and one digit («10 e 8»)."""
    prev, nxt = tokens[i - 1] if i else "", tokens[i + 1] if i + 1 < len(tokens) else ""
    round_before = prev.isdigit() and len(prev) >= 2 and prev.endswith("0") and prev.strip("0") != ""
    return "y" if written == "e" and round_before and len(nxt) == 1 and nxt in "123456789" else tokens[i]


def spoken_mentions(text: str, *, heard: bool = False) -> list[Mention]:
    """Code and plate mentions in `text` (typed or transcribed), in order of appearance. `heard`: `text`
    is a voice transcript, so Whisper's mishearings count too (`backend.core.spoken_heard`): misheard number
    words, letter names one sound off, a letter where a plate's digit goes, «4, 100, 12», «3.00, 17.00»."""
    toks = word_tokens(text)
    if heard:
        toks = _joined_numbers(_hours_dropped(text, toks))
    tokens = _heard_numbers(text, toks) if heard else [t.word for t in toks]
    if heard:  # «10 e 8»: Whisper's «diez y ocho» (dieciocho), its «y» written «e»; «E» is the letter
        tokens = [_old_teen(tokens, i) for i in range(len(tokens))]
        tokens = [_and_e(tokens, i, text[t.start : t.end]) for i, t in enumerate(toks)]
    as_words = frozenset(i for i, t in enumerate(toks) if heard and t.word.upper() not in text[t.start : t.end])
    mentions: list[tuple[int, Mention]] = []

    def span(first: int, end: int) -> tuple[int, int]:
        return toks[first].start, toks[end - 1].end

    for i, tok in enumerate(tokens):
        match = _PLATE_TOKEN.match(tok)
        if match and match.group(1) not in _NOT_PLATE:
            mentions.append((i, Mention("plate", (tok.upper(),), tok, span(i, i + 1))))
    for start, end in runs(tokens, heard):  # a run is digits or number words, never a written plate
        words = tokens[start:end]
        readings = number_readings(words, heard)
        if not readings:
            continue
        letters, first = _letters(tokens, start, heard, as_words)
        plates = [letters + r for r in readings if len(r) == 3] if len(letters) == 3 else []
        if not plates and heard:
            plates, first = _plate_with_lost_digit(tokens, start, readings)
        if plates:
            mentions.append((first, Mention("plate", tuple(plates), " ".join(tokens[first:end]), span(first, end))))
        else:
            named = all(len(t) <= 5 or _letter(t) or _heard_letter(t) for t in tokens[first:start])  # «igreja»
            said = letters if len(letters) < 3 and named else ""
            mentions.append((start, Mention("code", readings, " ".join(words), span(start, end), said)))
    return [m for _, m in sorted(mentions, key=lambda pair: pair[0])]
