"""Bank questions of the answer-what-was-asked round, continued (see `what`): «cuál» of a ranking right
after a set, the vehicles of a document list, drivers without a vehicle, «¿y el segundo?», vehicle kinds
joined by «y», a driver's plate, «de los dos» with a noun, a threshold again, a bare asset after an
entity, «¿quién es el 310?»."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add, each

# «cuál» of a ranking right after a set: one of that set
add("of_those", FA, ["¿qué clientes hay en Cali?", "¿cuál tiene más canastillas?"], "top_in", "canastillas", 1, "Cali")
add("of_those", FA, ["¿cuántos clientes hay en Medellín?", "cual debe mas estibas"], "top_in", "estibas", 1, "Medellín")
add("of_those", LV, ["clientes de Rionegro", "¿cuál tiene menos canastillas?"], "bottom", "canastillas", 1, "Rionegro")
add(
    "of_those", LV, ["cuantos clientes hay en Cali", "y cual tiene mas canastillas"], "top_in", "canastillas", 1, "Cali"
)
add("of_those", FA, ["clientes en Bello", "cuál tiene más tapas?"], "top_in", "tapas", 1, "Bello", style="typo")
add("of_those", FA, ["¿cuántos motocarros hay?", "¿cuál es el más nuevo?"], "vehicle_age", False, "motocarro")
add("of_those", FA, ["camiones", "cual es el mas viejo"], "vehicle_age", True, "camión", style="typo")
add("of_those", LV, ["¿qué furgones tenemos?", "¿cuál es el más viejo?"], "vehicle_age", True, "furgón")
add("of_those", LV, ["cuantos tractocamiones hay", "y cual es el mas nuevo"], "vehicle_age", False, "tractocamión")
add("of_those", FA, ["¿cuántos motocarros hay?", "¿cuál es el vehículo más nuevo de la flota?"], "vehicle_age", False)
# the vehicles of the documents just listed
add("their_vehicles", FA, ["documentos vencidos", "¿de qué vehículos?"], "vehicles_of_docs", "vencido")
add("their_vehicles", LV, ["documentos vencidos", "¿qué carros son?"], "vehicles_of_docs", "vencido")
add("their_vehicles", FA, ["soat por vencer", "¿de qué carros?"], "vehicles_of_docs", "por vencer", "SOAT")
add(
    "their_vehicles", FA, ["que vence esta semana", "cuales vehiculos"], "vehicles_of_docs", "esta semana", style="typo"
)
add("their_vehicles", FA, ["tecnomecanicas vencidas", "¿qué placas?"], "vehicles_of_docs", "vencido", "TECNOMECANICA")
add(
    "their_vehicles",
    LV,
    ["tecnos vencidas", "de que vehiculos son"],
    "vehicles_of_docs",
    "vencido",
    "TECNOMECANICA",
    style="typo",
)
# «¿cuántos no tienen carro?»: the drivers without one
add("drivers_without", FA, ["¿cuántos conductores hay?", "¿cuántos no tienen carro?"], "without_vehicle")
add("drivers_without", LV, ["conductores", "¿cuáles no tienen vehículo?"], "without_vehicle")
add("drivers_without", FA, ["¿quién maneja la KLM482?", "¿cuántos no tienen carro?"], "without_vehicle")
add("drivers_without", LV, ["quien maneja la VLL330", "cuantos no tienen vehiculo"], "without_vehicle", style="typo")
add("drivers_without", FA, ["cuantos choferes tenemos", "y cuantos tienen carro"], "with_vehicle", True, style="typo")
# «¿y el segundo?» after one client ranked first: that place
add("next_place", FA, ["¿quién tiene más canastillas?", "¿y el segundo?"], "place", "canastillas", 2)
add("next_place", FA, ["¿quién tiene más canastillas?", "¿y el tercero?"], "place", "canastillas", 3)
add("next_place", LV, ["el cliente con menos canastillas", "y el segundo"], "place", "canastillas", 2, True)
add("next_place", FA, ["quien tiene mas tapas", "y el segundo?"], "place", "tapas", 2, style="typo")
add("next_place", LV, ["cual es el cliente con mas canastillas", "¿y el segundo?"], "place", "canastillas", 2)
# several vehicle kinds joined by «y»: each
each("each_kind", FA, "¿cuántos camiones y furgones hay?", ("vehicle_count", "camión"), ("vehicle_count", "furgón"))
each(
    "each_kind",
    FA,
    "cuantos motocarros y tractocamiones hay",
    ("vehicle_count", "motocarro"),
    ("vehicle_count", "tractocamión"),
    style="typo",
)
each(
    "each_kind",
    LV,
    "que furgones y motocarros tenemos",
    ("vehicles_filtered", "furgón"),
    ("vehicles_filtered", "motocarro"),
    style="typo",
)
each(
    "each_kind",
    LV,
    "¿cuántos camiones y tractocamiones tenemos?",
    ("vehicle_count", "camión"),
    ("vehicle_count", "tractocamión"),
)
# the plate of a driver named after «placa … conductor»
add("driver_plate", FA, "placa del conductor Diego Toro", "driver_vehicle", "308967926")
add("driver_plate", FA, "cual es la placa del chofer marta londono", "driver_vehicle", "493832053", style="typo")
add("driver_plate", LV, "placa del conductor Carlos Gómez", "driver_vehicle", "71636535")
# «de los dos» with a noun: still the two just discussed
_TWO = ["¿quién maneja la KLM482?", "¿y la CQN859?"]
add(
    "two_with_noun",
    FA,
    [*_TWO, "¿cuál de los dos tiene el carro más nuevo?"],
    "compare_years",
    True,
    "KLM482",
    "CQN859",
)
add("two_with_noun", FA, [*_TWO, "cual de los dos carros es mas viejo"], "compare_years", False, "KLM482", "CQN859")
add(
    "two_with_noun",
    FA,
    ["cuantas canastillas tiene el 412", "y el 310", "cual de los dos clientes tiene mas"],
    "compare_balance",
    "more",
    "canastillas",
    "412",
    "310",
)
add(
    "two_with_noun",
    LV,
    ["quien maneja la VLL330", "y la CWN340", "cual de los dos vehiculos es mas nuevo"],
    "compare_years",
    True,
    "VLL330",
    "CWN340",
)
# more phrasings of a model year said again and of «¿hay más en X?»
add("model_year_again", FA, ["vehículos modelo 2015", "¿y modelo 2012?"], "vehicles_filtered", None, None, (2012, 2012))
add("model_year_again", FA, ["vehiculos modelo 2015", "y del 2012"], "vehicles_filtered", None, None, (2012, 2012))
add("model_year_again", LV, ["carros del 2020", "¿y los modelo 2017?"], "vehicles_filtered", None, None, (2017, 2017))
add(
    "more_there",
    FA,
    ["¿cuántas estibas hay en Cali?", "¿hay más en Medellín?"],
    "more_in_city",
    "mas",
    "estibas",
    "Cali",
    "Medellín",
)
add(
    "more_there",
    LV,
    ["cuantos clientes hay en Cali", "hay mas en Rionegro"],
    "more_in_city",
    "mas",
    None,
    "Cali",
    "Rionegro",
)
# which city, right after one answer per city
add(
    "which_city",
    FA,
    ["estibas en Cali y Medellin", "¿cuál tiene más?"],
    "which_city",
    "mas",
    "estibas",
    "Cali",
    "Medellín",
)
add(
    "which_city",
    FA,
    ["¿cuántos clientes hay en Cali, Bello y Envigado?", "y cual tiene menos"],
    "which_city",
    "menos",
    None,
    "Cali",
    "Bello",
    "Envigado",
)
add(
    "which_city",
    LV,
    ["canastillas en Rionegro y en Cali", "donde hay mas"],
    "which_city",
    "mas",
    "canastillas",
    "Rionegro",
    "Cali",
)
# a threshold again, the same asset and city
_BEYOND = "¿cuántos clientes tienen más de 1000 canastillas?"
add("beyond_again", FA, [_BEYOND, "¿y más de 2000?"], "clients_beyond", "canastillas", 2000)
add(
    "beyond_again",
    LV,
    ["clientes con mas de 500 canastillas", "y con menos de 50?"],
    "clients_beyond",
    "canastillas",
    50,
    False,
)
add(
    "beyond_again",
    FA,
    ["clientes con más de 1.000 estibas", "y mas de 3000"],
    "clients_beyond",
    "estibas",
    3000,
    style="typo",
)
add(
    "beyond_again",
    FA,
    ["clientes de Cali con más de 500 canastillas", "¿y más de 1000?"],
    "beyond_in",
    "canastillas",
    1000,
    "Cali",
)
# «¿cuál vence primero?» after a due list of one line
add("listed_first", FA, ["¿qué vence la próxima semana?", "¿y cuál vence primero?"], "first_listed", "proxima semana")
# «¿cuántas canastillas?» alone right after an entity: that entity's
add("bare_asset_after", FA, ["remisión 8297", "¿cuántas estibas?"], "note_asset", "8297", "estibas")
add("bare_asset_after", FA, ["¿dónde queda el 412?", "¿cuántas canastillas?"], "balance", "412", "canastillas")
add(
    "bare_asset_after",
    LV,
    ["en q ciudad queda el 412", "cuantas canastillas"],
    "balance",
    "412",
    "canastillas",
    style="typo",
)
add("bare_asset_after", FA, ["el 310 donde queda", "cuantas tapas"], "balance", "310", "tapas", style="typo")
add("bare_asset_after", FA, ["¿cuántas canastillas hay en Cali?", "¿cuántas estibas?"], "city_total", "estibas", "Cali")
# «¿quién es el 310?»: the client
add("who_is", FA, "quien es el 310", "name", "310", style="typo")
add("who_is", LV, "¿quién es el 412?", "name", "412")
add("who_is", FA, "¿y quién es el 77?", "name", "77")
add("who_is", FA, ["¿cuántas canastillas tiene el 412?", "¿quién es el 976?"], "name", "976")
