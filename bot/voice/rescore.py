"""Settling a misheard code or plate on the audio: the company's own candidates, scored by Whisper itself.

Greedy decoding sometimes drops or garbles a digit or letter that the model, asked directly, does hear:
«Mándame la remisión. 3, 5, 1.» for «tres, tres, cinco, uno». For each slot the backend names
(`POST /v1/voice/candidates`: where a code or plate was not surely heard, and the company's keys it
could be), every candidate's written readings (`backend.core.spoken_readings`) are put in the slot's
place and the whole transcript is scored by teacher forcing on the note's audio, encoded once per note
(`Engine.scorer`).
A candidate is taken only when its best reading beats every other candidate's — and the words the
transcript itself has there, when those are a fair reading (`heard_counts`: not a decoding loop's
head, not an empty slot) — by at least `MARGIN` nats (e^3 ≈ 20 times as likely), and then beats
by as much every key one misheard digit from it (`spoken_readings.rivals`), the company's or not:
«Fiete, cero, tres» is not client 503 when the model hears 703 (which the company lacks) as well.
Otherwise the slot stays as heard and the backend asks back as before («¿Te refieres a…?» / «No entendí bien…»).
Never a guess: a code the model hears as well as two candidates, or less well than what it wrote,
is not settled.

`confirm` checks the other way round a code or plate the transcript does resolve to from a number said
as a number (`SpokenCheck`: «Manda me la remisión. 1060.8.» -> 1068, when «mil ciento sesenta y ocho»
was said): the transcript as heard must score `CONFIRM_MARGIN` nats above every reading with one of the
digits it wrote changed (`spoken_readings.heard_rivals`: «1160.8» -> 1168, …, any key, the company's or
not). Otherwise it is a `SpokenDoubt` — with the keys that came as close — and `/v1/ask` asks back.
A rival said with only some of the transcript's number words (`fewer_words`: 200 «doscientos» for 210
«doscientos diez», 2000 for 2060) is not scored: it would mean greedy decoding added a word the speaker
did not say, where what it does is drop one («mil sesenta y ocho» for «mil ciento sesenta y ocho»: 1168,
a word more, is a rival) or change one (311 «trescientos once» / 310 «trescientos diez» is a rival).
The margin is smaller than `MARGIN`: this keeps what greedy decoding chose, where `judge` replaces it
(measured in the README: 2 nats asks back both wrong entities of the held-out sets). A check the margin
confirms is heard once more from where its code starts (`bot.voice.recheck`): «5.172» scored 3 nats
clear of every rival, but decoded alone it was «5.000, 700, 2.» — 5702 was said — so it is a doubt too.

Where the digit readings leave it unsure, the same questions are asked with the code's Spanish words
(`bot.voice.worded`), which the audio tells apart far better: a dictation's slot («SAIS, SAIS, SETTLE»
-> 660), a doubted check («149» -> «ciento cuarenta y nueve»), a second hearing that read another key
(overruled only when the words are `MARGIN` clear); and a confirmed check is asked back when its words
are not `MARGIN` above its hundreds twin's («5.172» / «cinco mil setecientos dos»). A check of a
dictation («1, 3, 4...») is its words only: doubted when a key one digit away, dictated in words, scores
within `worded.DICTATION_MARGIN` of it («uno, tres, seis» 5 nats above «uno, tres, cuatro»: asked back).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import numpy as np

from backend.contract import MAX_DOUBTS, SpokenCandidate, SpokenCheck, SpokenDoubt, SpokenSlot
from backend.core.spoken import spoken_mentions
from backend.core.spoken_readings import Form, heard_rivals, rivals, said_as_number, spoken_readings
from bot.voice.engines import Engine, Scorer
from bot.voice.recheck import second_hearing
from bot.voice.worded import dictation_near, fewer_words, placed, twins_near, word_readings, word_verdict

log = logging.getLogger(__name__)

MARGIN = 3.0
CONFIRM_MARGIN = 2.0


@dataclass(frozen=True)
class Verdict:
    """One slot's outcome: the candidate taken (None: none clearly), the best candidate's score and its
    nearest rival, and `heard` the transcript's own words' score there (-inf when not scored)."""

    slot: SpokenSlot
    chosen: SpokenCandidate | None
    best: float
    rival: float
    heard: float = float("-inf")


@dataclass(frozen=True)
class Settled:
    """What the audio settled in a transcript: `text` with the slots it settled replaced (None: none),
    `clear` the plates the transcript spells exactly that the audio says `MARGIN` nats above every
    plate of the company the slot named (`clear_plates`: «V, L, L, 3, 3, 0» for a plate of another
    company — the backend then answers that it is not in the fleet, not «no entendí»)."""

    text: str | None
    clear: tuple[str, ...] = ()


def clear_plates(text: str, verdicts: list[Verdict]) -> tuple[str, ...]:
    """The plates of `verdicts`' vehicle slots left unsettled whose words as heard are one plate exactly
    (one reading, three letters and three digits) and score `MARGIN` nats above every candidate."""
    out = []
    for v in verdicts:
        if v.slot.kind != "vehicle" or v.chosen is not None or not v.slot.candidates or v.heard - v.best < MARGIN:
            continue
        said = spoken_mentions(text[v.slot.start : v.slot.end], heard=True)
        if len(said) == 1 and said[0].kind == "plate" and len(said[0].candidates) == 1:
            out.append(said[0].candidates[0])
    return tuple(dict.fromkeys(out))


def _with(text: str, start: int, end: int, middle: str) -> str:
    """`text` with [start, end) replaced by `middle`, ending with punctuation (a period at the end
    scores a reading that stops there, as Whisper ends a transcript)."""
    prefix, suffix = text[:start], text[end:]
    sep = " " if prefix and not prefix.endswith(" ") else ""
    out = (prefix + sep + middle + suffix).rstrip()
    return out if out[-1:] in ".?!" else out + "."


def judge(score: Scorer, text: str, slot: SpokenSlot, *, heard_counts: bool = True) -> Verdict:
    """Score `slot`'s candidates in `text` with `score` (a note's `Engine.scorer`) and take one only by
    `MARGIN` (module docstring)."""
    heard = text[slot.start : slot.end]
    form: Form = "dictated" if not heard or "," in heard else "number" if heard.strip().isdigit() else "any"
    if slot.in_words:  # thousands written apart («8.1411», «Mil, 940 y 4»): a number said as a number
        form = "number"
    texts: list[str] = []
    owners: list[int] = []
    for i, candidate in enumerate(slot.candidates):
        for reading in spoken_readings(candidate.kind, candidate.key, form=form):
            texts.append(_with(text, slot.start, slot.end, reading))
            owners.append(i)
    free = heard_counts and slot.end > slot.start
    if free:
        texts.append(_with(text, slot.start, slot.end, text[slot.start : slot.end]))
    if not owners:
        return Verdict(slot, None, float("-inf"), float("-inf"))
    unique = list(dict.fromkeys(texts))  # a client and a note with the same digits read alike
    scored = dict(zip(unique, score(unique), strict=True))
    scores = [scored[t] for t in texts]
    best = [float("-inf")] * len(slot.candidates)
    for i, value in zip(owners, scores, strict=False):
        best[i] = max(best[i], value)
    top = max(range(len(best)), key=best.__getitem__)
    others = [s for i, s in enumerate(best) if i != top] + ([scores[-1]] if free else [])
    rival = max(others, default=float("-inf"))
    heard_score = scores[-1] if free else float("-inf")
    if best[top] - rival < MARGIN:
        return Verdict(slot, _in_words(score, text, slot, form), best[top], rival, heard_score)
    winner = slot.candidates[top]
    named = {c.key for c in slot.candidates}
    near = [
        _with(text, slot.start, slot.end, reading)
        for key in rivals(winner.key)
        if key not in named
        for reading in spoken_readings(winner.kind, key, form=form)
    ]
    rival = max([rival, *score(near)])
    if best[top] - rival >= MARGIN:
        return Verdict(slot, winner, best[top], rival, heard_score)
    return Verdict(slot, _in_words(score, text, slot, form), best[top], rival, heard_score)


def _in_words(score: Scorer, text: str, slot: SpokenSlot, form: Form) -> SpokenCandidate | None:
    """The candidate the slot's readings in words settle (`worded.word_verdict`), when the digits did not:
    only for a dictation («SAIS, SAIS, SETTLE»), one of the keys of as many characters as it has items
    (the words replace what was heard item by item: a number word such as «Cien» for «Quién» is no code
    to put «mil cien» in place of — held-out seed 61 settled note 1100 so; the other candidates still
    compete), one candidate only per key
    (a client and a note with the same digits read alike); for a slot of thousands written apart
    (`SpokenSlot.in_words`), every candidate in number words («ocho mil cuatrocientos once»)."""
    if slot.in_words:  # any candidate: their words replace the whole number as written
        keys = [c.key for c in slot.candidates]
        key = word_verdict(
            score, text, slot.start, slot.end, slot.kind, list(dict.fromkeys(keys)), form="number", margin=MARGIN
        )
        return slot.candidates[keys.index(key)] if key is not None and keys.count(key) == 1 else None
    items = len(text[slot.start : slot.end].split(","))
    if form != "dictated" or items < 2:
        return None
    keys = [c.key if len(c.key) == items else "" for c in slot.candidates]
    if not any(keys):
        return None
    kind = slot.candidates[0].kind if slot.candidates else "code"
    named = list(dict.fromkeys(k for k in keys if k))
    others = [c.key for c in slot.candidates if len(c.key) != items]  # they compete, not taken
    key = word_verdict(score, text, slot.start, slot.end, kind, named, form=form, margin=MARGIN, also=others)
    if key is None or keys.count(key) != 1:
        return None
    if slot.lost:  # no digit heard: its words must also beat what Whisper wrote there («Hola, buenos, días»)
        said = placed(text, slot.start, slot.end, word_readings(kind, key, form="dictated")[0])
        mine, heard = score([said, _ended(text)])
        if mine - heard < MARGIN:
            return None
    return slot.candidates[keys.index(key)]


def settle(
    engine: Engine, samples: np.ndarray, text: str, slots: list[SpokenSlot], *, heard_counts: bool = True
) -> tuple[str | None, list[Verdict]]:
    """(`text` with every slot the audio settles replaced by its candidate's token — None when no slot
    is —, the verdicts). Slots are judged each on the transcript as heard, the audio encoded once.
    Blocking (engine scoring)."""
    score = engine.scorer(samples)
    verdicts = [judge(score, text, slot, heard_counts=heard_counts) for slot in slots]
    out, settled = text, False
    for v in sorted(verdicts, key=lambda v: v.slot.start, reverse=True):
        if v.chosen is not None:
            out, settled = _with(out, v.slot.start, v.slot.end, v.chosen.token), True
    for v in verdicts:
        log.info(
            "voice: slot %r (%d candidates): %s (%.1f vs %.1f)",
            text[v.slot.start : v.slot.end],
            len(v.slot.candidates),
            v.chosen.key if v.chosen else "not settled",
            v.best,
            v.rival,
        )
    return (out if settled else None), verdicts


@dataclass(frozen=True)
class Confirmation:
    """One check's outcome: `near` the keys whose readings scored within `CONFIRM_MARGIN` of the
    transcript as heard (best first; none: confirmed), `heard` its score, `rival` the best rival's."""

    check: SpokenCheck
    near: tuple[str, ...]
    heard: float
    rival: float

    @property
    def confirmed(self) -> bool:
        return not self.near

    def doubt(self) -> SpokenDoubt:
        return SpokenDoubt(kind=self.check.kind, key=self.check.key, near=list(self.near[:64]))


