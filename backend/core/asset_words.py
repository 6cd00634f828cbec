"""The words admins use for the returnable assets, one glossary for the questions' parser
(`backend.understanding.vocabulary.ASSETS`), /grafica in the bot and the chart route's asset lookup.

    asset_stem("canastas") -> "canasta";  asset_stem("pallets") -> "estiba";  asset_stem("canastilas") ->
    "canastilla" (a typo);  asset_stem("botellas") -> None
    split_asset("412 canasta") -> ("412", "canasta");  split_asset("bahia solana") -> ("bahia solana", None)
    split_named("664 canastas de leche", lacteos_types) -> ("664", 1)  (the company's own multi-word type)

A stem is matched against a company's own asset types by `asset_type_index` (the first word of a type's
name or plural, else the one type starting like it): «canastas» is Lácteos' «canasta de leche» and
Frigorífico's only crate type, the canastilla. Pure, no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from rapidfuzz import fuzz, process

from backend.core.text import fold

#: a word for an asset (folded) -> the stem matched against the company's asset type names
SYNONYMS = {
    "canastilla": "canastilla",
    "canastillas": "canastilla",
    "canasta": "canasta",
    "canastas": "canasta",
    "estiba": "estiba",
    "estibas": "estiba",
    "tapa": "tapa",
    "tapas": "tapa",
    "pallet": "estiba",
    "pallets": "estiba",
    "palet": "estiba",
    "palets": "estiba",
    "canasticas": "canastilla",
    "guacal": "canastilla",
    "guacales": "canastilla",
}
#: the type codes people type too («/grafica CAN»)
_CODES = {"can": "canastilla", "est": "estiba", "tap": "tapa"}


def asset_stem(word: str) -> str | None:
    """The asset stem `word` names (a synonym, a code, a typo of a word of 5 letters or more), else None."""
    w = fold(word).strip(" .,;:¿?¡!")
    if w in SYNONYMS:
        return SYNONYMS[w]
    if w in _CODES:
        return _CODES[w]
    if len(w) < 5 or not w.isalpha():
        return None
    best = process.extractOne(w, list(SYNONYMS), scorer=fuzz.ratio, score_cutoff=84)
    return SYNONYMS[best[0]] if best else None


def split_asset(text: str) -> tuple[str, str | None]:
    """(the rest, the asset word) when the last or first word of `text` names an asset, else (text, None).
    A first asset word followed by «de <word>» is left in the text («canastas de leche 664», «canastillas de
    bahía solana»): whether «de …» is part of the type's name only the company's types say (`split_named`)."""
    words = text.split()
    if words and asset_stem(words[-1]):
        return " ".join(words[:-1]), words[-1]
    qualified = len(words) > 2 and words[1] == "de" and not words[2].isdigit()
    if len(words) > 1 and asset_stem(words[0]) and not qualified:
        return " ".join(words[1:]), words[0]
    return text, None


_EDGE = frozenset({"de", "del", "la", "el", "los", "las", "cliente", "para", "en"})


def split_named(text: str, names: Sequence[tuple[str, str, str]]) -> tuple[str, int | None]:
    """(the rest, which of a company's asset types) when the words at the end or the start of `text` name one
    of `names` ((code, name, plural) each): its whole name or plural, several words too («664 canastas de
    leche», «canastas de leche del 664»), its code, or one asset word (`asset_type_index`); else (text, None).
    The longest phrase wins; the words joining it to the rest («del», «de la») are dropped."""
    words = fold(text).split()
    whole = {w: i for i, (code, name, plural) in enumerate(names) for w in (fold(code), fold(name), fold(plural))}
    for n in range(len(words), 0, -1):
        for phrase, rest in ((words[-n:], words[:-n]), (words[:n], words[n:])):
            said = " ".join(phrase)
            stem = asset_stem(said) if n == 1 else None
            i = whole.get(said, asset_type_index(stem, [(nm, pl) for _, nm, pl in names]) if stem else None)
            if i is not None:
                while rest and rest[0] in _EDGE:
                    rest = rest[1:]
                while rest and rest[-1] in _EDGE:
                    rest = rest[:-1]
                return " ".join(rest), i
    return text, None


def asset_type_index(stem: str, names: Sequence[tuple[str, str]]) -> int | None:
    """Which of a company's asset types (`names`: (name, plural) each) the stem names: the first word of its
    name or plural, else the only one whose name starts like the stem; None when none or several do."""
    for i, (name, plural) in enumerate(names):
        if fold(name).split()[0] == stem or fold(plural).split()[0] == stem:
            return i
    similar = [i for i, (name, _) in enumerate(names) if fold(name).startswith(stem[:6])]
    return similar[0] if len(similar) == 1 else None
