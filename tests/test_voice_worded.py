"""A code the digit readings leave unsure is scored on the audio in its Spanish words (`bot.voice.worded`).

Scoring stand-ins for the rules (settling a slot, confirming a number said as a number, the hundreds
twin that asks back «5.172» when «cinco mil setecientos dos» was said), and one real clip for the
property the rules stand on: on the audio, words tell a code from its rivals where digits barely do.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from backend.bench.voice_clips import clips
from backend.contract import SpokenCandidate, SpokenCheck, SpokenSlot
from bot.voice.rescore import MARGIN, confirm_check, judge
from bot.voice.worded import placed, twins, twins_near, word_readings, word_verdict


class ByWords:
    """A scoring stand-in: a text's score is that of the first of `scores`' phrases it ends with (before
    the final period, case-insensitive), `default` for any other."""

    def __init__(self, scores: dict[str, float], default: float = -30.0) -> None:
        self.scores, self.default, self.texts = scores, default, list[str]()

    def __call__(self, texts: Sequence[str]) -> list[float]:
        self.texts += texts
        out = []
        for t in texts:
            body = t.rstrip(".").lower()
            out.append(next((v for k, v in self.scores.items() if body.endswith(k)), self.default))
        return out


def test_readings_in_words() -> None:
    assert word_readings("client", "660", form="dictated") == ("seis, seis, cero",)
    assert word_readings("client", "149") == ("uno, cuatro, nueve", "ciento cuarenta y nueve")
    assert word_readings("client", "007", form="number") == ("siete",)
    assert word_readings("vehicle", "TRX905", form="number") == ("T, R, X, novecientos cinco",)
    assert word_readings("vehicle", "not-a-plate") == ()
    assert placed("SAIS, SAIS, SETTLE.", 0, 18, "seis, seis, cero") == "Seis, seis, cero."
    assert placed("el cliente 149", 11, 14, "ciento cuarenta y nueve") == "el cliente ciento cuarenta y nueve."


def test_the_hundreds_twins() -> None:
    assert twins("5172") == ["5702"] and twins("5702") == ["5172"]  # «ciento setenta y dos» / «setecientos dos»
    assert twins("142") == ["402"] and twins("TRX905") == ["TRX195"]
    assert twins("412") == [] and twins("110") == [] and twins("07") == []  # «ciento diez»: no «-cientos» twin


def test_a_key_is_taken_in_words_only_by_the_margin_over_candidates_and_rivals() -> None:
    text, keys = "SAIS, SAIS, SETTLE.", ["660", "661", "266"]
    clear = ByWords({"seis, seis, cero": -14.0, "seis, seis, uno": -14.0 - MARGIN - 0.1})
    assert word_verdict(clear, text, 0, 18, "client", keys, form="dictated", margin=MARGIN) == "660"
    assert "Seis, seis, siete." in clear.texts  # a rival one digit away, the company's or not
    rival = ByWords({"seis, seis, cero": -14.0, "seis, seis, siete": -15.0})  # 667: the company lacks it
    assert word_verdict(rival, text, 0, 18, "client", keys, form="dictated", margin=MARGIN) is None
    close = ByWords({"seis, seis, cero": -14.0, "dos, seis, seis": -16.0})
    assert word_verdict(close, text, 0, 18, "client", keys, form="dictated", margin=MARGIN) is None
    assert len(close.texts) == 3  # no rival scored without a clear candidate


def test_a_slot_the_digits_leave_unsure_is_settled_by_its_words() -> None:
    text = "SAIS, SAIS, SETTLE."
    slot = SpokenSlot(
        start=0,
        end=18,
        kind="code",
        candidates=[SpokenCandidate(kind="client", key=k, token=f"cliente {k}") for k in ("660", "661", "266")],
    )
    score = ByWords({"sais, sais, settle": -7.0, "6, 6, 0": -14.4, "6, 6, 1": -14.0, "seis, seis, cero": -14.3})
    verdict = judge(score, text, slot)
    assert verdict.chosen is not None and verdict.chosen.key == "660"
    unsure = ByWords({"sais, sais, settle": -7.0, "seis, seis, cero": -14.3, "seis, seis, siete": -15.0})
    assert judge(unsure, text, slot).chosen is None


def test_a_number_the_digits_leave_unsure_is_confirmed_by_its_words() -> None:
    text = "¿Cuántas castillas tiene el cliente? 149."
    check = SpokenCheck(start=37, end=40, kind="client", key="149")
    digits = {"cliente? 149": -27.1, "cliente? 141": -28.7, "cliente? 142": -28.9}
    words = {"ciento cuarenta y nueve": -35.5, "ciento cuarenta": -39.6, "ciento cuarenta y uno": -51.8}
    assert confirm_check(ByWords({**digits, **words}, default=-60.0), text, check).confirmed
    unsure = {**digits, **words, "ciento cuarenta y uno": -36.0}
    assert not confirm_check(ByWords(unsure, default=-60.0), text, check).confirmed
    assert not confirm_check(ByWords(digits, default=-60.0), text, check).confirmed  # words alike: asked back as before


def test_a_number_whose_hundreds_twin_sounds_as_likely_is_asked_back() -> None:
    text = "mandame la remisión. 5.172."  # held-out seed 53: «cinco mil setecientos dos» (5702)
    start = text.index("5.172")
    heard = {"cinco mil ciento setenta y dos": -33.3, "cinco mil setecientos dos": -7.1}
    assert twins_near(ByWords(heard), text, start, start + 5, "delivery_note", "5172", margin=MARGIN) == ["5702"]
    said = {"cinco mil ciento setenta y dos": -20.0, "cinco mil setecientos dos": -33.0}
    assert twins_near(ByWords(said), text, start, start + 5, "delivery_note", "5172", margin=MARGIN) == []


@pytest.mark.voice
def test_on_real_audio_words_tell_a_code_from_its_rivals(faster_engine) -> None:
    """«ciento cuarenta y nueve» said: written in words, 149 is clear of 141, 142, 140 and 409 by the
    margin on the audio (16 nats on an AMD EPYC, 2 Dec), whatever this CPU's transcript is."""
    from bot.voice.audio import decode_audio

    [clip] = [c for c in clips() if c["name"] == "cliente_149_numero_canastillas"]
    score = faster_engine.scorer(decode_audio(clip["path"].read_bytes(), max_seconds=120))
    carrier = "¿Cuántas canastillas tiene el cliente?"
    said, *others = score(
        [
            f"{carrier} Ciento cuarenta y nueve.",
            f"{carrier} Ciento cuarenta y uno.",
            f"{carrier} Ciento cuarenta y dos.",
            f"{carrier} Cuatrocientos nueve.",
        ]
    )
    assert said > max(others) + MARGIN, (said, others)


