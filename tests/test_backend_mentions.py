"""What a question names, before any lookup (pure)."""

from __future__ import annotations

import pytest

from backend.context.mentions import find_mentions


@pytest.mark.parametrize(
    "text,plates",
    [
        ("KLM482", ["KLM482"]),
        ("la klm 482", ["KLM482"]),
        ("KLM-482?", ["KLM482"]),
        ("K L M cuatro ocho dos", ["KLM482"]),
        ("del 412", []),
    ],
)
def test_plates(text, plates):
    assert find_mentions(text).plates == plates


def test_codes_numbers_and_notes():
    m = find_mentions("saldo del cliente 007, el 412 y la remisión 1003; [77] también")
    assert m.codes == ["007", "77"] and m.numbers == ["412"] and m.notes == ["1003"]


@pytest.mark.parametrize(
    "text",
    [
        "vencimientos de los próximos 30 días",
        "vencimientos de los próximos quince días",
        "¿quién tiene más de 200 canastillas?",
        "fecha 2026-12-01 a las 14:30",
        "los 2 vehículos",
    ],
)
def test_quantities_and_dates_are_not_codes(text):
    m = find_mentions(text)
    assert m.codes == [] and m.numbers == [] and m.spoken_codes == []


def test_spoken_code_and_name_words():
    m = find_mentions("¿cuánto tiene el cuatro doce de bahía solana?")
    assert m.spoken_codes == [("412",)] and m.words == ["bahia", "solana"]
