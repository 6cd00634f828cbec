"""More bank questions of the «pick from what was just answered» round (see `nth`): lists the history cut,
other words for a place, empty lists, several named together, several places at once, lines naming no
entity, a line per city, a step with a question of its own, «el otro» of a list of two, ordinals typed
fast, a city's ranking of one."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add, each

_LOW5 = "los 5 clientes con menos estibas"

# a list the history cut (it keeps 400 characters of each answer): the place is of the list as it was shown
_OVER = "que clientes tienen mas de 1000 canastillas"
add(
    "nth_cut", FA, [_OVER, "el ultimo cuantas estibas tiene"], "nth_over", "canastillas", 1000, -1, "balance", "estibas"
)
add(
    "nth_cut",
    FA,
    [_OVER, "el ultimo cuantas estibas tiene", "el de arriba"],
    "nth_over",
    "canastillas",
    1000,
    -2,
    "balance",
    "estibas",
)
add("nth_cut", FA, [_OVER, "el noveno donde queda"], "nth_over", "canastillas", 1000, 9, "city")
add("nth_cut", FA, ["telefonos de los conductores", "el octavo"], "nth_driver_by_name", 8, "phone")
add("nth_cut", FA, ["remisiones de ayer", "la octava a quien fue"], "nth_note_in", "ayer", 8, "client")

# other words for a place, an empty list, what is asked of the one picked
add(
    "nth_words",
    FA,
    ["los 3 clientes con mas estibas", "quien quedo de tercero"],
    "nth_by_saldo",
    "estibas",
    3,
    False,
    "balance",
    "estibas",
)
add(
    "nth_words",
    FA,
    ["que conductores hicieron mas entregas", "quien es el cuarto"],
    "nth_driver",
    "todo",
    4,
    False,
    "line",
)
add("nth_words", FA, ["remisiones de hoy", "la primera"], "empty_list")
add("nth_words", FA, ["clientes sin movimientos", "el primero en que ciudad"], "empty_list")
add("nth_words", FA, ["que documentos vencen esta semana", "el primero que le falta"], "listed_lacks", "esta semana", 1)
add("nth_words", FA, ["conductores", "el segundo telefono"], "nth_driver_by_name", 2, "phone")
add("nth_words", LV, ["conductores", "el primero que carro tiene"], "nth_driver_by_name", 1, "driver_vehicle")

# several named together, answered a line each: the one named at that place
_TWO = "cuantas canastillas tienen el 412 y el 310"
add("nth_named", FA, [_TWO, "el segundo en que ciudad queda"], "city", "310")
add("nth_named", FA, [_TWO, "el segundo en que ciudad queda", "y el primero"], "city", "412")
add("nth_named", FA, ["compara 412 con 310", "el primero cuantas tapas"], "balance", "412", "tapas")
add("nth_named", FA, ["quien maneja la klm482 y la trx905", "el segundo telefono"], "driver_phone", "TRX905")
add("nth_named", LV, ["cuantas canastas de leche tienen el 500 y el 412", "el segundo donde queda"], "city", "412")

# «los dos primeros», «los 2 últimos»: each of those places
each(
    "nth_firsts",
    FA,
    ["los 3 clientes con mas canastillas", "los dos primeros en que ciudad quedan"],
    ("nth_by_saldo", "canastillas", 1, False, "city"),
    ("nth_by_saldo", "canastillas", 2, False, "city"),
)
each(
    "nth_firsts",
    FA,
    ["que documentos vencen esta semana", "los 2 ultimos quien los maneja"],
    ("listed_doc", "esta semana", None, 3, "driver"),
    ("listed_doc", "esta semana", None, 4, "driver"),
)
each(
    "nth_firsts",
    FA,
    ["remisiones del 310 en noviembre", "las dos primeras quien las llevo"],
    ("nth_client_note", "310", "noviembre", 1, "driver"),
    ("nth_client_note", "310", "noviembre", 2, "driver"),
)

# a list that names no entity: the line at that place
add("nth_line", FA, ["que marcas tenemos", "la primera"], "nth_brand", 1)
add("nth_line", FA, ["que marcas tenemos", "la primera", "y la segunda"], "nth_brand", 2)
add("nth_line", LV, ["q marcas hay", "la ultima"], "nth_brand", -1)

# a line per city (no bullets): that city's line, or what is asked there
_CITIES = "canastillas en medellin y en cali"
add("nth_cities", FA, [_CITIES, "el segundo"], "city_total", "canastillas", "Cali")
add("nth_cities", FA, [_CITIES, "el segundo", "y el primero cuantos clientes hay"], "city_count", "Medellín")
add("nth_cities", LV, ["cuantos clientes hay en cali, bello y envigado", "el tercero"], "city_count", "Envigado")

# «el primero y el tercero»; a bare «y el último» after a question of the first is that question, of the last
each(
    "nth_firsts",
    FA,
    ["los 3 clientes con mas tapas", "el primero y el tercero donde quedan"],
    ("nth_by_saldo", "tapas", 1, False, "city"),
    ("nth_by_saldo", "tapas", 3, False, "city"),
)
add(
    "nth_step",
    LV,
    ["cuantos clientes hay en cali", "el primero q saldo tiene", "y el segundo"],
    "nth_of_city",
    "Cali",
    2,
    "balances",
)
add("nth_step", FA, ["conductores", "el ultimo telefono"], "nth_driver_by_name", -1, "phone")

# «el de abajo teléfono»: a step with a question of its own; «¿y el otro?» of a list of two: its other one
add("nth_step", LV, ["lista los conductores", "el tercero", "el de abajo telefono"], "nth_driver_by_name", 4, "phone")
add(
    "nth_step",
    FA,
    [_LOW5, "el segundo", "y el siguiente en q ciudad queda"],
    "nth_by_saldo",
    "estibas",
    3,
    True,
    "city",
)
add(
    "nth_other",
    LV,
    ["motocarros", "el segundo cuando vence el soat", "y el otro"],
    "nth_of_kind",
    "motocarro",
    1,
    "vehicle_doc",
    "SOAT",
)
add(
    "nth_other",
    FA,
    ["q vehiculos tienen el soat por vencer", "el primero quien lo maneja", "y el otro"],
    "listed_doc",
    "por vencer",
    "SOAT",
    2,
    "driver",
)

# ordinals typed fast: a place, never a name
_TOP3T = "los 3 clientes con mas tapas"
add("nth_typo", FA, [_TOP3T, "y el segudo"], "nth_by_saldo", "tapas", 2, False, "balance", "tapas", style="typo")
add("nth_typo", FA, [_TOP3T, "el utlimo donde keda"], "nth_by_saldo", "tapas", 3, False, "city", style="typo")
add(
    "nth_typo",
    FA,
    ["que documentos vencen esta semana", "el tecero quien lo maneja"],
    "listed_doc",
    "esta semana",
    None,
    3,
    "driver",
    style="typo",
)
add("nth_typo", LV, ["lista los conductores", "el sgundo telefono"], "nth_driver_by_name", 2, "phone", style="typo")

# a ranking of one in a city, then a place asked something else: that city's ranking, asked that
_BOG = "quien tiene mas canastillas en bogota"
add(
    "nth_after",
    FA,
    [_BOG, "y el segundo", "el tercero cuantas tapas tiene"],
    "nth_in_city",
    "canastillas",
    3,
    "Bogotá",
    "balance",
    "tapas",
)
add("nth_after", FA, [_BOG, "el segundo donde queda"], "nth_in_city", "canastillas", 2, "Bogotá", "city")
