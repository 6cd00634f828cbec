"""Keywords typed by ear are read as the keyword (`backend.understanding.sound_key` through `lexicon.correct`),
and no word of a fixture client's, driver's or city's name is ever read as one."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from backend.core.text import fold
from backend.understanding import lexicon as lx

FIXTURE = Path(__file__).resolve().parents[1] / "demo-data" / "fleet"


@pytest.mark.parametrize(
    ("heard", "keyword"),
    [
        ("amariyo", "amarillo"),
        ("berde", "verde"),
        ("roho", "rojo"),
        ("soad", "soat"),
        ("zoat", "soat"),
        ("estivaz", "estibas"),
        ("vense", "vence"),
        ("canastiyas", "canastillas"),
        ("debolbieron", "devolvieron"),
        ("bijente", "vigente"),
        ("amariyas", "amarillas"),
        ("tapaz", "tapas"),
        ("tegno", "tecno"),
        ("nobienbre", "noviembre"),
    ],
)
def test_keyword_typed_by_ear_is_the_keyword(heard: str, keyword: str) -> None:
    assert lx.correct(heard) == keyword


def test_no_name_word_of_the_fixture_is_read_as_a_keyword_by_its_sound() -> None:
    words: set[str] = set()
    for name, columns in (("clients.csv", ("name", "city")), ("drivers.csv", ("full_name",))):
        with open(FIXTURE / name, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                words |= {w for c in columns for w in lx.tokens(fold(row[c]))}
    unknown = {w for w in words if not lx.is_keyword(w)}
    assert unknown, "the fixture's names have words that are no keyword"
    assert {w: lx.heard_as(w) for w in unknown if lx.heard_as(w) is not None} == {}


def test_the_soat_spelled_out_is_the_soat() -> None:
    assert "soat" in lx.tokens("¿cuándo vence el s o a t de la KLM482?")
    assert "soat" in lx.tokens("el S.O.A.T. de la TRX905")
