"""Seed 131 (`make_human_clips.py --held-out DIR --seed 131`, looked at in the eleventh measurement): plate
letters Whisper glued into one word, «oh» and «igreja» for letter names, a unit written apart after a
thousands number, «la placa» written apart. Clips in tests/data/voice/tuning; the transcripts are
faster-whisper's on them (bench, AMD EPYC AVX-512).

- «Aéfe, bec uno, uno, bingo.» for Lácteos del Valle's AFB115 (a, efe, be, uno, uno, cinco): the lost-item
  dictation «uno, uno, bingo» was settled on the audio as client 115 — the company's, a wrong entity.
  Digits after letters glued into words are a plate's (`spoken_glued.letters_before`): no code slot, and
  the answer is «No entendí bien la placa…».
- «Oh, igreja, 4, 2, 5.» for OYU425: «oh» is O and «igreja» is i griega beside it, so the plate resolves
  (was asked back with OYU425 as the only candidate).
- «5.1272.9.» for «cinco mil doscientos setenta y nueve» (note 5279): the «9» written apart is the unit,
  so 5279 is a candidate of the thousands slot, settled in words on the audio.
- «WNSA, SOAT, LAP, LACA.» for «¿Cuándo vence el SOAT de la placa…» and a plate not heard: «LAP, LACA» is
  «la placa», announced and not heard, so «No entendí bien la placa…» (was nothing resolved and nothing
  asked).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.bench.voice_clips import clips, doubts, fixture_keys, judge, settled_text
from backend.context.spoken_candidates import spoken_slots
from backend.context.spoken_entities import UNCLEAR, resolve_spoken
from backend.core.spoken import spoken_mentions
from backend.core.spoken_glued import glued_letters, letters_before

TUNING = Path(__file__).parent / "data" / "voice" / "tuning"
CLIPS = {c["name"]: c for c in clips(TUNING)}
FRIGORIFICO = fixture_keys("frigorifico-andino")

GLUED = "Quien maneja el rey, jugo. Aéfe, bec uno, uno, bingo."  # placa_AFB115_letras_ajeno_ruido_s131
OH_IGREJA = "Quien maneja el vehículo. Oh, igreja, 4, 2, 5."  # placa_OYU425_letras
UNIT_APART = "Manda me la remisión. 5.1272.9."  # remision_5279_numero
SPLIT_PLACA = "WNSA, SOAT, LAP, LACA."  # placa_RGW306_letras_ajeno


def test_glued_letter_names() -> None:
    assert glued_letters("aefe") == "AF" and glued_letters("bec") == "BC"
    for word in ("jugo", "bingo", "hola", "oye", "vea", "efe", "uno", "tres", "ocho", "rey", "bueno"):
        assert glued_letters(word) == "", word  # Spanish words, one letter name, digit names misheard
    assert letters_before(GLUED, GLUED.index("uno")) == "AFBC"
    typed_like = "dame lo de ese 412"  # plain letter names, no glued word: not this rule's
    assert letters_before(typed_like, typed_like.index("412")) == ""
    one_word = "Tey uno, uno."  # seed 137: «seis, uno, uno» in noise; one glued word is no spelled plate
    assert letters_before(one_word, one_word.index("uno")) == ""
    after_kind = "Dame el saldo del cliente. Uno, uno, cinco."
    assert letters_before(after_kind, after_kind.index("Uno")) == ""


def test_digits_after_glued_letters_are_no_code() -> None:
    assert spoken_slots(GLUED, FRIGORIFICO) == []
    outcome = resolve_spoken(GLUED, FRIGORIFICO)
    assert outcome.answer == UNCLEAR["plate"] and outcome.resolved == ()
    assert judge(CLIPS["placa_AFB115_letras_ajeno_ruido_s131"], GLUED)[0] == "right"
    said = resolve_spoken("Dame el saldo del cliente. Uno, uno, cinco.", FRIGORIFICO)
    assert said.resolved == (("client", "115"),)  # a client dictated after its kind word: as before


def test_oh_and_igreja_are_plate_letters() -> None:
    [m] = spoken_mentions(OH_IGREJA, heard=True)
    assert m.letters == "OY" and m.candidates == ("425",)
    assert resolve_spoken(OH_IGREJA, FRIGORIFICO).resolved == (("vehicle", "OYU425"),)
    assert judge(CLIPS["placa_OYU425_letras"], OH_IGREJA)[0] == "right"
    assert spoken_mentions("Oh, 4, 2, 5.", heard=True)[0].letters == ""  # «oh» alone: no letter


def test_a_unit_apart_after_a_thousands_number_is_a_candidate() -> None:
    [slot] = spoken_slots(UNIT_APART, FRIGORIFICO)
    keys = [c.key for c in slot.candidates]
    assert "5279" in keys and "5272" in keys and slot.in_words
    assert UNIT_APART[slot.start : slot.end] == "5.1272.9"
    [plain] = spoken_slots("Mándame la remisión. 4.1550 y 8.", FRIGORIFICO)
    assert [c.key for c in plain.candidates] == ["4558", "4158", "4155"]  # as before


def test_la_placa_written_apart_announces_a_plate() -> None:
    assert resolve_spoken(SPLIT_PLACA, FRIGORIFICO).answer == UNCLEAR["plate"]
    assert judge(CLIPS["placa_RGW306_letras_ajeno"], SPLIT_PLACA)[0] == "right"
    assert resolve_spoken("SOAT, LAP, LACA, KLM, 482.", FRIGORIFICO).resolved == (("vehicle", "KLM482"),)


@pytest.mark.voice
@pytest.mark.parametrize(
    ("name", "heard"),
    [
        ("placa_AFB115_letras_ajeno_ruido_s131", GLUED),
        ("placa_OYU425_letras", OH_IGREJA),
        ("remision_5279_numero", UNIT_APART),
    ],
)
def test_the_real_note_heard_so_resolves_right(faster_engine, name: str, heard: str) -> None:
    """The note's audio with the transcript faster-whisper gave it: the rescoring and the checks on the
    audio give the right outcome (AFB115: «no entendí», never client 115; 5279: settled in words)."""
    from bot.voice.audio import decode_audio
    from bot.voice.hearing import Heard

    clip = CLIPS[name]
    note = Heard(text=heard, samples=decode_audio(clip["path"].read_bytes(), max_seconds=60))
    text, _, clear = settled_text(faster_engine, note, clip["company"])
    unsure = doubts(faster_engine, note, clip["company"])
    verdict, outcome = judge(clip, text, unsure, clear)
    assert verdict == "right", (text, unsure, outcome.answer)
