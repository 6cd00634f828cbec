"""Bank questions of the fresh-user trial (2026-12-01): a question naming the other company by name, slug
or part of its name (refused, never answered with the own company's figures), a client name whose
distinctive words match no client (not found, not every «TIENDA …»)."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# --- the other company named: only the own company's data -------------------------------------------------
add("other_named", FA, "cuantos vehiculos tiene lacteos del valle", "other_company", style="typo")
add("other_named", FA, "saldo del 412 de lacteos del valle", "other_company", style="typo")
add("other_named", FA, ["¿cuántas canastillas tiene el 412?", "¿y en Lácteos?"], "other_company")
add("other_named", FA, "conductores de lacteos-del-valle", "other_company")
add("other_named", LV, "que frigorifico andino tiene mas canastillas", "other_company", style="typo")
add("other_named", LV, "¿cuántos clientes tiene el Frigorífico?", "other_company")
add("other_named", LV, "vehiculos de frigorifico-andino con soat vencido", "other_company")
add("other_named", LV, ["quien maneja la VLL330", "y en andino quien la maneja"], "other_company", style="typo")

# --- a client name with no close match: not found ----------------------------------------------------------
add(
    "no_close_name",
    FA,
    "cuantas canastas de leche tiene la tienda la vaquita feliz",
    "no_client_named",
    "vaquita feliz",
)
add("no_close_name", FA, "saldo de la tienda la vaquita feliz", "no_client_named", "vaquita feliz", style="typo")
add("no_close_name", LV, "saldo de distribuidora puerto claro", "no_client_named", "puerto claro", style="typo")
add("no_close_name", LV, "cuantas canastillas tiene comercial bahia solana", "no_client_named", "bahia solana")

# --- a bare «placa X» or «info de X»: the entity's card ----------------------------------------------------
add("entity_card", FA, "placa klm482", "vehicle_card", "KLM482", style="typo")
add("entity_card", FA, "placa TRX 905", "vehicle_card", "TRX905", style="typo")
add("entity_card", FA, "info de la klm482", "vehicle_card", "KLM482", style="typo")
add("entity_card", LV, "la placa vll330", "vehicle_card", "VLL330", style="typo")
add("entity_card", LV, "detalles de la AFB115", "vehicle_card", "AFB115")

# --- «¿cuál X? la de la AFB115»: the pick answers the pending question ----------------------------------------
add(
    "pick_pending",
    LV,
    ["telefono de sandra zapata", "cual sandra? la de la afb115"],
    "phone",
    "854577253",
    style="followup",
)
add("pick_pending", LV, ["telefono de sandra", "¿cuál Sandra? la de la AFB115"], "phone", "854577253", style="followup")
add("pick_pending", FA, ["telefono de sandra", "cual sandra? la de la ALH687"], "phone", "1072727776", style="followup")
add(
    "pick_pending",
    FA,
    ["licencia de wilson", "¿cuál Wilson?, el de la UTI333"],
    "licence",
    "479491320",
    style="followup",
)

# --- a follow-up that is a question of its own: «¿y en Cali hay más clientes?» after a client's saldo -------
_SJ = "supermercado san jose cuantas canastillas tiene"
add("own_question", LV, [_SJ, "y en cali hay mas clientes?"], "city_count", "Cali", style="followup")
add("own_question", LV, [_SJ, "¿hay más clientes en Cali?"], "city_count", "Cali", style="followup")
add("own_question", FA, ["cuantas canastillas tiene el 412", "y en bello hay mas clientes?"], "city_count", "Bello")
add("own_question", FA, ["¿cuántas tapas tiene el 310?", "y en Itagüí hay otros clientes"], "city_count", "Itagüí")
add("own_question", LV, [_SJ, "y en cali que clientes hay?"], "city_clients", "Cali", style="followup")
add("own_question", FA, ["cuantas tapas tiene el 412", "y en Bello qué clientes hay"], "city_clients", "Bello")
add("pick_pending", LV, ["telefono de sandra", "la que maneja la afb115"], "phone", "854577253", style="followup")
add(
    "pick_pending",
    FA,
    ["licencia de wilson", "cual? el que lleva la uti 333"],
    "licence",
    "479491320",
    style="followup",
)
