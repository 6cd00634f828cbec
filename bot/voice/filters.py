"""Deciding that nothing was said: near-silent audio, Whisper's own signals, and known hallucinations.

Whisper, given silence or noise, tends to invent text: subtitle credits from its training data
("Subtítulos realizados por la comunidad de Amara.org"), "Gracias por ver el video", or one phrase
repeated until the token cap (a high gzip compression ratio gives that away). Decoding window by
window (faster-whisper's voice-activity chunks, openai-whisper's 30-s seeks) can also hear the same
sentence twice where two windows overlap; `without_repeats` keeps its first occurrence.
"""

from __future__ import annotations

import re

import numpy as np

from backend.core.text import fold
from bot.voice.engines import Segment, Transcript

# Below this RMS level (full scale = 1.0) the note is treated as silence without running Whisper.
SILENCE_RMS = 0.003
# Whisper's own thresholds (openai-whisper defaults): a window is dropped as "no speech" when its
# no-speech probability is high AND its tokens were unlikely; a window whose text compresses better
# than this is a repetition loop.
LOGPROB_FLOOR = -1.0
MAX_COMPRESSION_RATIO = 2.4

_PUNCT = re.compile(r"[^\w\s]", re.UNICODE)
_WORDS = re.compile(r"[^\W_]+")
# A sentence ends at . ! ? or … followed by white space.
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+")
# Folded (lower-case, no accents), punctuation removed. A transcript equal to one of these is dropped.
_EXACT = {
    "gracias por ver",
    "gracias por ver el video",
    "gracias por ver este video",
    "gracias por vernos",
    "gracias por su atencion",
    "gracias por mirar",
    "suscribete",
    "suscribete al canal",
    "no olvides suscribirte",
    "no te olvides de suscribirte",
    "dale like y suscribete",
    "musica",
    "musica de fondo",
    "aplausos",
    "risas",
    "silencio",
    "hasta la proxima",
    "nos vemos en el proximo video",
}
# A transcript containing one of these is subtitle credits, never an operations question.
_CONTAINS = ("amara org", "subtitulos realizados por", "subtitulado por", "subtitulos por", "transcripcion por")


def is_near_silent(samples: np.ndarray) -> bool:
    """True when the whole note is below SILENCE_RMS (digital silence, a muted microphone)."""
    if samples.size == 0:
        return True
    return float(np.sqrt(np.mean(np.square(samples, dtype=np.float64)))) < SILENCE_RMS


def _normal(text: str) -> str:
    return " ".join(_PUNCT.sub(" ", fold(text)).split())


def is_hallucination(text: str) -> bool:
    """True for an empty text or a known Whisper hallucination on silence (subtitle credits etc.)."""
    norm = _normal(text)
    if len(norm.replace(" ", "")) < 2:
        return True
    return norm in _EXACT or any(phrase in norm for phrase in _CONTAINS)


def _loop_start(words: list[str]) -> int | None:
    """Index of the first word of the earliest back-to-back repetition in `words` (see `is_loop`)."""
    starts = []
    for n, times in ((1, 5), (2, 4), (3, 4)):
        for i in range(len(words) - n * times + 1):
            gram = words[i : i + n]
            if all(words[i + k * n : i + (k + 1) * n] == gram for k in range(1, times)):
                starts.append(i)
                break
    return min(starts, default=None)


def is_loop(text: str) -> bool:
    """True when one word, or a group of two or three words, repeats back to back so often that the
    decoder was looping («ven, ven, ven, ven, ven», «C, C, C, …», «de la, de la, de la»). A plate or a code
    read aloud repeats a digit at most four times («uno, uno, uno, uno»)."""
    return _loop_start(_normal(text).split()) is not None


def loop_head(transcript: Transcript) -> str:
    """What the first window that loops said before its loop («U, B, M, S, C, C, C, …» -> «U, B, M, S»),
    after the kept windows before it; "" when no window loops or nothing came before the loop. Never an
    answer by itself: only a hint of what the note was about (`bot.voice.rescore`)."""
    kept: list[str] = []
    for segment in transcript.segments:
        words = list(_WORDS.finditer(segment.text))
        start = _loop_start([_normal(w.group()) for w in words])
        if start is not None:
            head = segment.text[: words[start].start()].strip(" ,.;:")
            return " ".join([*kept, head]).strip() if head else ""
        kept.append(segment.text.strip())
    return ""


def is_prompt_echo(text: str, prompt: str) -> bool:
    """True when the transcript is only words of the decoding prompt: Whisper repeating its prompt on
    noise («Saldo, cliente, placa, remisión, saldo, vence, vehículo.»)."""
    words, given = set(_normal(text).split()), set(_normal(prompt).split())
    return bool(words) and len(words) >= 3 and words <= given


def _keep(segment: Segment, no_speech_threshold: float) -> bool:
    if segment.compression_ratio > MAX_COMPRESSION_RATIO or is_loop(segment.text):
        return False
    if segment.no_speech_prob > no_speech_threshold and segment.avg_logprob < LOGPROB_FLOOR:
        return False
    return not is_hallucination(segment.text)


def without_repeats(text: str) -> str:
    """`text` with every sentence that repeats an earlier one (folded, punctuation ignored) removed.

    «Gracias por esperar. ¿Cuántas canastillas tiene el 412? ¿Cuántas canastillas tiene el 412?»
    -> «Gracias por esperar. ¿Cuántas canastillas tiene el 412?». A sentence with no letters or digits
    is kept as it is.
    """
    seen: set[str] = set()
    kept = []
    for sentence in _SENTENCE_END.split(text.strip()):
        norm = _normal(sentence)
        if norm and norm in seen:
            continue
        seen.add(norm)
        kept.append(sentence)
    return " ".join(kept)


def spoken_text(transcript: Transcript, *, no_speech_threshold: float = 0.6, prompt: str = "") -> str:
    """The transcript's usable text without repeated sentences, or "" when nothing was said (every
    window filtered out, or what is left only repeats the decoding `prompt`)."""
    kept = [s.text.strip() for s in transcript.segments if _keep(s, no_speech_threshold)]
    text = without_repeats(" ".join(t for t in kept if t))
    return "" if is_hallucination(text) or is_prompt_echo(text, prompt) else text
