"""Bank questions of the focus round: a question's own scope wins over the focus earlier turns left, and a
follow-up that changes one thing (a period, a city, an asset) keeps everything else — the client, vehicle
or driver of the chain stays when only the period changes, also two or three follow-ups on."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add, each

# the entity of the chain stays when only the period changes, however many follow-ups ago it was named
_632W = "cuantas remisiones tuvo el 632 la semana pasada"
add("keep_entity", FA, [_632W, "y esta semana?", "y el mes pasado?"], "client_note_count", "632", "mes pasado")
add("keep_entity", FA, [_632W, "y esta semana?", "y en octubre?"], "client_note_count", "632", "octubre")
add(
    "keep_entity",
    FA,
    ["saldo del 310", "cuantas remisiones tuvo en noviembre", "y en octubre?"],
    "client_note_count",
    "310",
    "octubre",
)
add(
    "keep_entity",
    FA,
    ["en que ciudad queda el 997", "cuantas remisiones tuvo la semana pasada", "y esta semana?"],
    "client_note_count",
    "997",
    "esta semana",
)
add(
    "keep_entity",
    LV,
    ["remisiones del 976 en noviembre", "cuantas son?", "y en octubre?"],
    "client_notes",
    "976",
    "octubre",
)
add(
    "keep_entity",
    LV,
    ["la afb115 puede salir?", "y la zbx893?", "cuantas remisiones hizo en noviembre?", "y la semana pasada?"],
    "vehicle_notes",
    "ZBX893",
    "semana pasada",
)
add(
    "keep_entity",
    FA,
    ["quien maneja la trx905", "cuantas remisiones hizo en noviembre?", "y en octubre?"],
    "vehicle_notes",
    "TRX905",
    "octubre",
)
add(
    "keep_entity",
    FA,
    ["saldo del 412", "cuanto devolvio en noviembre", "y en octubre?"],
    "units_of",
    "client",
    "412",
    "return",
    "octubre",
)

# a question naming its own cities is the company's in those cities, whatever entity is in focus
_KLM_DOCS = "el soat de la klm482 cuando vence y la tecno"
_MED_CALI = "canastillas en medellin y en cali"
_CAN_MED, _CAN_CALI = ("city_total", "canastillas", "Medellín"), ("city_total", "canastillas", "Cali")
each("own_city", FA, [_KLM_DOCS, _MED_CALI], _CAN_MED, _CAN_CALI)
each("own_city", FA, ["saldo del 412", _MED_CALI], _CAN_MED, _CAN_CALI)
each(
    "own_city",
    FA,
    ["licencias vencidas", "estibas en bello y en cali"],
    ("city_total", "estibas", "Bello"),
    ("city_total", "estibas", "Cali"),
)
each("own_city", FA, ["la qbm563 puede salir?", _MED_CALI], _CAN_MED, _CAN_CALI)
each("own_city", LV, ["quien maneja la vll330", "canastillas en medellin y en cali"], _CAN_MED, _CAN_CALI)
add("own_city", FA, [_KLM_DOCS, _MED_CALI, "cual tiene mas?"], "which_city", "mas", "canastillas", "Medellín", "Cali")
_CALI_BOG = "cuantos clientes hay en cali y en bogota"
_ENV_MED = "y en envigado y medellin?"
_COUNT_ENV, _COUNT_MED = ("city_count", "Envigado"), ("city_count", "Medellín")
each("own_city", FA, ["saldo del 412", "y la semana pasada?", _CALI_BOG, _ENV_MED], _COUNT_ENV, _COUNT_MED)
each("own_city", FA, ["quien maneja la trx905", _CALI_BOG, _ENV_MED], _COUNT_ENV, _COUNT_MED)
each("own_city", FA, ["remision 8497", _CALI_BOG, _ENV_MED], _COUNT_ENV, _COUNT_MED)
add(
    "own_city",
    FA,
    ["saldo del 412", _CALI_BOG, _ENV_MED, "cual tiene mas?"],
    "which_city",
    "mas",
    None,
    "Envigado",
    "Medellín",
)

# «¿cuál tiene más?» after a city's figure and «¿y en <otra>?»: the two cities compared, not the focus
_BAQ, _Y_MED = "total de canastillas en barranquilla", "y en medellin?"
add(
    "two_cities",
    FA,
    ["la qbm563 puede salir?", _BAQ, _Y_MED, "cual tiene mas?"],
    "which_city",
    "mas",
    "canastillas",
    "Barranquilla",
    "Medellín",
)
add(
    "two_cities",
    FA,
    ["saldo del 412", _BAQ, _Y_MED, "cual tiene menos?"],
    "which_city",
    "menos",
    "canastillas",
    "Barranquilla",
    "Medellín",
)
add(
    "two_cities",
    FA,
    ["quien maneja la trx905", "estibas en envigado", "y en cali?", "cual tiene mas?"],
    "which_city",
    "mas",
    "estibas",
    "Envigado",
    "Cali",
)
add(
    "two_cities",
    FA,
    ["saldo del 412", "cuantos clientes hay en cali", "y en bello?", "cual tiene menos?"],
    "which_city",
    "menos",
    None,
    "Cali",
    "Bello",
)
add(
    "two_cities",
    LV,
    ["licencias vencidas", "cuantos clientes hay en cali", "y en rionegro?", "cual tiene mas?"],
    "which_city",
    "mas",
    None,
    "Cali",
    "Rionegro",
)

# «compara 412 con 310» asks its own comparison: a field fleetops does not keep, asked just before, stays behind
_BOTH = (("balances", "412"), ("balances", "310"))
each("compare_own", FA, ["direccion de diego arango", "compara 412 con 310"], *_BOTH)
each("compare_own", FA, ["el nit del 412", "compara 412 con 310"], *_BOTH)
each("compare_own", FA, ["el color de la klm482", "compara 412 con 310"], *_BOTH)
each("compare_own", FA, ["el telefono del 412", "412 vs 310"], *_BOTH)
each("compare_own", LV, ["el correo del 412", "compara 412 con 510"], ("balances", "412"), ("balances", "510"))
add("compare_own", FA, ["el nit del 412", "y el 310?"], "unknown_field", "client", "310")

# «¿cuál fue la última remisión de ayer?» is the company's latest of that day whatever entity is in focus;
# «¿cuál fue la última remisión?» right after the company's question too («su última remisión» stays the one's)
_LAST_AYER = "cual fue la ultima remision de ayer"
add("latest_own", FA, ["el cliente que mas debe", _LAST_AYER], "latest_in", "ayer")
add("latest_own", FA, ["saldo del 412", _LAST_AYER], "latest_in", "ayer")
add("latest_own", FA, ["quien maneja la trx905", _LAST_AYER], "latest_in", "ayer")
add("latest_own", FA, ["remision 8497", "cuantos clientes hay", _LAST_AYER], "latest_in", "ayer")
add(
    "latest_own",
    FA,
    [
        "quien tiene mas canastillas",
        "y con menos?",
        "el cliente que mas debe",
        "cuantas canastillas despachamos ayer",
        "y la semana pasada?",
        "remisiones de hoy",
        _LAST_AYER,
    ],
    "latest_in",
    "ayer",
)
add(
    "latest_own",
    FA,
    ["quien maneja la trx905", "cuantos clientes hay", "cual fue la ultima remision"],
    "latest_in",
    "todo",
)
add("latest_own", LV, ["licencias vencidas", "cual fue la ultima remision"], "latest_in", "todo")
add("latest_own", LV, ["saldo del 412", "cuantos vehiculos hay", "cual fue la ultima remision"], "latest_in", "todo")
add("latest_own", LV, ["saldo del 472", "cual fue la ultima remision de ayer"], "latest_in", "ayer")
add("latest_own", FA, ["saldo del 412", "cual fue su ultima remision"], "latest_of", "client", "412", "todo")
