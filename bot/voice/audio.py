"""Decode a voice note (any container/codec PyAV knows: OGG/Opus, MP3, M4A, WAV ...) to Whisper input.

PyAV bundles its own FFmpeg libraries, so no system `ffmpeg` binary is needed.
"""

from __future__ import annotations

import io

import numpy as np

SAMPLE_RATE = 16_000


class AudioError(Exception):
    """The file cannot be used as audio. `reason` is one of: "empty", "invalid", "truncated", "too_long"."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason


def decode_audio(data: bytes, *, max_seconds: float, expected_seconds: float | None = None) -> np.ndarray:
    """Decode `data` to float32 mono samples at 16 kHz in [-1, 1] (shape (n,)).

    `expected_seconds` is the duration the sender declared (Telegram's `voice.duration`); decoding
    much less than that means the file was cut short. Raises AudioError: "empty" (no bytes, or no
    samples), "invalid" (not a decodable audio file), "truncated", "too_long" (over `max_seconds`).
    """
    import av  # imported here: only the voice extra needs it

    if not data:
        raise AudioError("empty")
    if _ogg_cut_short(data):
        raise AudioError("truncated", "last Ogg page incomplete")
    max_samples = int(max_seconds * SAMPLE_RATE)
    chunks: list[np.ndarray] = []
    total = 0
    try:
        with av.open(io.BytesIO(data), mode="r", metadata_errors="ignore") as container:
            if not container.streams.audio:
                raise AudioError("invalid", "no audio stream")
            stream = container.streams.audio[0]
            resampler = av.AudioResampler(format="flt", layout="mono", rate=SAMPLE_RATE)
            for frame in container.decode(stream):
                for out in resampler.resample(frame):
                    chunk = out.to_ndarray().reshape(-1)
                    chunks.append(chunk)
                    total += chunk.size
                if total > max_samples:
                    raise AudioError("too_long", f"more than {max_seconds} s")
            for out in resampler.resample(None):
                chunks.append(out.to_ndarray().reshape(-1))
    except AudioError:
        raise
    except (av.FFmpegError, ValueError, IndexError, EOFError) as exc:
        # A cut-off Opus stream usually still decodes up to the cut; anything else is not audio.
        if not chunks:
            raise AudioError("invalid", str(exc)) from exc
        raise AudioError("truncated", str(exc)) from exc
    samples = np.concatenate(chunks).astype(np.float32, copy=False) if chunks else np.zeros(0, np.float32)
    if samples.size == 0:
        raise AudioError("empty", "no samples")
    decoded_s = samples.size / SAMPLE_RATE
    if expected_seconds and decoded_s < expected_seconds * 0.8 - 0.5:
        raise AudioError("truncated", f"decoded {decoded_s:.1f} s of {expected_seconds} s")
    return np.clip(samples, -1.0, 1.0)


def _ogg_cut_short(data: bytes) -> bool:
    """True for an Ogg file whose last page is incomplete (the upload or download was cut off).

    A missing end-of-stream flag alone is not trusted (not every recorder sets it); the declared
    duration catches a cut exactly at a page boundary."""
    if not data.startswith(b"OggS"):
        return False
    last = data.rfind(b"OggS")
    header = data[last : last + 27]
    if len(header) < 27:
        return True
    segments = header[26]
    table = data[last + 27 : last + 27 + segments]
    return len(table) < segments or len(data) < last + 27 + segments + sum(table)


def duration_seconds(samples: np.ndarray) -> float:
    """Length in seconds of 16 kHz samples from `decode_audio`."""
    return samples.size / SAMPLE_RATE
