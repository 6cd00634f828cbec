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
