"""Samples -> the text the bot acts on: silence check, one decoding, Whisper's filters, and a second
decoding when the first stopped right where the code was to be said.

With the domain prompt, Whisper often ends a note such as «¿Cuándo vence el SOAT de la placa… ge, hache,
te, dos, uno, siete» right after the carrier phrase («…de la placa.»): the letters and digits said after
a pause are never decoded. When the kept text ends with a word that announces a code (placa, vehículo,
cliente, código, remisión…), the note is decoded again with that text as a forced prefix, so the decoder
must go on from there; what it adds is kept only when it names a code or plate (`spoken_mentions`) and
passes the same filters (no loop, no hallucination). Costs one more decoding, and only for such notes.
"""

from __future__ import annotations

import numpy as np

from backend.core.spoken import ends_at_kind_word, spoken_mentions
from bot.voice.config import VoiceSettings
from bot.voice.engines import Engine
from bot.voice.filters import is_near_silent, spoken_text


def hear(engine: Engine, samples: np.ndarray, settings: VoiceSettings) -> str:
    """The usable transcript of float32 mono 16 kHz `samples`, "" when nothing was said. Blocking."""
    if is_near_silent(samples):
        return ""
    text = spoken_text(
        engine.transcribe(samples), no_speech_threshold=settings.no_speech_threshold, prompt=settings.prompt
    )
    if not text or not ends_at_kind_word(text):
        return text
    more = spoken_text(
        engine.transcribe(samples, prefix=text),
        no_speech_threshold=settings.no_speech_threshold,
        prompt=settings.prompt,
    )
    return f"{text} {more}" if more and spoken_mentions(more, heard=True) else text
