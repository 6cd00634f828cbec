"""Samples -> the text the bot acts on: silence check, one decoding, Whisper's filters, and a second
decoding when the first stopped right where the code was to be said.

With the domain prompt, Whisper often ends a note such as «¿Cuándo vence el SOAT de la placa… ge, hache,
te, dos, uno, siete» right after the carrier phrase («…de la placa.»): the letters and digits said after
a pause are never decoded. When the kept text ends with a word that announces a code (placa, vehículo,
cliente, código, remisión…), the note is decoded again with that text as a forced prefix, so the decoder
must go on from there; what it adds is kept only when it names a code or plate (`spoken_mentions`) and
passes the same filters (no loop, no hallucination). Costs one more decoding, and only for such notes.

`listen` also keeps the samples and, for a note refused because its decoding looped, what came before the
loop (`Heard.partial`): the codes and plates in either are then checked against the company's candidates
on the audio itself (`bot.voice.rescore`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from backend.core.spoken import spoken_mentions
from backend.core.spoken_kinds import ends_at_kind_word
from bot.voice.config import VoiceSettings
from bot.voice.engines import Engine
from bot.voice.filters import is_near_silent, loop_head, spoken_text


@dataclass(frozen=True)
class Heard:
    """A note as heard: `text` the usable transcript ("" when nothing usable was said); `partial` what
    came before a decoding loop when the note was refused for one (else ""); `samples` the audio
    (float32 mono 16 kHz), kept to score candidates on."""

    text: str
    samples: np.ndarray
    partial: str = ""


def hear(engine: Engine, samples: np.ndarray, settings: VoiceSettings) -> str:
    """The usable transcript of float32 mono 16 kHz `samples`, "" when nothing was said. Blocking."""
    return listen(engine, samples, settings).text


def listen(engine: Engine, samples: np.ndarray, settings: VoiceSettings) -> Heard:
    """`hear`, keeping the samples and a refused loop's head (`Heard`). Blocking."""
    if is_near_silent(samples):
        return Heard("", samples)
    transcript = engine.transcribe(samples)
    text = spoken_text(transcript, no_speech_threshold=settings.no_speech_threshold, prompt=settings.prompt)
    if not text:
        return Heard("", samples, loop_head(transcript))
    return Heard(_more(engine, samples, settings, text), samples)


def _more(engine: Engine, samples: np.ndarray, settings: VoiceSettings, text: str) -> str:
    """`text` and what the second decoding adds after it when it stops at a kind word."""
    if not ends_at_kind_word(text):
        return text
    more = spoken_text(
        engine.transcribe(samples, prefix=text),
        no_speech_threshold=settings.no_speech_threshold,
        prompt=settings.prompt,
    )
    return f"{text} {more}" if more and spoken_mentions(more, heard=True) else text
