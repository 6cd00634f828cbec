"""The words that pick a place of what was just listed (`backend.answers.lines`): ordinals as typed on a
phone, a step from the one picked last, several first or last places. The answers they lead to are in the
answers bank (`backend/testing/answers_bank/questions/nth.py`)."""

from __future__ import annotations

from datetime import date

import pytest

from backend.answers.lines import ordinal, relative, several
from backend.understanding.parse import parse_question

TODAY = date(2026, 12, 1)


def _tokens(text: str) -> tuple[str, ...]:
    return parse_question(text, TODAY).tokens


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("y el segundo?", 1),
        ("el tercero de la lista", 2),
        ("quien maneja el primero", 0),
        ("el 3ro", 2),
        ("y el 2do", 1),
        ("el penultimo", -2),
        ("la novena", 8),
        ("el ultimo cual es su telefono", -1),
        ("y el último quién lo maneja", -1),
        ("quien quedo de tercero", 2),
        ("cual va de segundo", 1),
        ("el conductor del primero", 0),
    ],
)
def test_a_place_typed_on_a_phone_is_read(text: str, position: int) -> None:
    assert ordinal(_tokens(text)) == position


@pytest.mark.parametrize("text", ["la ultima remision del 412", "cual es la ultima", "primera semana de noviembre"])
def test_words_that_name_no_place_of_a_list(text: str) -> None:
    assert ordinal(_tokens(text)) is None


@pytest.mark.parametrize(
    ("text", "step"),
    [
        ("y el de arriba", -1),
        ("el anterior", -1),
        ("el siguiente", 1),
        ("y el que sigue", 1),
        ("el de abajo", 1),
        ("el de abajo telefono", 1),
        ("y el siguiente cuantas tapas tiene", 1),
    ],
)
def test_a_step_from_the_one_picked_last(text: str, step: int) -> None:
    assert relative(_tokens(text)) == step


@pytest.mark.parametrize(
    ("text", "places"),
    [
        ("los dos primeros en que ciudad quedan", [0, 1]),
        ("las 3 ultimas", [-3, -2, -1]),
        ("los primeros tres", [0, 1, 2]),
        ("los 2 últimos quién los maneja", [-2, -1]),
        ("el primero y el tercero donde quedan", [0, 2]),
        ("y el segundo y el ultimo", [1, -1]),
    ],
)
def test_several_places_at_once(text: str, places: list[int]) -> None:
    assert several(_tokens(text)) == places


def test_a_ranking_asked_afresh_is_no_pick_of_places() -> None:
    assert several(_tokens("los 3 clientes con mas tapas")) is None
    assert several(_tokens("el segundo en que ciudad queda")) is None
    assert relative(_tokens("vehiculos anteriores al 2013")) is None
