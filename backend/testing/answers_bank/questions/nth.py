"""Bank questions of the «pick from what was just answered» round, typed as on a phone. Before it:
- «¿quién maneja el primero?» after a list of vehicles (or a count of them) gave every vehicle's driver;
- «el segundo que placa tiene» after a numbered ranking of drivers answered for all five; «¿y el segundo?»
  after a tied ranking of drivers said «No encontré despachos de …»;
- «¿y el tercero?» after a ranking of one → «¿y el segundo?» → «¿en qué ciudad queda?» repeated the second;
- «¿y el segundo?» after a list of one («Hay 1 conductor con la licencia …», «Hay 1 vehículo sin SOAT…»)
  answered the one again; «el primero telefono» after drivers listed in a sentence gave all four phones;
- «el primero» of «clientes por ciudad» was not understood and «¿y el segundo?» repeated the list;
- «el 3ro», «¿y el siguiente?», «el de arriba», «el penúltimo» named nothing;
- «el primero cuándo vence» after expired SOATs was the fleet's next to expire, not the first listed.
"""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# a list of vehicles (shown, or only counted): the one at that place, asked its driver or a document
_MOTO, _FURG = "que vehiculos son motocarros", "furgones"
add("nth_vehicle", FA, [_MOTO, "quien maneja el primero"], "nth_of_kind", "motocarro", 1, "vehicle", "driver")
add(
    "nth_vehicle",
    FA,
    [_MOTO, "quien maneja el primero", "y el ultimo q telefono tiene"],
    "nth_of_kind",
    "motocarro",
    -1,
    "driver_phone",
)
add("nth_vehicle", FA, [_FURG, "el segundo quien lo maneja"], "nth_of_kind", "furgón", 2, "vehicle", "driver")
add("nth_vehicle", FA, [_FURG, "quien maneja el 3ro"], "nth_of_kind", "furgón", 3, "vehicle", "driver", style="typo")
add(
    "nth_vehicle",
    LV,
    ["q furgones tenemos", "quien maneja el primero"],
    "nth_of_kind",
    "furgón",
    1,
    "vehicle",
    "driver",
)
_COUNT = "cuantos motocarros hay"
add("nth_vehicle", FA, [_COUNT, "quien maneja el primero"], "nth_of_kind", "motocarro", 1, "vehicle", "driver")
add(
    "nth_vehicle",
    FA,
    [_COUNT, "el ultimo quien lo maneja"],
    "nth_of_kind",
    "motocarro",
    -1,
    "vehicle",
    "driver",
)
add(
    "nth_vehicle",
    LV,
    ["cuantos camiones hay", "el segundo quien lo maneja"],
    "nth_of_kind",
    "camión",
    2,
    "vehicle",
    "driver",
)
add(
    "nth_vehicle",
    FA,
    [_COUNT, "cuando vence el soat del segundo"],
    "nth_of_kind",
    "motocarro",
    2,
    "vehicle_doc",
    "SOAT",
)

# a ranking of drivers by deliveries (numbered, tied, or of one): the driver at that place, or what of them
_RANK = "que conductores hicieron mas entregas"
add("nth_driver", FA, [_RANK, "el segundo que placa tiene"], "nth_driver", "todo", 2, False, "driver_vehicle")
add("nth_driver", FA, [_RANK, "y el segundo"], "nth_driver", "todo", 2, False, "line")
add("nth_driver", FA, [_RANK, "el tercero telefono"], "nth_driver", "todo", 3, False, "phone")
add(
    "nth_driver",
    FA,
    [_RANK, "el segundo que placa tiene", "y el tercero"],
    "nth_driver",
    "todo",
    3,
    False,
    "driver_vehicle",
)
add("nth_driver", FA, ["que conductor hizo menos entregas", "y el segundo"], "nth_driver", "todo", 2, True, "line")
add("nth_driver", FA, ["que conductor hizo menos entregas", "el tercero"], "nth_driver", "todo", 3, True, "line")
_NOV = "que conductor hizo mas entregas en noviembre"
add("nth_driver", FA, [_NOV, "y el segundo que placa tiene"], "nth_driver", "noviembre", 2, False, "driver_vehicle")
add(
    "nth_driver",
    FA,
    ["que conductor hizo mas entregas", "y el segundo", "q placa tiene", "y el tercero"],
    "nth_driver",
    "todo",
    3,
    False,
    "driver_vehicle",
)
add(
    "nth_driver",
    LV,
    ["los 3 conductores con mas entregas", "el segundo que placa tiene"],
    "nth_driver",
    "todo",
    2,
    False,
    "driver_vehicle",
)

