"""A Spanish sound key: how a folded word sounds, so that a keyword typed by ear — on a phone, or as a voice
transcript spells it — is still that keyword: «amariyo» is «amarillo» (ll / y), «berde» «verde» (b / v),
«estivaz» «estibas» (z / s), «soad» / «zoat» «SOAT» (a final d / t), «bencido» «vencido», «bijente»
«vigente» (g before e / i is j), «roho» «rojo» (an h typed for the j), «henero» «enero» (a silent h),
«nobienbre» «noviembre» (n before b is m), «tegno» «tecno» (a g closing a syllable is the k).

For the closed vocabulary only (`lexicon.correct`): client, driver and city names are never read through
it. Pure."""

from __future__ import annotations

import re
from collections.abc import Iterable

_STEPS = (
    (re.compile(r"ll"), "y"),
    (re.compile(r"qu(?=[ei])"), "k"),
    (re.compile(r"gu(?=[ei])"), "g"),
    (re.compile(r"g(?=[ei])"), "j"),
    (re.compile(r"ch"), "1"),  # a sound of its own: not the c of «casa» nor the h
    (re.compile(r"c(?=[ei])"), "s"),
    (re.compile(r"[cq]"), "k"),
    (re.compile(r"x"), "ks"),
    (re.compile(r"z"), "s"),
    (re.compile(r"v"), "b"),
    (re.compile(r"w"), "u"),
    (re.compile(r"y(?![aeiou])"), "i"),
    (re.compile(r"n(?=[bp])"), "m"),  # «nobienbre»: an n before b / p sounds m
    (re.compile(r"g(?=[^aeioujy])"), "k"),  # «tegno»: a g closing a syllable sounds like the k of «tecno»
)
_DOUBLE = re.compile(r"(.)\1+")


def sound_key(word: str, *, h_as_j: bool = False) -> str:
    """The key of folded `word` (`h_as_j`: an h read as the j it was typed for, else silent)."""
    key = word
    for pattern, sound in _STEPS:
        key = pattern.sub(sound, key)
    key = key.replace("h", "j") if h_as_j else key.replace("h", "")
    key = _DOUBLE.sub(r"\1", key)
    return key[:-1] + "t" if key.endswith("d") else key


def index(words: Iterable[str]) -> dict[str, str]:
    """Sound key -> the one word of `words` with it (keys two different words share are left out)."""
    out: dict[str, str] = {}
    shared: set[str] = set()
    for w in words:
        k = sound_key(w)
        if k in out and out[k] != w:
            shared.add(k)
        out.setdefault(k, w)
    return {k: w for k, w in out.items() if k not in shared}


def sounds_like(word: str, keys: dict[str, str]) -> str | None:
    """The word of `keys` (an `index`) that folded `word` sounds like, else None."""
    return keys.get(sound_key(word)) or keys.get(sound_key(word, h_as_j=True))
