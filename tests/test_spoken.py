"""Spoken codes and plates (backend/spoken.py): what people say and what Whisper writes."""

from __future__ import annotations

import pytest

from backend.core.spoken import Mention, number_readings, spoken_mentions
from backend.core.spoken_heard import heard_letter, heard_number, letters_alike


def codes(text: str) -> list[tuple[str, ...]]:
    return [m.candidates for m in spoken_mentions(text) if m.kind == "code"]


def plates(text: str) -> list[tuple[str, ...]]:
    return [m.candidates for m in spoken_mentions(text) if m.kind == "plate"]


@pytest.mark.parametrize(
    "text",
    [
        "cuatrocientos doce",
        "cuatro uno dos",
        "el cuatro doce",
        "¿Cuántas canastillas tiene el cliente cuatrocientos doce?",
        "saldo del Cuatro, Uno, Dos.",
        "el cliente 412",
        "el cliente 4 12",  # Whisper sometimes writes the digits it heard apart
    ],
)
def test_client_412_in_its_spoken_forms(text: str) -> None:
    assert codes(text) == [("412",)]
    assert plates(text) == []


@pytest.mark.parametrize(
    "text, expected",
    [
        ("setenta y siete", "77"),
        ("siete siete", "77"),
        ("mil cincuenta", "1050"),
        ("diez cincuenta", "1050"),
        ("uno cero cinco cero", "1050"),
        ("trescientos diez", "310"),
        ("tres diez", "310"),
        ("novecientos setenta y seis", "976"),
        ("nueve setenta y seis", "976"),
        ("ciento cuarenta y nueve", "149"),
        ("dos mil veintiséis", "2026"),
        ("veintiuno", "21"),
        ("ciento una", "101"),
    ],
)
def test_number_words(text: str, expected: str) -> None:
    assert codes(text) == [(expected,)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("cuarenta dos", {"42", "402"}),  # informal "forty-two" or "four-zero-two"
        ("veinte cinco", {"25", "205"}),
        ("cero cero siete", {"007", "7"}),  # leading zeros: the stored code may or may not keep them
    ],
)
def test_ambiguous_forms_give_every_candidate(text: str, expected: set[str]) -> None:
    [candidates] = codes(text)
    assert set(candidates) == expected


@pytest.mark.parametrize(
    "text",
    [
        "K L M cuatro ocho dos",
        "KLM 482",
        "klm-482",
        "la placa KLM482",
        "la placa de ka ele eme cuatrocientos ochenta y dos",
        "el SOAT de la K-L-M 4 8 2 cuándo vence",
        "placa k, l, m, cuatro, ochenta y dos",
    ],
)
def test_plate_klm482(text: str) -> None:
    assert plates(text) == [("KLM482",)]
    assert codes(text) == []


def test_mentions_keep_their_order_and_words() -> None:
    mentions = spoken_mentions("compara la KLM 482 con el cliente cuatrocientos doce y el setenta y siete")
    assert mentions == [
        Mention("plate", ("KLM482",), "klm 482"),
        Mention("code", ("412",), "cuatrocientos doce"),
        Mention("code", ("77",), "setenta y siete"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "un cliente me pidió canastillas",
        "mil gracias por todo",
        "¿qué documentos vencen este mes?",
        "",
        "y ese cuándo vence",
    ],
)
def test_no_false_numbers(text: str) -> None:
    assert spoken_mentions(text) == []


def test_spanish_words_before_a_number_are_not_plates() -> None:
    assert spoken_mentions("el saldo del 412") == [Mention("code", ("412",), "412")]
    assert spoken_mentions("las 300 canastillas") == [Mention("code", ("300",), "300")]


def test_separate_typed_numbers_stay_separate() -> None:
    assert codes("clientes 412 y 310") == [("412",), ("310",)]
    assert codes("412 310") == [("412",), ("310",)]


def test_number_readings_of_malformed_runs() -> None:
    assert number_readings(["cien", "doce"]) == ()  # "ciento doce" is 112; "cien doce" is nothing
    assert number_readings(["cuatrocientos", "cuatrocientos"]) == ()


def test_typed_motorcycle_plate() -> None:
    assert spoken_mentions("¿cuándo vence la moto ABC12D?") == [Mention("plate", ("ABC12D",), "abc12d")]


# What Whisper writes for digits said alone on a telephone line (`heard=True`: voice transcripts only).
def heard_codes(text: str) -> list[tuple[str, ...]]:
    return [m.candidates for m in spoken_mentions(text, heard=True) if m.kind == "code"]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Sais, sais, cero.", "660"),  # «seis» spelled as heard
        ("Nuebe, cinco, nueve.", "959"),  # b = v
        ("Tré, fiete, uno, fiete.", "3717"),  # one sound off: «tres», «siete»
        ("8. Nueve. Tras.", "893"),
        ("5. Seto. Ojo.", "508"),
        ("Dus, dus, nueve.", "229"),
        ("SIX, SIX, zero.", "660"),  # English number words for Spanish ones
        ("4, 100, 12.", "412"),  # «cuatrocientos» written as 4 and 100
        ("3.00, 17.00.", "317"),  # numbers written as hours or amounts
    ],
)
def test_heard_number_forms(text: str, expected: str) -> None:
    assert heard_codes(text) == [(expected,)]


