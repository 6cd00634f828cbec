"""Client names typed on a phone (lower case, no accents, no punctuation): a number that is part of the name
found is no code asked, apostrophes, dots and hyphens may be left out, a name typed whole is that client.
Real PostgreSQL with the fleet fixture; today 2026-12-01."""

from __future__ import annotations

import pytest

from backend.context.mentions import find_mentions
from backend.context.resolve import name_tokens
from tests.answers_chain import ask_chain


def test_a_name_is_typed_with_its_symbols_as_spaces_or_left_out():
    assert name_tokens("carnes d'luca & hermanos") == ["carnes", "d", "luca", "hermanos", "dluca"]
    assert name_tokens("minimercado el_sol *24h*") == ["minimercado", "el", "sol", "24h", "24", "h"]
    assert "sas" in name_tokens("deposito el progreso s.a.s.")
    assert find_mentions("saldo deposito el progreso s a s").words == ["deposito", "progreso", "sas"]
    assert find_mentions("saldo de a y b").words == []  # a conjunction among single letters: no spelled word


@pytest.mark.parametrize(
    "question,answer",
    [
        (
            "saldo de el sol 24 h",
            "[77] MINIMERCADO EL_SOL *24H* (Itagüí) tiene 22 canastillas, 42 estibas y 105 tapas.",
        ),
        ("cuantas estibas tiene el sol 24 h", "[77] MINIMERCADO EL_SOL *24H* tiene 42 estibas."),
        ("saldo dluca", "[007] CARNES D'LUCA & HERMANOS (Bello) tiene 450 canastillas, 308 estibas y 481 tapas."),
        ("en q ciudad queda dluca", "[007] CARNES D'LUCA & HERMANOS está en Bello."),
        (
            "saldo fruver la primavera",
            "[629] FRUVER LA PRIMAVERA (Sabaneta) tiene 188 canastillas, 40 estibas y 161 tapas.",
        ),
        ("cuantas tapas tiene deposito el progreso s a s", "[764] DEPÓSITO EL PROGRESO S.A.S. tiene 23 tapas."),
    ],
)
async def test_names_typed_on_a_phone_are_found_and_nothing_is_said_missing(fleet_conn, question, answer):
    (exact,) = await ask_chain(fleet_conn, [question])
    assert (exact.kind, exact.text) == ("answer", answer)


async def test_names_that_differ_only_by_their_legal_form_are_both_listed(fleet_conn):
    (exact,) = await ask_chain(fleet_conn, ["saldo comercial los andes"])
    assert exact.kind == "ambiguous"
    assert exact.text.splitlines()[1:3] == [
        "• [708] COMERCIAL LOS ANDES (Itagüí)",
        "• [799] COMERCIAL LOS ANDES S.A.S. (Medellín)",
    ]
