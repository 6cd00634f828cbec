"""Codes whose digits Whisper wrote in parts or did not all hear (`backend.context.spoken_parts`), and a
plate of another company heard exactly (`bot.voice.rescore.clear_plates`, `AskRequest.heard_clearly`).

The transcripts are what the bundled Whisper wrote for held-out human clips (seeds 71 and 73, AMD EPYC,
2 Dec): slots against the fixture's keys; the rules with a scoring stand-in; the words of a number said
as a number settled on a real clip; the plate answer through the real backend (real PostgreSQL).
"""

from __future__ import annotations

import httpx
import pytest

from backend.bench.voice_clips import clips, fixture_keys, judge
from backend.context.spoken_candidates import spoken_slots
from backend.context.spoken_entities import NOT_IN_FLEET, UNCLEAR, resolve_spoken
from backend.context.spoken_parts import MAX_LOST_WORDED, MAX_WORDED, thousands_codes
from backend.contract import SpokenCandidate, SpokenSlot
from backend.core.spoken import spoken_mentions
from backend.testing.backend_server import ADMINS
from bot.voice.audio import decode_audio
from bot.voice.rescore import MARGIN, Verdict, clear_plates, settle
from bot.voice.rescore import judge as judge_slot
from tests.test_voice_worded import ByWords

FRIGORIFICO = fixture_keys("frigorifico-andino")
CLIPS = {c["name"]: c for c in clips()}


def _slots(text: str) -> list[tuple[str, bool, list[str]]]:
    return [(text[s.start : s.end], s.in_words, [c.key for c in s.candidates]) for s in spoken_slots(text, FRIGORIFICO)]


@pytest.mark.parametrize(
    ("text", "span", "key"),
    [
        ("Mándame la remisión. 8.1411.", "8.1411", "8411"),  # «mil» written «.1»
        ("Manta me la remisión. 5.1767.", "5.1767", "5767"),
        ("Manta me la remisión. 5.1996.", "5.1996", "5196"),  # «ciento» kept, a digit more
        ("Mándame la remisión. Mil, 940 y 4.", "Mil, 940 y 4", "1944"),
        ("mandame la remisión. 6,640 y 3.", "6,640 y 3", "6643"),
        ("Manda me la remisión. 5.0660.3.", "5.0660.3", "5663"),
    ],
)
def test_thousands_written_apart_are_one_slot_settled_in_words(text: str, span: str, key: str) -> None:
    [(heard, in_words, keys)] = _slots(text)
    assert heard == span and in_words and key in keys
    assert all(k in FRIGORIFICO.notes or k in FRIGORIFICO.clients for k in keys)  # only the company's
    assert resolve_spoken(text, FRIGORIFICO).answer is not None  # as heard, still asked back


def test_which_reading_of_thousands_apart_is_never_taken_from_the_text() -> None:
    first, rest = spoken_mentions("remisión 8.1411", heard=True)
    assert set(thousands_codes("remisión 8.1411", first, rest)) == {"8411", "8111", "8141"}
    words = "Vame el salvo en el cliente. 3. Nueve. Cero."  # a dictation, not thousands
    assert not any(in_words for _, in_words, _ in _slots(words))


@pytest.mark.parametrize(
    ("text", "span", "key"),
    [
        ("Manda la medición. Pre, cinco, cuatro, dos.", "Pre, cinco, cuatro, dos", "3542"),
        ("Bó, cero, tres.", "Bó, cero, tres", "203"),
        ("Manta de la revisión. Tray, Nueve, Fiaté, Fiaté.", "Tray, Nueve, Fiaté, Fiaté", "3977"),
        ("Mán cabez la Evisión. Fíjate, finco, uno, orcho.", "Fíjate, finco, uno, orcho", "7518"),
    ],
)
def test_a_dictation_with_lost_digits_is_one_slot_of_its_length(text: str, span: str, key: str) -> None:
    [(heard, in_words, keys)] = _slots(text)
    assert heard == span and not in_words and key in keys and len(keys) <= MAX_WORDED
    assert {len(k) for k in keys} == {len(span.split(","))}


