"""The second decoding (bot/voice/hearing.py): when it runs, what it is given and what of it is kept.

The engine here is scripted (the real engines' behaviour on a cut note is in test_voice_human.py:
placa_GHT217_soat); the samples are real audio so the silence check passes as in the bot."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from bot.voice.audio import decode_audio
from bot.voice.config import VoiceSettings
from bot.voice.engines import Segment, Transcript
from bot.voice.hearing import hear

CLIP = Path(__file__).parent / "data" / "voice" / "human" / "placa_GHT217_soat.ogg"


class Scripted:
    """First call: `first`; a call with a prefix: `more`. Records the prefixes it was given."""

    name = "scripted"

    def __init__(self, first: str, more: str) -> None:
        self.first, self.more = first, more
        self.prefixes: list[str | None] = []

    def transcribe(self, samples: np.ndarray, prefix: str | None = None) -> Transcript:
        self.prefixes.append(prefix)
        return Transcript((Segment(self.more if prefix else self.first, 0.05, -0.3, 1.1),))


def _hear(first: str, more: str) -> tuple[str, list[str | None]]:
    engine = Scripted(first, more)
    samples = decode_audio(CLIP.read_bytes(), max_seconds=120)
    return hear(engine, samples, VoiceSettings(engine="faster-whisper", _env_file=None)), engine.prefixes


def test_a_note_cut_at_placa_is_decoded_again_from_there() -> None:
    text, prefixes = _hear("Cuando vence el SOAT me la placa.", "¡Hey! ¡Hace! ¡Te! ¡Dos! ¡Uno! ¡Siete!")
    assert prefixes == [None, "Cuando vence el SOAT me la placa."]
    assert text == "Cuando vence el SOAT me la placa. ¡Hey! ¡Hace! ¡Te! ¡Dos! ¡Uno! ¡Siete!"


def test_what_the_second_decoding_adds_is_kept_only_when_it_names_a_code() -> None:
    text, prefixes = _hear("Mándame la remisión.", "Gracias por ver el video.")
    assert len(prefixes) == 2 and text == "Mándame la remisión."
    text, _ = _hear("Mándame la remisión.", "7, 7, 7, 7, 7, 7, 7, 7")  # a loop: refused by the filters
    assert text == "Mándame la remisión."


def test_a_glued_placa_counts_as_placa() -> None:
    text, prefixes = _hear("Cuando vence el SOAT le aplaca.", "R, P, B, 3, 1, 2.")
    assert len(prefixes) == 2 and text == "Cuando vence el SOAT le aplaca. R, P, B, 3, 1, 2."


def test_a_complete_note_is_decoded_once() -> None:
    text, prefixes = _hear("¿Cuántas canastillas tiene el cliente 412?", "7, 8, 5, 1")
    assert prefixes == [None] and text == "¿Cuántas canastillas tiene el cliente 412?"
