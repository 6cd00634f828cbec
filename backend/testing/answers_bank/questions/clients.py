"""Bank questions about clients: balances, city, name and code, names with digits, symbols and accents,
candidates, not found."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

add("client", FA, "¿cuántas canastillas tiene el 412?", "balance", "412", "canastillas")
add("client", FA, "¿Cuántas estibas tiene el cliente 412?", "balance", "412", "estibas")
add("client", FA, "saldo de tapas del 310", "balance", "310", "tapas")
add("client", FA, "¿cuántas canastillas debe el 007?", "balance", "007", "canastillas")
add("client", FA, "canastillas del 77", "balance", "77", "canastillas")
add("client", FA, "¿el 77 cuántas tapas tiene?", "balance", "77", "tapas")
add("client", FA, "¿Cuál es el saldo del cliente 1050?", "balances", "1050")
add("client", FA, "¿cuántas estibas tiene bahía solana?", "balance", "310", "estibas")
add("client", FA, "¿cuántas canastillas tiene Distribuidora Puerto Claro?", "balance", "412", "canastillas")
add("client", FA, "¿cuántas tapas tiene carnes d'luca & hermanos?", "balance", "007", "tapas")
add("client", FA, "saldo de MINIMERCADO EL_SOL *24H*", "balances", "77")
add("client", FA, "¿cuántas estibas tiene la <economía>?", "balance", "1050", "estibas")
add("client", FA, "¿en qué ciudad queda el 412?", "city", "412")
add("client", FA, "¿De qué ciudad es el cliente 310?", "city", "310")
add("client", FA, "¿dónde está el 1050?", "city", "1050")
add("client", FA, "¿cómo se llama el cliente 007?", "name", "007")
add("client", FA, "¿cuál es el código de bahía solana?", "name", "310")
add("client", FA, "¿qué código tiene puerto claro?", "name", "412")
add("client", FA, "¿cuántas estibas tiene el 584?", "balance", "584", "estibas")
add("client", FA, "saldo del 521", "balances", "521")
add("client", LV, "¿cuántas canastillas tiene el 412?", "balance", "412", "canastillas")
add("client", LV, "¿cuántas canastas de leche tiene el 412?", "balance", "412", "canastas de leche")
add("client", LV, "¿en qué ciudad queda el 412?", "city", "412")
add("client", LV, "saldo de la vaquita feliz", "balances", "412")
add("client", LV, "¿cuántas canastillas tiene autoservicio los lagos?", "balance", "500", "canastillas")
add("client", LV, "¿cómo se llama el 131?", "name", "131")
add("client", LV, "¿de dónde es el cliente 855?", "city", "855")
add("client", LV, "canastas de leche del 500", "balance", "500", "canastas de leche")
add("client", FA, "cuantas canstillas tiene el 412", "balance", "412", "canastillas", style="typo")
add("client", FA, "cuantas estivas tiene el 310", "balance", "310", "estibas", style="typo")
add("client", FA, "q saldo tiene puerto claro de canastiyas", "balance", "412", "canastillas", style="typo")
add("client", FA, "cuantas tapaz tiene el 007", "balance", "007", "tapas", style="typo")
add("client", FA, "en q ciudad keda el 310", "city", "310", style="typo")
add("client", FA, "cuantas canastillas tiene distribudora puerto claro", "balance", "412", "canastillas", style="typo")
add("client", LV, "cuantas canastilas tiene la vakita feliz", "balance", "412", "canastillas", style="typo")
add("client", FA, "cuántas canastillas tiene el cuatrocientos doce", "balance", "412", "canastillas", style="spoken")
add("client", FA, "cuantas estibas tiene el cliente trescientos diez", "balance", "310", "estibas", style="spoken")
add("client", FA, "en que ciudad queda el cuatro uno dos", "city", "412", style="spoken")
add("client", FA, "oye cuantas tapas tiene el 412 por favor", "balance", "412", "tapas", style="spoken")
add("client", FA, "dime el saldo de canastillas del cliente 310", "balance", "310", "canastillas", style="spoken")
add(
    "client",
    LV,
    "cuantas canastas de leche tiene el cliente cuatrocientos doce",
    "balance",
    "412",
    "canastas de leche",
    style="spoken",
)
add("client", FA, "cuantas canastillas tiene el setenta y siete", "balance", "77", "canastillas", style="spoken")
add("client", FA, "saldo de tapas del cero cero siete", "balance", "007", "tapas", style="spoken")
add("client", LV, "¿cuántos clientes hay en Medellín?", "city_count", "Medellín")
add("not_found", FA, "¿cuántas canastillas tiene el 413?", "balance", "413", "canastillas")
add("not_found", FA, "¿en qué ciudad queda el 9999?", "city", "9999")
add("not_found", FA, "¿quién maneja la VLL330?", "vehicle", "VLL330", "driver")
add("not_found", FA, "¿cuándo vence el SOAT del GOE316?", "vehicle_doc", "GOE316", "SOAT")
add("not_found", FA, "¿a quién se entregó la remisión 52072?", "note", "52072", "client")
add("not_found", FA, "¿quién llevó la remisión 99999?", "note", "99999", "driver")
add("not_found", LV, "¿cuándo vence la tecnomecánica de la KLM482?", "vehicle_doc", "KLM482", "TECNOMECANICA")
add("not_found", LV, "la KLM482", "vehicle_docs", "KLM482")
add("not_found", LV, "¿a quién se entregó la remisión 8297?", "note", "8297", "client")
add("not_found", LV, "saldo del 310", "balances", "310")
add("not_found", LV, "¿cuántas canastillas tiene el 007?", "balance", "007", "canastillas")
add("ambiguous", LV, "¿cuántas canastillas tiene don pacho?", "ambiguous_clients", "don pacho")
add("ambiguous", LV, "saldo de la esperanza", "ambiguous_clients", "la esperanza")
add("ambiguous", LV, "¿en qué ciudad queda la bahía?", "ambiguous_clients", "la bahia")
add("ambiguous", FA, "¿cuántas estibas tiene la candelaria?", "ambiguous_clients", "candelaria")
add("ambiguous", LV, "¿cuántas canastillas tiene el caribe?", "ambiguous_clients", "caribe")
add("client", FA, "¿cuánto saldo de estibas tiene el 708?", "balance", "708", "estibas")
add("client", FA, "¿en qué ciudad está fruver el progreso?", "city", "519")
add("client", LV, "¿cuántas canastillas tiene inversiones el caribe del norte?", "balance", "417", "canastillas")
add("client", FA, "cuantas estibas tiene el siete cero ocho", "balance", "708", "estibas", style="spoken")
add("client", FA, "el saldo de carnes belen ltda", "balances", "424")
add("not_found", LV, "¿cuántas tapas tiene el 412?", "balance", "412", "tapas")
add("not_found", FA, "¿cuántas canastas de leche tiene el 412?", "balance", "412", "canastas de leche")
add("client", FA, "¿me dices cuántas canastillas tiene el cliente 519?", "balance", "519", "canastillas")
add("client", FA, "el 424 cuántas estibas debe", "balance", "424", "estibas", style="spoken")
add("client", FA, "¿cuál es la ciudad del cliente 764?", "city", "764")
add("client", LV, "¿cuántas canastillas debe el 233?", "balance", "233", "canastillas")
add("client", FA, "¿cuántas canastillas tiene el 233?", "balance", "233", "canastillas")
add("client", LV, "¿dónde queda mercados la bahía ltda?", "city", "233")
add("client", FA, "saldo completo del 412", "balances", "412")
add("client", FA, "estibas del 896", "balance", "896", "estibas")
add("not_found", FA, "¿cuándo vence el SOAT de la ABC123?", "vehicle_doc", "ABC123", "SOAT")
add("not_found", LV, "¿quién llevó la remisión 7851?", "note", "7851", "driver")
add("ambiguous", FA, "¿cuántas tapas tiene don pacho?", "ambiguous_clients", "don pacho")
add("ambiguous", LV, "saldo de san josé", "ambiguous_clients", "san jose")
add("client", FA, "buenos días, ¿cuántas canastillas tiene el 310?", "balance", "310", "canastillas")
add("client", FA, "necesito saber las tapas del 1050", "balance", "1050", "tapas")
add("client", FA, "¿el cliente 412 de dónde es?", "city", "412")
add("client", LV, "¿cómo se llama el cliente 500?", "name", "500")
add("client", FA, "cuántas canastiyas tiene el trescientos diez", "balance", "310", "canastillas", style="typo")
# a bare number asked as a client (saldo / tiene) is a client code, never a delivery note
add("code_only", FA, "¿cuántas estibas tiene el 8297?", "balance", "8297", "estibas")
add("code_only", FA, "saldo de canastillas del 7690", "balance", "7690", "canastillas")
# (a follow-up right after a code not found is about that code again: not found, never the 310 before it)
add("code_only", FA, ["¿cuántas tapas tiene el 310?", "saldo del 8350", "¿y estibas?"], "balance", "8350", "estibas")
# a number that is no client code but is part of client names: by name
add("name_number", FA, "saldo de estibas de la 33", "ambiguous_clients", "la 33")
add("name_number", LV, ["¿cuántas canastillas tiene la 80?", "el de cali"], "balance", "542", "canastillas")
add("name_number", FA, ["tapas de la 80", "la de rionegro"], "balance", "107", "tapas")
# the city slot stays on the next elliptical turn and on «allá»
add(
    "city_slot",
    FA,
    ["¿cuántas tapas hay en la calle?", "¿y en Cali?", "¿y canastillas?"],
    "city_total",
    "canastillas",
    "Cali",
)
add(
    "city_slot",
    LV,
    ["¿cuántas canastillas hay en Rionegro?", "¿y canastas de leche?"],
    "city_total",
    "canastas de leche",
    "Rionegro",
)
add("city_slot", FA, ["¿cuántas estibas hay en Bello?", "¿cuántos clientes hay allá?"], "city_count", "Bello")
# «canastas» / «canast» where the company's only crate type is the canastilla
add("asset_word", FA, "¿cuántas canastas tiene el 310?", "balance", "310", "canastillas")
add("asset_word", FA, "canast del 1050", "balance", "1050", "canastillas")
add("asset_word", LV, "canastas del 131", "balance", "131", "canastas de leche")
add("name_number", FA, "cuántas tapas tiene la 80 de barranquilla", "balance", "680", "tapas")
