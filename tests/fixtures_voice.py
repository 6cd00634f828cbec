"""Voice fixtures: the committed clips, VoiceSettings for tests, and each Whisper engine loaded once.

Clips (tests/data/voice, made by make_clips.py with espeak-ng; OGG/Opus mono 48 kHz like Telegram's):
canastillas_5s, vence_10s, ruta_30s (Spanish speech), silence_4s, noise_4s.
The engines are session fixtures: the bundled weights are assembled and converted once per test
session into a temporary data directory (that conversion is itself under test).
"""

from __future__ import annotations

from pathlib import Path

import pytest

VOICE_DATA = Path(__file__).resolve().parent / "data" / "voice"


def clip(name: str) -> bytes:
    """Bytes of a committed clip, e.g. clip("canastillas_5s")."""
    return (VOICE_DATA / f"{name}.ogg").read_bytes()


def voice_settings(data_dir: Path, engine: str = "openai-whisper", **overrides):
    """VoiceSettings that ignore the environment and `.env` (tests must not depend on them). Worker
    threads at normal priority unless a test asks (`nice=`): suites of other work on the same cores
    would otherwise slow a niced transcription past the tests' waits."""
    from bot.voice.config import VoiceSettings

    return VoiceSettings(_env_file=None, engine=engine, data_dir=data_dir, **{"nice": 0, **overrides})


@pytest.fixture(scope="session")
def voice_data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("voice-data")


@pytest.fixture(scope="session")
def openai_engine(voice_data_dir: Path):
    """openai-whisper on the checkpoint converted from the bundled CTranslate2 weights."""
    pytest.importorskip("whisper")
    from bot.voice.engines import OpenAIWhisperEngine

    return OpenAIWhisperEngine(voice_settings(voice_data_dir, "openai-whisper"))


@pytest.fixture(scope="session")
def faster_engine(voice_data_dir: Path):
    """faster-whisper on the bundled CTranslate2 weights (int8, VAD filter on)."""
    pytest.importorskip("faster_whisper")
    from bot.voice.engines import FasterWhisperEngine

    return FasterWhisperEngine(voice_settings(voice_data_dir, "faster-whisper"))
