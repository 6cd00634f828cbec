"""More bank questions of the lists round (`lists`): a roster of drivers by licence date and the fleet's
documents by date stepped through («¿cuál tiene la licencia que vence primero?» → «¿y después?»), a bare number
as a place of the list just given or a client code whatever its zeros («el 2», «el 07»), the licence due soonest
named when none is due in 30 days."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# a roster's drivers by licence date: «¿cuál tiene la licencia que vence primero?» (never «el primero» of
# the roster's alphabetical list), then «¿y después?» the next date (of the roster's drivers)
_ROSTER = "¿cuántos conductores hay?"
_FIRST_LICENCE = "¿cuál tiene la licencia que vence primero?"
add("licence_order", LV, [_ROSTER, _FIRST_LICENCE], "licence_in_order", 1)
add("licence_order", LV, [_ROSTER, _FIRST_LICENCE, "¿y después?"], "licence_in_order", 2)
add("licence_order", LV, [_ROSTER, _FIRST_LICENCE, "¿y después?", "¿y después?"], "licence_in_order", 3)
add("licence_order", FA, [_ROSTER, _FIRST_LICENCE], "licence_in_order", 1)
add("licence_order", FA, ["conductores", "cual vence primero", "y el siguiente"], "licence_in_order", 2, style="typo")
add("licence_order", LV, ["conductores sin vehiculo", "cual vence primero", "y despues"], "licence_in_order", 2, False)
add("licence_order", FA, ["licencias vencidas", "¿y después?"], "licence_in_order", 2)

# a bare number: a place of the list just given («el 2»: its second line; «el 7» then «¿y el 07?»: the same
# line), else a client code whatever the zeros typed («el 7» and «el 07» are both [007], said so)
_TOP3 = "los 3 clientes con mas canastillas"
add("bare_number", FA, [_TOP3, "el 2"], "nth_by_saldo", "canastillas", 2, False, "balance", "canastillas")
add("bare_number", FA, [_TOP3, "el 2", "y el 3"], "nth_by_saldo", "canastillas", 3, False, "balance", "canastillas")
add("bare_number", FA, ["clientes de Medellín", "el 7", "¿y el 07?"], "nth_of_city", "Medellín", 7, "balances")
add("bare_number", FA, ["remisiones del 412 en octubre", "la 2"], "nth_client_note", "412", "octubre", 2, "lines")
add("bare_number", FA, ["¿qué vehículos tienen el SOAT vencido?", "el 2"], "listed_doc", "vencido", "SOAT", 2)
add("bare_number", FA, ["el 7", "¿y el 07?"], "read_as_balances", "07", "007")
add("bare_number", FA, "el 07", "read_as_balances", "07", "007")
add("bare_number", FA, ["saldo del 412", "el 7", "y el 07"], "read_as_balances", "07", "007", style="typo")
add("bare_number", FA, "cuantas tapas tiene el 07", "read_as_balance", "07", "007", "tapas")

# «¿y después?» right after the fleet's documents picked by date: the next date's (of the type asked)
add("document_order", FA, ["¿cuál lleva más tiempo vencido?", "¿y después?"], "doc_after", "QBM563", "TECNOMECANICA")
add(
    "document_order",
    FA,
    ["que vence esta semana", "cual vence primero", "y despues"],
    "doc_after",
    "TPV948",
    "SOAT",
    style="typo",
)
add("document_order", FA, ["¿qué SOAT vence primero?", "¿y el siguiente?"], "doc_after", "TPV948", "SOAT", "SOAT")
add("document_order", LV, ["documentos vencidos", "cual se vencio primero", "y luego"], "doc_after", "AFB115", "SOAT")

# the licence due soonest asked over all drivers, none due in 30 days: that one named anyway
add("soonest_licence", LV, "¿cuál es el conductor con la licencia más próxima a vencer?", "soonest_licence")
add("soonest_licence", LV, "quien tiene la licencia que vence mas pronto", "soonest_licence", style="typo")
