"""Bank questions of the «what one question means and the figure it gets» round (facts), each kind in several
phrasings, both companies:

- a vehicle's semáforo colour is one thing everywhere: the worst of the documents its kind requires, as
  «estado de la flota» counts it — «¿cuántos vehículos están en verde?» is the semáforo's 🟢 count, never
  the vehicles with some document in green;
- which documents a vehicle needs depends on its kind: a motocarro carries no póliza RC and misses
  nothing without one — in «¿puede salir?», «¿qué le falta?», «al día», «pueden salir» and the semáforo;
- a movement verb from its side: what a client received («el 310 cuánto recibió», «le dejamos») is our
  dispatch, what it gave («nos entregó», «trajo») its return; a driver's «llevó», «entregó» his dispatches;
- two measures asked at once («¿cuántas despachamos ayer y cuántas devolvieron?»): both answered.
More in `facts_more`.
"""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add, each

# a vehicle's colour: the semáforo's
add("vehicle_light", FA, "¿cuántos vehículos están en verde?", "vehicles_in_light", "verde", None, True)
add("vehicle_light", LV, "cuantos carros estan en verde", "vehicles_in_light", "verde", None, True, style="typo")
add("vehicle_light", FA, "cuantos vehiculos estan en amarillo", "vehicles_in_light", "amarillo", None, True)
add("vehicle_light", LV, "¿cuántos carros están en verde?", "vehicles_in_light", "verde", None, True)
add("vehicle_light", FA, "qué vehículos están en verde", "vehicles_in_light", "verde")
add("vehicle_light", FA, "que camiones estan en verde", "vehicles_in_light", "verde", "camión", style="typo")
add("vehicle_light", FA, "cuantos motocarros estan en verde", "vehicles_in_light", "verde", "motocarro", True)
add("vehicle_light", LV, "furgones en verde", "vehicles_in_light", "verde", "furgón", style="typo")
add("vehicle_light", FA, ["estado de la flota", "¿cuántos están en verde?"], "vehicles_in_light", "verde", None, True)
add("vehicle_light", FA, "cuantos carros hay en amarillo", "vehicles_in_light", "amarillo", None, True, style="typo")
# the documents a vehicle's kind requires: a motocarro needs no póliza RC
add("kind_required", FA, "¿la KLM482 puede salir hoy?", "ready", "KLM482")
add("kind_required", FA, "puede salir la EQE774", "ready", "EQE774", style="typo")
add("kind_required", LV, "¿el CWN340 está al día?", "ready", "CWN340")
add("kind_required", FA, "¿qué le falta a la KLM482?", "vehicle_lacks", "KLM482")
add("kind_required", LV, "que le falta al CWN340", "vehicle_lacks", "CWN340", style="typo")
add("kind_required", FA, "cuantos motocarros pueden salir", "kind_ready", "motocarro", True, True, style="typo")
add("kind_required", FA, "¿qué motocarros están al día?", "kind_ready", "motocarro")
add("kind_required", LV, "cuantos motocarros estan al dia", "kind_ready", "motocarro", True, True, style="typo")
add("kind_required", FA, "¿cuántos vehículos pueden salir hoy?", "fleet_ready", True, True)
add("kind_required", LV, "¿qué vehículos no pueden salir?", "fleet_ready", False)
add("kind_required", FA, "¿cuántos vehículos están al día?", "fleet_in_order")
add("kind_required", LV, "semaforo de la flota", "fleet_status", style="typo")
# a movement verb from the client's side, the company's or the driver's: what a client received is our dispatch
add("verb_side", FA, "el 310 cuánto recibió", "units_of", "client", "310", "dispatch", "todo")
add(
    "verb_side",
    FA,
    "cuantas canastillas recibio el 632 en noviembre",
    "units_of",
    "client",
    "632",
    "dispatch",
    "noviembre",
    "canastillas",
)
add("verb_side", LV, "cuánto recibió el 412 en noviembre", "units_of", "client", "412", "dispatch", "noviembre")
add("verb_side", FA, "el 632 cuánto se llevó en octubre", "units_of", "client", "632", "dispatch", "octubre")
add(
    "verb_side",
    FA,
    "cuanto le llego al 412 en octubre",
    "units_of",
    "client",
    "412",
    "dispatch",
    "octubre",
    style="typo",
)
add(
    "verb_side",
    FA,
    "cuántas estibas le dejamos al 310 en noviembre",
    "units_of",
    "client",
    "310",
    "dispatch",
    "noviembre",
    "estibas",
)
add(
    "verb_side",
    LV,
    "cuanto le mandamos al 500 en noviembre",
    "units_of",
    "client",
    "500",
    "dispatch",
    "noviembre",
    style="typo",
)
add("verb_side", FA, "cuanto se le dejo al 632 en noviembre", "units_of", "client", "632", "dispatch", "noviembre")
add("verb_side", FA, "cuánto nos entregó el 310 en noviembre", "units_of", "client", "310", "return", "noviembre")
add("verb_side", FA, "cuánto entregó el 632 en octubre", "units_of", "client", "632", "return", "octubre")
add(
    "verb_side",
    FA,
    "cuantas tapas trajo el 310 en noviembre",
    "units_of",
    "client",
    "310",
    "return",
    "noviembre",
    "tapas",
)
add("verb_side", LV, "cuánto nos regresó el 500 en noviembre", "units_of", "client", "500", "return", "noviembre")
add(
    "verb_side",
    FA,
    "el 632 cuanto llevo en noviembre",
    "units_of",
    "client",
    "632",
    "dispatch",
    "noviembre",
    style="typo",
)
add("verb_side", FA, "diego toro cuánto llevó", "units_of", "driver", "308967926", "dispatch", "todo")
add(
    "verb_side",
    FA,
    "cuantas estibas entrego marta londoño en noviembre",
    "units_of",
    "driver",
    "493832053",
    "dispatch",
    "noviembre",
    "estibas",
)
add("verb_side", FA, "cuánto trajo diego toro en noviembre", "units_of", "driver", "308967926", "return", "noviembre")
add(
    "verb_side",
    FA,
    "cuanto dejo el conductor diego toro en octubre",
    "units_of",
    "driver",
    "308967926",
    "dispatch",
    "octubre",
    style="typo",
)
add("verb_side", FA, "cuanto entrego la KLM482 en noviembre", "units_of", "vehicle", "KLM482", "dispatch", "noviembre")
add("verb_side", FA, "cuánto trajo la TRX905 en noviembre", "units_of", "vehicle", "TRX905", "return", "noviembre")
add(
    "verb_side",
    LV,
    "cuanto entrego wilson correa en noviembre",
    "units_of",
    "driver",
    "1124995925",
    "dispatch",
    "noviembre",
    style="typo",
)
# two measures of the company asked at once: both answered (the second on the first's period)
each(
    "two_measures",
    FA,
    "¿cuántas despachamos ayer y cuántas devolvieron?",
    ("moved_all", "dispatch", "ayer"),
    ("moved_all", "return", "ayer"),
)
each(
    "two_measures",
    LV,
    "cuantas devolvieron la semana pasada y cuantas despachamos",
    ("moved_all", "return", "semana pasada"),
    ("moved_all", "dispatch", "semana pasada"),
    style="typo",
)
each(
    "two_measures",
    FA,
    "cuántas canastillas despachamos en noviembre y cuántas nos devolvieron",
    ("moved", "canastillas", "dispatch", "noviembre"),
    ("moved_all", "return", "noviembre"),
)
each(
    "two_measures",
    FA,
    "cuantas remisiones hubo ayer y cuantas canastillas se despacharon",
    ("notes_in", "ayer", True),
    ("moved", "canastillas", "dispatch", "ayer"),
    style="typo",
)
each("two_measures", FA, "¿cuántos vehículos hay y cuántos conductores?", ("vehicle_count",), ("drivers_count",))
each(
    "two_measures", LV, "cuantos conductores hay y cuantos carros", ("drivers_count",), ("vehicle_count",), style="typo"
)
each(
    "two_measures",
    FA,
    "cuantos vehiculos estan al dia y cuantos no pueden salir",
    ("fleet_in_order",),
    ("fleet_ready", False, True),
    style="typo",
)
each(
    "two_measures",
    LV,
    "¿cuántos clientes tenemos y cuántos tienen saldo negativo?",
    ("client_count",),
    ("negative_count",),
)
