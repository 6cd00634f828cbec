"""How Whisper mishears Spanish digit and letter names on a telephone line, and how alike two plates sound.

Only for voice transcripts (`spoken_mentions(text, heard=True)`): a typed question never goes through
these readings.

    heard_number("sais") -> "seis"     heard_number("tras") -> "tres"     heard_number("nuebe") -> "nueve"
    heard_number("six")  -> "seis"     heard_number("pero") -> None (a Spanish word, not a number)
    heard_number("quimientos") -> "quinientos"
    heard_letter("hace") -> "H"        heard_letter("bu") -> "Q" or "U" (`letter_family`)
    letters_alike("KE", "KLM") -> 1.5  (K said right; «e» is the start of «ele»)

A misheard number word is one whose Spanish sound (`sound_key`: b = v, c/z = s before e/i, silent h,
qu = k, ll = y, doubled letters once) is at most one edit from exactly one number word and further from
every other. A letter heard as another letter of the same rhyme family (be, ce, de, ge, pe, te, ve, e;
efe, ele, eme, ene, erre, ese; a, hache, ka; u, cu) counts half. Pure functions, no I/O.
"""

from __future__ import annotations

import functools
import re

from rapidfuzz.distance import Levenshtein

from backend.core.text import fold

# English number words Whisper writes for Spanish ones said alone («six» for «seis»).
_ENGLISH = {
    "zero": "cero",
    "one": "uno",
    "two": "dos",
    "three": "tres",
    "four": "cuatro",
    "five": "cinco",
    "six": "seis",
    "seven": "siete",
    "eight": "ocho",
    "nine": "nueve",
    "say": "seis",  # «seis» cut to its English-sounding head in noise («Te, be, a, say, do, do»)
    "do": "dos",
}
_DIGITS = {"cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve"}
# Spanish words one sound away from a digit name: never read as digits.
_WORDS = {
    "pero",
    "los",
    "nos",
    "dios",
    "unos",
    "uso",
    "oso",
    "osos",
    "siente",
    "sienta",
    "mueve",
    "nueva",
    "nuevo",
    "cuadro",
    "ser",
    "sea",
    "tos",
    "res",
    "mes",
    "sus",
    "son",
    "del",
    "con",
    "dice",
    "doy",
    "dar",
    "tus",
    "ocio",
    "cierto",
    "tienes",
    "tiene",
    "cuarto",
    "cuarta",
    "quinto",
    "sexto",
    "este",
    "esta",
    "ano",
    "anos",
    "don",
    "dona",
    "hubo",
    "humo",
    "sera",
    "cierre",
    "unas",
    "usa",
    "voz",
    "pos",
    "eres",
    "mero",
    "perro",
    "echo",
    "hecho",
    "dicho",
    "site",
    "duo",
    "una",
}
# «se» for ce (seseo); efe, ele, eme, ene, erre, ese cut to their first two letters («Ese de en» for F D N).
# A vowel said alone, written as the interjection («Oh, igreja, 4, 2, 5» for O, Y, U, 425).
_SHORT = {"se": "C", "ze": "C", "ef": "F", "el": "L", "em": "M", "en": "N", "er": "R", "es": "S", "oh": "O", "ah": "A"}
# Spanish letter names that sound alike: a letter heard as another of its family is half a match (be, ce,
# de, e, ge, pe, te, ve rhyme; efe, ele, eme, ene, erre, ese start with the «e» heard alone when cut short).
_FAMILIES = ("BCDEGPTV", "EFLMNRS", "AHK", "UQW", "IY")
# Spanish letter names, and the spellings Whisper gives them ("Té", "era", "Cá", "seta", "y griega").
LETTER_NAMES = {
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
    "doblev": "W",  # two-word names Whisper writes as one word («doble ve», «i griega»)
    "dobleu": "W",
    "dobleuve": "W",
    "igriega": "Y",
    "igrega": "Y",
    "ygriega": "Y",
    "ygrega": "Y",
    "equis": "X",
    "ye": "Y",
    "zeta": "Z",
    "zeda": "Z",
    "seta": "Z",
    "ceta": "Z",
}


def sound_key(word: str) -> str:
    """How a folded Spanish word sounds, spelled one way: «nuebe», «nueve» -> "nuebe"; «sinko» -> "sinko".
    ch and j are one sound: on a telephone line Whisper hears «ocho» as «ojo», «oja»."""
    w = fold(word).lower().replace("ch", "1").replace("j", "1").replace("qu", "k").replace("ll", "y").replace("ph", "f")
    w = re.sub(r"c(?=[ei])", "s", w).replace("c", "k").replace("z", "s").replace("v", "b").replace("h", "")
    return re.sub(r"(.)\1+", r"\1", w)


