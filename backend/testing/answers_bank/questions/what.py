"""Bank questions of the answer-what-was-asked round (the kinds where an answer said something other than
what was asked), each kind in several phrasings, both companies, first question and follow-up:

- a year after a word of the fleet («¿qué placas tiene el 2015?», «vehículos 2015», «¿y el 2010?» after a
  model year) is a model year, never remisión 2015;
- «¿cuál vence primero?» / «¿cuál se venció primero?» / «¿cuál es la más vieja?» after drivers' licences is
  the licence of that list due first, never the documents of the vehicle in focus;
- «¿cuál es el más viejo?» after a list of documents is the document expired longest ago (or due soonest),
  never the oldest vehicles;
- «¿y en Medellín hay más?» after a city's figure: the same figure there, and whether it is more;
- «canastillas en Medellín y en Cali»: two or more cities joined by «y» get one answer each, and «¿cuál
  tiene más?» right after is the city with the most;
- «¿cuál tiene más canastillas?» right after the clients of a city: the one of that city; «¿cuál es el más
  nuevo?» right after a set of vehicles (a kind): the newest of that set;
- «¿de qué vehículos?» right after a list of documents: the vehicles of that list, never the whole fleet;
- «¿cuántos no tienen carro?» right after the drivers (or anything: only drivers have one): the drivers
  without a vehicle, never the vehicle in focus;
- «¿y el segundo?» right after the one client with the most (or fewest): that place of the same ranking,
  never the first again;
- «¿cuántos camiones y furgones hay?»: each vehicle kind joined by «y» answered, not the first only;
- «placa del conductor Diego Toro»: the plate, not the driver's card;
- «¿cuál de los dos tiene el carro más nuevo?» after two vehicles or drivers: the two compared (a noun
  said with «de los dos» is still the two), never «No tengo un cliente con el código 2»;
- «¿y más de 2000?» right after clients beyond an amount: the same asset (and city) beyond the new amount,
  never «Hay 320 clientes»; «¿cuál vence primero?» after a due list of one line is that line's;
- «¿cuántas canastillas?» alone right after an answer about a note or client: that one's, as «¿y cuántas
  …?», never the fleet's total;
- «¿quién es el 310?»: which client has that code, never who carried its latest note;
- «¿cuántos vehículos están al día?»: the vehicles that may work (nothing required expired or missing), the
  same number as «estado de la flota» says «al día».
"""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add, each

