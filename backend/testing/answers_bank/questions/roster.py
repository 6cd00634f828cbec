"""Bank questions of the drivers-and-vehicles round (phone-typed questions about the fleet as a list): the
kinds of miss found there, each with the question that showed it.

- drivers picked by their licence's state, whatever list came before («quien es el conductor con la
  licencia vencida» after a list once asked «¿De cuál de la lista?», after a vehicle it gave that
  vehicle's driver's licence), named with their vehicle; «cuántos tienen la licencia al día»;
- a count of vehicles says how many are active and which are not («cuantos vehiculos tengo»);
- vehicles by model year («carros del 2015», «vehiculos modelo 2020» was a note, «modelo 2024» a client
  code), by brand («cuantos chevrolet hay», «furgones chevrolet» ignored the brand), the brands;
- the semáforo colour («cuales estan en rojo»), the plural «tractomulas», «el más nuevo» alone, «cuál está
  inactivo»;
- drivers with a vehicle, their phones; yes or no of one driver's licence.
"""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# drivers picked by the state of their licence, after any list or vehicle
add("licence_state", FA, "quien es el conductor con la licencia vencida", "licence_holders", "vencido")
add(
    "licence_state",
    FA,
    ["lista de conductores", "quien es el conductor con la licencia vencida"],
    "licence_holders",
    "vencido",
)
add(
    "licence_state",
    FA,
    ["q carros no pueden salir", "quien es el conductor con la licencia vencida"],
    "licence_holders",
    "vencido",
)
add("licence_state", FA, ["soat vencidos", "quien tiene la licencia vencida"], "licence_holders", "vencido")
add("licence_state", FA, ["quien maneja el trx905", "cual chofer tiene el pase vencido"], "licence_holders", "vencido")
add("licence_state", LV, ["vehiculos", "quien es el conductor con la licencia vencida"], "licence_holders", "vencido")
add("licence_state", FA, "conductor con licencia por vencer", "licence_holders", "por vencer")
add("licence_state", LV, "licencias vencidas", "licence_holders", "vencido")
add("licence_state", FA, "cuantos conductores tienen la licencia al dia", "licences_not_expired")
add("licence_state", LV, ["q carros tenemos", "cuantos conductores tienen la licencia al dia"], "licences_not_expired")
add("licence_state", FA, "cuantas licencias vencidas hay", "licence_holders", "vencido")
add("licence_state", FA, "la licencia de diego toro esta vencida?", "licence_verdict", "308967926", "vencido")
add("licence_state", LV, "la licencia de carlos gomez esta vigente?", "licence_verdict", "71636535", "vigente")
add("licence_state", FA, "el pase de marta londono esta vencido", "licence_verdict", "493832053", "vencido")
# counts of vehicles say how many are active and which are not
add("vehicle_split", FA, "cuantos vehiculos tengo", "vehicles_split")
add("vehicle_split", LV, "cuantos carros hay", "vehicles_split")
add("vehicle_split", FA, "cuantos camiones hay", "vehicles_split", "camión")
add("vehicle_split", FA, "cuantos furgones", "vehicles_split", "furgón")
add("vehicle_split", FA, "cuantas tractomulas hay", "vehicles_split", "tractocamión")
add("vehicle_split", LV, "cuantos tractocamiones tenemos", "vehicles_split", "tractocamión")
add("vehicle_split", FA, "cual esta inactivo", "inactive")
add("vehicle_split", LV, "hay algun vehiculo inactivo", "inactive")
# vehicles by model year
add("model_year", FA, "carros del 2015", "vehicles_filtered", None, None, (2015, 2015))
add("model_year", FA, "vehiculos modelo 2020", "vehicles_filtered", None, None, (2020, 2020))
add("model_year", FA, "cuantos carros son del 2012", "vehicles_filtered", None, None, (2012, 2012), True)
add("model_year", FA, "vehiculos modelo 2024", "vehicles_filtered", None, None, (2024, 2024))
add("model_year", LV, "q carros son del 2020", "vehicles_filtered", None, None, (2020, 2020))
add("model_year", FA, "furgones anteriores al 2013", "vehicles_filtered", "furgón", None, (None, 2012))
add("model_year", FA, "cuantos carros de mas de 10 años", "vehicles_filtered", None, None, (None, 2015), True)
add("model_year", LV, "vehiculos del 2020 en adelante", "vehicles_filtered", None, None, (2020, None))
add("model_year", FA, "camiones modelo 2013", "vehicles_filtered", "camión", None, (2013, 2013))
add("model_year", FA, "el mas nuevo", "vehicle_age", False)
add("model_year", LV, "cual es el mas viejo", "vehicle_age", True)
# vehicles by brand, and the brands
add("brand", FA, "cuantos chevrolet hay", "vehicles_filtered", None, "chevrolet", None, True)
add("brand", FA, "cuantos furgones chevrolet", "vehicles_filtered", "furgón", "chevrolet", None, True)
add("brand", FA, "carros bajaj", "vehicles_filtered", None, "bajaj", None)
add("brand", LV, "q kia tenemos", "vehicles_filtered", None, "kia", None)
add("brand", FA, "kenworth", "vehicles_filtered", None, "kenworth", None)
add("brand", FA, "que marcas de carros tenemos", "brands")
add("brand", LV, "marcas de los vehiculos", "brands")
# the semáforo colour
add("light", FA, "cuales estan en rojo", "docs_in_light", "rojo")
add("light", FA, "q documentos estan en amarillo", "docs_in_light", "amarillo")
add("light", LV, "cuales estan en rojo", "docs_in_light", "rojo")
add("light", FA, "cuantos carros estan en rojo", "vehicles_in_light", "rojo", None, True)
add("light", FA, ["quien maneja el trx905", "y cuales carros estan en rojo"], "vehicles_in_light", "rojo")
add("light", LV, "vehiculos en amarillo", "vehicles_in_light", "amarillo")
# drivers with a vehicle, their phones
add("driver_list", FA, "quienes tienen vehiculo asignado", "with_vehicle")
add("driver_list", LV, "cuantos conductores tienen carro", "with_vehicle", True)
add("driver_list", FA, "telefonos de los conductores", "driver_phones")
add("driver_list", LV, "los telefonos de los choferes", "driver_phones")
# vehicles without a driver, who drives a kind of vehicle, vehicles per kind, the oldest of a kind
add("vehicle_drivers", FA, "carros sin conductor", "vehicles_without_driver")
add("vehicle_drivers", FA, "q carros no tienen conductor asignado", "vehicles_without_driver")
add("vehicle_drivers", LV, "vehiculos sin chofer", "vehicles_without_driver")
add("vehicle_drivers", FA, "quien maneja los motocarros", "drivers_of_kind", "motocarro")
add("vehicle_drivers", LV, "conductores de los furgones", "drivers_of_kind", "furgón")
add("vehicle_drivers", LV, "cedula de sandra zapata", "document_number", "854577253")
add("vehicle_drivers", FA, "vehiculos por tipo", "per_kind")
add("vehicle_drivers", LV, "cuantos carros hay de cada tipo", "per_kind")
add("vehicle_drivers", FA, "el camion mas viejo", "vehicle_age", True, "camión")
add("vehicle_drivers", FA, "cuantos vehiculos tienen los papeles al dia", "fleet_ready", True, True)
add("vehicle_drivers", FA, "documento de identidad de diego toro", "document_number", "308967926")
add("light", FA, "docs en rojo", "docs_in_light", "rojo")
add("light", FA, "cuantos documentos en amarillo", "docs_in_light_count", "amarillo")
add("vehicle_drivers", FA, "quien maneja el motocarro mas viejo", "oldest_driver", "motocarro")
add("vehicle_drivers", LV, "quien maneja el camion mas viejo", "oldest_driver", "camión")
# a model year said as a follow-up of a question about vehicles
add("model_year", FA, ["carros del 2015", "y del 2020"], "vehicles_filtered", None, None, (2020, 2020))
add("model_year", FA, ["cuantos furgones", "y del 2020"], "vehicles_filtered", "furgón", None, (2020, 2020))
add(
    "model_year", LV, ["cuantos carros son del 2020", "y del 2022"], "vehicles_filtered", None, None, (2022, 2022), True
)
add("brand", LV, "que marcas tenemos", "brands")
add("vehicle_drivers", LV, "que tipos de vehiculos tenemos", "per_kind")
