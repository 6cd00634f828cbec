"""Bank questions of the facts round of session 12 (see `expect_facts12`), each kind in several phrasings:

- a yes-or-no question of a figure is answered «Sí» / «No» first, then the figure: a client's saldo
  («¿el 412 debe estibas?», «¿el 632 tiene más de 10000 canastillas?»), the delivery notes of a period
  («¿hubo remisiones ayer?»), the clients of a city («¿hay clientes en Cali?»). Each gave the figure alone.
"""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# yes or no of a figure: «Sí» / «No» first
add("yes_no", FA, "¿el 412 debe estibas?", "yes_balance", "412", "estibas")
add("yes_no", FA, "¿el 632 tiene más de 10000 canastillas?", "yes_balance", "632", "canastillas", "more", 10000)
add("yes_no", FA, "el 632 tiene menos de 10000 canastillas", "yes_balance", "632", "canastillas", "less", 10000)
add("yes_no", FA, "el 310 debe tapas?", "yes_balance", "310", "tapas", style="typo")
add("yes_no", FA, "¿tiene estibas el 584?", "yes_balance", "584", "estibas")
add("yes_no", LV, "¿el 412 debe canastillas?", "yes_balance", "412", "canastillas")
add("yes_no", FA, "¿hubo remisiones ayer?", "yes_notes", "ayer")
add("yes_no", FA, "¿hay remisiones de la semana pasada?", "yes_notes", "semana pasada")
add("yes_no", LV, "hubo remisiones ayer", "yes_notes", "ayer", style="typo")
add("yes_no", FA, "¿hay clientes en Cali?", "yes_city_clients", "Cali")
add("yes_no", LV, "hay clientes en rionegro?", "yes_city_clients", "Rionegro", style="typo")
# one client's total: the sum of its saldos over every asset type, not one figure per type
add("client_total", FA, "cuánto le debe el 997 en total", "client_total", "997")
add("client_total", FA, "saldo total del 412", "client_total", "412")
add("client_total", FA, "¿cuánto tiene en total el 310?", "client_total", "310")
add("client_total", FA, "cuantas unidades tiene el 632 en total", "client_total", "632", style="typo")
add("client_total", FA, "cuanto nos debe el 997 en total", "client_total", "997", style="typo")
add("client_total", LV, "cuánto debe en total el 412", "client_total", "412")
add("client_total", LV, "¿cuántas tiene en total la vaquita feliz?", "client_total", "412")
# a count or list of delivery notes in a city: that city's clients' notes (was the city's clients, or the company's)
add("city_notes", FA, "cuántas remisiones hubo en cali en noviembre", "city_notes_count", "Cali", "noviembre")
add(
    "city_notes",
    FA,
    "cuántos despachos hubo en cali la semana pasada",
    "city_notes_count",
    "Cali",
    "semana pasada",
    "dispatch",
)
add(
    "city_notes",
    FA,
    "cuantas devoluciones hubo en bello en noviembre",
    "city_notes_count",
    "Bello",
    "noviembre",
    "return",
    style="typo",
)
add(
    "city_notes",
    LV,
    "¿cuántas remisiones hubo en Rionegro la semana pasada?",
    "city_notes_count",
    "Rionegro",
    "semana pasada",
)
add("city_notes", FA, "remisiones de cali de ayer", "city_notes", "Cali", "ayer", style="typo")
add("city_notes", FA, "¿qué remisiones hubo en Bogotá ayer?", "city_notes", "Bogotá", "ayer")
# «¿cuáles tienen saldo negativo?» right after the clients of a city: of that city (none said so)
add("city_notes", FA, ["clientes en Cali", "cuáles tienen saldo negativo"], "negatives_in", "Cali")
add("city_notes", FA, ["cuántos clientes hay en cali", "cuales tienen saldo negativo"], "negatives_in", "Cali")
add("city_notes", FA, ["clientes en Bogotá", "¿cuáles tienen saldo negativo?"], "negatives_in", "Bogotá")
add("city_notes", LV, ["clientes en rionegro", "cuales tienen saldo negativo"], "negatives_in", "Rionegro")
# how many notes one driver or vehicle had: one count sentence of its own (was a list, or the company's count)
add(
    "owner_count",
    FA,
    "¿cuántas entregas hizo Marta Londoño en noviembre?",
    "owner_note_count",
    "driver",
    "493832053",
    "noviembre",
    "dispatch",
)
add(
    "owner_count",
    FA,
    "cuantos viajes hizo jhon muñoz en noviembre",
    "owner_note_count",
    "driver",
    "764342477",
    "noviembre",
    style="typo",
)
add(
    "owner_count",
    FA,
    "cuantos viajes hizo Marta Londoño en noviembre",
    "owner_note_count",
    "driver",
    "493832053",
    "noviembre",
)
add(
    "owner_count",
    FA,
    "cuántas entregas hizo Diego Arango la semana pasada",
    "owner_note_count",
    "driver",
    "1072416216",
    "semana pasada",
    "dispatch",
)
add(
    "owner_count",
    LV,
    "¿cuántas remisiones hizo Wilson Correa en noviembre?",
    "owner_note_count",
    "driver",
    "1124995925",
    "noviembre",
)
add(
    "owner_count",
    FA,
    "¿cuántos viajes hizo la KLM482 en noviembre?",
    "owner_note_count",
    "vehicle",
    "KLM482",
    "noviembre",
)
add(
    "owner_count",
    FA,
    "¿cuántas entregas hizo la TRX905 en noviembre?",
    "owner_note_count",
    "vehicle",
    "TRX905",
    "noviembre",
    "dispatch",
)
add(
    "owner_count",
    FA,
    "cuantas remisiones tuvo la GHT217 en octubre",
    "owner_note_count",
    "vehicle",
    "GHT217",
    "octubre",
    style="typo",
)
add(
    "owner_count",
    LV,
    "¿cuántas remisiones hizo la CWN340 en noviembre?",
    "owner_note_count",
    "vehicle",
    "CWN340",
    "noviembre",
)
# how many in a city, no asset type said: the city's saldo of the one just asked, else of every one
add(
    "city_saldo",
    LV,
    ["cuantas canastillas hay en total en la calle", "cuantas en rionegro"],
    "city_saldo",
    "Rionegro",
    "canastillas",
)
add("city_saldo", FA, ["cuantas estibas hay en la calle", "cuantas en cali"], "city_saldo", "Cali", "estibas")
add("city_saldo", LV, "cuantas en rionegro", "city_saldo", "Rionegro", style="typo")
add("city_saldo", LV, "¿cuántas hay en Medellín?", "city_saldo", "Medellín")
add("city_saldo", FA, "¿cuántas tenemos en Rionegro?", "city_saldo", "Rionegro")
add("city_saldo", FA, ["saldo del 412", "cuantas hay en bello"], "city_saldo", "Bello")
# what a vehicle lacks when nothing is expired: a required document due within 30 days is said, with its date
add("lacks_soon", FA, "¿qué le falta a la TBA622?", "vehicle_lacks", "TBA622")
add("lacks_soon", FA, "que le falta a la KAU853", "vehicle_lacks", "KAU853", style="typo")
add("lacks_soon", FA, "¿qué papeles le faltan a la MKU766?", "vehicle_lacks", "MKU766")
add("lacks_soon", LV, "¿qué le falta al GFT663?", "vehicle_lacks", "GFT663")
add("lacks_soon", FA, ["papeles de la KLM482", "¿qué le falta?"], "vehicle_lacks", "KLM482")
