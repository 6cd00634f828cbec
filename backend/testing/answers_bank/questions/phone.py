"""Bank questions of the answers round on phone-typed questions (`/ayuda`-style use of `make demo`): the
kinds of miss found there, each with the question that showed it.

- a phone typo or filler word read as a name in a follow-up («en q ciudad keda», «y el saldo actual»,
  «sldo del 1050», «puede salir?»);
- a document's state or date asked right after that document («¿está vencido?», «¿desde cuándo?»,
  «cuando vencio» once went fleet-wide);
- a count varied by one slot («cuantos en barranquilla», «cuantos activos», «y furgones») and its list
  («cuales son»);
- «¿cuántos son?» / «¿cuál es?» after a list or a count;
- «le» beside a first-person plural verb: the client in focus («cuantas le despachamos en noviembre»);
- a field fleetops does not keep, of a kind of thing or of one entity («cuanto vale una canastilla», «a que
  hora abre el 310», «cuantos kilometros tiene la klm482»), never a figure it does keep;
- a mistyped plate is a plate not found, not the previous subject («vencimientos de la gh217»);
- «¿cuántas remisiones hizo …?» after a vehicle or driver: its notes, not the company's.
"""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add, each

add("typo_word", FA, ["saldo 77", "en q ciudad keda"], "city", "77", style="typo")
add("typo_word", FA, ["saldo 77", "en q cuidad queda"], "city", "77", style="typo")
add("typo_word", FA, ["cuantas tapas tiene el 310", "donde keda"], "city", "310", style="typo")
add("typo_word", FA, ["saldo del 310", "y el saldo actual"], "balances", "310", style="typo")
add("typo_word", FA, "sldo del 1050", "balances", "1050", style="typo")
add("typo_word", LV, ["papeles de la goe316", "puede salir?"], "ready", "GOE316", style="typo")
add("doc_followup", FA, ["soat de la trx905", "esta vencido?"], "doc_verdict", "TRX905", "SOAT", "vencido")
add("doc_followup", FA, ["tecno de la klm482", "esta vencida?"], "doc_verdict", "KLM482", "TECNOMECANICA", "vencido")
add("doc_followup", FA, ["soat de la trx905", "desde cuando"], "vehicle_doc", "TRX905", "SOAT")
add("doc_followup", FA, ["tecno de la klm482", "cuando vence"], "vehicle_doc", "KLM482", "TECNOMECANICA")
add(
    "doc_followup", LV, ["la vll330 tiene la tecno vencida?", "cuando vencio"], "vehicle_doc", "VLL330", "TECNOMECANICA"
)
add("doc_followup", FA, ["la qbm563 tiene la tecno vencida?", "hace cuanto"], "vehicle_doc", "QBM563", "TECNOMECANICA")
add("count_again", FA, ["cuantos clientes tenemos", "cuantos en barranquilla"], "city_count", "Barranquilla")
add("count_again", FA, ["cuantos clientes hay en cali", "cuantos en bello"], "city_count", "Bello")
add(
    "count_again",
    FA,
    ["cuantos clientes hay en cali", "cuantos en bello", "y canastillas?"],
    "city_total",
    "canastillas",
    "Bello",
)
add("count_again", FA, ["cuantos vehiculos tenemos", "cuantos activos"], "active_count", True)
add("count_again", LV, ["cuantos vehiculos hay", "cuantos inactivos"], "active_count", False)
add("count_again", FA, ["cuantos motocarros hay", "y furgones"], "vehicle_count", "furgón")
add(
    "count_again",
    FA,
    ["cuantos clientes tenemos", "cuantos en barranquilla", "cuales son"],
    "city_clients",
    "Barranquilla",
)
add("how_many", FA, ["q vehiculos tienen el soat vencido", "cuantos son"], "docs_status", "vencido", "SOAT", True)
add("how_many", FA, ["cuales clientes tienen saldo negativo", "cuantos son"], "negative_count")
add("how_many", FA, ["remisiones de ayer", "cuantas son"], "notes_in", "ayer", True)
add("how_many", FA, ["cuantos vehiculos inactivos hay", "cual es"], "inactive")
add(
    "le_object",
    FA,
    ["¿cuántas estibas tiene el 310?", "¿cuántas estibas le despachamos en noviembre?"],
    "moved_by",
    "310",
    "estibas",
    "dispatch",
    "noviembre",
)
add("no_data", FA, "cuanto vale una canastilla", "unknown_of_kind", "canastillas")
add("no_data", FA, "cuanto pesa una estiba", "unknown_of_kind", "estibas")
add("no_data", FA, "a que hora abre el 310", "unknown_field", "client", "310")
add("no_data", FA, "cuantos kilometros tiene la klm482", "unknown_field", "vehicle", "KLM482")
add("no_data", FA, "cuantos galones de gasolina gasto la trx905", "unknown_field", "vehicle", "TRX905")
add("plate_typo", FA, ["cuantas canastillas tiene el 412", "vencimientos de la gh217"], "vehicle_docs", "GH217")
add(
    "did_notes",
    FA,
    ["quien es el conductor de la cqn859", "cuantas remisiones hizo en noviembre"],
    "vehicle_notes",
    "CQN859",
    "noviembre",
)
add(
    "count_again",
    LV,
    ["cuantos clientes hay en medellin", "cuantos en cali", "y en bogota", "cuales son"],
    "city_clients",
    "Bogotá",
)
add("no_data", LV, "cuanto vale una canasta de leche", "unknown_of_kind", "canastas de leche")
# «¿cuál fue la última?» after a vehicle's notes (newest first): that one note, not each of the list
add(
    "latest_of_list",
    LV,
    ["quien maneja la wfc157", "cuantas remisiones hizo la semana pasada", "cual fue la ultima"],
    "note",
    "52062",
    "lines",
)
# «¿por qué no?», «¿qué le falta?» after a vehicle's readiness: the reasons again
add("why_again", FA, ["la qbm563 puede salir hoy", "por que no"], "ready", "QBM563")
add("why_again", FA, ["la qbm563 puede salir hoy", "q le falta"], "ready", "QBM563", style="typo")
# «¿cuántos tienen …?» after a long list: how many of the company's, not «¿de cuál de la lista?»
add("count_members", FA, ["lista de conductores", "cuantos tienen la licencia vencida"], "licences", "vencido")
# «¿cuál vence primero?» of due documents listed: the first line
add(
    "first_due",
    FA,
    ["vehiculos con soat por vencer", "y con tecno por vencer", "cual vence primero"],
    "listed_doc",
    "por vencer",
    "TECNOMECANICA",
    1,
)
# the company's latest delivery note, with nothing in focus (in the period just asked)
add("latest_note", FA, "ultima remision", "note", "8494", "lines")
add("latest_note", FA, ["cuantas remisiones hubo ayer", "cual fue la ultima"], "note", "8494", "lines")
# «los dos» / «ambos»: the two entities just discussed (not client 2, not a top 2)
each("both", FA, ["saldo 412", "saldo 310", "compara los dos"], ("balances", "412"), ("balances", "310"))
each("both", FA, ["saldo 412", "saldo 310", "y en q ciudad quedan los dos"], ("city", "412"), ("city", "310"))
each(
    "both",
    FA,
    ["quien maneja la klm482", "y la trx905", "cuando vence el soat de ambos"],
    ("vehicle_doc", "KLM482", "SOAT"),
    ("vehicle_doc", "TRX905", "SOAT"),
)
add("both", FA, ["saldo 412", "los dos clientes con mas tapas"], "top", "tapas", 2)
# the fleet's readiness asked in the plural: which vehicles can or cannot work today (not every vehicle)
add("fleet_ready", FA, "q vehiculos no pueden salir hoy", "fleet_ready", False)
add("fleet_ready", FA, ["q carros estan vencidos", "cuales no pueden salir"], "fleet_ready", False)
add("fleet_ready", FA, "cuantos vehiculos pueden salir hoy", "fleet_ready", True, True)
add("fleet_ready", LV, "cuales carros pueden salir hoy", "fleet_ready", True)
# a follow-up after «¿cuántos son?» varies the question counted, not the count
add(
    "how_many",
    FA,
    ["q vehiculos tienen el soat vencido", "cuantos son", "y la tecno?"],
    "docs_status",
    "vencido",
    "TECNOMECANICA",
)
add(
    "le_object",
    FA,
    ["ultimo movimiento del 77", "cuantas tapas le despachamos en septiembre"],
    "moved_by",
    "77",
    "tapas",
    "dispatch",
    "septiembre",
)
add("le_object", FA, ["pdf:8297", "cuantas tapas le despacharon"], "note", "8297", "qty", "tapas", "dispatch")
# a field not kept asked after a list: said once, not for each listed one
add("no_data", FA, ["remisiones de ayer", "quien es el gerente"], "not_kept", "gerente")
add("no_data", FA, "cuantas canastillas se perdieron este año", "unknown_of_kind", "canastillas")
# asset words cut short on a phone: «est», «tap» (once read as the previous asset, or every asset)
add("typo_word", FA, ["canasillas del 412", "est del 412"], "balance", "412", "estibas", style="typo")
add("typo_word", FA, "cuantas tap tiene el 412", "balance", "412", "tapas", style="typo")
# «anteayer» / «antier» is a period (was read as nothing: «ayer» again, or a name)
add("period_word", FA, ["cuantas remisiones hubo ayer", "y antier"], "notes_in", "anteayer", True)
add("period_word", LV, "cuantas remisiones hubo anteayer", "notes_in", "anteayer", True)
# «¿el 521 tiene saldo negativo?» of one client: yes or no and which (was every saldo); «¿de cuánto?» after it
add("negative_of", FA, "el 521 tiene saldo negativo?", "negative_of", "521")
add("negative_of", FA, ["el 521 tiene saldo negativo?", "de cuanto"], "negative_of", "521")
add("negative_of", FA, "el 412 tiene saldo negativo?", "negative_of", "412")
