"""Bank questions of the follow-up chains round (session 10), the focus kept through an unrelated turn: a
saldo asked with «sus» or «tiene» after a turn about vehicles, licences or documents is the client the
history was about («¿cuántas estibas tiene el 861?» → «¿cuántos vehículos hay?» → «¿y sus canastillas?»: the
861's), never the vehicle or driver that answer named, nor that answer again."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

_861 = "cuantas estibas tiene el 861?"

add("focus_kept", FA, [_861, "cuantos vehiculos hay?", "y sus canastillas?"], "balance", "861", "canastillas")
add("focus_kept", FA, [_861, "quien tiene la licencia vencida?", "y sus canastillas?"], "balance", "861", "canastillas")
add("focus_kept", FA, [_861, "que documentos vencen esta semana", "y sus tapas?"], "balance", "861", "tapas")
add("focus_kept", FA, [_861, "cuantos vehiculos hay?", "y cuantas canastillas tiene?"], "balance", "861", "canastillas")
add(
    "focus_kept",
    LV,
    ["saldo del 412", "cuantos furgones hay", "y sus canastas de leche?"],
    "balance",
    "412",
    "canastas de leche",
)
add(
    "focus_kept",
    FA,
    ["cuantas tapas tiene el 310?", "quien maneja la klm482?", "y sus estibas?"],
    "balance",
    "310",
    "estibas",
)
