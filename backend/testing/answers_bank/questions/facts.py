"""Bank questions of the «what one question means and the figure it gets» round (facts), each kind in several
phrasings, both companies:

- a vehicle's semáforo colour is one thing everywhere: the worst of the documents its kind requires, as
  «estado de la flota» counts it — «¿cuántos vehículos están en verde?» is the semáforo's 🟢 count, never
  the vehicles with some document in green;
- which documents a vehicle needs depends on its kind: a motocarro carries no póliza RC and misses
  nothing without one — in «¿puede salir?», «¿qué le falta?», «al día», «pueden salir» and the semáforo.
"""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

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
