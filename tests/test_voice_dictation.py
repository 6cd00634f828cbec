"""A code or plate resolved from a dictation («1, 3, 4», «Uno, tres, cuatro», «K, L, M, 4, 8, 2») is checked
on the audio in words against every key one digit away (`spoken_checks`, `worded.dictation_near`).

Held-out seed 83: «uno, tres, seis» in noise (136, a client the company lacks) was heard «1, 3, 4...» and
answered with client 134's data — a dictation that resolves as heard was not checked. On the audio,
«Uno, tres, seis» scores 5.3 nats above «Uno, tres, cuatro»; the keys heard right score 1.95–10.9 nats
above every rival (committed set, seed 71). The company's notes are dense (1372 has 23 one digit away),
so one misheard digit of a dictated note is almost always another note.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from backend.bench.voice_clips import clips, doubts, fixture_keys, judge
from backend.context.spoken_candidates import spoken_checks
from backend.contract import SpokenCheck
from bot.voice.worded import DICTATION_MARGIN, dictation_near

FRIGORIFICO = fixture_keys("frigorifico-andino")
CLIPS = {c["name"]: c for c in clips()}


def keys_checked(text: str) -> list[str]:
    return [c.key for c in spoken_checks(text, FRIGORIFICO)]


def test_a_dictation_that_resolves_is_checked() -> None:
    assert keys_checked("1, 3, 4...") == ["134"]
    assert keys_checked("Uno, tres, cuatro.") == ["134"]
    assert keys_checked("Mándame la remisión. Ojo, cuatro, cinco, seis.") == ["8456"]  # «Ojo»: a heard «ocho»
    assert keys_checked("4. 1. 2.") == ["412"]
    assert keys_checked("Vame el salvo del cliente. Cero, cero, siete.") == ["007"]
    assert keys_checked("K, L, M, 4, 8, 2.") == ["KLM482"]
    assert keys_checked("Quien maneja el vehículo. Pé, R, X, Nueve, Cero, Cinco.") == ["TRX905"]


def test_number_words_between_commas_are_no_dictation() -> None:
    """«Siento, dos» (ciento dos) and «4 cientos, doce» are a number said in words, not one word per digit:
    scoring «uno, cero, dos» against them would ask back what was heard right."""
    assert keys_checked("Vame el salvo del cliente. Siento, dos.") == []
    assert keys_checked("La miren, salvo, cliente. 4 cientos, doce.") == []
    assert keys_checked("el cliente 7") == []  # one digit: nothing to dictate


class ByEnd:
    """A scoring stand-in: a text's score is that of the first phrase of `scores` it ends with."""

    def __init__(self, scores: dict[str, float], default: float = -30.0) -> None:
        self.scores, self.default = scores, default

    def __call__(self, texts: Sequence[str]) -> list[float]:
        return [
            next((v for k, v in self.scores.items() if t.rstrip(".").lower().endswith(k)), self.default) for t in texts
        ]


def test_a_rival_said_about_as_well_in_words_is_near() -> None:
    check = SpokenCheck(start=0, end=7, kind="client", key="134")
    heard_right = ByEnd({"uno, tres, cuatro": -4.0})
    assert dictation_near(heard_right, "1, 3, 4.", check)[0] == ()
    misheard = ByEnd({"uno, tres, cuatro": -11.8, "uno, tres, seis": -6.5, "uno, tres, cinco": -11.0})
    near, mine, rival = dictation_near(misheard, "1, 3, 4.", check)
    assert near == ("136", "135") and (mine, rival) == (-11.8, -6.5)  # 136 first: the words say it best
    close = ByEnd({"uno, tres, cuatro": -10.0, "uno, tres, seis": -10.0 - DICTATION_MARGIN + 0.1})
    assert dictation_near(close, "1, 3, 4.", check)[0] == ("136",)


@pytest.mark.voice
@pytest.mark.parametrize(
    ("name", "misheard", "said"),
    [
        ("remision_1372", "Manda me la remisión. 1, 7, 7, 2.", "Manda me la remisión. 1, 3, 7, 2."),  # 1772 exists
        ("cliente_310_digitos_saldo", "Vame el salvo, cliente. 3, 1, 4.", "Vame el salvo, cliente. 3, 1, 0."),
        ("cliente_976_digitos", "Nueve, siete, ocho.", "Nueve, siete, seis."),  # client 978 exists
    ],
)
def test_a_dictation_misheard_as_another_key_is_asked_back(faster_engine, name: str, misheard: str, said: str) -> None:
    """The note's real audio with a transcript that misheard one digit as another key of the company: asked
    back (was that key's data); the transcript with the digits said resolves right (7 nats clear)."""
    from bot.voice.audio import decode_audio
    from bot.voice.hearing import Heard

    clip = CLIPS[name]
    samples = decode_audio(clip["path"].read_bytes(), max_seconds=60)
    assert judge(clip, misheard)[0] == "wrong"  # as the transcript alone reads
    unsure = doubts(faster_engine, Heard(text=misheard, samples=samples), clip["company"])
    verdict, outcome = judge(clip, misheard, unsure)
    assert verdict == "asked" and clip["key"] in {k for d in unsure for k in d.near}, (outcome.answer, unsure)
    assert judge(clip, said)[0] == "right"
    assert doubts(faster_engine, Heard(text=said, samples=samples), clip["company"]) == []
