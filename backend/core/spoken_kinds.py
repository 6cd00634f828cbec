"""The words that say what a spoken number is (cliente, código, placa, vehículo, remisión…) and the
rewriting of what has exactly one reading into canonical tokens for the question parser:

    normalize_spoken_question("placa Té, era X, 9, 0, 5")     -> "placa TRX905"
    normalize_spoken_question("remisión 7, 8, 5, 1")          -> "remisión 7851"
    kind_hint("el cliente cuatro uno dos", mention)           -> "client"
    cut_short("Uno, dos, seis, piate.", mention)              -> True (a digit said, not read)
    ends_at_kind_word("¿Cuándo vence el SOAT de la placa?")  -> True

Mentions come from `backend.core.spoken`. Pure functions, no I/O.
"""

from __future__ import annotations

import re

from rapidfuzz.distance import Levenshtein

from backend.core.spoken import Mention, spoken_mentions, word_tokens
from backend.core.spoken_heard import LETTER_NAMES, sound_key
from backend.core.text import fold

# Words that say what a number is; a number right after one is joined and rewritten.
KIND_WORDS = {
    "cliente": "client",
    "codigo": "client",
    "placa": "plate",
    "aplaca": "plate",  # «de la placa» as Whisper glues it: «le aplaca», «LAPLACA»
    "laplaca": "plate",
    "vehiculo": "plate",
    "carro": "plate",
    "camion": "plate",
    "moto": "plate",
    "remision": "note",
    "revision": "note",
    "nota": "note",
}


# The longer kind words by how they sound, for Whisper's other spellings of them («REVICION», «bejiculo»).
_KIND_SOUNDS = {sound_key(w): kind for w, kind in KIND_WORDS.items() if len(w) >= 6}


def _kind(word: str) -> str | None:
    for w in (word, word.rstrip("s")):
        if w in KIND_WORDS:
            return KIND_WORDS[w]
    return _KIND_SOUNDS.get(sound_key(word)) if len(word) >= 6 else None


_HINT_WINDOW = 200


def _split_kind(words: list[str], i: int) -> str | None:
    """The kind of word i joined to the one before it when the two are one kind word Whisper wrote apart
    («LAP, LACA» for «la placa»), None otherwise."""
    return KIND_WORDS.get(words[i - 1] + words[i]) if i > 0 and len(words[i]) >= 2 else None


def kind_hint(text: str, mention: Mention) -> str | None:
    """ "client", "plate" or "note" when one of those words comes shortly before `mention` in `text`
    (at most 3 words between: «la remisión número 7851», «el SOAT de la placa te era x…»); a word of six
    letters or more also when it sounds the same («MÁMAME LA REVICION 4.229.»), and two words that are
    one kind word written apart («LAP, LACA»)."""
    # only the text just before: the whole of it, tokenised again for every mention, made a question of
    # 250 codes («R-1-R-1-…», 999 characters) take 2 s; five words fit in `_HINT_WINDOW` characters
    start = mention.span[0]
    tokens = word_tokens(text[max(0, start - _HINT_WINDOW) : start])
    words = [t.word for t in (tokens[1:] if start > _HINT_WINDOW else tokens)]  # the first may be cut in two
    for i in range(len(words) - 1, max(-1, len(words) - 5), -1):
        if kind := _kind(words[i]) or _split_kind(words, i):
            return kind
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


def _is_kind_word(word: str) -> bool:
    return word in KIND_WORDS or word.rstrip("s") in KIND_WORDS


def names_kind_word(text: str) -> bool:
    """True when `text` has a word that announces a code or plate anywhere («la remisión…», «placa»)."""
    return any(_is_kind_word(tok.word) for tok in word_tokens(text))


def ends_at_kind_word(text: str) -> bool:
    """True when `text`'s last word announces a code or plate and nothing follows it («…de la placa.»,
    «Mándame la remisión»): a transcript that stopped where the code was to be said."""
    toks = word_tokens(text)
    return bool(toks) and _is_kind_word(toks[-1].word)


# A note's kind word as Whisper writes it when the note stops there («Mán cabez la petición.», «Mandate la
# fevición.», «Manzá, bela, edición.»): six letters or more ending in -sión/-ción, two sounds from remisión.
_NOTE_SOUNDS = (sound_key("remision"), sound_key("revision"))
# What may follow a kind word when no code was heard: nothing, or two to four single words between commas.
_NOTHING_READ = re.compile(r"[\W_]*(?:(?:[^\W\d_]{1,8}\s*,\s*){1,3}[^\W\d_]{1,8})?[\W_]*")
_VEHICLE_WORDS = frozenset({"vehiculo", "carro", "camion", "moto"})


def _sounds_like_note(word: str) -> bool:
    return (
        len(word) >= 6
        and word.endswith(("sion", "cion"))
        and min(Levenshtein.distance(sound_key(word), s) for s in _NOTE_SOUNDS) <= 2
    )


