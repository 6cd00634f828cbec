"""Bank questions of the unwritten-questions round of session 14 (see `expect_asks14`), typed as an admin on
a phone would (no accents, «q», «xfa», polite wrappers, voseo):

- a weekday is a period: the latest such day on or before today («el domingo», «el viernes pasado»; was
  every note ever, or a name not found);
- a count of none is said in words («Ayer no hubo remisiones en Medellín.»; was «0 remisiones»), and a «No»
  of a negative saldo gives the saldos;
- «y el 77 cuántas debe?» after any question is that client's saldo (was led by «Sí,» or «No, … no tiene
  saldos negativos»);
- a fact stated to check is answered «Sí» / «No» and the fact («¿el 412 está en Rionegro?» was its notes,
  «¿la KLM482 es de Diego Arango?» its notes, «¿la remisión 8297 fue para el 412?» a driver's licence);
- a polite verb is no name («me pasas el cel de diego arango» was not found).
"""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# a weekday as a period
add("asks_weekday", FA, "¿hubo remisiones el domingo?", "yes_weekday_notes", "2026-11-29")
add("asks_weekday", FA, "hubo remisiones el sabado?", "yes_weekday_notes", "2026-11-28", style="typo")
add(
    "asks_weekday",
    FA,
    "¿cuántas canastillas despachamos el lunes?",
    "weekday_moved",
    "canastillas",
    "dispatch",
    "2026-11-30",
)
add(
    "asks_weekday",
    FA,
    "cuantas tapas se devolvieron el jueves",
    "weekday_moved",
    "tapas",
    "return",
    "2026-11-26",
    style="typo",
)
add("asks_weekday", FA, "remisiones del viernes pasado", "weekday_notes", "2026-11-27")
add("asks_weekday", FA, "cuantas remisiones hubo el sabado", "weekday_notes", "2026-11-28", True, style="typo")
add("asks_weekday", FA, ["cuantas remisiones hubo el sabado", "y el viernes?"], "weekday_notes", "2026-11-27", True)
add("asks_weekday", FA, "q remisiones hubo el domingo pasado", "weekday_notes", "2026-11-29", style="typo")
add("asks_weekday", LV, "remisiones del viernes", "weekday_notes", "2026-11-27")
add("asks_weekday", LV, "cuántas remisiones hubo el jueves", "weekday_notes", "2026-11-26", True)
add(
    "asks_weekday",
    LV,
    "cuantas canastas de leche despachamos el lunes",
    "weekday_moved",
    "canastas de leche",
    "dispatch",
    "2026-11-30",
)
# none said in words; a «No» with its figures
add("asks_zero", FA, "¿cuántas remisiones hubo ayer en Medellín?", "none_in_city", "ayer", "Medellín")
add("asks_zero", FA, "cuantas remisiones hubo hoy en cali", "none_in_city", "hoy", "Cali", style="typo")
add("asks_zero", FA, "cuantas remisiones hubo el domingo", "weekday_notes", "2026-11-29", True, style="typo")
add("asks_zero", FA, "¿el 412 tiene saldo negativo?", "no_negative_figures", "412")
add("asks_zero", FA, "el 632 tiene saldos negativos?", "no_negative_figures", "632", style="typo")
add("asks_zero", LV, "el 412 esta en negativo?", "no_negative_figures", "412", style="typo")
# how many a new client owes, after any question
add("asks_owes", FA, ["¿cuántas remisiones hubo en Cali?", "y el 77 cuántas debe?"], "owes_now", "77")
add("asks_owes", FA, ["clientes de Medellín con saldo negativo", "y el 77 cuantas debe?"], "owes_now", "77")
add("asks_owes", FA, ["remisiones de cali de ayer", "y el 632 cuanto debe"], "owes_now", "632")
add("asks_owes", FA, ["¿en qué ciudad queda el 310?", "y el 997 cuántas debe?"], "owes_now", "997")
add("asks_owes", LV, ["clientes en Bello", "y el 412 cuantas debe"], "owes_now", "412")
# a fact stated to check
add("asks_confirm", FA, "el 412 esta en rionegro?", "confirm_city", "412", "Rionegro", style="typo")
add("asks_confirm", FA, "el 632 queda en medellin?", "confirm_city", "632", "Medellín", style="typo")
add("asks_confirm", FA, "¿avícola el tesoro es de Cali?", "confirm_city", "150", "Cali")
add("asks_confirm", FA, "oye el 997 es de envigado", "confirm_city", "997", "Envigado", style="typo")
add("asks_confirm", LV, "¿el 500 está en Medellín?", "confirm_city", "500", "Medellín")
add(
    "asks_confirm",
    FA,
    "la KLM482 es de diego arango?",
    "confirm_vehicle",
    "KLM482",
    "driver",
    "1072416216",
    style="typo",
)
add("asks_confirm", FA, "¿Marta Londoño maneja la KLM482?", "confirm_vehicle", "KLM482", "driver", "493832053")
add(
    "asks_confirm",
    FA,
    "la TRX905 la maneja marta londoño",
    "confirm_vehicle",
    "TRX905",
    "driver",
    "493832053",
    style="typo",
)
add("asks_confirm", FA, "la TRX905 es chevrolet?", "confirm_vehicle", "TRX905", "brand", "chevrolet", style="typo")
add("asks_confirm", FA, "¿la QBM563 es Foton?", "confirm_vehicle", "QBM563", "brand", "foton")
add("asks_confirm", FA, "la BXN883 es modelo 2014?", "confirm_vehicle", "BXN883", "year", "2014", style="typo")
add("asks_confirm", FA, "¿la NXM840 es del 2012?", "confirm_vehicle", "NXM840", "year", "2012")
add("asks_confirm", FA, "la TRX905 es un camion?", "confirm_vehicle", "TRX905", "kind", "camión", style="typo")
add("asks_confirm", FA, "¿la KLM482 es un motocarro?", "confirm_vehicle", "KLM482", "kind", "motocarro")
add("asks_confirm", FA, "la TRX905 esta activa?", "confirm_vehicle", "TRX905", "active", "true", style="typo")
add("asks_confirm", LV, "¿la EXH791 es de Jorge Correa?", "confirm_vehicle", "EXH791", "driver", "637874911")
add("asks_confirm", LV, "la WFC157 es jac?", "confirm_vehicle", "WFC157", "brand", "jac", style="typo")
add("asks_confirm", FA, "¿la remisión 8297 fue para el 412?", "confirm_note", "8297", "client", "412")
add("asks_confirm", FA, "la remision 8046 fue para el 310", "confirm_note", "8046", "client", "310", style="typo")
add(
    "asks_confirm",
    FA,
    "la remision 8297 la llevo luis gomez?",
    "confirm_note",
    "8297",
    "driver",
    "178146303",
    style="typo",
)
# one fact typed loosely: a zero saldo in words, the city with most clients, a cédula, a model year, the last time
add("asks_fact", FA, "cuantas estibas tiene el 261", "balance", "261", "estibas", style="typo")
add("asks_fact", FA, "que ciudad tiene mas clientes", "city_most_clients", False, style="typo")
add("asks_fact", FA, "¿cuál es la ciudad con menos clientes?", "city_most_clients", True)
add("asks_fact", LV, "cual es la ciudad con mas clientes", "city_most_clients", False, style="typo")
add("asks_fact", FA, "necesito el numero de cedula de diego arango", "document_number", "1072416216", style="typo")
add("asks_fact", FA, "cuantos años tiene la BXN883", "vehicle", "BXN883", "year", style="typo")
add("asks_fact", FA, "me pasas el cel de diego arango", "phone", "1072416216", style="typo")
add("asks_fact", FA, "me das el numero de marta londoño xfa", "phone", "493832053", style="typo")
add("asks_fact", LV, "me dices el telefono de wilson correa", "phone", "1124995925", style="typo")
add("asks_fact", FA, "que le llevamos al 310 la ultima vez", "client_last", "310", style="typo")
add("asks_confirm", FA, "el 412 es de rionegro o de medellin?", "city", "412", style="typo")
add("asks_confirm", FA, "la KLM482 es del 2015?", "confirm_vehicle", "KLM482", "year", "2015", style="typo")
add(
    "asks_confirm", FA, "diego toro maneja la MKU766?", "confirm_vehicle", "MKU766", "driver", "308967926", style="typo"
)
add(
    "asks_weekday",
    FA,
    ["cuantas canastillas tiene el 412", "y el domingo cuantas le despachamos?"],
    "moved_by",
    "412",
    "canastillas",
    "dispatch",
    "2026-11-29..2026-11-29",
)
add("asks_fact", FA, "a quien le llevo diego arango la ultima remision", "note", "8486", "client", style="typo")
add("asks_fact", FA, "para quien fue la ultima entrega de marta londoño", "note", "8506", "client", style="typo")
add(
    "asks_weekday",
    FA,
    "cuantas canastillas despachamos del lunes al viernes",
    "moved",
    "canastillas",
    "dispatch",
    "2026-11-23..2026-11-27",
    style="typo",
)