def _ended(text: str) -> str:
    text = text.rstrip()
    return text if text[-1:] in ".?!" else text + "."


def confirm_check(score: Scorer, text: str, check: SpokenCheck) -> Confirmation:
    """Score `text` as heard against every reading of `check`'s span with one digit changed, but those
    said with fewer of its words (module docstring); confirmed when it is `CONFIRM_MARGIN` nats above
    all of them."""
    found = [
        (keys, t)
        for keys, t in heard_rivals(text, check.start, check.end, check.kind, check.key)
        if not all(fewer_words(k, check.key) for k in keys)
    ]
    if not found:
        return Confirmation(check, (), 0.0, float("-inf"))
    heard, *scores = score([_ended(text), *(_ended(t) for _, t in found)])
    close = sorted((s, keys) for s, (keys, _) in zip(scores, found, strict=True) if s > heard - CONFIRM_MARGIN)
    near = tuple(dict.fromkeys(k for _, keys in reversed(close) for k in keys))
    if near:  # the digits left it unsure: do its words say it clearly? (`bot.voice.worded`)
        keys = [check.key, *dict.fromkeys(k for keys, _ in found for k in keys)]
        said = word_verdict(score, text, check.start, check.end, check.kind, keys, form="number", margin=MARGIN)
        if said == check.key:
            near = ()
    return Confirmation(check, near, heard, max(scores))


