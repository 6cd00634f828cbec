"""More bank questions of the focus round (see `focus_scope`): what is asked of a vehicle or driver in
focus that it does not keep (a city), the fleet's first due of a kind, the n-th of one city's ranking, the
other end of a driver ranking, the set or the one picked kept through follow-ups, a candidate list
narrowed, a misspelled month, the parallel count of another movement, the vehicles of a count."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

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
add("set_kept", LV, [_NOT_READY, "y el segundo?", "quien lo maneja?"], "vehicle", "EXH791", "driver")
add("set_kept", LV, [_NOT_READY, "y el segundo?", "quien lo maneja?", "cuando vence?"], "vehicle_docs", "EXH791")
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

# «¿de qué vehículos?» right after a count of vehicles with documents in a state: those vehicles, not the fleet
add(
    "count_vehicles",
    FA,
    ["cuantos vehiculos tienen documentos vencidos", "de que vehiculos?"],
    "vehicles_of_docs",
    "vencido",
)
add(
    "count_vehicles",
    FA,
    ["saldo del 412", "cuantos vehiculos tienen documentos vencidos", "de que vehiculos?"],
    "vehicles_of_docs",
    "vencido",
)
add(
    "count_vehicles",
    FA,
    ["quien maneja la trx905", "cuantos vehiculos tienen documentos por vencer", "que placas?"],
    "vehicles_of_docs",
    "proximos 30",
)

# «¿cuántas estibas devolvieron los clientes …?»: the units of the period («los clientes» says who, not what)
_EST_MP = "cuantas estibas devolvieron los clientes el mes pasado"
add("clients_moved", FA, _EST_MP, "moved", "estibas", "return", "mes pasado")
add("clients_moved", FA, [_EST_MP, "y este mes?"], "moved_or_nothing", "return", "este mes", "estibas")
add("clients_moved", FA, ["saldo del 412", _EST_MP], "moved", "estibas", "return", "mes pasado")
add(
    "clients_moved",
    LV,
    "cuantas canastas devolvieron los clientes en noviembre",
    "moved",
    "canastas de leche",
    "return",
    "noviembre",
)
