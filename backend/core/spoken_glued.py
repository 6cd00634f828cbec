"""Plate letters Whisper glued into one word, and the plate letters said right before a code.

Read letter by letter in noise, two letter names often come out as one word: «Aéfe» (a, efe), «bec»
(be, ce cut short), «Segu» (se, cu). Such a word is no Spanish word, so no rule reads it as letters;
but a dictation of digits after it is a plate's digits, never a client code or a delivery note:

    glued_letters("aefe") -> "AF"      glued_letters("bec") -> "BC"      glued_letters("jugo") -> ""
    letters_before("Quien maneja el rey, jugo. Aéfe, bec uno, uno, bingo.", 37) -> "AFBC"

Only used to keep digits from being taken for a code (`spoken_choice.code_choice`, the rescoring's code
slots): the glued letters never make a plate reading themselves, so a Spanish word that happens to split
into letter names can cost a question back, never a wrong entity. Pure functions, no I/O.
"""

from __future__ import annotations

import functools
import re

from backend.core.spoken import word_tokens
from backend.core.spoken_heard import LETTER_NAMES, heard_number

# Pieces a glued word may be made of: letter names of two letters or more, and the vowels said alone.
_PIECES = frozenset(n for n in LETTER_NAMES if len(n) >= 2) | frozenset("aeiou")
# Spanish words that split into letter names («oye»: o, ye; «vea»: ve, a): never glued letters.
_WORDS = frozenset(
    {"oye", "vea", "cae", "aca", "deje", "bebe", "tete", "caca", "dele", "pepe", "tea", "ceda", "veo", "cee", "dee"}
)
_SENTENCE_END = re.compile(r"[.?!¡¿;:]")
_MAX_BEFORE = 4  # words looked at before the code


@functools.cache
def _split(word: str) -> tuple[str, ...] | None:
    """The letter names `word` is made of, in order (the last piece may also be one consonant, a name cut
    short: «bec»), or None."""
    if not word:
        return ()
    for size in range(min(len(word), 7), 0, -1):
        head, rest = word[:size], word[size:]
        piece = head in _PIECES or (not rest and size == 1 and head.isalpha())
        if piece and (tail := _split(rest)) is not None:
            return (head, *tail)
    return None


def glued_letters(word: str) -> str:
    """The two or three plate letters a folded word is made of («aefe» -> "AF", «bec» -> "BC"), "" when
    it is one letter name, a Spanish word, a digit name misheard («dey»: `heard_number`), or does not split
    wholly into letter names."""
    if word in _WORDS or word in LETTER_NAMES or not word.isalpha() or heard_number(word):
        return ""
    pieces = _split(word)
    if pieces is None or not 2 <= len(pieces) <= 3:
        return ""
    return "".join(LETTER_NAMES.get(p, p.upper()) for p in pieces)


def _one_letter(word: str) -> str:
    return word.upper() if len(word) == 1 and word.isalpha() else LETTER_NAMES.get(word, "")


def letters_before(text: str, start: int) -> str:
    """The plate letters said in `text`'s sentence right before character `start` (a code's first digit):
    single letters, letter names and glued letters (`glued_letters`), up to `_MAX_BEFORE` words, back to
    the first word that is none of these; "" when they are fewer than two words («Tey uno, uno.»: seis,
    uno, uno heard in noise) or none of them was glued (plain letter names before a code are
    `spoken_kinds.spelled_letters`' and need commas: «dame lo de ese 412» is no plate)."""
    head = text[:start]
    ends = list(_SENTENCE_END.finditer(head.rstrip()))
    sentence = head[ends[-1].end() :] if ends else head
    letters, glued, words = "", False, 0
    for tok in reversed(word_tokens(sentence)[-_MAX_BEFORE:]):
        piece = _one_letter(tok.word) or glued_letters(tok.word)
        if not piece:
            break
        letters, glued, words = piece + letters, glued or len(piece) > 1, words + 1
    return letters if words >= 2 and glued else ""
