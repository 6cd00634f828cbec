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