@pytest.mark.parametrize(
    "text", ["Dame el saldo. Hola, buenos, días.", "¿Quién maneja? Juan, Pedro, María.", "V, O, E.", "Te, S, D, B."]
)
def test_words_after_other_words_that_say_no_code_open_no_slot(text: str) -> None:
    assert not [s for s in spoken_slots(text, FRIGORIFICO) if s.kind != "vehicle"]  # no code slot: no digit
    # heard and no kind word before them with something else said, or letters said (a plate spelled)


def test_a_dictation_with_no_digit_heard_is_a_lost_slot_ranked_by_its_sound() -> None:
    [slot] = spoken_slots("FACE, FACE, SETTLE.", FRIGORIFICO)  # «seis, seis, cero», with street noise
    assert slot.lost and "660" in [c.key for c in slot.candidates] and len(slot.candidates) == MAX_LOST_WORDED
    [slot] = spoken_slots("Singo, brazo, Singo.", FRIGORIFICO)
    assert slot.lost and slot.candidates[0].key in ("505", "535")
    [slot] = spoken_slots("SAIS, SAIS, SETTLE.", FRIGORIFICO)  # heard forms read it: the mention's own slot
    assert not slot.lost and "660" in [c.key for c in slot.candidates]


def test_a_lost_slot_is_settled_only_when_its_words_beat_the_words_heard() -> None:
    text = "FACE, FACE, SETTLE."
    [slot] = spoken_slots(text, FRIGORIFICO)
    heard = {"face, face, settle": -12.5}
    clear = ByWords({"seis, seis, cero": -7.0, **heard}, default=-13.0)
    verdict = judge_slot(clear, text, slot)
    assert verdict.chosen is not None and verdict.chosen.key == "660"
    greeting = ByWords({"seis, seis, cero": -7.0, "face, face, settle": -5.0}, default=-13.0)
    assert judge_slot(greeting, text, slot).chosen is None  # what was heard is likelier: no code said


@pytest.mark.voice
def test_on_real_audio_a_dictation_heard_as_no_digit_is_settled_by_its_words(faster_engine) -> None:
    """The committed noisy «seis, seis, cero» clip as the default engine heard it on AMD EPYC AVX-512."""
    samples = decode_audio(CLIPS["cliente_660_digitos_ruido"]["path"].read_bytes(), max_seconds=120)
    text = "FACE, FACE, SETTLE."
    new, [verdict] = settle(faster_engine, samples, text, spoken_slots(text, FRIGORIFICO))
    assert new == "cliente 660." and verdict.chosen is not None, verdict


def test_a_slot_of_thousands_apart_is_judged_in_number_words() -> None:
    text = "Mándame la remisión. 8.1411."
    [slot] = spoken_slots(text, FRIGORIFICO)
    words = ByWords({"ocho mil cuatrocientos once": -20.0}, default=-20.0 - MARGIN - 1)
    verdict = judge_slot(words, text, slot)
    assert verdict.chosen is not None and verdict.chosen.key == "8411"
    assert "Mándame la remisión. Ocho mil cuatrocientos diez." in words.texts  # its rivals, in words too
    unsure = ByWords({"ocho mil cuatrocientos once": -20.0, "ocho mil cuatrocientos doce": -21.0}, default=-40.0)
    assert judge_slot(unsure, text, slot).chosen is None


@pytest.mark.voice
def test_on_real_audio_a_number_written_apart_is_settled_by_its_words(faster_engine) -> None:
    """The committed «mil quinientos treinta y cuatro» clip, written the way Whisper splits thousands."""
    samples = decode_audio(CLIPS["remision_1534_numero"]["path"].read_bytes(), max_seconds=120)
    text = "Mándame la remisión. 1.1534."
    slot = SpokenSlot(
        start=21,
        end=27,
        kind="delivery_note",
        in_words=True,
        candidates=[SpokenCandidate(kind="delivery_note", key=k, token=f"remisión {k}") for k in ("1534", "1134")],
    )
    new, [verdict] = settle(faster_engine, samples, text, [slot])
    assert verdict.chosen is not None and verdict.chosen.key == "1534", verdict
    assert new == "Mándame la remisión. remisión 1534."


