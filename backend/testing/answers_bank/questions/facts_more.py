"""Bank questions of the facts round, continued (`facts`): the delivery note that moved the most or fewest
units («¿cuál fue la remisión más grande de noviembre?»), units moved of a city's clients and «movimos»
(both ways), and the clients that had — or had not — a movement in a period.
"""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add, each

# the note that moved the most (or fewest) units: its units, not a list of notes or a ranking of clients
add("largest_note", FA, "¿cuál fue la remisión más grande de noviembre?", "extreme_note", "noviembre")
add("largest_note", LV, "cual fue la remision mas grande de octubre", "extreme_note", "octubre", style="typo")
add("largest_note", FA, "la remisión más grande del 1 al 15 de noviembre", "extreme_note", "1-15 noviembre")
add("largest_note", FA, "cuál es la remisión más grande", "extreme_note", "todo")
add("largest_note", FA, "la remisión más pequeña de la semana pasada", "extreme_note", "semana pasada", True)
add("largest_note", FA, "el despacho más grande de noviembre", "extreme_note", "noviembre", False, None, "dispatch")
add(
    "largest_note",
    FA,
    "cual fue la devolucion mas grande de la semana pasada",
    "extreme_note",
    "semana pasada",
    False,
    None,
    "return",
    style="typo",
)
add("largest_note", FA, "la remisión con más tapas de noviembre", "extreme_note", "noviembre", False, "tapas")
add(
    "largest_note",
    LV,
    "¿en qué remisión se despacharon más canastillas en noviembre?",
    "extreme_note",
    "noviembre",
    False,
    "canastillas",
    "dispatch",
)
add(
    "largest_note",
    FA,
    "el despacho más grande del 310",
    "extreme_note",
    "todo",
    False,
    None,
    "dispatch",
    "client",
    "310",
)
add(
    "largest_note",
    FA,
    "remision mas grande de la KLM482 en noviembre",
    "extreme_note",
    "noviembre",
    False,
    None,
    None,
    "vehicle",
    "KLM482",
    style="typo",
)
add(
    "largest_note",
    FA,
    "la remisión más pequeña de diego toro en noviembre",
    "extreme_note",
    "noviembre",
    True,
    None,
    None,
    "driver",
    "308967926",
)
# units moved of a city's clients, and «movimos» (both ways)
add(
    "city_moved",
    FA,
    "cuántas canastillas despachamos a Medellín en noviembre",
    "city_moved",
    "canastillas",
    "dispatch",
    "noviembre",
    "Medellín",
)
add(
    "city_moved",
    FA,
    "cuánto le despachamos a Barranquilla en noviembre",
    "city_moved",
    None,
    "dispatch",
    "noviembre",
    "Barranquilla",
)
add(
    "city_moved",
    FA,
    "cuántas tapas devolvieron los clientes de Envigado la semana pasada",
    "city_moved",
    "tapas",
    "return",
    "semana pasada",
    "Envigado",
)
add(
    "city_moved",
    LV,
    "cuantas canastillas despachamos a Bello en octubre",
    "city_moved",
    "canastillas",
    "dispatch",
    "octubre",
    "Bello",
    style="typo",
)
add(
    "city_moved",
    FA,
    "cuantas estibas devolvieron en Cali en noviembre",
    "city_moved",
    "estibas",
    "return",
    "noviembre",
    "Cali",
    style="typo",
)
each(
    "city_moved",
    FA,
    "cuántas canastillas movimos en octubre",
    ("moved", "canastillas", "dispatch", "octubre"),
    ("moved", "canastillas", "return", "octubre"),
)
each(
    "city_moved",
    LV,
    "cuantas canastillas movimos la semana pasada",
    ("moved", "canastillas", "dispatch", "semana pasada"),
    ("moved", "canastillas", "return", "semana pasada"),
    style="typo",
)
# the clients that had (or had not) a movement in a period: a count or list of clients, never «Hay 320 clientes»
add("clients_moved", FA, "qué clientes no han devuelto nada en noviembre", "clients_quiet", "noviembre", "return")
add(
    "clients_moved",
    LV,
    "que clientes no nos devolvieron nada la semana pasada",
    "clients_quiet",
    "semana pasada",
    "return",
    style="typo",
)
add("clients_moved", FA, "a qué clientes no les llegó nada en noviembre", "clients_quiet", "noviembre", "dispatch")
add("clients_moved", FA, "cuántos clientes recibieron despachos ayer", "clients_active", "ayer", "dispatch", None, True)
add(
    "clients_moved",
    FA,
    "cuántos clientes nos devolvieron algo la semana pasada",
    "clients_active",
    "semana pasada",
    "return",
    None,
    True,
)
add(
    "clients_moved",
    LV,
    "cuantos clientes tuvieron remisiones en noviembre",
    "clients_active",
    "noviembre",
    "dispatch return",
    None,
    True,
    style="typo",
)
add(
    "clients_moved",
    FA,
    "qué clientes de Cali tuvieron remisiones en noviembre",
    "clients_active",
    "noviembre",
    "dispatch return",
    "Cali",
)
add("clients_moved", FA, "qué clientes devolvieron ayer", "clients_active", "ayer", "return")
# the clients whose saldo is 0: «no deben nada», «sin estibas» — never «Hay 320 clientes»
add("clients_zero", FA, "cuántos clientes no tienen estibas", "clients_zero", "estibas", None, True)
add("clients_zero", FA, "qué clientes no tienen estibas", "clients_zero", "estibas")
add(
    "clients_zero",
    LV,
    "cuantos clientes no tienen canastas de leche",
    "clients_zero",
    "canastas de leche",
    None,
    True,
    style="typo",
)
add("clients_zero", LV, "clientes de Bello sin canastillas", "clients_zero", "canastillas", "Bello", style="typo")
add("clients_zero", FA, "cuántos clientes no deben nada", "clients_zero", None, None, True)
add("clients_zero", FA, "cuántos clientes no tienen canastillas", "clients_zero", "canastillas", None, True)
# a count of notes by a movement says so
add("notes_with", FA, "cuántas remisiones con devolución hubo en noviembre", "notes_with", "return", "noviembre")
add(
    "notes_with",
    LV,
    "cuantas remisiones con despacho hubo la semana pasada",
    "notes_with",
    "dispatch",
    "semana pasada",
    style="typo",
)
