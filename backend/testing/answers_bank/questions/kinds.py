"""Bank questions for the kinds of miss of answers round 3 (see the package docstring)."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

_412_77 = "¿cuántas canastillas tienen el 412 y el 77?"

# --- several entities in one question: each is answered (capped), in the order named ----------------------
add("each", FA, _412_77, "each", ("balance", "412", "canastillas"), ("balance", "77", "canastillas"))
add("each", FA, "compara 412 con 310", "each", ("balances", "412"), ("balances", "310"))
add("each", FA, "saldo del 412 y el 1050", "each", ("balances", "412"), ("balances", "1050"))
add(
    "each",
    FA,
    "cuantas estibas tienen puerto claro y bahia solana",
    "each",
    ("balance", "412", "estibas"),
    ("balance", "310", "estibas"),
    style="typo",
)
add(
    "each",
    FA,
    "en que ciudad quedan el 412, el 310 y el 007",
    "each",
    ("city", "412"),
    ("city", "310"),
    ("city", "007"),
)
add(
    "each",
    FA,
    "¿cuándo vence el SOAT de la KLM482 y la TRX905?",
    "each",
    ("vehicle_doc", "KLM482", "SOAT"),
    ("vehicle_doc", "TRX905", "SOAT"),
)
add(
    "each",
    FA,
    "quien maneja la KLM482 y la CQN859",
    "each",
    ("vehicle", "KLM482", "driver"),
    ("vehicle", "CQN859", "driver"),
)
add(
    "each",
    LV,
    "canastillas del 412 y el 500",
    "each",
    ("balance", "412", "canastillas"),
    ("balance", "500", "canastillas"),
)
add("each", FA, "saldo del 412 y 413", "each", ("balances", "412"), ("balances", "413"))
add("each", FA, [_412_77, "¿y en qué ciudad quedan?"], "each", ("city", "412"), ("city", "77"))
add(
    "each",
    FA,
    [_412_77, "¿y en qué ciudad quedan?", "¿y estibas?"],
    "each",
    ("balance", "412", "estibas"),
    ("balance", "77", "estibas"),
)
add(
    "each",
    FA,
    "el sol 24h y la economia cuantas estibas tienen",
    "each",
    ("balance", "77", "estibas"),
    ("balance", "1050", "estibas"),
    style="spoken",
)
add("each", FA, "compara carnes d'luca & hermanos con la economia", "each", ("balances", "007"), ("balances", "1050"))
add(
    "each",
    FA,
    "tapas de bahia solana vs puerto claro",
    "each",
    ("balance", "310", "tapas"),
    ("balance", "412", "tapas"),
)
add(
    "each",
    LV,
    "la vaquita feliz y los lagos en que ciudad estan",
    "each",
    ("city", "412"),
    ("city", "500"),
    style="spoken",
)

# --- names with digits, hours, symbols, with or without accents, partial ------------------------------------
add("names", FA, "¿cuántas canastillas tiene el cliente Minimercado el Sol 24h?", "balance", "77", "canastillas")
add("names", FA, "cuantas tapas tiene el sol 24 horas", "balance", "77", "tapas", style="spoken")
add("names", FA, "en que ciudad queda el sol", "city", "77", style="typo")
add("names", FA, "saldo de tienda la 33", "balances", "841")
add("names", FA, "saldo de distribuidora la 33 #2", "balances", "254")
add("names", FA, "cuantas canastillas tiene pescaderia la 80", "balance", "107", "canastillas", style="typo")
add("names", FA, "saldo de la 33 #2", "ambiguous_clients", "la 33 2")
add("names", FA, "estibas de supermercado la economia", "balance", "1050", "estibas", style="typo")
add("names", FA, "SALDO DE CARNES DLUCA", "balances", "007", style="typo")
add("names", FA, "ciudad de minimercado san cristobal y cia", "city", "393", style="typo")
add("names", LV, "saldo de la vaquita", "balances", "412")
add("names", LV, "mercados san jose 2 cuantas canastillas tiene", "balance", "675", "canastillas", style="spoken")

# --- a bare «¿hasta cuándo?»: about what is in focus, else it asks which ----------------------------------------
add("bare_when", FA, "¿hasta cuándo?", "asks_which", "vehículo")
add("bare_when", FA, "cuando vence", "asks_which", "vehículo", style="typo")
add("bare_when", LV, "hasta cuando", "asks_which", "vehículo", style="spoken")
add("bare_when", FA, ["quien maneja la KLM482", "¿y hasta cuándo?"], "vehicle_docs", "KLM482")
add("bare_when", LV, ["¿quién maneja la VLL330?", "y cuando vence"], "vehicle_docs", "VLL330")
add("bare_when", FA, ["cual es el telefono de Diego Arango", "y hasta cuando tiene el pase"], "licence", "1072416216")
add("bare_when", FA, ["¿qué carro maneja Marta Londoño?", "¿y cuándo?"], "licence", "493832053")
add("bare_when", FA, ["remisión 8297", "¿y cuándo?"], "note", "8297", "date")
