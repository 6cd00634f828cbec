"""The words that say what a spoken number is (cliente, código, placa, vehículo, remisión…) and the
rewriting of what has exactly one reading into canonical tokens for the question parser:

    normalize_spoken_question("placa Té, era X, 9, 0, 5")     -> "placa TRX905"
    normalize_spoken_question("remisión 7, 8, 5, 1")          -> "remisión 7851"
    kind_hint("el cliente cuatro uno dos", mention)           -> "client"
    ends_at_kind_word("¿Cuándo vence el SOAT de la placa?")  -> True

Mentions come from `backend.core.spoken`. Pure functions, no I/O.
"""

from __future__ import annotations

from backend.core.spoken import Mention, spoken_mentions, word_tokens

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


def kind_hint(text: str, mention: Mention) -> str | None:
    """ "client", "plate" or "note" when one of those words comes shortly before `mention` in `text`
    (at most 3 words between: «la remisión número 7851», «el SOAT de la placa te era x…»)."""
    before = word_tokens(text[: mention.span[0]])[-4:]
    for tok in reversed(before):
        if tok.word.rstrip("s") in KIND_WORDS or tok.word in KIND_WORDS:
            return KIND_WORDS.get(tok.word, KIND_WORDS.get(tok.word.rstrip("s")))
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
