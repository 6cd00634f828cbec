"""Regenerate the committed voice-note test clips (needs Debian's espeak-ng; run from the repo root).

    .venv/bin/python tests/data/voice/make_clips.py

Each clip is synthetic Spanish speech (espeak-ng, voice es+f2, slow rate) or a synthetic non-speech
signal, encoded like a Telegram voice note: OGG/Opus, mono, 48 kHz, 32 kbit/s. CI does not have
espeak-ng, so the .ogg files are committed; this script documents how they were made.
"""

from __future__ import annotations

import subprocess
import tempfile
import wave
from pathlib import Path

import av
import numpy as np

HERE = Path(__file__).resolve().parent
RATE = 48_000

# name -> text spoken. Lengths are about 5 s, 10 s and 30 s at the chosen rate.
SPEECH = {
    "canastillas_5s": "¿Cuántas canastillas tiene el cliente cuatrocientos doce?",
    "vence_10s": "¿Cuándo vence el soat de la placa K L M cuatro ocho dos? "
    "Necesito saber si el vehículo puede salir hoy.",
    "ruta_30s": "Buenos días. Estoy en la ruta de Rionegro con el camión. "
    "El cliente cuatrocientos doce tiene muchas canastillas pendientes y no las quiere devolver. "
    "Quiero saber cuántas canastillas debe en total, y cuándo vence la tecnomecánica del camión, "
    "porque mañana salimos otra vez para Medellín con la remisión nueva. "
    "Por favor avísame también si el cliente tiene saldo pendiente de canastillas. Gracias.",
}


def espeak(text: str, wav_path: Path) -> np.ndarray:
    """Speak `text` to a WAV file and return its samples as float32 mono at 48 kHz."""
    subprocess.run(
        ["espeak-ng", "-v", "es+f2", "-s", "135", "-w", str(wav_path), text], check=True, timeout=60
    )
    with wave.open(str(wav_path)) as w:
        rate, frames = w.getframerate(), w.readframes(w.getnframes())
    pcm = np.frombuffer(frames, dtype=np.int16).astype(np.float32) / 32768.0
    # Linear resampling is enough for test speech (espeak speaks at 22.05 kHz).
    n_out = int(len(pcm) * RATE / rate)
    return np.interp(np.linspace(0, len(pcm) - 1, n_out), np.arange(len(pcm)), pcm).astype(np.float32)


def write_opus(samples: np.ndarray, path: Path) -> None:
    """Encode float32 mono samples at 48 kHz as OGG/Opus (Telegram's voice-note format)."""
    with av.open(str(path), "w", format="ogg") as out:
        stream = out.add_stream("libopus", rate=RATE, layout="mono")
        stream.bit_rate = 32_000
        pcm = (np.clip(samples, -1, 1) * 32767).astype(np.int16).reshape(1, -1)
        frame = av.AudioFrame.from_ndarray(pcm, format="s16", layout="mono")
        frame.sample_rate = RATE
        for packet in stream.encode(frame):
            out.mux(packet)
        for packet in stream.encode(None):
            out.mux(packet)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in SPEECH.items():
            samples = espeak(text, Path(tmp) / f"{name}.wav")
            pad = np.zeros(RATE // 4, dtype=np.float32)
            write_opus(np.concatenate([pad, samples, pad]), HERE / f"{name}.ogg")
    write_opus(np.zeros(RATE * 4, dtype=np.float32), HERE / "silence_4s.ogg")
    noise = np.random.default_rng(5).normal(0.0, 0.25, RATE * 4).astype(np.float32)
    write_opus(noise, HERE / "noise_4s.ogg")
    for path in sorted(HERE.glob("*.ogg")):
        with av.open(str(path)) as f:
            print(f"{path.name}: {f.duration / 1e6:.1f} s, {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
