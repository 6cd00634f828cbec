"""Two Whisper engines behind one interface: `Engine.transcribe(samples) -> Transcript`.

- OpenAIWhisperEngine: openai-whisper on torch (CPU, float32). One transcription at a time per model:
  openai-whisper installs kv-cache hooks on the shared model during a call.
- FasterWhisperEngine: faster-whisper on CTranslate2 (int8 on CPU), its built-in VAD filter on;
  `num_workers` = concurrency lets that many transcriptions run in parallel.

Both decode in `language`, with temperature 0 only (deterministic, no fallback), the domain prompt (the
bundled model's in the package tokenizer's ids, `weights.package_prompt_ids`, the scorer's context too),
no conditioning on previous text, and at most `token_cap(settings, seconds)` tokens per 30-s window:
`max_tokens`, or fewer for a short note (about 8 tokens per second of audio, a digit read aloud with its
comma is 2), so a decoding loop on noise («C, C, C, …») stops early and costs little; the loop itself
is then refused by `filters.spoken_text`. `load_engine(settings)` builds the one the settings name; loading is
slow (seconds), so call it once, off the event loop.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from bot.voice.config import BUNDLED_MODEL, VoiceSettings
from bot.voice.weights import ct2_model_dir, openai_checkpoint, package_prompt_ids


@dataclass(frozen=True)
class Segment:
    """One decoded window: text plus Whisper's own quality signals."""

    text: str
    no_speech_prob: float
    avg_logprob: float
    compression_ratio: float


@dataclass(frozen=True)
class Transcript:
    segments: tuple[Segment, ...]

    @property
    def text(self) -> str:
        return " ".join(s.text.strip() for s in self.segments if s.text.strip())


TOKENS_PER_SECOND = 8
_SCORE_BATCH = 4  # texts per openai-whisper decoder pass when scoring (each holds its own cross-attention keys)
MIN_TOKENS = 16
WINDOW_FRAMES = 3000  # one 30-s Whisper window of 10-ms mel frames
ALIGN_STEPS_PER_SECOND = 50  # the encoder halves the 10-ms mel frames
SCORE_PAD_FRAMES = 100  # padding after the note when scoring (1 s: the note's end heard as an end)

# Texts -> their log-likelihoods on one note's encoded audio (`Engine.scorer`).
Scorer = Callable[[Sequence[str]], list[float]]


def scored_frames(frames: int) -> int:
    """Mel frames (10 ms each) the scoring encodes for a note of `frames`: its own length and
    `SCORE_PAD_FRAMES` of padding after it, even (the encoder halves it), at most one 30-s window —
    instead of the window Whisper always pads to. CTranslate2 encodes shorter inputs (the positional
    embedding is cut to fit); the encoding, and each text's cross-attention over it, then costs what
    the note's length costs: a 5-s note, a fifth."""
    width = min(WINDOW_FRAMES, frames + SCORE_PAD_FRAMES)
    return width + width % 2


def token_cap(settings: VoiceSettings, samples: np.ndarray) -> int:
    """Tokens one 30-s window may decode for this note: `settings.max_tokens`, less for short notes."""
    seconds = min(samples.size / 16_000, 30.0)
    return max(MIN_TOKENS, min(settings.max_tokens, int(MIN_TOKENS + TOKENS_PER_SECOND * seconds)))


class Engine(Protocol):
    name: str
    settings: VoiceSettings

    def transcribe(self, samples: np.ndarray, prefix: str | None = None) -> Transcript:
        """Transcribe float32 mono 16 kHz samples. Blocking (seconds); call from a worker thread.
        `prefix`: text the transcript is forced to start with (the decoder goes on after it); the
        returned text then holds only what follows it."""
        ...

    def scorer(self, samples: np.ndarray) -> Scorer:
        """The note's first 30 s encoded once, and a function giving, per text, the log-likelihood
        (natural log, summed over its tokens) that the decoder gives it as their transcript, decoded as
        `transcribe` decodes (language, prompt, no timestamps): teacher forcing. faster-whisper encodes
        only the note's own length and 1 s after it (`scored_frames`), not the 30-s window's padding;
        openai-whisper's encoder takes whole windows only (cutting its output instead scores the
        model's own transcript of a 5-s note at -96 nats instead of -6). Blocking (the encoding once,
        then tens of ms per text)."""
        ...

    def onset(self, samples: np.ndarray, text: str, offset: int) -> float | None:
        """Seconds into `samples` where the words of transcript `text` from character `offset` on start
        being said (the decoder's cross-attention alignment of `text` on the note's own length, as
        faster-whisper's word timestamps do), None when the engine cannot tell (openai-whisper).
        Blocking (one encoding and one alignment)."""
        ...


