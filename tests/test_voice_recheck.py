"""A second hearing of a code said as a number (`bot.voice.recheck`): the note decoded again from where
the code starts, and `bot.voice.rescore.confirm` asking back when it reads another key.

The transcript is a real one (faster-whisper, Intel AVX-512, held-out seed 19): «cinco mil setecientos
dos» (note 5702) heard «5.172» — note 5172, which the company also has — and scored more than 2 nats above
every reading one digit away; decoded from the aligned onset of «5.172» on, the same model wrote
«5.000, 700, 2.». Stand-in engines give the onset, the crop's transcript and the scores; the real
engine's alignment is checked on a committed clip.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pytest

from backend.bench.voice_clips import fixture_keys
from backend.context.spoken_candidates import spoken_checks
from backend.context.spoken_entities import UNCLEAR, resolve_spoken
from backend.contract import SpokenDoubt
from bot.voice.engines import Segment, Transcript
from bot.voice.recheck import LEAD_S, RATE, second_hearing
from bot.voice.rescore import confirm
from tests.fixtures_voice import clip, voice_settings

KEYS = fixture_keys("frigorifico-andino")
HEARD = "Manta me la remisión. 5.172."  # 5702 said


class Crops:
    """An engine stand-in: the code starts at `at` s; a decoding of the crop writes `again`; the
    scoring puts the heard text 5 nats above every other digit reading (the scoring alone confirms it),
    and in words rules out 5172's hundreds twin 5702 but not the keys one digit away
    (`bot.voice.worded`: the words neither doubt the check nor overrule a second hearing)."""

    name = "stand-in"

    def __init__(self, at: float | None, again: str) -> None:
        self.settings = voice_settings(Path("/nonexistent"), "faster-whisper")
        self.at, self.again = at, again
        self.decoded: list[int] = []

    def onset(self, samples: np.ndarray, text: str, offset: int) -> float | None:
        assert text[offset:].startswith("5.172")
        return self.at

    def transcribe(self, samples: np.ndarray, prefix: str | None = None) -> Transcript:
        self.decoded.append(samples.size)
        return Transcript((Segment(" " + self.again, 0.01, -0.2, 1.2),))

    def scorer(self, samples: np.ndarray) -> Callable[[Sequence[str]], list[float]]:
        def score(texts: Sequence[str]) -> list[float]:
            words = {"setecientos dos.": -40.0, "ciento setenta y dos.": -20.0}
            return [-9.5 if t == HEARD else next((v for k, v in words.items() if t.endswith(k)), -14.5) for t in texts]

        return score


SAMPLES = np.zeros(6 * RATE, dtype=np.float32)


def test_a_code_heard_otherwise_from_its_onset_is_asked_back() -> None:
    [check] = spoken_checks(HEARD, KEYS)
    assert check.key == "5172"
    engine = Crops(2.38, "5.000, 700, 2.")
    [done] = confirm(engine, SAMPLES, HEARD, [check])
    assert not done.confirmed and done.near == ("5702",)
    assert engine.decoded == [SAMPLES.size - int((2.38 - LEAD_S) * RATE)]  # the note from just before the code
    asked = resolve_spoken(HEARD, KEYS, [done.doubt()])
    assert asked.answer == "¿Te refieres a la remisión 5172 o a la remisión 5702?" and asked.resolved == ()
    lacking = resolve_spoken(HEARD, KEYS, [SpokenDoubt(kind="delivery_note", key="5172", near=["5070"])])
    assert lacking.answer == UNCLEAR["note"]  # 5070 is not the company's: «no entendí»


@pytest.mark.parametrize(
    "at, again",
    [
        (2.38, "5.172."),  # heard the same again
        (2.38, "Manta."),  # no code in it: no opinion
        (2.38, "5.000.172."),  # read 5000172: the number written otherwise, not another one
        (2.38, "5.000, 700, de 2."),  # not one clean reading (seed 29: «Siento, 10 de ojo.» for 118)
        (2.38, "Mándame la remisión 5702."),  # the carrier phrase again: no opinion
        (None, "5.000, 700, 2."),  # the engine cannot align (openai-whisper)
        (5.9, "5.000, 700, 2."),  # less than half a second left
    ],
)
def test_no_second_opinion_against_it_keeps_it_confirmed(at: float | None, again: str) -> None:
    [check] = spoken_checks(HEARD, KEYS)
    [done] = confirm(Crops(at, again), SAMPLES, HEARD, [check])
    assert done.confirmed


def test_a_plate_keeps_its_letters() -> None:
    text = "K, L, M, 480, I, 2."
    [check] = spoken_checks(text, KEYS)
    engine = Crops(1.0, "K, L, M, 4, 8, 3.")
    engine.onset = lambda samples, text, offset: 1.0  # type: ignore[method-assign]
    assert second_hearing(engine, SAMPLES, text, check) == ("KLM483",)


@pytest.mark.voice
def test_the_real_alignment_finds_the_code_after_the_carrier_phrase(faster_engine) -> None:
    from bot.voice.audio import decode_audio

    samples = decode_audio(clip("human/remision_1534_numero"), max_seconds=120)
    text = "Mándame la remisión. 1.534."
    at = faster_engine.onset(samples, text, text.index("1.534"))
    assert at is not None and 1.0 < at < samples.size / RATE - 1.0
    crop = faster_engine.transcribe(samples[int((at - LEAD_S) * RATE) :]).text
    assert "remisi" not in crop.lower() and any(ch.isdigit() for ch in crop)  # the code, without the carrier


class Counting:
    """The real faster-whisper engine, counting the samples of each decoding."""

    def __init__(self, engine) -> None:
        self.engine, self.name, self.settings = engine, engine.name, engine.settings
        self.decoded: list[int] = []

    def transcribe(self, samples: np.ndarray, prefix: str | None = None) -> Transcript:
        self.decoded.append(samples.size)
        return self.engine.transcribe(samples, prefix)

    def scorer(self, samples: np.ndarray) -> Callable[[Sequence[str]], list[float]]:
        return self.engine.scorer(samples)

    def onset(self, samples: np.ndarray, text: str, offset: int) -> float | None:
        return self.engine.onset(samples, text, offset)


@pytest.mark.voice
async def test_a_real_note_is_heard_again_through_the_bot_and_answered(
    backend_server, telegram_stub, faster_engine, voice_data_dir
) -> None:
    """The whole path: «¿Cuántas canastillas tiene el cliente 412?» in a human voice, through the real
    Application, the real backend (POST /v1/voice/candidates names the check) and the real engine: the
    note is decoded twice — whole, then from where «412» starts — and, heard the same, answered."""
    from tests.test_voice_bot import ECHO, voice_bot

    admin = backend_server.admin_user_id
    backend_server.anthropic.reply_text("El cliente 412 tiene 298 canastillas.")
    engine = Counting(faster_engine)
    async with voice_bot(backend_server, telegram_stub, engine, voice_data_dir, "faster-whisper"):
        telegram_stub.push(telegram_stub.voice(clip("human/cliente_412_numero_canastillas"), chat_id=admin, duration=7))
        echo, answer = await telegram_stub.wait_texts(admin, 2)
    assert echo.startswith(ECHO) and ("412" in echo or "cuatrocientos, doce" in echo.lower())  # by CPU
    assert answer == "El cliente 412 tiene 298 canastillas."
    if "412" not in echo:  # heard in words on this CPU («Cuatrocientos, doce.»): no number to check
        assert len(engine.decoded) == 1
        return
    whole, again = engine.decoded
    assert again < whole  # the second decoding is the note's part from the code on