VLL330 = "Cuando vence el SOAT de la placa. V, L, L, 3, 3, 0."  # Lácteos del Valle's plate, spelled exactly


def test_a_plate_heard_clearly_that_is_not_the_companys_is_not_in_the_fleet() -> None:
    assert resolve_spoken(VLL330, FRIGORIFICO).answer == UNCLEAR["plate"]  # no word from the audio: as before
    told = resolve_spoken(VLL330, FRIGORIFICO, clear=["VLL330"], company="Frigorífico Andino")
    assert told.answer == NOT_IN_FLEET.format(plate="VLL330", company="Frigorífico Andino")
    assert told.answer_kind == "not_found" and told.absent == ("VLL330",) and told.resolved == ()
    own = "Cuando vence el SOAT de la placa. K, L, M, 4, 8, 2."
    assert resolve_spoken(own, FRIGORIFICO, clear=["KLM482"]).resolved == (("vehicle", "KLM482"),)
    loose = "Cuando vence el SOAT de la placa. Cá, e, 4, 8, 2."  # not spelled exactly: clear changes nothing
    assert resolve_spoken(loose, FRIGORIFICO, clear=["KEM482"]).absent == ()
    clip = CLIPS["placa_VLL330_soat"]
    assert judge(clip, VLL330, [], ("VLL330",))[0] == "right"
    assert judge(CLIPS["placa_KLM482_soat"], "… placa. W, W, W, 4, 8, 2.", [], ("WWW482",))[0] == "wrong"


def _verdict(slot: SpokenSlot, best: float, heard: float) -> Verdict:
    return Verdict(slot, None, best, heard, heard)


def test_only_an_exact_plate_the_audio_prefers_by_the_margin_is_clear() -> None:
    [slot] = spoken_slots(VLL330, FRIGORIFICO)
    assert slot.kind == "vehicle" and slot.candidates  # UTI333: digits one edit away
    assert clear_plates(VLL330, [_verdict(slot, -30.0, -30.0 + MARGIN)]) == ("VLL330",)
    assert clear_plates(VLL330, [_verdict(slot, -30.0, -30.0 + MARGIN - 0.1)]) == ()
    loose = "Quien maneja el vehículo. O, SE, CA, DOZ, 5, 1."
    assert all(clear_plates(loose, [_verdict(s, -30.0, 0.0)]) == () for s in spoken_slots(loose, FRIGORIFICO))


@pytest.mark.voice
def test_on_real_audio_the_other_companys_plate_is_heard_clearly(faster_engine) -> None:
    samples = decode_audio(CLIPS["placa_VLL330_soat"]["path"].read_bytes(), max_seconds=120)
    slots = spoken_slots(VLL330, FRIGORIFICO)
    new, verdicts = settle(faster_engine, samples, VLL330, slots)
    assert new is None and clear_plates(VLL330, verdicts) == ("VLL330",), verdicts


async def test_the_route_says_a_clear_plate_is_not_in_the_fleet_and_nothing_else(backend_server) -> None:
    body = {"question": VLL330, "chat_id": 5, "user_id": ADMINS["frigorifico-andino"][0], "source": "voice"}
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=backend_server.headers()) as c:
        told = (await c.post("/v1/ask", json={**body, "heard_clearly": ["VLL330"]})).json()
        unclear = (await c.post("/v1/ask", json=body)).json()
    assert told["answer"].startswith("La placa VLL330 no está en la flota de ") and told["answer_kind"] == "not_found"
    assert "Lácteos" not in told["answer"] and "Valle" not in told["answer"]
    assert unclear["answer"] == UNCLEAR["plate"]
