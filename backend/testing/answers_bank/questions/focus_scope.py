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

# «¿en qué ciudad queda?» of a vehicle or driver in focus: no city is kept of them (never its card)
add("entity_city", FA, ["quien maneja la trx905", "en que ciudad queda?"], "no_city_of", "TRX905")
add("entity_city", FA, ["la klm482 puede salir?", "en que ciudad esta?"], "no_city_of", "KLM482")
add("entity_city", FA, "en que ciudad queda la qbm563", "no_city_of", "QBM563")
add("entity_city", LV, ["el soat de la vll330", "y en que ciudad esta?"], "no_city_of", "VLL330")
add("entity_city", FA, ["telefono de marta londoño", "y en que ciudad vive?"], "no_city_of", "", "493832053")
add("entity_city", LV, ["telefono de wilson correa", "en que ciudad vive?"], "no_city_of", "", "1124995925")

# «¿qué SOAT vence primero?» is the fleet's first due of that kind, whatever vehicle is in focus
add("first_due_own", FA, ["vehiculos sin papeles", "que SOAT vence primero"], "first_due", "SOAT")
add("first_due_own", FA, ["quien maneja la trx905", "que SOAT vence primero"], "first_due", "SOAT")
add("first_due_own", LV, ["la afb115 puede salir?", "que tecno vence primero"], "first_due", "TECNOMECANICA")
add("first_due_own", LV, ["quien maneja la vll330", "que poliza vence primero"], "first_due", "POLIZA_RC")
add("first_due_own", FA, ["la qbm563 puede salir?", "que poliza se vence primero"], "first_due", "POLIZA_RC")

# «¿y el segundo?» of a ranking asked of one city's clients stays in that city
_RIO = ["cuantos clientes hay en rionegro", "cual tiene mas canastillas?", "y el segundo?"]
add("nth_in_city", LV, _RIO, "place_in", "canastillas", 2, "Rionegro")
add("nth_in_city", LV, ["saldo del 412", *_RIO], "place_in", "canastillas", 2, "Rionegro")
add(
    "nth_in_city",
    FA,
    ["saldo del 412", "cuantos clientes hay en cali", "cual tiene mas estibas?", "y el tercero?"],
    "place_in",
    "estibas",
    3,
    "Cali",
)
add(
    "nth_in_city",
    FA,
    ["quien maneja la trx905", "que clientes hay en bello", "cual debe menos canastillas?", "y el segundo?"],
    "place_in",
    "canastillas",
    2,
    "Bello",
    True,
)

# «¿y menos?» / «¿y el que menos?» after a driver ranking: the same ranking's other end, not another question
_TOP_NOV = "que conductor hizo mas entregas en noviembre"
add("ranking_end", FA, [_TOP_NOV, "y menos?"], "bottom_driver", "noviembre")
add("ranking_end", LV, [_TOP_NOV, "y el que menos?"], "bottom_driver", "noviembre")
add(
    "ranking_end",
    FA,
    ["saldo del 412", "que conductor hizo mas entregas la semana pasada", "y el que menos?"],
    "bottom_driver",
    "semana pasada",
)
add("ranking_end", LV, ["quien maneja la vll330", _TOP_NOV, "y menos?"], "bottom_driver", "noviembre")
add(
    "ranking_end",
    FA,
    ["el soat de la trx905", "que conductor hizo mas entregas en octubre", "y el que menos?"],
    "bottom_driver",
    "octubre",
)

# the set or the one picked stays through the follow-ups about it: «¿quién lo maneja?» of the one picked,
# «¿quién los maneja?» of the set, then «¿cuál es el más nuevo?» of that set again
_NOT_READY = "que vehiculos no pueden salir hoy"
add("set_kept", LV, [_NOT_READY, "y el segundo?", "quien lo maneja?"], "vehicle", "CWN340", "driver")
add("set_kept", LV, [_NOT_READY, "y el segundo?", "quien lo maneja?", "cuando vence?"], "vehicle_docs", "CWN340")
add(
    "set_kept",
    FA,
    ["cuantos motocarros hay", "quien los maneja?", "cual es el mas nuevo?"],
    "vehicle_age",
    False,
    "motocarro",
)
add(
    "set_kept",
    LV,
    ["cuantos furgones hay", "quien los maneja?", "cual es el mas viejo?"],
    "vehicle_age",
    True,
    "furgón",
)
add("set_kept", LV, ["cuantos furgones hay", "cual es el mas viejo?", "quien los maneja?"], "drivers_of_set", "furgón")
add(
    "set_kept",
    FA,
    ["saldo del 412", "cuantos tractocamiones hay", "cual es el mas nuevo?", "quien los maneja?"],
    "drivers_of_set",
    "tractocamión",
)

# «la express» right after a long list of candidates narrows that list (never all clients of that word)
add("narrow_list", FA, ["canastillas de macarena", "la express"], "ambiguous_clients", "macarena express")
add("narrow_list", FA, ["saldo de macarena", "el express"], "ambiguous_clients", "macarena express")
add(
    "narrow_list",
    FA,
    ["saldo del 412", "estibas de la macarena", "la express"],
    "ambiguous_clients",
    "macarena express",
)
add("narrow_list", FA, ["canastillas de san jose", "el almacen"], "ambiguous_clients", "almacen san jose")

# a misspelled month is that month: the period is kept, never an all-time figure given instead
add(
    "month_typo",
    LV,
    ["cuantas canastiyas tiene la vaquita feliz", "y cuantas remisiones tuvo en novimbre"],
    "client_note_count",
    "412",
    "noviembre",
    style="typo",
)
add(
    "month_typo",
    FA,
    "cuantas remisiones tuvo el 632 en novimbre",
    "client_note_count",
    "632",
    "noviembre",
    style="typo",
)
add(
    "month_typo",
    FA,
    ["saldo del 310", "cuantas remisiones tuvo en octubr"],
    "client_note_count",
    "310",
    "octubre",
    style="typo",
)
add(
    "month_typo",
    FA,
    ["quien maneja la trx905", "remisiones que hizo en novienbre"],
    "vehicle_notes",
    "TRX905",
    "noviembre",
    style="typo",
)

# «¿y devoluciones?» after a count of dispatch notes: the parallel count, not units nor the note in focus
_DESP_NOV = "cuantos despachos hubo en noviembre"
add("parallel_count", FA, [_DESP_NOV, "y devoluciones?"], "notes_with", "return", "noviembre")
add("parallel_count", FA, ["pdf:8497", _DESP_NOV, "y devoluciones?"], "notes_with", "return", "noviembre")
add(
    "parallel_count",
    FA,
    ["cuantas devoluciones hubo la semana pasada", "y despachos?"],
    "notes_with",
    "dispatch",
    "semana pasada",
)
add(
    "parallel_count",
    LV,
    ["saldo del 412", "cuantos despachos hubo en octubre", "y devoluciones?"],
    "notes_with",
    "return",
    "octubre",
)
