"""Spoken codes and plates (backend/core/spoken.py): what people say and what Whisper writes."""

from __future__ import annotations

import pytest

from backend.core.spoken import Mention, number_readings, spoken_mentions


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