# a year after a word of the fleet is a model year
add("model_year_said", FA, "¿qué placas tiene el 2015?", "vehicles_filtered", None, None, (2015, 2015))
add("model_year_said", FA, "q placas tiene el 2012", "vehicles_filtered", None, None, (2012, 2012), style="typo")
add("model_year_said", FA, "vehiculos 2013", "vehicles_filtered", None, None, (2013, 2013), style="typo")
add("model_year_said", LV, "¿qué carros son 2020?", "vehicles_filtered", None, None, (2020, 2020))
add("model_year_said", LV, "placas de los 2022", "vehicles_filtered", None, None, (2022, 2022), style="typo")
add("model_year_said", FA, "qué placa es el 2010", "vehicles_filtered", None, None, (2010, 2010))
add("model_year_said", FA, "cuantos carros 2011 hay", "vehicles_filtered", None, None, (2011, 2011), True)
_YEAR = ["vehículos modelo 2015"]
add("model_year_again", FA, [*_YEAR, "¿y el 2010?"], "vehicles_filtered", None, None, (2010, 2010))
add("model_year_again", FA, ["carros del 2015", "y los del 2012?"], "vehicles_filtered", None, None, (2012, 2012))
add(
    "model_year_again",
    FA,
    ["cuantos vehiculos modelo 2015 hay", "el 2008"],
    "vehicles_filtered",
    None,
    None,
    (2008, 2008),
)
add(
    "model_year_again",
    LV,
    ["vehiculos del 2020", "y 2017"],
    "vehicles_filtered",
    None,
    None,
    (2017, 2017),
    style="typo",
)
# the first licence of the licences just given
add("licence_first", FA, ["licencias por vencer", "cual vence primero"], "first_licence", "por vencer", "ahead")
add(
    "licence_first",
    FA,
    ["¿cuántos conductores tienen la licencia al día?", "¿cuál vence primero?"],
    "first_licence",
    "al dia",
    "ahead",
)
add("licence_first", FA, ["licencias vencidas", "¿y cuál vence primero?"], "first_licence", "vencido", "ahead")
add("licence_first", LV, ["licencias", "cual vence primero"], "first_licence", "vencido o por vencer", "ahead")
add("licence_first", LV, ["licencias vencidas", "cual se vencio primero"], "first_licence", "vencido", "past")
add("licence_first", FA, ["licencias", "cuál se venció primero?"], "first_licence", "vencido o por vencer", "past")
add("licence_first", FA, ["licencias", "cual es la mas vieja"], "first_licence", "vencido o por vencer", "oldest")
add(
    "licence_first",
    LV,
    ["cuantos conductores tienen la licencia al dia", "cual se vence primero"],
    "first_licence",
    "al dia",
    "ahead",
)
add(
    "licence_first",
    FA,
    ["quien maneja la MKU766", "conductores con la licencia vencida", "cual se vencio primero"],
    "first_licence",
    "vencido",
    "past",
)
# the oldest of a list of documents: expired longest ago, else due soonest
add("oldest_listed", FA, ["documentos vencidos", "¿cuál es el más viejo?"], "first_listed", "vencido")
add("oldest_listed", LV, ["documentos vencidos", "cual es el mas antiguo"], "first_listed", "vencido", style="typo")
add("oldest_listed", FA, ["soat vencidos", "cual lleva mas tiempo vencido"], "first_listed", "vencido", "SOAT")
add("oldest_listed", LV, ["tecnomecanicas vencidas", "y la mas vieja?"], "first_listed", "vencido", "TECNOMECANICA")
add("oldest_listed", FA, ["que vence este mes", "cual es el mas viejo"], "first_listed", "este mes", style="typo")
add("oldest_listed", FA, ["documentos vencidos", "cuál está más vencido"], "first_listed", "vencido")
# «¿y en X hay más?» after a city's figure
add(
    "more_there",
    FA,
    ["¿cuántos clientes hay en Cali?", "¿y en Medellín hay más?"],
    "more_in_city",
    "mas",
    None,
    "Cali",
    "Medellín",
)
add(
    "more_there",
    FA,
    ["total de estibas en Cali", "y en medellin hay mas?"],
    "more_in_city",
    "mas",
    "estibas",
    "Cali",
    "Medellín",
)
add(
    "more_there",
    FA,
    ["cuantas tapas hay en Bello", "¿y en Envigado hay menos?"],
    "more_in_city",
    "menos",
    "tapas",
    "Bello",
    "Envigado",
)
add(
    "more_there",
    LV,
    ["¿cuántas canastillas hay en Cali?", "¿y en Rionegro hay más?"],
    "more_in_city",
    "mas",
    "canastillas",
    "Cali",
    "Rionegro",
)
add(
    "more_there",
    LV,
    ["cuantos clientes hay en Envigado", "y en Bello hay mas"],
    "more_in_city",
    "mas",
    None,
    "Envigado",
    "Bello",
)
# two or more cities joined by «y»: each
each(
    "each_city",
    FA,
    "canastillas en Medellín y en Cali",
    ("city_total", "canastillas", "Medellín"),
    ("city_total", "canastillas", "Cali"),
)
each(
    "each_city",
    FA,
    "estibas en Medellin y Cali",
    ("city_total", "estibas", "Medellín"),
    ("city_total", "estibas", "Cali"),
    style="typo",
)
each("each_city", FA, "¿cuántos clientes hay en Cali y en Bogotá?", ("city_count", "Cali"), ("city_count", "Bogotá"))
each(
    "each_city",
    LV,
    "cuantos clientes hay en rionegro, cali y envigado",
    ("city_count", "Rionegro"),
    ("city_count", "Cali"),
    ("city_count", "Envigado"),
    style="typo",
)
each(
    "each_city",
    LV,
    "canastillas en Pereira y Sabaneta",
    ("city_total", "canastillas", "Pereira"),
    ("city_total", "canastillas", "Sabaneta"),
)
each(
    "each_city",
    FA,
    ["cuantas tapas hay en Bello", "y en Envigado y Medellín?"],
    ("city_total", "tapas", "Envigado"),
    ("city_total", "tapas", "Medellín"),
)
# the fleet «al día»: the same number everywhere
add("in_order", FA, "¿cuántos vehículos están al día?", "fleet_in_order")
add("in_order", LV, "cuantos carros estan al dia", "fleet_in_order", style="typo")
add("in_order", FA, "vehiculos al dia", "fleet_in_order", False, style="typo")
add("in_order", LV, "¿qué vehículos están al día?", "fleet_in_order", False)
add("in_order", FA, "estado de la flota", "fleet_status")
add("in_order", LV, ["cuantos clientes hay en Cali", "semáforo"], "fleet_status")
add("in_order", FA, ["estado de la flota", "¿cuántos vehículos están al día?"], "fleet_in_order")
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