# a ranking of one, then a question of the one picked: the next place is asked that question
_MOST = "quien tiene mas canastillas"
add(
    "nth_after",
    FA,
    [_MOST, "y el segundo", "en que ciudad queda", "y el tercero"],
    "nth_by_saldo",
    "canastillas",
    3,
    False,
    "city",
)
add(
    "nth_after",
    FA,
    [_MOST, "y el segundo donde queda", "y el tercero"],
    "nth_by_saldo",
    "canastillas",
    3,
    False,
    "city",
)
add(
    "nth_after",
    LV,
    ["q cliente tiene mas canastas de leche", "y el segundo", "en q ciudad esta", "y el tercero?"],
    "nth_by_saldo",
    "canastas de leche",
    3,
    False,
    "city",
)

# a list of one (or two): a place past its end says so, never the one again
add("nth_few", FA, ["licencias que vencen este mes", "y el segundo"], "asks_which", "lista")
add("nth_few", FA, ["que carros no tienen soat", "el segundo quien lo maneja"], "asks_which", "lista")
add("nth_few", FA, ["quien tiene la licencia vencida", "y el tercero"], "asks_which", "lista")

# drivers or vehicles listed in one sentence: the one at that place
add("nth_sentence", FA, ["conductores sin vehiculo", "el primero telefono"], "nth_without_vehicle", 1, "phone")
add(
    "nth_sentence",
    FA,
    ["conductores sin vehiculo", "el ultimo cual es su telefono"],
    "nth_without_vehicle",
    -1,
    "phone",
)
add(
    "nth_sentence",
    FA,
    ["quien no tiene carro asignado", "el segundo cuando vence la licencia"],
    "nth_without_vehicle",
    2,
    "licence",
)

# a list of cities: that line, or what is asked of that city
add("nth_city", FA, ["clientes por ciudad", "el primero"], "nth_city", 1)
add("nth_city", FA, ["clientes por ciudad", "el primero", "y el segundo"], "nth_city", 2)
add("nth_city", LV, ["clientes por ciudad", "el segundo"], "nth_city", 2)
add("nth_city", FA, ["clientes por ciudad", "el tercero cuantas estibas hay"], "nth_city_total", 3, "estibas")

# a step up or down the list from the one picked last, and places said in other words
_LOW5 = "los 5 clientes con menos estibas"
add("nth_step", FA, [_LOW5, "el ultimo", "y el de arriba"], "nth_by_saldo", "estibas", 4, True, "balance", "estibas")
add(
    "nth_step",
    FA,
    [_LOW5, "el ultimo", "y el de arriba", "y el de arriba"],
    "nth_by_saldo",
    "estibas",
    3,
    True,
    "balance",
    "estibas",
)
add("nth_step", FA, [_LOW5, "el segundo", "el siguiente"], "nth_by_saldo", "estibas", 3, True, "balance", "estibas")
add("nth_step", FA, [_LOW5, "el penultimo"], "nth_by_saldo", "estibas", 4, True, "balance", "estibas")
add("nth_step", FA, ["clientes de bello", "el 2do"], "nth_of_city", "Bello", 2, "balances", style="typo")
add(
    "nth_step",
    LV,
    ["cuantos clientes hay en cali", "cuales", "el 3ro"],
    "nth_of_city",
    "Cali",
    3,
    "balances",
    style="typo",
)

# «el primero cuándo vence» is the first line asked its date («¿cuál vence primero?» is the soonest)
add("nth_due", FA, ["soat vencidos", "el primero cuando vence"], "listed_doc", "vencido", "SOAT", 1)
add(
    "nth_due",
    FA,
    ["que documentos vencen esta semana", "la primera cuando vence"],
    "listed_doc",
    "esta semana",
    None,
    1,
)
