"""The answer-what-was-asked round's pure parts (the whole chains are in the bank: `questions/what.py`)."""

from __future__ import annotations

from datetime import date

import pytest

from backend.answers.each_city import per_city
from backend.answers.more_there import asks_more, verdict
from backend.understanding.parse import parse_question
from backend.understanding.slots import model_years

CITIES = ["Medellín", "Cali", "Bello", "Envigado", "Santa Marta"]


@pytest.mark.parametrize(
    "text, years",
    [
        ("que placas tiene el 2015", (2015, 2015)),
        ("vehiculos 2013", (2013, 2013)),
        ("que carros son 2020", (2020, 2020)),
        ("placas de los 2022", (2022, 2022)),
        ("carros del 2015", (2015, 2015)),
        ("vehiculos con soat que vence en enero de 2027", None),  # a date, not a model year
        ("vehiculos que vencen en 2027", None),
    ],
)
def test_a_year_after_a_fleet_word_is_a_model_year(text, years):
    assert model_years(text, 2026) == years


def test_a_plate_asked_of_a_year_is_no_delivery_note():
    q = parse_question("¿qué placa es el 2010?", date(2026, 12, 1))
    assert q.model_year == (2010, 2010) and q.mentions.notes == [] and q.mentions.numbers == []
    assert parse_question("¿qué placa llevó la remisión 2015?", date(2026, 12, 1)).mentions.notes == ["2015"]


@pytest.mark.parametrize(
    "text, parts",
    [
        ("canastillas en medellin y en cali", ["canastillas en Medellín", "canastillas en Cali"]),
        ("cuantos clientes hay en cali bello y envigado", [f"cuantos clientes hay en {c}" for c in CITIES[1:4]]),
        ("y en medellin y cali", ["y en Medellín", "y en Cali"]),
        ("estibas en santa marta y bello", ["estibas en Santa Marta", "estibas en Bello"]),
        ("canastillas en medellin", None),
        ("medellin tiene mas que cali", None),
    ],
)
def test_cities_joined_by_y_are_asked_each(text, parts):
    assert per_city(tuple(text.split()), CITIES) == parts


def test_more_there_compares_the_headline_figures():
    assert asks_more(("y", "en", "medellin", "hay", "mas")) == "mas"
    assert asks_more(("cuantas", "hay", "en", "cali")) is None
    before, now = "Hay 9.789 canastillas en clientes de Cali.", "Hay 12.600 canastillas en clientes de Medellín."
    assert verdict("mas", before, "Cali", now) == "Sí, más que en Cali (9.789)."
    assert verdict("menos", before, "Cali", now) == "No, más que en Cali (9.789)."
    assert verdict("mas", "No hay clientes de Cali con saldo negativo.", "Cali", "No hay …") == (
        "Lo mismo que en Cali (0)."
    )
