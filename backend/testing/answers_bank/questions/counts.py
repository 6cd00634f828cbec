"""Bank questions of counts beyond lists (the facts round of session 10): how many clients hold an asset
(«¿cuántos clientes tienen estibas en Cali?» → «Clientes con estibas en Cali: 34.»: a positive saldo), and
how many delivery notes of a period are past an amount of an asset («¿cuántas remisiones de más de 50
canastillas hubo en noviembre?»). Each failed before: the first was the city's total of estibas (or every
client counted), the second the clients past the amount."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

add("holding", FA, "¿cuántos clientes tienen estibas en Cali?", "holding", "estibas", "Cali")
add("holding", FA, "cuantos clientes tienen tapas", "holding", "tapas", style="typo")
add(
    "holding", LV, "¿cuántos clientes de Rionegro tienen canastas de leche?", "holding", "canastas de leche", "Rionegro"
)
add("holding", FA, "¿cuántos clientes tienen saldo de estibas?", "holding", "estibas")
add("holding", FA, "¿qué clientes de Cali tienen tapas?", "holding", "tapas", "Cali", True)
add("holding", LV, "clientes con canastillas en Bello", "holding", "canastillas", "Bello", True)
add(
    "notes_beyond",
    FA,
    "¿cuántas remisiones de más de 50 canastillas hubo en noviembre?",
    "notes_beyond",
    "canastillas",
    True,
    50,
    "noviembre",
)
add(
    "notes_beyond",
    FA,
    "cuantas remisiones de menos de 20 tapas hubo el mes pasado",
    "notes_beyond",
    "tapas",
    False,
    20,
    "mes pasado",
    style="typo",
)
add(
    "notes_beyond",
    FA,
    "¿cuántos despachos de más de 100 estibas hubo la semana pasada?",
    "notes_beyond",
    "estibas",
    True,
    100,
    "semana pasada",
    "dispatch",
)
add(
    "notes_beyond",
    LV,
    "¿cuántas remisiones de más de 80 canastas de leche hubo en octubre?",
    "notes_beyond",
    "canastas de leche",
    True,
    80,
    "octubre",
)
# how many groups past an amount moved, or with any at all (`groupings`): clients by what they got or returned
# in a period, vehicles by their notes, days with dispatches, cities by saldo
add(
    "groups_counted",
    FA,
    "¿cuántos clientes recibieron más de 100 canastillas en noviembre?",
    "grouped_count",
    "client",
    "units",
    "canastillas",
    "dispatch",
    "noviembre",
    100,
)
add(
    "groups_counted",
    FA,
    "¿cuántos clientes de Cali devolvieron más de 50 tapas el mes pasado?",
    "grouped_count",
    "client",
    "units",
    "tapas",
    "return",
    "mes pasado",
    50,
    True,
    "Cali",
)
add(
    "groups_counted",
    FA,
    "¿cuántos vehículos hicieron más de 15 remisiones en noviembre?",
    "grouped_count",
    "vehicle",
    "notes",
    None,
    None,
    "noviembre",
    15,
)
add(
    "groups_counted",
    FA,
    "cuantos vehiculos hicieron menos de 10 viajes en noviembre",
    "grouped_count",
    "vehicle",
    "notes",
    None,
    None,
    "noviembre",
    10,
    False,
    style="typo",
)
add(
    "groups_counted",
    LV,
    "¿cuántos carros tuvieron remisiones en noviembre?",
    "grouped_count",
    "vehicle",
    "notes",
    None,
    None,
    "noviembre",
)
add(
    "groups_counted",
    FA,
    "¿cuántos días hubo despachos en noviembre?",
    "grouped_count",
    "day",
    "notes",
    None,
    "dispatch",
    "noviembre",
)
add(
    "groups_counted",
    FA,
    "¿en cuántas ciudades hay más de 15000 estibas?",
    "grouped_count",
    "city",
    "saldo",
    "estibas",
    None,
    None,
    15000,
)
add("holding", FA, "¿cuántos clientes hay en Cali con tapas?", "holding", "tapas", "Cali")
