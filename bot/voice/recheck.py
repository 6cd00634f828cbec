"""A second hearing of a code said as a number: the note decoded again from where the code starts.

Greedy decoding of the whole note can change a number word and still land on one of the company's keys
(«Manta me la remisión. 5.172.» for «cinco mil setecientos dos»: note 5172 resolved, 5702 said), and
scoring on the audio may prefer what it wrote: «5.172» is more than `rescore.CONFIRM_MARGIN` above every
reading one digit away, so `rescore.confirm_check` confirms it. Decoded alone — the audio cut where the
decoder's alignment of the transcript says the code starts (`Engine.onset`), without the carrier phrase
before it — the model often writes the number otherwise («5.000, 700, 2.» = 5702).

`second_hearing(engine, samples, text, check)` gives the keys that hearing reads as (a plate keeps the
check's letters, as `spoken_readings.mention_keys` says), or None when it has no opinion: the engine
cannot align (openai-whisper), too little audio after the onset, the filters refuse what it heard, it
is not one code and nothing else («Siento, 10 de ojo.» for 118, «R, C, B, C, C, 12.» for RPB312: a
garbled hearing is no opinion), or that code is not of the check's length («5.000.831.», read
5000831, is 5831 written otherwise).
`rescore.confirm` keeps a check confirmed only when a second hearing, if any, reads as the check's key
too; otherwise the check is a doubt with the second hearing's keys as its near ones, and `/v1/ask` asks
back («¿Te refieres a la remisión 5172 o a la remisión 5702?», or «No entendí bien…»).
Costs one encoding, one alignment and one decoding of the code's part of the note, for checked notes only.
"""

from __future__ import annotations

import re

import numpy as np

from backend.contract import SpokenCheck
from backend.core.spoken import spoken_mentions
from backend.core.spoken_readings import mention_keys
from bot.voice.engines import Engine
from bot.voice.filters import spoken_text

RATE = 16_000
LEAD_S = 0.3  # audio kept before the aligned onset (the alignment can be a little late)
MIN_S = 0.5  # less audio than this after the onset: no second hearing
_WORD = re.compile(r"\w")


def second_hearing(engine: Engine, samples: np.ndarray, text: str, check: SpokenCheck) -> tuple[str, ...] | None:
    """The keys the code of `check` (offsets into transcript `text`) reads as when the note's float32
    mono 16 kHz `samples` are decoded again from where it starts, None for no opinion (module
    docstring). Blocking (one encoding, one alignment, one decoding)."""
    at = engine.onset(samples, text, check.start)
    if at is None:
        return None
    crop = samples[max(0, int((at - LEAD_S) * RATE)) :]
    if crop.size < MIN_S * RATE:
        return None
    s = engine.settings
    heard = spoken_text(engine.transcribe(crop), no_speech_threshold=s.no_speech_threshold, prompt=s.prompt)
    mentions = spoken_mentions(heard, heard=True) if heard else []
    if len(mentions) != 1 or _WORD.search(heard[: mentions[0].span[0]] + heard[mentions[0].span[1] :]):
        return None  # not a clean reading: «Siento, 10 de ojo.», «R, C, B, C, C, 12.», the carrier again
    keys = tuple(k for k in mention_keys(check.kind, check.key, mentions[0]) if len(k) == len(check.key))
    return keys or None  # another length: the number written otherwise («5.000.831.» for 5831), not another