def announced_unheard(text: str, *, focused: bool = False) -> str | None:
    """ "client", "plate" or "note" when `text` announces a code and then says none: its last kind word
    (singular; for a note also a mishearing two sounds from «remisión») is followed by nothing («…de la
    placa.», «Mán cabez la petición.») or by a dictation of two to four single words none of which is a
    stop word («…el cliente. Settle, settle, safe.»: digits said in noise, none heard). A vehicle word with
    nothing after it counts only when no entity is in focus (`focused`: «¿y quién maneja el vehículo?»
    follows up on one); a kind word written apart counts («…SOAT, LAP, LACA.»). None otherwise. The caller
    checks that the text has no spoken mention."""
    toks = word_tokens(text)
    words = [t.word for t in toks]
    for i in range(len(toks) - 1, max(-1, len(toks) - 6), -1):
        word = toks[i].word
        kind = KIND_WORDS.get(word) or _split_kind(words, i) or ("note" if _sounds_like_note(word) else None)
        if kind is not None:
            break
    else:
        return None
    after = toks[i + 1 :]
    if not _NOTHING_READ.fullmatch(text, toks[i].end) or not all(is_item(t.word) for t in after):
        return None
    if word in _VEHICLE_WORDS and (focused or after):
        return None
    return kind


# One more dictation item after a code: a short word between commas/periods (a digit misheard as a word).
ITEM_AFTER = re.compile(r"[,.]\s*([^\W\d_]{2,8})(?=\s*(?:[,.!?]|$))")
# …or before it: a short word alone, starting the note or set off by punctuation, then a comma or period.
_ITEM_BEFORE = re.compile(r"(?:^|[,.;:!?¡¿]\s*)([^\W\d_]{2,8})\s*[,.]\s*$")
# Spanish words that end a dictation rather than continue it («412, por favor»).
NOT_ITEM = frozenset(
    {"por", "favor", "gracias", "porfa", "hoy", "ayer", "bueno", "listo", "y", "de", "del", "si", "no", "ok", "vale"}
)
# …or start it («Hola, 4, 1, 2»): greetings and fillers.
_NOT_ITEM_BEFORE = NOT_ITEM | {"hola", "oye", "mira", "ya", "eh", "ah", "perdon", "dale", "buenas", "buenos", "dime"}
_DIGIT_SOUNDS = tuple(
    sound_key(w) for w in ("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve")
)
_DICTATED = re.compile(r"\w\s*[,.]\s+\w")


def is_item(word: str) -> bool:
    """A word heard where a dictation goes on (not «por favor», «gracias», nor a kind word)."""
    w = fold(word).lower()
    return w not in NOT_ITEM and not _is_kind_word(w)


def cut_short(text: str, mention: Mention) -> bool:
    """True when code `mention` is a dictation («Uno, dos, seis») or one digit, and `text` has one more dictation
    item right next to it that was not read as a digit: after it («…, seis, piate.»: 1267 said, the 7
    misheard) or, sounding within two sounds of a digit name, before it («Piate, dos, seis, siete»).
    The digits read are then not the whole code: a shorter code that exists is not the one said."""
    start, end = mention.span
    one_digit = all(len(c) == 1 for c in mention.candidates)  # «7. SAVE, SETO.»: 760 said
    if mention.kind != "code" or not (one_digit or _DICTATED.search(text[start:end])):
        return False
    if (after := ITEM_AFTER.match(text, end)) and is_item(after.group(1)):
        return True
    before = _ITEM_BEFORE.search(text[:start])
    if before is None:
        return False
    word = fold(before.group(1)).lower()
    return (
        is_item(word)
        and word not in _NOT_ITEM_BEFORE
        and any(Levenshtein.distance(sound_key(word), d) <= 2 for d in _DIGIT_SOUNDS)
    )


# One more dictation item right after a spelled plate: a letter, digit or short word set off by punctuation.
_ONE_MORE = re.compile(r"\s*[,.]\s*([^\W_]{1,8})(?=\s*(?:[,.!?]|$))")


def goes_on(text: str, mention: Mention) -> bool:
    """True when the dictation of `mention` goes on past it with one more item («M, C, U, 760, I, C.»:
    «setecientos sesenta y seis» said, the plate read stops at 760): what was read is then not the
    whole plate spelled, so it is never answered as a plate heard clearly."""
    after = _ONE_MORE.match(text, mention.span[1])
    return after is not None and is_item(after.group(1))


# The comma-separated items right before a code: «E, doble ve, EF, » before «seis, cero, uno»; digits
# may be among them («C, C, N, 4, » before «150»).
_ITEMS_BEFORE = re.compile(r"(?:[^\W_]+(?:\s+[^\W\d_]+)?\s*,\s*){2,4}$")


def spelled_letters(text: str, mention: Mention) -> str:
    """The plate letters dictated right before code `mention` when at least two of the two to four
    items before it are letter names or single letters («E, doble ve, EF, seis, cero, uno» -> "EW": a
    plate, GWF601, its third letter not read; «C, C, N, 4, 150» -> "CCN"); "" otherwise («Hola, oye,
    4, 1, 2»)."""
    found = _ITEMS_BEFORE.search(text[: mention.span[0]])
    if found is None:
        return ""
    letters = []
    for item in found.group(0).split(","):
        words = [t.word for t in word_tokens(item)]
        one = words[0] if len(words) == 1 else ""
        if letter := LETTER_NAMES.get(one) or (one if len(one) == 1 and one.isalpha() else ""):
            letters.append(letter.upper())
    return "".join(letters[-3:]) if len(letters) >= 2 else ""