def _said_in_words(score: Scorer, text: str, check: SpokenCheck, again: tuple[str, ...]) -> bool:
    """True when the check's key, in words, scores `MARGIN` nats above the keys a second hearing read
    (and every key one digit away): «T, R, X, novecientos cinco» 10 nats above «… novecientos
    veinticinco» where the second hearing wrote «T-R-X-925». The words overrule that hearing only then."""
    keys = [check.key, *(k for k in again if k != check.key)]
    return (
        word_verdict(score, text, check.start, check.end, check.kind, keys, form="number", margin=MARGIN) == check.key
    )


def confirm(engine: Engine, samples: np.ndarray, text: str, checks: list[SpokenCheck]) -> list[Confirmation]:
    """`confirm_check` for each of `checks` (at most `MAX_DOUBTS`; offsets into `text`) on the note's
    audio, encoded once; a check it confirms is then heard again from where its code starts
    (`bot.voice.recheck.second_hearing`) and stays confirmed only when that reads as its key too (or
    has no opinion). Blocking (engine scoring: one text per digit written and digit it could be; one
    more decoding of the code's part of the note per confirmed check)."""
    score = engine.scorer(samples)
    out = []
    for check in checks[:MAX_DOUBTS]:
        if not said_as_number(text[check.start : check.end]):  # dictated: its words against its rivals' (`worded`)
            out.append(Confirmation(check, *dictation_near(score, text, check)))
            continue
        done = confirm_check(score, text, check)
        if done.confirmed and (
            split := twins_near(score, text, check.start, check.end, check.kind, check.key, margin=MARGIN)
        ):
            log.info("voice: %s %s: its hundreds may be said as %s", check.kind, check.key, ", ".join(split))
            done = Confirmation(check, tuple(split), done.heard, done.rival)
        if done.confirmed:  # the audio said it clearly: heard the same from where the code starts?
            again = second_hearing(engine, samples, text, check)
            if again is not None and check.key not in again and not _said_in_words(score, text, check, again):
                log.info("voice: %s %s heard again as %s", check.kind, check.key, ", ".join(again))
                done = Confirmation(check, again, done.heard, done.rival)
        out.append(done)
    for c in out:
        log.info(
            "voice: %s %s from %r: %s (%.1f vs %.1f)",
            c.check.kind,
            c.check.key,
            text[c.check.start : c.check.end],
            "confirmed" if c.confirmed else f"not confirmed, near {', '.join(c.near[:6])}",
            c.heard,
            c.rival,
        )
    return out
