"""Bank questions of the fleet-sets round (phone-typed follow-ups about what a fleet question just
described, and the other kinds of miss found there), each kind with the questions that showed it:

- a plural follow-up over the set just counted or listed is about each of them («cuantos motocarros hay»
  → «quien los maneja?» asked «¿De qué cliente…?»; after a list of 10 Chevrolet «¿De cuál de la lista?»;
  after «cuantos camiones hay» it answered only the inactive BDD786's driver);
- another grouping of the same vehicles («vehiculos por tipo» → «y por marca?» gave BDD786's brand,
  «vehiculos por marca» → «y por tipo?» asked «¿De qué cliente…?»);
- the same count of another subject («cuantos vehiculos hay» → «y conductores?» gave GFT663's card);
- a bare client code after a vehicle's attribute («quien maneja la KLM482?» → «y el 310?» answered who
  carried the 310's last delivery note);
- a correction naming another city («cuantos clientes hay en medellin» → «no, en barranquilla» was not
  understood), and a city said of vehicles, documents or drivers, which have none in the data («soat
  vencidos en medellin» listed the whole fleet's as if they were Medellín's);
- «cuantos vehiculos tienen documentos vencidos» counts vehicles (said «Documentos que están vencidos:
  19.»: 18 vehicles); «semaforo en rojo» is the red ones (gave the whole semáforo);
- «que le falta a la klm482» (gave its card, silent on the póliza RC it has not registered; so was
  «documentos de la klm482»); «vehiculos sin conductor» → «y sin documentos» gave BDD786's documents,
  «que vehiculos no tienen poliza» → «y soat?» the SOAT due soon;
- «quien no tiene licencia vigente» listed the 43 valid ones; «y el conductor del primero» after a list
  of due documents named the driver of each line;
- «que camiones tienen documentos vencidos», «furgones en rojo» listed every kind's; «quien maneja el camion
  inactivo» asked «¿De qué cliente…?»; «soat que vence primero» listed the SOAT due in 30 days.
"""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# the drivers of the set just counted or listed
add("set_drivers", FA, ["cuantos motocarros hay", "quien los maneja?"], "drivers_of_set", "motocarro")
add("set_drivers", FA, ["cuantos camiones hay", "quienes los manejan"], "drivers_of_set", "camión")
add("set_drivers", FA, ["motocarros", "y sus conductores"], "drivers_of_set", "motocarro")
add("set_drivers", FA, ["que carros son chevrolet", "quien los maneja"], "drivers_of_set", None, "Chevrolet")
add("set_drivers", FA, ["cuantos kenworth hay", "y quienes los manejan"], "drivers_of_set", None, "Kenworth")
add("set_drivers", FA, ["vehiculos del 2015", "quien los maneja"], "drivers_of_set", None, None, (2015, 2015))
add("set_drivers", FA, ["carros del 2010", "quien lo maneja"], "drivers_of_set", None, None, (2010, 2010))
add("set_drivers", LV, ["cuantos furgones", "quienes los manejan"], "drivers_of_set", "furgón")
add("set_drivers", FA, ["tractomulas", "y los conductores de esos?"], "drivers_of_set", "tractocamión")
_MOTOCARRO_DRIVERS = ("1133498868", "1112145520", "1072416216", "287263204", "1082877785")
add(
    "set_drivers",
    FA,
    ["cuantos motocarros hay", "quienes los manejan", "y sus telefonos?"],
    "each",
    *(("phone", doc) for doc in _MOTOCARRO_DRIVERS),
)
# the same vehicles, grouped otherwise
add("set_grouping", FA, ["vehiculos por tipo", "y por marca?"], "brands")
add("set_grouping", FA, ["vehiculos por marca", "y por tipo?"], "per_kind")
add("set_grouping", LV, ["cuantos carros hay por tipo", "y por marca"], "brands")
add("set_grouping", LV, ["que marcas tenemos", "y por tipo de vehiculo?"], "per_kind")
# the same count, of another subject
add("set_subject", LV, ["cuantos vehiculos hay", "y conductores?"], "drivers_count")
add("set_subject", FA, ["cuantos conductores hay", "y vehiculos?"], "vehicle_count")
add("set_subject", FA, ["cuantos vehiculos tenemos", "y conductores cuantos"], "drivers_count")
add("set_subject", LV, ["cuantos conductores tenemos", "y carros?"], "vehicle_count")
# a bare client code after a vehicle's own attribute: that client, not its vehicle's attribute
add("vehicle_to_client", FA, ["quien maneja la KLM482?", "y el 310?"], "balances", "310")
add("vehicle_to_client", LV, ["quien maneja la VLL330", "y el 412?"], "balances", "412")
add("vehicle_to_client", FA, ["cuando vence el soat de la TRX905", "y el 412"], "balances", "412")
add("vehicle_to_client", FA, ["de que marca es la QBM563", "y el 77?"], "balances", "77")
add("vehicle_to_client", FA, ["la klm482 esta activa", "y el 310"], "balances", "310")
add("vehicle_to_client", FA, ["quien maneja la KLM482?", "y el 310?", "y estibas?"], "balance", "310", "estibas")
# «no, en Barranquilla»: the previous question in that city
add("city_correction", FA, ["cuantos clientes hay en medellin", "no, en barranquilla"], "city_count", "Barranquilla")
add("city_correction", FA, ["clientes de medellin", "no, de barranquilla"], "city_clients", "Barranquilla")
add(
    "city_correction", FA, ["cuantas canastillas hay en medellin", "no, en bello"], "city_total", "canastillas", "Bello"
)
add("city_correction", FA, ["clientes con saldo negativo en medellin", "no, en itagui"], "negatives_in", "Itagüí")
add("city_correction", LV, ["cuantos clientes hay en cali", "no, en rionegro"], "city_count", "Rionegro")
# a city said of the fleet's vehicles, documents or drivers: not kept, so said, and the whole fleet's answer
add("fleet_city", FA, "soat vencidos en medellin", "no_city", "docs_status", "vencido", "SOAT", style="typo")
add("fleet_city", FA, "cuantos camiones hay en medellin", "no_city", "vehicle_count", "camión", style="typo")
add("fleet_city", LV, "cuantos conductores hay en cali", "no_city", "drivers_count", style="typo")
add(
    "fleet_city",
    FA,
    ["que documentos vencen esta semana en medellin", "no, en barranquilla"],
    "no_city",
    "docs_between",
    "esta semana",
)
# «¿cuántos vehículos tienen…?»: the vehicles counted, not their documents
add("vehicles_counted", FA, "cuantos vehiculos tienen documentos vencidos", "vehicles_with_status", "vencido")
add("vehicles_counted", LV, "cuantos vehiculos tienen documentos vencidos", "vehicles_with_status", "vencido")
add("vehicles_counted", FA, "cuantos carros tienen papeles vencidos", "vehicles_with_status", "vencido", style="typo")
add("vehicles_counted", FA, "cuantos vehiculos tienen documentos por vencer", "vehicles_with_status", "por vencer")
add("vehicles_counted", FA, "cuantos documentos estan vencidos", "docs_status", "vencido", None, True)
# «semáforo en rojo»: that colour, not the whole semáforo
add("light_said", FA, "semaforo rojo", "docs_in_light", "rojo", style="typo")
add("light_said", FA, "semaforo en rojo", "docs_in_light", "rojo", style="typo")
add("light_said", FA, "semaforo amarillo", "docs_in_light", "amarillo", style="typo")
add("light_said", LV, "como esta el semaforo en rojo", "docs_in_light", "rojo", style="typo")
# «¿qué le falta a la KLM482?»: the required documents not registered or expired; a list of one vehicle's
# documents says the required ones it has not registered
add("vehicle_lacks", FA, "que le falta a la klm482", "vehicle_lacks", "KLM482", style="typo")
add("vehicle_lacks", FA, "que le falta a la QBM563", "vehicle_lacks", "QBM563", style="typo")
add("vehicle_lacks", FA, "que le falta a la ALH687", "vehicle_lacks", "ALH687", style="typo")
add("vehicle_lacks", FA, ["la klm482", "que le falta?"], "vehicle_lacks", "KLM482")
add("vehicle_lacks", FA, "la trx905 que papeles le faltan", "vehicle_lacks", "TRX905", style="typo")
add("vehicle_lacks", LV, "que le falta al CWN340", "vehicle_lacks", "CWN340", style="typo")
add("vehicle_lacks", FA, "papeles de la klm482", "vehicle_docs_unregistered", "KLM482", style="typo")
add("vehicle_lacks", LV, "documentos del VLL330", "vehicle_docs_unregistered", "VLL330")
# a lacking question followed up: the fleet's vehicles lacking that, not the one listed before
add("lacking_again", FA, ["vehiculos sin conductor", "y sin documentos"], "lacking_documents")
add("lacking_again", LV, ["que vehiculos no tienen poliza", "y soat?"], "lacking_documents", "SOAT")
add("lacking_again", FA, ["que carros no tienen poliza", "y tecno?"], "lacking_documents", "TECNOMECANICA")
add("lacking_again", FA, ["carros sin soat", "y sin poliza"], "lacking_documents", "POLIZA_RC")
# «no … vigente», «sin … vigente»: the expired ones
add("not_valid", FA, "quien no tiene licencia vigente", "licence_holders", "vencido", style="typo")
add("not_valid", FA, "conductores sin licencia vigente", "licence_holders", "vencido", style="typo")
add("not_valid", FA, "que documentos no estan vigentes", "docs_status", "vencido", style="typo")
add("not_valid", LV, "cuantos conductores no tienen la licencia vigente", "licence_holders", "vencido", style="typo")
add("not_valid", LV, "que soat no esta vigente", "docs_status", "vencido", "SOAT", style="typo")
# «el conductor del primero»: the listed line «del» names, then what is asked of it
add(
    "of_listed",
    FA,
    ["que vehiculos vencen esta semana", "y el conductor del primero"],
    "listed_doc",
    "esta semana",
    None,
    1,
    "driver",
)
add(
    "of_listed",
    FA,
    ["soat vencidos", "el telefono del conductor del primero"],
    "listed_doc",
    "vencido",
    "SOAT",
    1,
    "phone",
)
add(
    "of_listed",
    FA,
    ["que documentos vencen este mes", "y el conductor del tercero?"],
    "listed_doc",
    "este mes",
    None,
    3,
    "driver",
)
# a vehicle kind said of documents: that kind's; a vehicle described by its state or brand: its driver;
# «¿qué SOAT vence primero?» asked afresh: the soonest not yet expired
add("kind_docs", FA, "que camiones tienen documentos vencidos", "kind_docs", "camión", "vencido", style="typo")
add("kind_docs", FA, "motocarros con la tecno vencida", "kind_docs", "motocarro", "vencido", "TECNOMECANICA")
add("kind_docs", FA, ["que tractomulas hay", "y cuales estan en rojo"], "vehicles_in_light", "rojo", "tractocamión")
add("kind_docs", FA, "furgones en rojo", "vehicles_in_light", "rojo", "furgón", style="typo")
add("kind_docs", FA, "cuantos camiones tienen documentos vencidos", "kind_with_expired", "camión", style="typo")
add("kind_docs", LV, "furgones con el soat vencido", "kind_docs", "furgón", "vencido", "SOAT", style="typo")
add("described", FA, "quien maneja el camion inactivo", "vehicle", "BDD786", "driver", style="typo")
add("described", LV, "quien maneja el tractocamion inactivo", "vehicle", "GFT663", "driver", style="typo")
add(
    "described",
    FA,
    ["cuantos motocarros hay", "cuantas canastillas tiene el 412", "y los motocarros quien los maneja"],
    "drivers_of_set",
    "motocarro",
)
add("described", LV, ["saldo del 412", "y los furgones quienes los manejan?"], "drivers_of_set", "furgón")
add("first_due", FA, "soat que vence primero", "first_due", "SOAT", style="typo")
add("first_due", FA, "cual es el proximo documento que vence", "first_due", style="typo")
add("first_due", LV, "que documento se vence primero", "first_due", style="typo")
add("first_due", FA, "cual es la proxima poliza que vence", "first_due", "POLIZA_RC", style="typo")
# «¿y cuántos sin vehículo?» after a count of drivers: those of the subject just counted
add("set_narrowed", FA, ["cuantos vehiculos hay", "y conductores?", "y cuantos sin vehiculo"], "without_vehicle")
add("set_narrowed", FA, ["cuantos conductores hay", "y cuantos sin vehiculo"], "without_vehicle")
add("set_narrowed", LV, ["cuantos conductores hay", "y cuantos sin carro?"], "without_vehicle")
add("set_narrowed", FA, ["cuantos vehiculos hay", "y cuantos sin conductor"], "vehicles_without_driver")
add("set_narrowed", FA, ["cuantos camiones hay", "y cuantos inactivos"], "inactive", True)
# a fleet question of its own after a set: about every vehicle, not the set before
add("set_not_kept", FA, ["quien maneja los motocarros", "vehiculos por tipo"], "per_kind")
add("set_not_kept", FA, ["cuantos furgones hay", "que marcas tenemos"], "brands")
add("set_not_kept", LV, ["motocarros", "vehiculos por marca"], "brands")
