"""How Whisper writes a code or plate said aloud: the texts a candidate is scored with on the audio.

    spoken_readings("vehicle", "QBM563")      -> ("Q, B, M, 5, 6, 3", "Q, B, M, 563")
    spoken_readings("client", "3351")         -> ("3, 3, 5, 1", "3351")
    spoken_readings("client", "007")          -> ("0, 0, 7", "7")
    spoken_readings("client", "3351", form="dictated") -> ("3, 3, 5, 1",)
    spoken_readings("client", "3351", form="number")   -> ("3351",)

`rivals(key)` are the keys one misheard digit or letter away (any, the company's or not): what a
candidate must also be heard clearly better than before it is taken. `heard_rivals(text, start, end,
kind, key)` are the same for a code or plate the transcript resolves to, written the way the transcript
wrote it: each digit Whisper wrote there replaced by every other digit («Manda me la remisión. 1060.8.»
-> «…1160.8.», key 1168) or swapped with the next («8.156» -> «8.516»), what the audio must confirm a
number said as a number against
(`said_as_number`).

A person reads a code digit by digit or as a number, and a plate letter by letter, its digits one by
one or as a number; Whisper writes each of those with digits and capital letters between commas (the way
it writes dictation) or as one number. `dictated`: the words heard were a dictation (commas between
them), so only that form is worth scoring. Pure; no I/O.
"""

from __future__ import annotations

import re
from typing import Literal

from backend.core.spoken import Mention, spoken_mentions

Form = Literal["dictated", "number", "any"]

_PLATE = re.compile(r"^([A-Z]{3})([0-9]{3})$")
# Two digits written together, maybe with Whisper's thousands point: a number said as a number
# («412», «8.129», «1060.8», «970. y 6», «K, L, M, 480, I, 2»), not a dictation («4. 1. 2», «7, 8, 5, 1»).
_NUMBER = re.compile(r"\d\.?\d")


def _dictation(chars: str) -> str:
    return ", ".join(chars)


def spoken_readings(kind: str, key: str, *, form: Form = "any") -> tuple[str, ...]:
    """The written forms of `key` (a client code, delivery-note number or plate) said aloud, most
    likely first, without final punctuation. `kind`: "client", "delivery_note", "vehicle" or "code"."""
    plate = _PLATE.match(key)
    if kind == "vehicle" and plate:
        letters, digits = plate.groups()
        forms = [f"{_dictation(letters)}, {_dictation(digits)}"]
        if form != "dictated":
            forms.append(f"{_dictation(letters)}, {int(digits)}")
        return tuple(dict.fromkeys(forms))
    if not key.isdigit():
        return (key,)
    forms = [] if form == "number" else [_dictation(key)]
    if form != "dictated" or len(key) == 1:
        forms.append(str(int(key)))
    return tuple(dict.fromkeys(forms))


def rivals(key: str) -> list[str]:
    """Keys one misheard digit from `key`, `key` excluded: each digit replaced by every other digit
    («503» -> 003, 103, …, 703, 513, …; «QBM563» -> QBM063, …). A code heard right is heard better than
    all of them; one the model is unsure of is not. A plate's letters are not rivalled: as in the
    resolution rules, its digits must be exact and its letters may be heard as sound-alike ones."""
    return [key[:i] + d + key[i + 1 :] for i, ch in enumerate(key) if ch.isdigit() for d in "0123456789" if d != ch]


def said_as_number(said: str) -> bool:
    """True when the words `said` (a mention's span of a transcript) hold a number written as one:
    two digits together, or around a thousands point («412», «8.129», «Mil 50»)."""
    return _NUMBER.search(said) is not None


def _at(text: str, start: int, end: int) -> Mention | None:
    return next((m for m in spoken_mentions(text, heard=True) if m.span[0] < end and start < m.span[1]), None)


def mention_keys(kind: str, key: str, m: Mention) -> tuple[str, ...]:
    """The keys mention `m` reads as, for a rival of `key` (a plate keeps `key`'s letters: only its digits
    are rivalled, as `rivals` says)."""
    if kind == "vehicle":
        digits = [c[3:] if m.kind == "plate" else c for c in m.candidates]
        return tuple(dict.fromkeys(key[:3] + d for d in digits if len(d) == 3 and d.isdigit()))
    return tuple(dict.fromkeys([*m.candidates, *(c.zfill(3) for c in m.candidates if len(c) < 3)]))


def heard_rivals(text: str, start: int, end: int, kind: str, key: str) -> list[tuple[tuple[str, ...], str]]:
    """[(the keys it reads as, `text` with one digit of [start, end) changed), …] for the code or plate
    `key` of `kind` that `text[start:end]` names: every digit written there replaced by every other
    digit, and each two digits next to each other swapped («8.156» -> «8.516»), kept when the mention
    there then reads as other keys than `key` (any, the company's or not).
    «Manda me la remisión. 1060.8.» (1068): «… 1160.8.» (1168), «… 1061.8.» (1061), … ."""
    digits = [i for i in range(start, end) if text[i].isdigit()]
    changed = [text[:i] + d + text[i + 1 :] for i in digits for d in "0123456789" if d != text[i]]
    changed += [  # two digits next to each other (or about a thousands point) swapped
        text[:i] + text[j] + text[i + 1 : j] + text[i] + text[j + 1 :]
        for i, j in zip(digits, digits[1:], strict=False)
        if j - i <= 2 and text[i] != text[j]
    ]
    out: list[tuple[tuple[str, ...], str]] = []
    for new in dict.fromkeys(changed):
        m = _at(new, start, end)
        keys = mention_keys(kind, key, m) if m is not None else ()
        if keys and key not in keys:
            out.append((keys, new))
    return out