@functools.cache
def _number_keys() -> dict[str, str]:
    from backend.core.spoken_numbers import NUMBER_WORDS

    return {sound_key(w): w for w in NUMBER_WORDS if len(w) >= 3 and w not in ("una", "mil")}


def heard_number(token: str) -> str | None:
    """The digit name (cero … nueve) or hundred (doscientos … novecientos: «quimientos») a misheard
    (folded) `token` stands for, or None: its sound is one edit from that word and further from every
    other number word («dias» is nearer «diez», so nothing). Tokens of fewer than three letters and
    Spanish words one sound off are never digits."""
    if token in _ENGLISH:
        return _ENGLISH[token]
    if len(token) < 3 or not token.isalpha() or token in _WORDS:
        return None
    key = sound_key(token)
    scored = sorted((Levenshtein.distance(key, k), w) for k, w in _number_keys().items())
    best, word = scored[0]
    if best > 1 or not (word in _DIGITS or word.endswith("ientos")) or (len(scored) > 1 and scored[1][0] == best):
        return None
    return word


def heard_letter(token: str) -> str:
    """The plate letter a (folded) token one edit away from a Spanish letter name stands for («hace» ->
    "H», «jot» -> "J"); between two names that sound alike, the first of them in lower case, which
    `letters_alike` counts only as sounding alike («enme»: eme or ene -> "m»); "" when none or unrelated
    names. Names of fewer than three letters need an exact match, except «se» (ce, said with seseo) and
    the first two letters of efe, ele, eme, ene, erre, ese («en») and a vowel written as an interjection
    («oh»): the caller takes these only beside another letter. The names of seven letters or more (i
    griega, doble ve, doble uve) may be two edits off («igreja»)."""
    if token in _SHORT:
        return _SHORT[token]
    if len(token) < 3 or not token.isalpha():
        return ""
    close = sorted(
        {
            letter
            for name, letter in LETTER_NAMES.items()
            if len(name) >= 3 and Levenshtein.distance(token, name) <= (2 if len(name) >= 7 and len(token) >= 5 else 1)
        }
    )
    if len(close) == 1:
        return close[0]
    if close and any(all(c in family for c in close) for family in _FAMILIES):
        return close[0].lower()
    return ""


# Two-letter Spanish words: never a syllable heard for a letter name («me», «se», «ya»).
_SYLLABLE_WORDS = {
    "me",
    "se",
    "le",
    "lo",
    "la",
    "mi",
    "tu",
    "su",
    "ya",
    "no",
    "si",
    "yo",
    "va",
    "da",
    "di",
    "fe",
    "ni",
    "ha",
    "he",
    "ti",
    "ja",
    "je",
    "jo",
    "pa",
    "to",
    "ma",
    "mu",
    "na",
    "vi",
    "fu",
    "so",
}


def rhyme_letter(tok: str) -> str:
    """A heard syllable that is no letter name («bu», «pu»): the vowel letter of its rhyme family (U for
    «cu»/«u»), "" for anything else."""
    if len(tok) == 2 and tok[0] not in "aeiou" and tok[1] in "aeiou" and tok not in _SYLLABLE_WORDS:
        return tok[1].upper()
    return ""


def _alike(a: str, b: str) -> float:
    if a == b:
        return 1.0
    return 0.5 if any(a.upper() in family and b in family for family in _FAMILIES) else 0.0


def letters_alike(heard: str, letters: str) -> float:
    """How well the plate letters `heard` (0–3, some possibly lost) match `letters`, in order: 1 per
    letter said right, 0.5 per letter heard as another of its rhyme family (best alignment)."""
    rows = [[0.0] * (len(letters) + 1) for _ in range(len(heard) + 1)]
    for i, h in enumerate(heard, 1):
        for j, x in enumerate(letters, 1):
            rows[i][j] = max(rows[i - 1][j], rows[i][j - 1], rows[i - 1][j - 1] + _alike(h, x))
    return rows[-1][-1]


@functools.cache
def _long_number_keys() -> dict[str, str]:
    from backend.core.spoken_numbers import NUMBER_WORDS

    return {sound_key(w): w for w in NUMBER_WORDS if len(w) >= 7}


def split_number(words: list[str], i: int) -> tuple[str, int] | None:
    """(the number word, how many pieces) when `words[i:]` starts with two or three pieces that sound like
    one long number word said together («no ve sientos» -> novecientos, «cuatro cientos» ->
    cuatrocientos, «no venta» -> noventa: Whisper splits it into syllables); None otherwise. Only
    hundreds and tens of seven letters or more: a join of short Spanish words sounds like none of them."""
    for n in (3, 2):
        pieces = words[i : i + n]
        if len(pieces) == n and all(p.isalpha() for p in pieces):
            word = _long_number_keys().get(sound_key("".join(pieces)))
            if word is not None:
                return word, n
    return None
