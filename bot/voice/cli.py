"""`fleetops voice FILE...`: transcribe audio files with the configured engine, as the bot would.

Prints, per file, the seconds it took and the transcript (or the Spanish refusal the bot would send).
Also prepares the weights (join + conversion under FLEETOPS_DATA_DIR/voice), so a deploy can run it
once with no file to make the bot's first start fast.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from bot.voice.audio import AudioError, decode_audio, duration_seconds
from bot.voice.config import VoiceSettings
from bot.voice.engines import load_engine
from bot.voice.hearing import hear
from bot.voice.service import NOTHING_HEARD


def cmd_voice(args: argparse.Namespace) -> int:
    overrides = {"engine": args.engine} if args.engine else {}
    settings = VoiceSettings(**overrides)
    if settings.engine == "off":
        print("FLEETOPS_VOICE_ENGINE=off: nada que cargar.")
        return 0
    started = time.monotonic()
    engine = load_engine(settings)
    print(
        f"{engine.name} listo en {time.monotonic() - started:.1f} s (modelo: {settings.model}, "
        f"hilos: {settings.cpu_threads})"
    )
    failed = 0
    for name in args.files:
        started = time.monotonic()
        try:
            samples = decode_audio(Path(name).read_bytes(), max_seconds=settings.max_seconds)
        except (OSError, AudioError) as exc:
            print(f"{name}: no se pudo leer ({exc})")
            failed += 1
            continue
        text = hear(engine, samples, settings)
        print(
            f"{name}: {duration_seconds(samples):.1f} s de audio en {time.monotonic() - started:.2f} s: "
            f"{text or NOTHING_HEARD}"
        )
    return 1 if failed else 0
