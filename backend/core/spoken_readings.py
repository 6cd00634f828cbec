"""How Whisper writes a code or plate said aloud: the texts a candidate is scored with on the audio.

    spoken_readings("vehicle", "QBM563")      -> ("Q, B, M, 5, 6, 3", "Q, B, M, 563")
    spoken_readings("client", "3351")         -> ("3, 3, 5, 1", "3351")
    spoken_readings("client", "007")          -> ("0, 0, 7", "7")
    spoken_readings("client", "3351", form="dictated") -> ("3, 3, 5, 1",)
    spoken_readings("client", "3351", form="number")   -> ("3351",)

`rivals(key)` are the keys one misheard digit or letter away (any, the company's or not): what a
candidate must also be heard clearly better than before it is taken.

A person reads a code digit by digit or as a number, and a plate letter by letter, its digits one by
one or as a number; Whisper writes each of those with digits and capital letters between commas (the way
it writes dictation) or as one number. `dictated`: the words heard were a dictation (commas between
them), so only that form is worth scoring. Pure; no I/O.
"""

from __future__ import annotations

import re
from typing import Literal

Form = Literal["dictated", "number", "any"]

_PLATE = re.compile(r"^([A-Z]{3})([0-9]{3})$")


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
