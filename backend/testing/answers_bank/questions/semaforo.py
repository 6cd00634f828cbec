"""Bank questions of one vehicle's semáforo colour (the worst of the documents its kind requires, as
«estado de la flota» counts it): asked by «semáforo», by «¿en qué color está?», or with a colour to say yes
or no to; after the vehicle was discussed; and «¿y la TRX905?» right after, the same question of another.
Never the vehicle's card or document list, never «No tengo el color» (that is the paint: «¿de qué color es?»).
"""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

add("semaforo", FA, "semaforo de la TPV948", "vehicle_semaforo", "TPV948", style="typo")
add("semaforo", FA, "¿de qué color está la KLM482 en el semáforo?", "vehicle_semaforo", "KLM482")
add("semaforo", FA, "¿en qué color está la QMW158?", "vehicle_semaforo", "QMW158")
add("semaforo", FA, "¿la KLM482 está en rojo?", "vehicle_semaforo", "KLM482", "rojo")
add("semaforo", FA, "la EQE774 esta en verde?", "vehicle_semaforo", "EQE774", "verde", style="typo")
add("semaforo", FA, "¿la QBM563 está en amarillo?", "vehicle_semaforo", "QBM563", "amarillo")
add("semaforo", FA, "semáforo de la BXN883", "vehicle_semaforo", "BXN883")
add("semaforo", LV, "¿cómo está la AFB115 en el semáforo?", "vehicle_semaforo", "AFB115")
add("semaforo", LV, "semaforo del CWN340", "vehicle_semaforo", "CWN340", style="typo")
add("semaforo", FA, ["¿quién maneja la QMW158?", "¿cómo está su semáforo?"], "vehicle_semaforo", "QMW158")
add("semaforo", FA, ["¿la KLM482 está en rojo?", "¿y la TRX905?"], "vehicle_semaforo", "TRX905")
add("semaforo", FA, ["semáforo de la QBM563", "y la EQE774"], "vehicle_semaforo", "EQE774")
add(
    "semaforo",
    LV,
    ["cuando vence el soat del CWN340", "y en que color esta en el semaforo"],
    "vehicle_semaforo",
    "CWN340",
)
