"""Cyrillic and Greek letters drawn like Latin ones, inside a word that is otherwise Latin: a plate or
code pasted from a document or typed on another keyboard layout («QВМ563» with a Cyrillic В and М,
«С-1050» with a Cyrillic С). Such a word looks exactly like the key and named nothing: «la placa QВМ563»
was «no está en la flota» about a vehicle that is. `latin_letters` writes those letters as the Latin
ones they look like; a word without a Latin letter or ASCII digit (a Russian or Greek word) is unchanged,
and so is every letter outside this table (the pairs of Unicode's confusables.txt for these scripts).

Digits of other scripts and full-width forms are what a phone keyboard set to Arabic, Devanagari or a
CJK input method types for the same key: «/saldo ٤١٢», «/saldo ４１２», «la placa ＡＬＨ６８７». `ascii_forms`
writes them as ASCII (no key holds them: the import refuses them, so this cannot reach another entity);
digits that are not decimal digits of a script («²», «①») stay as typed and name nothing. `typed_text`
applies both, and is what every entry point reads typed text with.
"""

from __future__ import annotations

import re
import unicodedata

_PAIRS = {
    # Cyrillic capitals and small letters
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
    "У": "Y", "Х": "X", "Ѕ": "S", "І": "I", "Ј": "J", "Ԛ": "Q", "Ԝ": "W",
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "ѕ": "s", "і": "i", "ј": "j",
    "ԛ": "q", "ԝ": "w",
    # Greek capitals and the small omicron
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o",
}  # fmt: skip
_TABLE = str.maketrans(_PAIRS)
_WORD = re.compile(r"[^\W_]+(?:[-.][^\W_]+)*")


def _foreign(ch: str) -> bool:
    return unicodedata.name(ch, "").startswith(("CYRILLIC", "GREEK"))


def _latin_word(match: re.Match[str]) -> str:
    word = match.group()
    foreign = [ch for ch in word if _foreign(ch)]
    if not foreign or not all(ch in _PAIRS for ch in foreign):
        return word
    if not any(ch.isascii() or unicodedata.name(ch, "").startswith("LATIN") for ch in word):
        return word  # every letter of another script: a word of that language
    return word.translate(_TABLE)


def ascii_forms(text: str) -> str:
    """`text` with every decimal digit (Unicode category Nd: «٤», «४», «４») as its ASCII digit and every
    full-width ASCII form (U+FF01–FF5E: «Ａ», «－») as that ASCII character; str -> str, same length."""
    if text.isascii():
        return text
    return "".join(_ascii_form(ch) for ch in text)


def _ascii_form(ch: str) -> str:
    if ch.isascii():
        return ch
    if "\uff01" <= ch <= "\uff5e":
        return chr(ord(ch) - 0xFEE0)
    digit = unicodedata.decimal(ch, None)
    return ch if digit is None else str(digit)


def typed_text(text: str) -> str:
    """What a user typed, read as the ASCII and Latin it looks like: `ascii_forms`, then `latin_letters`
    («ＱВМ５６３» with full-width and Cyrillic letters -> "QBM563")."""
    return latin_letters(ascii_forms(text))


def latin_letters(text: str) -> str:
    """`text` with the look-alike Cyrillic and Greek letters of its otherwise Latin words as Latin."""
    if text.isascii():
        return text
    return _WORD.sub(_latin_word, text)
