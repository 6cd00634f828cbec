"""Bank questions of the answers round on phone-typed questions asked of both companies (session 5): the
kinds of miss found there, each with the question that showed it.

- «¿quién …?» / «¿qué conductor …?» / «¿qué carros …?» with a status or a due date asks which ones of the
  company's, whatever is in focus («quien tiene la licencia vencida» after a list of vehicles was about
  their drivers, «que conductor tiene la licencia vencida» after «licencias por vencer» about the one listed);
- «semáforo», «¿cómo está el semáforo?» is the fleet's semáforo (was the due documents, or the documents of
  the vehicles just listed);
- one vehicle's documents in a status («¿qué documentos tiene vencidos la QBM563?») are those, not every one;
- one driver's delivery notes by name («¿cuántas remisiones hizo Marta Londoño en noviembre?») were the
  driver's phone and licence;
- negative saldos of one city («clientes de Medellín con saldo negativo») were the company's;
- the client that received or returned the most in a period («¿qué cliente devolvió más tapas en octubre?»)
  was the ranking by saldo, the period and the movement ignored;
- «¿cuántas ciudades tenemos?» was the list of clients per city: how many, and which;
- «clientes sin movimientos», «¿qué clientes no tuvieron remisiones en noviembre?» counted every client.
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
add("docs_in_status", FA, "que documentos tiene vencidos la qbm563", "vehicle_docs_in", "QBM563", "vencido")
add("docs_in_status", FA, "la trx905 que tiene vencido", "vehicle_docs_in", "TRX905", "vencido", style="typo")
add("docs_in_status", FA, "que documentos tiene por vencer la trx905", "vehicle_docs_in", "TRX905", "por vencer")
add("docs_in_status", FA, "la klm482 tiene algo vencido", "vehicle_docs_in", "KLM482", "vencido", style="typo")
add(
    "docs_in_status",
    LV,
    ["quien maneja la vll330", "y que papeles tiene vencidos"],
    "vehicle_docs_in",
    "VLL330",
    "vencido",
)
add("driver_notes", FA, "cuantas remisiones hizo marta londono en noviembre", "driver_notes", "493832053", "noviembre")
add("driver_notes", FA, "remisiones de diego arango la semana pasada", "driver_notes", "1072416216", "semana pasada")
add(
    "driver_notes",
    FA,
    ["telefono de marta londono", "y cuantas entregas hizo en octubre"],
    "driver_notes",
    "493832053",
    "octubre",
)
add(
    "driver_notes",
    LV,
    "cuantas remisiones hizo wilson correa giraldo en noviembre",
    "driver_notes",
    "1124995925",
    "noviembre",
)
add("city_negative", FA, "clientes de medellin con saldo negativo", "negatives_in", "Medellín", style="typo")
add("city_negative", FA, "saldos negativos en bogota", "negatives_in", "Bogotá", style="typo")
add("city_negative", LV, "clientes de cali con saldo negativo", "negatives_in", "Cali", style="typo")
add(
    "moved_rank",
    FA,
    "que cliente recibio mas canastillas en noviembre",
    "clients_moved",
    "canastillas",
    "dispatch",
    "noviembre",
)
add(
    "moved_rank",
    FA,
    "a quien le despachamos mas estibas la semana pasada",
    "clients_moved",
    "estibas",
    "dispatch",
    "semana pasada",
)
add("moved_rank", FA, "que cliente devolvio mas tapas en octubre", "clients_moved", "tapas", "return", "octubre")
add(
    "moved_rank",
    FA,
    "los 5 clientes que mas canastillas devolvieron en noviembre",
    "clients_moved",
    "canastillas",
    "return",
    "noviembre",
    5,
)
add(
    "moved_rank",
    LV,
    "que cliente devolvio mas canastas de leche el mes pasado",
    "clients_moved",
    "canastas de leche",
    "return",
    "mes pasado",
)
add("cities_count", FA, "cuantas ciudades tenemos", "cities_count", style="typo")
add("cities_count", LV, "¿en cuántas ciudades hay clientes?", "cities_count")
add("quiet_clients", FA, "que clientes no tuvieron remisiones en noviembre", "clients_quiet", "noviembre")
add("quiet_clients", FA, "clientes sin despachos la semana pasada", "clients_quiet", "semana pasada", "dispatch")
add("quiet_clients", FA, "clientes sin movimientos", "clients_quiet", "todo", style="typo")
add(
    "quiet_clients",
    LV,
    "clientes de bello sin movimientos este mes",
    "clients_quiet",
    "este mes",
    "dispatch return",
    "Bello",
)