class OpenAIWhisperEngine:
    name = "openai-whisper"

    def __init__(self, settings: VoiceSettings) -> None:
        import torch
        import whisper

        torch.set_num_threads(settings.cpu_threads)
        # a standard name (downloads once) or a checkpoint path, unless it is the bundled model
        source = str(openai_checkpoint(settings.cache_dir)) if settings.model == BUNDLED_MODEL else settings.model
        self._whisper = whisper
        self._model = whisper.load_model(source, device="cpu", download_root=str(settings.cache_dir))
        self.settings = settings
        self._lock = threading.Lock()

    def transcribe(self, samples: np.ndarray, prefix: str | None = None) -> Transcript:
        s = self.settings
        with self._lock:
            result = self._whisper.transcribe(
                self._model,
                samples,
                language=s.language,
                task="transcribe",
                temperature=0.0,
                beam_size=s.beam_size if s.beam_size > 1 else None,
                sample_len=token_cap(s, samples),
                initial_prompt=s.prompt or None,
                prefix=prefix,
                condition_on_previous_text=False,
                no_speech_threshold=s.no_speech_threshold,
                fp16=False,
                verbose=None,
            )
        return Transcript(
            tuple(
                Segment(
                    seg["text"],
                    float(seg["no_speech_prob"]),
                    float(seg["avg_logprob"]),
                    float(seg["compression_ratio"]),
                )
                for seg in result["segments"]
            )
        )

    def scorer(self, samples: np.ndarray) -> Scorer:
        import torch
        from whisper.tokenizer import get_tokenizer

        model, s = self._model, self.settings
        tok = get_tokenizer(
            model.is_multilingual, num_languages=model.num_languages, language=s.language, task="transcribe"
        )
        start = [tok.sot_prev, *tok.encode(" " + s.prompt.strip())] if s.prompt else []
        start += list(tok.sot_sequence_including_notimestamps)
        mel = self._whisper.log_mel_spectrogram(self._whisper.pad_or_trim(samples), model.dims.n_mels)
        with self._lock, torch.no_grad():
            audio = model.embed_audio(mel[None])

        def score(texts: Sequence[str]) -> list[float]:
            ids = [tok.encode(" " + text.strip()) for text in texts]
            out: list[float] = []
            with self._lock, torch.no_grad():
                for first in range(0, len(ids), _SCORE_BATCH):  # one decoder pass per batch, right-padded
                    batch = ids[first : first + _SCORE_BATCH]
                    width = max(map(len, batch))
                    rows = torch.tensor([start + t + [tok.eot] * (width - len(t)) for t in batch])
                    logits = model.logits(rows, audio.expand(len(batch), -1, -1)).float()
                    logprobs = torch.log_softmax(logits, dim=-1)
                    for row, t in enumerate(batch):
                        positions = torch.arange(len(start) - 1, len(start) - 1 + len(t))
                        out.append(float(logprobs[row, positions, torch.tensor(t)].sum()))
            return out

        return score

    def onset(self, samples: np.ndarray, text: str, offset: int) -> float | None:
        return None  # not aligned here: openai-whisper's notes get no second hearing (bot.voice.recheck)


