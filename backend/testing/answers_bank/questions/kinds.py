"""Bank questions for the kinds of miss of answers round 3 (see the package docstring)."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add, each

_412_77 = "¿cuántas canastillas tienen el 412 y el 77?"

# --- several entities in one question: each is answered (capped), in the order named ----------------------
each("each", FA, _412_77, ("balance", "412", "canastillas"), ("balance", "77", "canastillas"))
each("each", FA, "compara 412 con 310", ("balances", "412"), ("balances", "310"))
each("each", FA, "saldo del 412 y el 1050", ("balances", "412"), ("balances", "1050"))
each(
    "each",
    FA,
    "cuantas estibas tienen puerto claro y bahia solana",
    ("balance", "412", "estibas"),
    ("balance", "310", "estibas"),
    style="typo",
)
each("each", FA, "en que ciudad quedan el 412, el 310 y el 007", ("city", "412"), ("city", "310"), ("city", "007"))
each(
    "each",
    FA,
    "¿cuándo vence el SOAT de la KLM482 y la TRX905?",
    ("vehicle_doc", "KLM482", "SOAT"),
    ("vehicle_doc", "TRX905", "SOAT"),
)
each("each", FA, "quien maneja la KLM482 y la CQN859", ("vehicle", "KLM482", "driver"), ("vehicle", "CQN859", "driver"))
each("each", LV, "canastillas del 412 y el 500", ("balance", "412", "canastillas"), ("balance", "500", "canastillas"))
each("each", FA, "saldo del 412 y 413", ("balances", "412"), ("balances", "413"))
each("each", FA, [_412_77, "¿y en qué ciudad quedan?"], ("city", "412"), ("city", "77"))
each(
    "each",
    FA,
    [_412_77, "¿y en qué ciudad quedan?", "¿y estibas?"],
    ("balance", "412", "estibas"),
    ("balance", "77", "estibas"),
)
each(
    "each",
    FA,
    "el sol 24h y la economia cuantas estibas tienen",
    ("balance", "77", "estibas"),
    ("balance", "1050", "estibas"),
    style="spoken",
)
each("each", FA, "compara carnes d'luca & hermanos con la economia", ("balances", "007"), ("balances", "1050"))
each("each", FA, "tapas de bahia solana vs puerto claro", ("balance", "310", "tapas"), ("balance", "412", "tapas"))
each("each", LV, "la vaquita feliz y los lagos en que ciudad estan", ("city", "412"), ("city", "500"), style="spoken")

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
add("bare_when", FA, ["el telefono de marta londoño", "y cuando se le vence"], "licence", "493832053")
add("bare_when", FA, ["remisión 8297", "¿y cuándo?"], "note", "8297", "date")

# --- a field fleetops does not keep: said as such, about the entity asked (and it stays the focus) -----------
add("no_field", FA, "cual es el nit del 412", "unknown_field", "client", "412", style="typo")
add("no_field", FA, ["cual es el nit del 412", "y la direccion?"], "unknown_field", "client", "412")
add("no_field", FA, ["cual es el nit del 412", "y en que ciudad queda"], "city", "412")
add("no_field", FA, "telefono del cliente 310", "unknown_field", "client", "310")
add("no_field", FA, "de que color es la KLM482", "unknown_field", "vehicle", "KLM482", style="typo")
add("no_field", FA, "cual es la direccion de diego arango", "unknown_field", "driver", "1072416216", style="typo")
add("no_field", LV, "correo de la vaquita feliz", "unknown_field", "client", "412", style="typo")
add("no_field", LV, ["¿quién maneja la VLL330?", "¿y su dirección?"], "unknown_field", "driver", "1124995925")

# --- only the detail asked of a vehicle ----------------------------------------------------------------------
add("one_fact", FA, "la KLM482 de que marca es", "vehicle", "KLM482", "brand", style="typo")
add("one_fact", FA, ["la KLM482 de que marca es", "y de que año"], "vehicle", "KLM482", "year")
add("one_fact", FA, ["la KLM482 de que marca es", "y que tipo de carro es"], "vehicle", "KLM482", "kind")
add("one_fact", LV, "de que año es la VLL330", "vehicle", "VLL330", "year", style="typo")

# --- what the fleet lacks ------------------------------------------------------------------------------------
add("lacking", FA, "que vehiculo no tiene documentos", "lacking_documents", style="typo")
add("lacking", FA, "cuales carros no tienen papeles", "lacking_documents", style="typo")
add("lacking", FA, "que carros no tienen soat", "lacking_documents", "SOAT", style="typo")
add("lacking", FA, "cuantos vehiculos no tienen poliza", "lacking_documents", "POLIZA_RC", True, style="typo")
add("lacking", LV, "¿qué vehículos están sin póliza RC?", "lacking_documents", "POLIZA_RC")
add("lacking", LV, "carros sin papeles", "lacking_documents", style="spoken")
add("lacking", FA, "quien no tiene carro asignado", "without_vehicle", style="typo")
add("lacking", LV, "quienes estan sin vehiculo", "without_vehicle", style="spoken")

# --- a count asked is a count; «¿cuáles son?» then lists what was counted --------------------------------------
add("count_then_list", FA, "cuantos clientes tienen saldo negativo", "negative_count", style="typo")
add("count_then_list", LV, "¿cuántos clientes tienen saldo negativo?", "negative_count")
add("count_then_list", FA, ["cuantos clientes tienen saldo negativo", "cuales son"], "negatives")
add("count_then_list", FA, ["cuantos vehiculos tienen el soat vencido", "cuales"], "docs_status", "vencido", "SOAT")
add("count_then_list", LV, ["¿cuántas licencias están vencidas?", "¿y cuáles son?"], "licences", "vencido")

# --- follow-ups on a ranking or a short list: «el segundo …», «ese mismo», «¿y quién los maneja?» ----------------
_TOP5 = "top 5 clientes con mas canastillas"
add("list_follow", FA, [_TOP5, "y el segundo en que ciudad queda"], "ranked", "canastillas", 2, "city")
add("list_follow", FA, [_TOP5, "y el segundo en que ciudad queda", "y el tercero?"], "ranked", "canastillas", 3, "city")
add("list_follow", FA, [_TOP5, "el cuarto cuantas tapas tiene"], "ranked", "canastillas", 4, "balance", "tapas")
add(
    "list_follow",
    FA,
    ["cual es el cliente que mas estibas debe", "y cuantas tapas tiene ese mismo"],
    "ranked",
    "estibas",
    1,
    "balance",
    "tapas",
)
add(
    "list_follow",
    LV,
    ["¿quién tiene más canastillas?", "¿y en qué ciudad queda ese cliente?"],
    "ranked",
    "canastillas",
    1,
    "city",
)
each(
    "list_follow",
    FA,
    ["¿qué documentos vencen esta semana?", "y quien maneja esos carros"],
    ("vehicle", "KLM482", "driver"),
    ("vehicle", "TPV948", "driver"),
    ("vehicle", "TRX905", "driver"),
    ("vehicle", "UTI333", "driver"),
)
add("list_follow", FA, ["top 10 clientes con mas tapas", "y en que ciudad queda"], "asks_which", "cuál")

# --- «el otro»: the one discussed before the latest -----------------------------------------------------------
add("other", FA, ["el 412 cuantas canastillas tiene", "y el 310", "y el otro?"], "balance", "412", "canastillas")
add("other", FA, ["¿quién maneja la KLM482?", "¿y la TRX905?", "¿y la otra?"], "vehicle", "KLM482", "driver")
add(
    "other",
    LV,
    ["saldo de canastillas del 412", "y del 500", "y el otro cuantas tiene"],
    "balance",
    "412",
    "canastillas",
)

# --- an empty period is an answer: the follow-up varies it -----------------------------------------------------
add(
    "empty_then",
    FA,
    ["cuantas remisiones hizo la CQN859 este mes", "y la semana pasada?"],
    "vehicle_notes",
    "CQN859",
    "semana pasada",
)
add("empty_then", FA, ["remisiones del 310 en octubre", "¿y en noviembre?"], "client_notes", "310", "noviembre")
add("empty_then", FA, ["ultima remision del 412", "esa remision a que hora fue"], "note", "7851", "date")

# --- several asset types in one question; «entre todos» after a list; the latest ones; a driver listed by name --
each(
    "more_assets",
    FA,
    "cuantas canastillas tiene el 412 y cuantas estibas",
    ("balance", "412", "canastillas"),
    ("balance", "412", "estibas"),
    style="spoken",
)
each(
    "more_assets",
    FA,
    ["cuantas canastillas tiene el 412 y cuantas estibas", "y el 310?"],
    ("balance", "310", "canastillas"),
    ("balance", "310", "estibas"),
)
add("more_assets", FA, ["canastillas y estibas del 412", "y tapas"], "balance", "412", "tapas")
each("more_assets", FA, "cuantas canastillas y estibas hay en la calle", ("total", "canastillas"), ("total", "estibas"))
each(
    "more_assets",
    LV,
    "saldo de canastillas y estibas del 500",
    ("balance", "500", "canastillas"),
    ("balance", "500", "estibas"),
)
add(
    "all_of_them",
    FA,
    ["que clientes hay en barranquilla", "cuantas estibas tienen entre todos"],
    "city_total",
    "estibas",
    "Barranquilla",
)
add(
    "all_of_them",
    LV,
    ["¿qué clientes hay en Bello?", "¿y cuántas canastillas suman todos?"],
    "city_total",
    "canastillas",
    "Bello",
)
add("latest", FA, "ultimos movimientos del 412", "client_notes", "412", "todo", style="typo")
add("latest", FA, "las ultimas remisiones del 310", "client_notes", "310", "todo", style="typo")
add(
    "listed_driver",
    FA,
    ["cual es el conductor con la licencia vencida", "y que carro tiene"],
    "driver_vehicle",
    "308967926",
)
add("listed_driver", FA, ["licencias vencidas", "y su telefono?"], "phone", "308967926")

# --- two questions in one message about the same thing: both answered --------------------------------------
each("two_in_one", FA, "el 1050 donde queda y cuantas tapas tiene", ("city", "1050"), ("balance", "1050", "tapas"))
each(
    "two_in_one",
    FA,
    "el soat de la klm482 cuando vence y la tecno",
    ("vehicle_doc", "KLM482", "SOAT"),
    ("vehicle_doc", "KLM482", "TECNOMECANICA"),
    style="typo",
)
each(
    "two_in_one",
    FA,
    "quien maneja la TRX905 y cual es su telefono",
    ("vehicle", "TRX905", "driver"),
    ("phone", "493832053"),
)
each(
    "two_in_one",
    FA,
    "la remision 8297 de que cliente es y quien la llevo",
    ("note", "8297", "client"),
    ("note", "8297", "driver"),
)
each(
    "two_in_one",
    LV,
    "en que ciudad queda el 500 y cuantas canastillas tiene",
    ("city", "500"),
    ("balance", "500", "canastillas"),
)

# --- what a note carried, asked with «llevaba» / «llevó» --------------------------------------------------------
add("carried", FA, ["pdf:8297", "cuantas estibas llevaba"], "note", "8297", "qty", "estibas", "dispatch")
add("carried", FA, ["pdf:8486", "y cuantas canastillas llevo"], "note", "8486", "qty", "canastillas", "dispatch")
add("carried", FA, "cuantas tapas llevo la remision 8297", "note", "8297", "qty", "tapas", "dispatch", style="typo")

# --- due dates in a period asked afresh: the fleet's, not the vehicle in focus; past periods ------------------
add("dated_fleet", FA, ["quien maneja la KLM482", "que soat vence este mes"], "docs_between", "este mes", "SOAT")
add(
    "dated_fleet",
    FA,
    ["¿quién maneja la CQN859?", "¿qué tecnomecánicas vencen este mes?"],
    "docs_between",
    "este mes",
    "TECNOMECANICA",
)
add("dated_fleet", FA, "que vencio ayer", "docs_between", "ayer", style="typo")
add("dated_fleet", FA, "que documentos vencieron en noviembre", "docs_between", "noviembre", style="typo")
add("dated_fleet", LV, "que soat vencio la semana pasada", "docs_between", "semana pasada", "SOAT", style="typo")

# --- «ese cliente» / «ese carro» is that one; «¿qué cliente tiene el código …?» names it; lists asked as lists --
add(
    "that_noun",
    FA,
    ["a quien le entregamos la remision 8350", "cuantas tapas devolvio ese cliente en noviembre"],
    "moved_by",
    "1050",
    "tapas",
    "return",
    "noviembre",
)
add("that_noun", FA, ["¿quién llevó la remisión 8297?", "¿y ese carro de qué año es?"], "vehicle", "CQN859", "year")
add("that_noun", FA, ["que carro tiene marta", "y ese carro esta activo"], "vehicle", "TRX905", "active")
add("which_client", FA, "que cliente tiene el codigo 310", "name", "310", style="typo")
add("which_client", LV, "¿qué cliente es el 412?", "name", "412")
add("lists", FA, "listame los conductores", "drivers_list", style="typo")
add("lists", LV, "dame la lista de conductores", "drivers_list")