@pytest.mark.parametrize("text", ["Tré, fiete, uno, fiete.", "4, 100, 12.", "3.00, 17.00.", "SIX, SIX, zero."])
def test_typed_text_never_reads_heard_forms(text: str) -> None:
    assert codes(text) != heard_codes(text)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("hace 3 días", [("3",)]),  # «días» is nearer «diez» than any digit: a word
        ("el 412 don Pedro", [("412",)]),
        ("4, pero 5", [("4",), ("5",)]),
        ("cuántas tiene una, 4", [("4",)]),
        ("las tres de la tarde, 4", [("3",), ("4",)]),
    ],
)
def test_spanish_words_next_to_numbers_stay_words(text: str, expected: list[tuple[str, ...]]) -> None:
    assert heard_codes(text) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Jota, C, M, C, 9, 1.", {"JCM691", "JCM791", "JCM591"}),  # «seis» heard as the letter C
        ("P, P, M, C, Nueve, Siete.", {"PPM697", "PPM797", "PPM597"}),
        ("ESE, CA, P, DUS, DUS, NUEVE.", {"SKP229"}),
    ],
)
def test_heard_plates(text: str, expected: set[str]) -> None:
    [mention] = spoken_mentions(text, heard=True)
    assert mention.kind == "plate" and set(mention.candidates) == expected


def test_heard_letters_next_to_letters() -> None:
    [mention] = spoken_mentions("¡Hey! ¡Hace! ¡Te! ¡Dos! ¡Uno! ¡Siete!", heard=True)  # «hache» one sound off
    assert mention.candidates == ("217",) and mention.letters == "HT"
    [mention] = spoken_mentions("E, bu, E, siete, siete, cuatro.", heard=True)  # «cu» heard as «bu»
    assert mention.candidates == ("EUE774",)
    [mention] = spoken_mentions("me lo 4 1 2", heard=True)  # Spanish words are no letters
    assert mention.kind == "code" and mention.letters == ""


@pytest.mark.parametrize("text", ["Oye, 4, 1, 2.", "Oye, cuatro, uno, dos.", "Ole, 412.", "Epa 4, 1, 2.", "Uff, 412."])
def test_a_word_said_before_a_dictated_code_is_no_plate(text: str) -> None:
    """Heard, a three-letter word written as a word (a greeting, an interjection) is what the speaker said
    before the code, not a plate's letters: Whisper writes those in capitals or as letter names."""
    assert heard_codes(text) == [("412",)]


@pytest.mark.parametrize("text", ["KLM480i2.", "KLM480y2.", "KLM 480 y 2."])
def test_plate_letters_in_capitals_glued_to_its_number_are_a_plate(text: str) -> None:
    """«KLM480i2» (Whisper's «ka ele eme cuatrocientos ochenta y dos» on a 4 Dec CPU): the capitals keep
    their own case inside the glued word, so they are the plate's letters, not a word before client 482."""
    assert [m.candidates for m in spoken_mentions(text, heard=True)] == [("KLM482",)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("No ve sientos, 50 y 9.", "959"),  # «novecientos» heard in syllables (held-out seed 43)
        ("Cuatro cientos, doce.", "412"),
        ("Sete cientos, 5.", "705"),
        ("No, venta, 5.", "95"),
    ],
)
def test_a_number_word_heard_in_pieces_is_one_word(text: str, expected: str) -> None:
    assert heard_codes(text)[0][0] == expected
    assert codes(text) != heard_codes(text)  # typed, the pieces stay words


@pytest.mark.parametrize("text", ["no ve sientos", "no venta y 5", "yo no ve nada, 5", "dime cuánto no ve, 5"])
def test_pieces_without_a_number_beside_them_stay_words(text: str) -> None:
    assert all(len(c[0]) == 1 for c in heard_codes(text))  # only the «5»: nothing joined


@pytest.mark.parametrize("text", ["KLM, 482.", "KLM 4, 8, 2.", "KLM-482.", "Ka, ele, eme, 482."])
def test_heard_plate_letters_in_capitals_stay_a_plate(text: str) -> None:
    [mention] = spoken_mentions(text, heard=True)
    assert mention.kind == "plate" and mention.candidates == ("KLM482",)


@pytest.mark.parametrize("text", ["O, IGREGA, U, 425.", "O, Igriega, U, 4, 2, 5.", "O, i griega, U, 425."])
def test_two_word_letter_names_written_as_one_word(text: str) -> None:
    [mention] = spoken_mentions(text, heard=True)  # «i griega» glued by Whisper (held-out seed 43)
    assert mention.kind == "plate" and mention.candidates == ("OYU425",)


def test_typed_three_letters_before_digits_stay_a_plate() -> None:
    assert spoken_mentions("la klm 482")[0].candidates == ("KLM482",)  # typed, lower case: still a plate


def test_sounds_alike() -> None:
    assert letters_alike("KE", "KLM") == 1.5  # «ele» cut short is heard «e»
    assert letters_alike("KE", "MMB") == 0.5
    assert letters_alike("VM", "QBM") == 1.5  # b = v
    assert letters_alike("m", "M") == 0.5 and letters_alike("m", "N") == 0.5 and letters_alike("m", "K") == 0
    assert heard_letter("hace") == "H" and heard_letter("enme") == "m"  # «eme» or «ene»: only «sounds like»
    assert heard_number("sais") == "seis" and heard_number("dias") is None and heard_number("pero") is None
    assert heard_number("oja") == "ocho" and heard_number("hija") is None  # ch and j are one sound
