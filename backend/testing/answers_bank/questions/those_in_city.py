"""Bank questions of the follow-up chains round (session 10): «de esos, ¿cuál está en Medellín?» right after
a list of clients is the listed clients of that city — each of them, the lines the history cut included —
or none of them said, never a question back."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, add

add(
    "those_in_city",
    FA,
    ["los 10 clientes con mas canastillas", "de esos cuales estan en medellin?"],
    "top_in_city",
    "canastillas",
    10,
    "Medellín",
)
add(
    "those_in_city",
    FA,
    ["clientes con saldo negativo", "de esos, cual esta en medellin?"],
    "negatives_in_city",
    "Medellín",
)
add(
    "those_in_city",
    FA,
    ["los 10 clientes con mas canastillas", "cuales de esos estan en envigado"],
    "top_in_city",
    "canastillas",
    10,
    "Envigado",
)
