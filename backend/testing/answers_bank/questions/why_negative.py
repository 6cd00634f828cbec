"""«¿por qué está negativo?» right after a client's saldo, «¿por qué el 521 tiene saldo negativo?» fresh:
why that client's saldo is below zero, from its own movements (units returned beyond those dispatched),
never the company's list of negative saldos, which the word «negativo» alone used to answer."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, add

add("why_negative", FA, ["saldo del 521", "por que esta negativo"], "why_negative", "521")
add("why_negative", FA, ["cuantas estibas tiene el 584", "y eso por que esta en negativo?"], "why_negative", "584")
add("why_negative", FA, "por qué el 896 tiene saldo negativo", "why_negative", "896")
add("why_negative", FA, "xq el 507 tiene saldo negativo", "why_negative", "507")
add("why_negative", FA, "por que el 412 tiene saldo negativo", "why_negative", "412")
