"""Scoring a code or plate on the audio with its Spanish words, not its digits.

Scored as digits («149», «6, 6, 0»), a code barely tells the model's hearing apart from its rivals: the
digit tokens need little acoustic evidence each, so «¿…el cliente? 149.» scores only 1.6 nats above
«…141.» on a note that says «ciento cuarenta y nueve». Written as the words said, the same audio tells
them apart by 16 nats («Ciento cuarenta y nueve» −35.5, «Ciento cuarenta y uno» −51.8), and «seis, seis,
cero» beats «seis, seis, siete» by 6 where «6, 6, 0» and «6, 6, 7» are within 2 (measured on the human
clips, AMD EPYC, 2 Dec). So, where the digit readings leave a code unsure, `word_verdict` asks the
same question in words: is one key's reading in words `MARGIN` nats above every other key's?

`word_readings(kind, key, form)`: the texts a key is said with — a dictation in digit names («seis, seis,
cero»; a plate's letters stay capitals: «T, R, X, nueve, cero, cinco»), a number in words («ciento
cuarenta y nueve», «T, R, X, novecientos cinco»); `form` as in `spoken_readings` ("dictated": the words
heard had commas between them, so only the dictation; "number": only the number; "any": both).
Pure but for `num2words` (the `voice` extra).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from backend.contract import SpokenCheck
from backend.core.spoken_readings import Form, rivals
from bot.voice.engines import Scorer

DIGIT_NAMES = ("cero", "uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve")
_PLATE = re.compile(r"^([A-Z]{3})([0-9]{3})$")
_SENTENCE_START = re.compile(r"(?:^|[.?!¿¡]\s*)$")
# A dictation resolved as heard is asked back when a key one digit away, in words, scores within this of
# it: greedy decoding already wrote its digits, so the words only overrule them when they say another key
# about as well or better (measured: the keys heard right 1.95–10.9 nats above every rival on the committed
# set and seed 71; seed 83's «1, 3, 4» for «uno, tres, seis» 5.3 nats BELOW 136).
DICTATION_MARGIN = 1.0


def number_words(digits: str) -> str:
    """«149» -> «ciento cuarenta y nueve» (leading zeros dropped: «007» -> «siete»)."""
    from num2words import num2words  # the `voice` extra

    return str(num2words(int(digits), lang="es"))


def word_readings(kind: str, key: str, *, form: Form = "any") -> tuple[str, ...]:
    """The Spanish words `key` (a client code, delivery-note number or plate; `kind` as in
    `spoken_readings`) is said with, lower case, without final punctuation (module docstring)."""
    plate = _PLATE.match(key)
    if kind == "vehicle" and plate:
        head, digits = ", ".join(plate.group(1)) + ", ", plate.group(2)
    elif key.isdigit():
        head, digits = "", key
    else:
        return ()
    forms = [] if form == "number" else [head + ", ".join(DIGIT_NAMES[int(d)] for d in digits)]
    if form != "dictated" or len(digits) == 1:
        forms.append(head + number_words(digits))
    return tuple(dict.fromkeys(forms))


def placed(text: str, start: int, end: int, words: str) -> str:
    """`text` with [start, end) replaced by `words` (capitalised at a sentence's start), ending with
    punctuation, as `rescore._with` puts a reading in place."""
    prefix, suffix = text[:start], text[end:]
    if _SENTENCE_START.search(prefix):
        words = words[:1].upper() + words[1:]
    sep = " " if prefix and not prefix.endswith(" ") else ""
    out = (prefix + sep + words + suffix).rstrip()
    return out if out[-1:] in ".?!" else out + "."


def best_by_key(scores: Sequence[float], owners: Sequence[str], keys: Iterable[str] = ()) -> dict[str, float]:
    """key -> its best score among `scores` (each text's, `owners[i]` the key of text i); `keys` with no
    text get -inf."""
    best = dict.fromkeys(keys, float("-inf"))
    for key, value in zip(owners, scores, strict=True):
        best[key] = max(best.get(key, float("-inf")), value)
    return best


def _number_words(key: str) -> list[str]:
    from num2words import num2words  # the `voice` extra

    return str(num2words(int(key), lang="es")).split()


def fewer_words(rival: str, key: str) -> bool:
    """True when number `rival` is said in Spanish with only some of `key`'s words, in order (a plate:
    its digits): «doscientos» (200) for «doscientos diez» (210); not «trescientos diez» for «trescientos
    once», nor «mil ciento sesenta y ocho» for «mil sesenta y ocho»."""
    a, b = (k[3:] if k[:3].isalpha() else k for k in (key, rival))
    if not (a.isdigit() and b.isdigit()):
        return False
    said, fewer = _number_words(a), _number_words(b)
    words = iter(said)
    return len(fewer) < len(said) and all(w in words for w in fewer)  # in order: `in` consumes `words`


def word_verdict(
    score: Scorer,
    text: str,
    start: int,
    end: int,
    kind: str,
    keys: Sequence[str],
    *,
    form: Form,
    margin: float,
    also: Sequence[str] = (),
) -> str | None:
    """The one of `keys` (candidates for `text[start:end]`, of `kind`) whose reading in words, put in
    that place, scores `margin` nats above every other candidate's and then above every key one misheard
    digit from it (`spoken_readings.rivals`, any key; but, beside a dictation, not one said with only some of its
    words, `fewer_words`: a shorter text scores higher on its own, «novecientos» above «novecientos
    cinco») — None when no key does. `also`: keys that compete but may not be taken. `score`: a note's
    `Engine.scorer`.
    Costs one scoring per reading of the candidates, and of the winner's rivals when there is one."""
    texts, owners = [], []
    for key in dict.fromkeys([*keys, *also]):
        for reading in word_readings(kind, key, form=form):
            texts.append(placed(text, start, end, reading))
            owners.append(key)
    if not texts:
        return None
    best = best_by_key(score(texts), owners, keys)
    top = max(keys, key=best.__getitem__)
    if max((v for k, v in best.items() if k != top), default=float("-inf")) > best[top] - margin:
        return None
    near_texts, near_owners = [], []
    for key in rivals(top):
        if key not in best and not (form != "dictated" and fewer_words(key, top)):
            for reading in word_readings(kind, key, form=form):
                near_texts.append(placed(text, start, end, reading))
                near_owners.append(key)
    near = best_by_key(score(near_texts), near_owners) if near_texts else {}
    return top if max(near.values(), default=float("-inf")) <= best[top] - margin else None


def twins(key: str) -> list[str]:
    """The keys whose hundreds are said as `key`'s split or joined the other way — «ciento setenta y dos»
    (172) and «setecientos dos» (702), the words greedy decoding mixes up («5.172» for «cinco mil
    setecientos dos») — for a code or a plate's digits: 1XY <-> X0Y, X in 2–9."""
    plate = _PLATE.match(key)
    head, digits = (plate.group(1), plate.group(2)) if plate else ("", key)
    if len(digits) < 3:
        return []
    i = len(digits) - 3
    h, t, u = digits[i], digits[i + 1], digits[i + 2]
    if h == "1" and t >= "2":
        twin = t + "0" + u
    elif h >= "2" and t == "0":
        twin = "1" + h + u
    else:
        return []
    return [head + digits[:i] + twin]


def twins_near(score: Scorer, text: str, start: int, end: int, kind: str, key: str, *, margin: float) -> list[str]:
    """The `twins` of `key` (a code or plate `text[start:end]` resolves to from a number said as a number)
    whose reading in words scores within `margin` nats of `key`'s: the audio does not say which hundreds
    were said. [] when it does, or when `key` has no twin. Costs one scoring per reading."""
    others = twins(key)
    if not others:
        return []
    texts, owners = [], []
    for k in (key, *others):
        for reading in word_readings(kind, k, form="number"):
            texts.append(placed(text, start, end, reading))
            owners.append(k)
    best = best_by_key(score(texts), owners)
    return [k for k in others if best[k] > best[key] - margin]


def dictation_near(
    score: Scorer, text: str, check: SpokenCheck, *, margin: float = DICTATION_MARGIN
) -> tuple[tuple[str, ...], float, float]:
    """(the keys one misheard digit from `check.key` whose dictation in words — «uno, tres, seis» —
    scores within `margin` nats of the key's, best first; the key's score; the best rival's) for a code
    or plate the transcript resolves to as dictated («1, 3, 4», «K, L, M, 4, 8, 2»). Nothing near: the
    audio says the key. Costs one scoring of 1 + 9 texts per digit."""
    others = rivals(check.key)
    said = [
        placed(text, check.start, check.end, reading)
        for k in (check.key, *others)
        for reading in word_readings(check.kind, k, form="dictated")
    ]
    mine, *theirs = score(said)
    near = sorted(((s, k) for s, k in zip(theirs, others, strict=True) if s > mine - margin), reverse=True)
    return tuple(k for _, k in near), mine, max(theirs, default=float("-inf"))
