"""Bank questions for the kinds of miss of the answers round on scope: a company-wide question is the
company's whatever is in focus, picks from a long candidate list, a person's name matches in full or not
at all, zero in a period is an answer about the entity, small wording fixes."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

_MKU = "¿cuándo vence el soat de la MKU766?"
_TPV = "¿cuándo vence el SOAT de la TPV948?"
_OCT = "¿cuántas canastillas despachamos en octubre?"

# --- a company-wide question after an entity in focus: the company's figures -----------------------------
add("company_scope", FA, [_MKU, _OCT, "¿y estibas?"], "moved", "estibas", "dispatch", "octubre")
add("company_scope", FA, [_MKU, _OCT, "¿y estibas?", "¿y en septiembre?"], "moved", "estibas", "dispatch", "septiembre")
add("company_scope", FA, [_TPV, "¿cuántas tapas devolvieron en noviembre?"], "moved", "tapas", "return", "noviembre")
add("company_scope", FA, [_TPV, "remisiones del 20 de noviembre"], "notes_in", "20 noviembre")
add(
    "company_scope",
    FA,
    ["¿cuántas canastillas tiene el 007?", "tecnomecanicas por vencer"],
    "docs_status",
    "por vencer",
    "TECNOMECANICA",
)
add("company_scope", FA, ["pdf:8297", "tecnomecánicas por vencer"], "docs_status", "por vencer", "TECNOMECANICA")
add("company_scope", FA, ["pdf:8297", "polizas por vencer"], "docs_status", "por vencer", "POLIZA_RC", style="typo")
add(
    "company_scope",
    FA,
    ["¿quién maneja la KLM482?", "¿cuántas estibas despachamos ayer?"],
    "moved",
    "estibas",
    "dispatch",
    "ayer",
)
add(
    "company_scope",
    FA,
    [_TPV, "¿cuántas tapas devolvieron en noviembre?", "¿y estibas?"],
    "moved",
    "estibas",
    "return",
    "noviembre",
)
add("company_scope", FA, ["remisiones del 310 en noviembre", "devoluciones de ayer"], "moved_all", "return", "ayer")
add("company_scope", FA, [_MKU, "que soat estan vencidos"], "docs_status", "vencido", "SOAT", style="spoken")
add(
    "company_scope",
    FA,
    ["¿cuántas tapas tiene el 412?", "¿qué pólizas están vencidas?"],
    "docs_status",
    "vencido",
    "POLIZA_RC",
)
# … while a note in focus still answers «¿cuántas tapas devolvieron?» (no period: the note's)
add("company_scope", FA, ["pdf:8297", "¿cuántas tapas devolvieron?"], "note", "8297", "qty", "tapas", "return")

# --- a pick from a candidate list longer than the lines shown --------------------------------------------
add("pick_long", FA, ["saldo de la macarena", "el de Sabaneta"], "balances", "971")
add("pick_long", FA, ["saldo de la macarena", "el de Envigado"], "ambiguous_in_city", "la macarena", "Envigado")
add("pick_long", FA, ["¿cuántas estibas tiene la macarena?", "la de sabaneta"], "balance", "971", "estibas")

# --- a person's name: every part said must match, else not found (never another driver) ---------------
add("person", FA, "¿cuál es el teléfono de Wilson Correa Giraldo?", "no_driver")
add("person", FA, "¿qué carro maneja Jorge Correa Agudelo?", "no_driver")
add("person", FA, "teléfono de Juan Vélez Agudelo", "no_driver")
add("person", FA, "licencia de Carlos Gómez Arango", "no_driver")
add("person", LV, "teléfono de Diego Arango Muñoz", "no_driver")
add("person", FA, "teléfono de wilson peña", "phone", "479491320", style="typo")
add("person", FA, "licencia de don diego arango", "licence", "1072416216", style="spoken")
add("person", FA, "¿qué carro maneja Jorje Velez Cardona?", "driver_vehicle", "1082877785", style="typo")

# --- none in a period is an answer about the entity: the next follow-up stays with it -------------------
_310 = "¿cuántas estibas le devolvió el 310 en noviembre?"
add("zero_kept", FA, [_310, "¿y el 412?"], "moved_by", "412", "estibas", "return", "noviembre")
add("zero_kept", FA, [_310, "¿y el 412?", "¿y en octubre?"], "moved_by", "412", "estibas", "return", "octubre")
add("zero_kept", FA, ["remisiones del 310 en octubre", "¿y en septiembre?"], "client_notes", "310", "septiembre")

# --- small: gender, the vehicle of a driver described, a code asked, a note without that asset, which
# client, a short code without its zeros --------------------------------------------------------------
add("small_scope", FA, ["¿cuándo vence el soat de la KLM482?", "¿y la póliza?"], "vehicle_doc", "KLM482", "POLIZA_RC")
add("small_scope", FA, ["¿cuál es el teléfono de Diego Arango Muñoz?", "¿qué carro es?"], "vehicle", "KLM482", "brand")
add("small_scope", FA, "¿cuál es el código de puerto claro?", "name", "412")
add("small_scope", FA, ["pdf:8297", "¿cuántas canastillas devolvió?"], "note_without", "8297", "canastillas")
add("small_scope", FA, "¿cuántas estibas tiene?", "asks_which", "cliente")
add("small_scope", LV, "cuantas canastillas tiene", "asks_which", "cliente", style="spoken")
add("small_scope", FA, "saldo del 7", "balances", "007")
add("small_scope", FA, "¿cuántas tapas tiene el 07?", "balance", "007", "tapas")

# --- what was asked, not a neighbouring intent ------------------------------------------------------------
add("asked", FA, "¿qué vehículos no tienen documentos?", "without_documents")
add("asked", FA, "carros sin documentos", "without_documents", style="spoken")
add("asked", FA, "¿qué vehículos no tienen SOAT?", "without_documents", "SOAT")
add("asked", LV, "¿qué vehículos no tienen documentos?", "without_documents")
add("asked", FA, "¿qué clientes tienen más de 1000 canastillas?", "clients_beyond", "canastillas", 1000)
add("asked", FA, "clientes con más de 1.000 estibas", "clients_beyond", "estibas", 1000)
add("asked", FA, "clientes con menos de 10 tapas", "clients_beyond", "tapas", 10, False)
add("asked", LV, "¿qué clientes tienen más de 300 canastas de leche?", "clients_beyond", "canastas de leche", 300)
add("asked", FA, "'; DROP TABLE clients; --", "not_understood")
add("asked", FA, "clientes drop table", "not_understood")
add("asked", FA, "¿cuántas canastillas tiene el 412 hoy?", "balance", "412", "canastillas")
add("asked", FA, "¿cuántas tapas debe el 007 hoy?", "balance", "007", "tapas")
_NOV1 = "2026-11-01"
add("asked", FA, "¿cuántas canastillas tenía el 412 el 1 de noviembre?", "balance_on", "412", "canastillas", _NOV1)
add("asked", FA, "¿cuántas estibas tenía el 310 el 15 de octubre?", "balance_on", "310", "estibas", "2026-10-15")
add("asked", FA, ["¿cuántas tapas tiene el 007?", "¿y el 1 de noviembre?"], "balance_on", "007", "tapas", _NOV1)
add("asked", FA, "¿la QBM563 puede salir hoy?", "ready", "QBM563")
add("asked", FA, "¿la MKU766 está al día?", "ready", "MKU766")
add("asked", FA, "el TRX905 puede circular", "ready", "TRX905", style="spoken")
add("asked", FA, ["¿quién maneja la KLM482?", "¿puede salir hoy?"], "ready", "KLM482")
add("asked", FA, "¿Diego Toro Zapata puede salir?", "driver_not_ready", "308967926")
add("asked", FA, "¿qué conductor hizo más entregas en noviembre?", "top_driver", "noviembre")
add("asked", FA, "¿quién hizo más remisiones la semana pasada?", "top_driver", "semana pasada")
add("asked", FA, "¿qué conductor hizo más entregas este mes?", "top_driver", "este mes")
add("asked", FA, [_TPV, "¿qué conductor hizo más entregas en noviembre?"], "top_driver", "noviembre")
add("asked", FA, "¿qué conductores hicieron más entregas en noviembre?", "top_driver", "noviembre", 5)
add("asked", LV, "que chofer hizo mas entregas el mes pasado", "top_driver", "mes pasado", style="spoken")
add("asked", FA, "inventario de canastillas", "total", "canastillas")
add("asked", FA, "existencias de estibas", "total", "estibas")
add("asked", FA, "estado de la flota", "fleet_status")
add("asked", FA, "¿cómo está la flota?", "fleet_status")
add("asked", LV, "semáforo de la flota", "fleet_status")

# --- English: a Spanish reply that the bot understands Spanish, never a wrong answer -----------------------
add("english", FA, "How many crates does client 412 have?", "spanish_only")
add("english", FA, "what documents expire this month?", "spanish_only")
add("english", FA, "who drives the truck KLM482?", "spanish_only")
add("english", LV, "show me the clients with negative balance", "spanish_only")

# --- a plural status is the company's; a vehicle holds no saldo ----------------------------------------
add("company_scope", FA, ["¿quién maneja la KLM482?", "soat vencidos"], "docs_status", "vencido", "SOAT")
add("company_scope", FA, ["¿quién maneja la KLM482?", "soat por vencer"], "docs_status", "por vencer", "SOAT")
add("company_scope", FA, ["¿quién maneja la KLM482?", "¿el soat está vencido?"], "vehicle_doc", "KLM482", "SOAT")
add("company_scope", FA, [_TPV, "¿cuántas canastillas salieron ayer?"], "moved", "canastillas", "dispatch", "ayer")
add(
    "company_scope", FA, [_TPV, "¿cuántas tapas nos devolvieron en noviembre?"], "moved", "tapas", "return", "noviembre"
)
add("company_scope", FA, ["¿cuántas canastillas tiene el 412?", "licencias vencidas"], "licences", "vencido")
add("small_scope", FA, ["¿quién maneja la KLM482?", "¿cuántas canastillas tiene?"], "asks_which", "cliente")
add("small_scope", FA, "¿cuántas canastillas tiene la TPV948?", "vehicle_no_balance", "TPV948")
add("small_scope", FA, "¿qué tecnomecánicas vencen mañana?", "docs_between", "mañana", "TECNOMECANICA")
add("pick_long", FA, ["saldo de la macarena", "el de Envigado", "la panadería"], "balances", "997")