class FasterWhisperEngine:
    name = "faster-whisper"

    def __init__(self, settings: VoiceSettings) -> None:
        from faster_whisper import WhisperModel

        source = str(ct2_model_dir(settings.cache_dir)) if settings.model == BUNDLED_MODEL else settings.model
        local = Path(source).is_dir()
        self._model = WhisperModel(
            source,
            device="cpu",
            compute_type="int8",
            cpu_threads=settings.cpu_threads,
            num_workers=settings.concurrency,
            download_root=str(settings.cache_dir),
            local_files_only=local,
        )
        self.settings = settings
        # decoding: the bundled model's prompt as the package's tokenizer encoded it (`package_prompt_ids`)
        bundled = settings.model == BUNDLED_MODEL and settings.prompt.strip()
        self._prompt = list(package_prompt_ids(settings.prompt)) if bundled else settings.prompt or None

    def transcribe(self, samples: np.ndarray, prefix: str | None = None) -> Transcript:
        s = self.settings
        segments, _info = self._model.transcribe(
            samples,
            language=s.language,
            task="transcribe",
            temperature=0.0,
            beam_size=s.beam_size,
            max_new_tokens=token_cap(s, samples),
            initial_prompt=self._prompt,
            prefix=prefix,
            condition_on_previous_text=False,
            no_speech_threshold=s.no_speech_threshold,
            vad_filter=True,
        )
        return Transcript(
            tuple(
                Segment(
                    _after(seg.text, prefix),
                    float(seg.no_speech_prob),
                    float(seg.avg_logprob),
                    float(seg.compression_ratio),
                )
                for seg in segments
            )
        )

    def scorer(self, samples: np.ndarray) -> Scorer:
        from faster_whisper.audio import pad_or_trim
        from faster_whisper.tokenizer import Tokenizer

        model, s = self._model, self.settings
        tok = Tokenizer(model.hf_tokenizer, model.model.is_multilingual, task="transcribe", language=s.language)
        prompt = self._prompt if isinstance(self._prompt, list) else tok.encode(" " + s.prompt.strip())
        start = [tok.sot_prev, *prompt] if s.prompt else []
        start += [*tok.sot_sequence, tok.no_timestamps]
        features = model.feature_extractor(samples[: 30 * 16_000])
        frames = min(features.shape[-1], 3000)
        encoded = model.encode(pad_or_trim(features, scored_frames(frames)))

        def score(texts: Sequence[str]) -> list[float]:
            out = []
            for text in texts:
                ids = tok.encode(" " + text.strip())
                probs = model.model.align(encoded, start, [ids], frames)[0].text_token_probs
                out.append(sum(math.log(max(p, 1e-12)) for p in probs))
            return out

        return score

    def onset(self, samples: np.ndarray, text: str, offset: int) -> float | None:
        from faster_whisper.audio import pad_or_trim
        from faster_whisper.tokenizer import Tokenizer

        model, s = self._model, self.settings
        tok = Tokenizer(model.hf_tokenizer, model.model.is_multilingual, task="transcribe", language=s.language)
        features = model.feature_extractor(samples[: 30 * 16_000])
        frames = min(features.shape[-1], WINDOW_FRAMES)
        ids = tok.encode(" " + text)
        first = next((k for k in range(len(ids)) if len(tok.decode(ids[: k + 1])) > offset + 1), None)
        if first is None:
            return None
        encoded = model.encode(pad_or_trim(features, scored_frames(frames)))
        aligned = model.model.align(encoded, tok.sot_sequence, [[*ids, tok.eot]], frames, median_filter_width=7)
        times = [t for i, t in aligned[0].alignments if i == first]
        return min(times) / ALIGN_STEPS_PER_SECOND if times else None


def _after(text: str, prefix: str | None) -> str:
    """`text` without the forced `prefix` it starts with (faster-whisper returns both)."""
    if prefix and text.strip().startswith(prefix.strip()):
        return text.strip()[len(prefix.strip()) :]
    return text


def load_engine(settings: VoiceSettings) -> Engine:
    """The engine named by `settings.engine` (not "off"). Raises ImportError without the extra,
    WeightsError when the bundled weights are missing."""
    if settings.engine == "faster-whisper":
        return FasterWhisperEngine(settings)
    if settings.engine == "openai-whisper":
        return OpenAIWhisperEngine(settings)
    raise ValueError(f"voice engine {settings.engine!r} cannot be loaded")
