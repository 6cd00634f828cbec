"""Bank questions of the answers round on phone-typed questions asked of both companies (session 5): the
kinds of miss found there, each with the question that showed it.

- «¿quién …?» / «¿qué conductor …?» / «¿qué carros …?» with a status or a due date asks which ones of the
  company's, whatever is in focus («quien tiene la licencia vencida» after a list of vehicles was about
  their drivers, «que conductor tiene la licencia vencida» after «licencias por vencer» about the one listed);
- «semáforo», «¿cómo está el semáforo?» is the fleet's semáforo (was the due documents, or the documents of
  the vehicles just listed).
"""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

add("which_status", FA, ["licencias por vencer", "que conductor tiene la licencia vencida"], "licences", "vencido")
add("which_status", FA, ["como esta el semaforo", "quien tiene la licencia vencida"], "licences", "vencido")
add("which_status", FA, ["quien maneja la klm482", "quien tiene el soat vencido"], "docs_status", "vencido", "SOAT")
add(
    "which_status",
    LV,
    ["papeles de la vll330", "que carros tienen la tecno vencida"],
    "docs_status",
    "vencido",
    "TECNOMECANICA",
)
add(
    "which_status",
    LV,
    ["saldo de la vaquita feliz", "quien tiene el pase vencido"],
    "licences",
    "vencido",
    style="typo",
)
add("semaforo", FA, "semaforo", "fleet_status", style="typo")
add("semaforo", FA, ["que vehiculos tienen el soat vencido", "como esta el semaforo"], "fleet_status", style="typo")
add("semaforo", LV, ["quien maneja la vll330", "y el semaforo"], "fleet_status", style="typo")
