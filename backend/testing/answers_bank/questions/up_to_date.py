"""One document's status asked in words that are no status word — «al día», «en regla» — of a vehicle named
or in focus, also after a delivery note («¿esa placa tiene el SOAT al día?» is that note's vehicle's SOAT,
not «La remisión … salió en KLM482.» again): «Sí,» or «No,» first, then the document's date; «¿la tecno está
en regla?» is that document, not whether the vehicle may go out."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

_NOTE = ["ultimos movimientos del 521", "la ultima", "que placa"]
add("up_to_date", FA, [*_NOTE, "esa placa tiene el soat al dia?"], "doc_up_to_date", "KLM482", "SOAT")
add("up_to_date", FA, [*_NOTE, "y la tecno esta en regla?"], "doc_up_to_date", "KLM482", "TECNOMECANICA")
add("up_to_date", FA, "la TRX905 tiene el soat al dia?", "doc_up_to_date", "TRX905", "SOAT")
add("up_to_date", FA, "la QBM563 tiene la tecno en regla", "doc_up_to_date", "QBM563", "TECNOMECANICA")
add("up_to_date", FA, ["quien maneja la klm482", "tiene el soat al dia?"], "doc_up_to_date", "KLM482", "SOAT")
add("up_to_date", LV, "la vll330 tiene la tecnomecanica al dia", "doc_up_to_date", "VLL330", "TECNOMECANICA")

# a place picked from a list of documents in a status asks no yes/no: «El SOAT de SBY121 venció …», no «Sí,»
_EXPIRED = ["cuales vehiculos tienen el soat vencido", "cuantos son"]
add("up_to_date", FA, [*_EXPIRED, "el primero de la lista"], "vehicle_doc_no_verdict", "SBY121", "SOAT")
add("up_to_date", FA, [_EXPIRED[0], "y el segundo?"], "vehicle_doc_no_verdict", "TRX905", "SOAT")