class Scoring:
    """An engine stand-in for `rescore.confirm`: scores with `score`, no second hearing."""

    def __init__(self, score: ByWords) -> None:
        self.score = score

    def scorer(self, samples: object) -> ByWords:
        return self.score

    def onset(self, samples: object, text: str, offset: int) -> None:
        return None


def test_confirm_asks_back_a_number_whose_twin_its_words_do_not_rule_out() -> None:
    import numpy as np

    from bot.voice.rescore import confirm

    text = "mandame la remisión. 5.172."
    start = text.index("5.172")
    check = SpokenCheck(start=start, end=start + 5, kind="delivery_note", key="5172")
    digits = {"remisión. 5.172": -5.1}  # every digit changed: -30, far below (the digits confirm it)
    heard = {**digits, "cinco mil ciento setenta y dos": -33.3, "cinco mil setecientos dos": -7.1}
    [done] = confirm(Scoring(ByWords(heard)), np.zeros(16_000, dtype=np.float32), text, [check])  # type: ignore[arg-type]
    assert not done.confirmed and done.doubt().near == ["5702"]
    said = {**digits, "cinco mil ciento setenta y dos": -20.0, "cinco mil setecientos dos": -33.0}
    [done] = confirm(Scoring(ByWords(said)), np.zeros(16_000, dtype=np.float32), text, [check])  # type: ignore[arg-type]
    assert done.confirmed


class HeardAgain(Scoring):
    """`Scoring` with a second hearing: the code starts at 1 s and the crop is heard as `again`."""

    def __init__(self, score: ByWords, again: str) -> None:
        from pathlib import Path

        from tests.fixtures_voice import voice_settings

        super().__init__(score)
        self.again, self.settings = again, voice_settings(Path("/nonexistent"), "faster-whisper")

    def onset(self, samples: object, text: str, offset: int) -> float:  # type: ignore[override]
        return 1.0

    def transcribe(self, samples: object, prefix: str | None = None) -> object:
        from bot.voice.engines import Segment, Transcript

        return Transcript((Segment(" " + self.again, 0.01, -0.2, 1.2),))


def test_words_overrule_a_second_hearing_only_when_clear() -> None:
    import numpy as np

    from bot.voice.rescore import confirm

    text = "Cuando ven sales, SOAT me la placa. Te, R, X, 900, 5."  # TRX905, heard again «T-R-X-925»
    check = SpokenCheck(start=36, end=52, kind="vehicle", key="TRX905")
    samples = np.zeros(4 * 16_000, dtype=np.float32)
    digits = {"te, r, x, 900, 5": -16.1}  # every digit changed: -60 (the digits confirm it)
    clear = {**digits, "novecientos cinco": -24.8, "novecientos veinticinco": -34.9, "ciento noventa y cinco": -53.7}
    [done] = confirm(HeardAgain(ByWords(clear, default=-60.0), "T-R-X-925."), samples, text, [check])  # type: ignore[arg-type]
    assert done.confirmed
    close = {**clear, "novecientos veinticinco": -26.0}
    [done] = confirm(HeardAgain(ByWords(close, default=-60.0), "T-R-X-925."), samples, text, [check])  # type: ignore[arg-type]
    assert not done.confirmed and done.near == ("TRX925",)


def test_only_a_dictation_is_settled_in_words_by_keys_of_its_length() -> None:
    """Held-out seed 61: «Cien manejar el rey…» («Quién maneja el vehículo…» with noise): «Cien» is no code
    to put «mil cien» (note 1100) in place of, however clear its words score."""
    text = "Cien manejar el rey, tu loch. C, U, N, O, Cientos, 50, Nueve."
    slot = SpokenSlot(
        start=0,
        end=4,
        kind="code",
        candidates=[SpokenCandidate(kind="delivery_note", key=k, token=f"remisión {k}") for k in ("1100", "1001")],
    )
    score = ByWords({}, default=-60.0)
    score.scores = {"mil cien manejar el rey, tu loch. c, u, n, o, cientos, 50, nueve": -20.0}
    assert judge(score, text, slot).chosen is None
    longer = SpokenSlot(
        start=0,
        end=18,
        kind="code",
        candidates=[SpokenCandidate(kind="client", key=k, token=f"cliente {k}") for k in ("6601", "660")],
    )
    dictated = ByWords({"seis, seis, cero, uno": -10.0, "seis, seis, cero": -30.0}, default=-60.0)
    assert judge(dictated, "SAIS, SAIS, SETTLE.", longer).chosen is None  # three items: not a four-digit key
