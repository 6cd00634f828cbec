"""Bank questions of the lists round: follow-ups about the vehicles, drivers, documents and delivery notes
just listed or counted — the largest (smallest) of one owner's notes («¿qué remisiones tuvo el 412 en
octubre?» → «¿cuál fue la más grande?»), the document expired longest ago asked afresh, «de esos, ¿cuál es
camión?», a colour after the vehicles of another, a roster by licence date and documents by date stepped
through («¿y después?»), a bare number as a place of the list or a client code («el 2», «el 07»)."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# the largest / smallest of the notes just listed or counted: of that owner and period, not the company's
_412_OCT = "¿qué remisiones tuvo el 412 en octubre?"
add(
    "listed_largest",
    FA,
    [_412_OCT, "¿cuál fue la más grande?"],
    "extreme_note",
    "octubre",
    False,
    None,
    None,
    "client",
    "412",
)
add(
    "listed_largest",
    FA,
    [_412_OCT, "¿cuál fue la más grande?", "¿y la más pequeña?"],
    "extreme_note",
    "octubre",
    True,
    None,
    None,
    "client",
    "412",
)
add(
    "listed_largest",
    FA,
    ["¿qué remisiones tuvo el 632 en noviembre?", "¿cuál fue la más grande?"],
    "extreme_note",
    "noviembre",
    False,
    None,
    None,
    "client",
    "632",
)
add(
    "listed_largest",
    FA,
    ["remisiones del 632 en noviembre", "cual fue el despacho mas grande"],
    "extreme_note",
    "noviembre",
    False,
    None,
    "dispatch",
    "client",
    "632",
    style="typo",
)
add(
    "listed_largest",
    LV,
    ["que remisiones tuvo el 976 la semana pasada", "cual fue la mas grande"],
    "extreme_note",
    "semana pasada",
    False,
    None,
    None,
    "client",
    "976",
    style="typo",
)
add(
    "listed_largest",
    FA,
    ["¿cuántas remisiones tuvo el 412 en octubre?", "la más grande"],
    "extreme_note",
    "octubre",
    False,
    None,
    None,
    "client",
    "412",
)
add(
    "listed_largest",
    FA,
    ["remisiones de la KLM482 en noviembre", "¿cuál tuvo más canastillas?"],
    "extreme_note",
    "noviembre",
    False,
    "canastillas",
    None,
    "vehicle",
    "KLM482",
)
add(
    "listed_largest",
    FA,
    ["remisiones de diego toro en noviembre", "la más pequeña"],
    "extreme_note",
    "noviembre",
    True,
    None,
    None,
    "driver",
    "308967926",
)
add("listed_largest", FA, ["remisiones de noviembre", "¿cuál fue la más grande?"], "extreme_note", "noviembre")
add(
    "listed_largest",
    FA,
    ["saldo del 412", "¿y sus remisiones de octubre?", "¿cuál fue la más grande?"],
    "extreme_note",
    "octubre",
    False,
    None,
    None,
    "client",
    "412",
)

# «¿cuál lleva más tiempo vencido?» asked afresh (or after a list that is no list of due documents): the one
# document expired longest ago, never the whole list; a licence when licences are said or drivers were given
add("expired_longest", FA, "¿cuál lleva más tiempo vencido?", "first_listed", "vencido")
add("expired_longest", LV, "cual lleva mas tiempo vencido", "first_listed", "vencido", style="typo")
add("expired_longest", FA, ["¿cuál lleva más tiempo vencido?", "¿quién lo maneja?"], "vehicle", "QBM563", "driver")
add("expired_longest", LV, ["¿cuál lleva más tiempo vencido?", "¿quién lo maneja?"], "vehicle", "AFB115", "driver")
add("expired_longest", FA, "¿qué SOAT lleva más tiempo vencido?", "first_listed", "vencido", "SOAT")
add("expired_longest", FA, "¿cuál es el documento más vencido?", "first_listed", "vencido")
add("expired_longest", FA, ["saldo del 412", "¿cuál lleva más tiempo vencido?"], "first_listed", "vencido")
add(
    "expired_longest",
    FA,
    ["¿qué vehículos no pueden salir hoy?", "¿cuál lleva más tiempo vencido?"],
    "first_listed",
    "vencido",
)
add(
    "expired_longest",
    FA,
    ["¿cuántos conductores hay?", "¿cuál lleva más tiempo vencida?"],
    "first_licence",
    "vencido",
    "past",
)
add(
    "expired_longest",
    FA,
    ["¿cuántos motocarros hay?", "cual lleva mas tiempo vencido"],
    "kind_expired_longest",
    "motocarro",
)
add(
    "expired_longest",
    FA,
    ["¿qué furgones tenemos?", "¿cuál lleva más tiempo vencido?"],
    "kind_expired_longest",
    "furgón",
)

# «de esos, ¿cuál es camión?» right after vehicles listed or counted: the camiones of THAT set (the fleet's
# vehicles, those that cannot work today), never one vehicle's card
_LV_ALL = "¿qué vehículos tenemos?"
add("of_listed_vehicles", LV, [_LV_ALL, "de esos, ¿cuál es camión?"], "vehicles_filtered", "camión")
add("of_listed_vehicles", LV, ["¿cuántos vehículos hay?", "de esos, ¿cuál es camión?"], "vehicles_filtered", "camión")
add(
    "of_listed_vehicles",
    LV,
    ["¿qué vehículos no pueden salir hoy?", "de esos, ¿cuál es camión?"],
    "kind_ready",
    "camión",
    False,
)
add(
    "of_listed_vehicles",
    FA,
    ["¿qué vehículos no pueden salir hoy?", "¿cuáles de esos son furgones?"],
    "kind_ready",
    "furgón",
    False,
)
add(
    "of_listed_vehicles",
    LV,
    ["vehiculos que no pueden salir", "de esos cuales son camiones"],
    "kind_ready",
    "camión",
    False,
)

# a colour asked right after the vehicles of another colour: the vehicles' colour again, never the documents'
_GREEN = "¿cuántos vehículos están en verde?"
add("vehicles_light_again", FA, [_GREEN, "¿cuáles están en rojo?"], "vehicles_in_light", "rojo")
add("vehicles_light_again", FA, [_GREEN, "¿y en rojo?", "¿cuáles son?"], "vehicles_in_light", "rojo")
add("vehicles_light_again", FA, ["¿cuántos están en verde?", "¿y en rojo?"], "vehicles_in_light", "rojo", None, True)

# the largest of the notes of a chain's period (merged through «¿y en noviembre?») or of the period said
_ND = ("noviembre", False, None, None)
add(
    "listed_largest",
    FA,
    ["¿cuántas remisiones tuvo el 632 en octubre?", "¿y en noviembre?", "¿cuál fue la más grande?"],
    "extreme_note",
    *_ND,
    "client",
    "632",
)
add(
    "listed_largest",
    FA,
    ["¿qué remisiones tuvo el 632 en octubre?", "¿y la más grande de noviembre?"],
    "extreme_note",
    *_ND,
    "client",
    "632",
)
add(
    "listed_largest",
    FA,
    ["remisiones de diego toro en noviembre", "y en octubre", "la mas pequeña"],
    "extreme_note",
    "octubre",
    True,
    None,
    None,
    "driver",
    "308967926",
    style="typo",
)
add(
    "listed_largest",
    FA,
    ["remisiones de la KLM482 en noviembre", "¿y en octubre?", "¿cuál fue la más grande?"],
    "extreme_note",
    "octubre",
    False,
    None,
    None,
    "vehicle",
    "KLM482",
)
add(
    "listed_largest",
    FA,
    [_412_OCT, "¿y la de menos estibas?"],
    "extreme_note",
    "octubre",
    True,
    "estibas",
    None,
    "client",
    "412",
)

# words of a note's size are no name: «unidades», «movió»
add(
    "listed_largest",
    FA,
    [_412_OCT, "¿cuál fue la de menos unidades?"],
    "extreme_note",
    "octubre",
    True,
    None,
    None,
    "client",
    "412",
)
add(
    "listed_largest",
    FA,
    [_412_OCT, "¿cuál movió más unidades?"],
    "extreme_note",
    "octubre",
    False,
    None,
    None,
    "client",
    "412",
)
