"""Bank questions about delivery notes found by words, not by number (the answers round on clients and notes):
the PDF of «la última remisión del 310» (of a vehicle, a driver, the company) and of the note just discussed
(«mándamela», «mándame el pdf»); a client's code that is also a note's number («saldo del 1050» → «¿y cuándo
fue su última remisión?»: the client's, not remisión 1050); the latest note of a period («¿cuál fue la última
remisión de ayer?»: that one, not the day's list); how many notes a client had («¿cuántas remisiones tuvo el
412 en octubre?»: the count, said once; «¿cuál fue la última?» after it: the client's latest); «¿cuál es el
cliente que más debe?» (no asset: every asset summed, as «el cliente con más saldo»); «¿y tapas?» right after
an answer about one note: the note's tapas, unless that answer was its client («fue para [007] …»); «la
primera remisión del 310» (the oldest, with its year); «hace dos días» (that day, not every day); «¿y del
16 al 30?» after a period (that month's days, not a client 16)."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# --- the PDF of a note found by words ------------------------------------------------------------------
add("pdf_words", FA, "mándame la última remisión del 310", "sent_last", "client", "310")
add("pdf_words", FA, "mandame la ultima remision del 412", "sent_last", "client", "412", style="typo")
add("pdf_words", FA, "pasame el pdf de la ultima remision del 1050", "sent_last", "client", "1050", style="typo")
add("pdf_words", FA, "enviame la ultima remision de bahia solana", "sent_last", "client", "310", style="typo")
add("pdf_words", FA, "mandame la ultima remision de la KLM482", "sent_last", "vehicle", "KLM482", style="typo")
add("pdf_words", FA, "enviame la ultima remision de marta londono", "sent_last", "driver", "493832053", style="typo")
add("pdf_words", FA, "mándame la última remisión", "sent_last", "company")
add("pdf_words", FA, "necesito la ultima remision de carnes dluca", "sent_last", "client", "007", style="typo")
add("pdf_words", LV, "mandame la ultima remision del 412", "sent_last", "client", "412", style="typo")
add("pdf_words", LV, "me mandas la ultima remision del 500?", "sent_last", "client", "500", style="typo")
add("pdf_words", FA, "mandame la ultima remision del 413", "sent_last", "client", "413", style="typo")
add("pdf_words", FA, "manda me la ultima remision del tres diez", "sent_last", "client", "310", style="spoken")
# the note just discussed, asked for with a pronoun or as «el pdf»
add("pdf_words", FA, ["cual fue la ultima remision del 310", "mandamela"], "sent_last", "client", "310")
add("pdf_words", FA, ["a quien se entrego la remision 8297", "mandame el pdf"], "sent_note", "8297")
add("pdf_words", FA, ["ultima remision del 1050", "me la mandas"], "sent_last", "client", "1050")
add("pdf_words", LV, ["¿cuál fue la última remisión del 412?", "envíamela en pdf"], "sent_last", "client", "412")
add("pdf_words", FA, ["¿qué llevó la remisión 7851?", "pdf"], "sent_note", "7851")
add("pdf_words", FA, ["remisiones del 310 en noviembre", "mandamela"], "asks_which", "remision")
add("pdf_words", FA, "mandamela", "asks_which", "remision")

# --- a client's code that is also a note's number, named bare ------------------------------------------
add("code_not_note", FA, ["saldo del 1050", "y cuando fue su ultima remision"], "client_last", "1050")
add("code_not_note", FA, ["ultima remision del 1050", "y de que fecha es"], "client_last", "1050")
add("code_not_note", FA, ["cuantas tapas tiene el 1050", "y su ultima remision"], "client_last", "1050")
add("code_not_note", FA, "¿de qué fecha es la última remisión del 1050?", "client_last", "1050")
add("code_not_note", FA, ["¿en qué ciudad queda el 1050?", "¿cuándo fue la última remisión?"], "client_last", "1050")

# --- the latest note of a period: that one, not the period's list ---------------------------------------
add("latest_in", FA, "¿cuál fue la última remisión de ayer?", "latest_in", "ayer")
add("latest_in", FA, "ultima remision de la semana pasada", "latest_in", "semana pasada", style="typo")
add("latest_in", LV, "cual fue la ultima remision de ayer", "latest_in", "ayer", style="typo")
add("latest_in", FA, "¿cuál fue la última remisión del 412 en octubre?", "latest_of", "client", "412", "octubre")
add("latest_in", FA, "la ultima remision del 310 el mes pasado", "latest_of", "client", "310", "mes pasado")

# --- how many notes a client had: the count ------------------------------------------------------------
add("note_count", FA, "¿cuántas remisiones tiene el 412?", "client_note_count", "412")
add("note_count", FA, "cuantas remisiones tuvo el 412 en octubre", "client_note_count", "412", "octubre", style="typo")
add("note_count", FA, "el 310 cuantas remisiones tuvo este mes", "client_note_count", "310", "este mes", style="typo")
add("note_count", LV, "¿cuántas remisiones tuvo el 412 en noviembre?", "client_note_count", "412", "noviembre")
add(
    "note_count",
    FA,
    ["saldo del 310", "y cuantas remisiones tuvo en noviembre"],
    "client_note_count",
    "310",
    "noviembre",
)
add("note_count", FA, "cuantas remisiones tuvo bahia solana en septiembre", "client_note_count", "310", "septiembre")
add(
    "note_count", FA, ["cuantas remisiones tuvo el 412 en octubre", "y en agosto"], "client_note_count", "412", "agosto"
)
add("note_count", LV, ["cuantas remisiones tiene el 500", "y en octubre?"], "client_note_count", "500", "octubre")
# «¿cuál fue la última?» of the client just discussed (a count or a saldo, no note listed): its latest note
add("note_count", FA, ["cuantas remisiones tuvo el 412 en octubre", "cual fue la ultima"], "client_last", "412")
add("note_count", FA, ["saldo del 310", "¿cuál fue la última?"], "client_last", "310")
add("note_count", LV, ["en que ciudad queda el 412", "y la ultima cual fue"], "client_last", "412")

# --- the client who holds most, said with «debe» and no asset: every asset summed ------------------------
add("owes_most", FA, "¿cuál es el cliente que más debe?", "top_all", 1)
add("owes_most", FA, "quien debe mas", "top_all", 1, style="typo")
add("owes_most", FA, "los 3 clientes que mas deben", "top_all", 3, style="typo")
add("owes_most", LV, "¿qué cliente debe más?", "top_all", 1)

# --- a bare asset right after an answer about one note: the note's, unless that answer was its client ---
add("note_or_client", FA, ["pdf:8297", "y cuantas estibas"], "note_asset", "8297", "estibas")
add("note_or_client", FA, ["remision 8297 que lleva", "y tapas"], "note_asset", "8297", "tapas")
add("note_or_client", FA, ["¿quién llevó la remisión 8297?", "¿y cuántas estibas?"], "note_asset", "8297", "estibas")
add("note_or_client", FA, ["que tiene la remision 8423", "y canastillas"], "note_asset", "8423", "canastillas")
add("note_or_client", FA, ["pdf:7851", "y estibas"], "note_without", "7851", "estibas")
add("note_or_client", LV, ["pdf:52062", "¿y canastillas?"], "note_asset", "52062", "canastillas")
add("note_or_client", LV, ["pdf:52071", "y canastillas"], "note_without", "52071", "canastillas")
add("note_or_client", FA, ["¿a quién se entregó la remisión 8297?", "¿y cuántas estibas?"], "balance", "007", "estibas")
add("note_or_client", FA, ["de quien es la remision 8423", "y cuantas tapas"], "balance", "310", "tapas")
add("note_or_client", FA, ["pdf:8297", "cuantas estibas tiene el cliente"], "balance", "007", "estibas")
add("note_or_client", FA, ["pdf:8297", "¿y cuántas tapas tiene?"], "balance", "007", "tapas")

# --- the oldest note; «hace N días / una semana / un mes» is that day, week or month ---------------------
add("first_note", FA, "cual fue la primera remision del 310", "first_of", "client", "310", style="typo")
add("first_note", FA, "¿cuál fue la primera remisión del 412 en octubre?", "first_of", "client", "412", "octubre")
add("first_note", LV, "la primera remision del 500", "first_of", "client", "500", style="typo")
add("first_note", FA, ["saldo del 1050", "y la primera remision"], "first_of", "client", "1050")
add(
    "ago",
    FA,
    "cuantas tapas devolvieron hace dos dias",
    "moved_or_nothing",
    "return",
    "29 noviembre",
    "tapas",
    style="typo",
)
add(
    "ago",
    FA,
    "¿cuántas canastillas despachamos hace una semana?",
    "moved",
    "canastillas",
    "dispatch",
    "23-29 noviembre",
)
add("ago", FA, "cuantas remisiones hubo hace 3 dias", "notes_in", "28 noviembre", True, style="typo")
add("ago", FA, "remisiones del 310 hace un mes", "client_notes", "310", "mes pasado", style="typo")
add(
    "ago",
    LV,
    "¿cuántas canastas de leche despachamos hace tres días?",
    "moved",
    "canastas de leche",
    "dispatch",
    "28 noviembre",
)

# --- days said without their month right after a period: that month's days ---------------------------
_NOV_1_15 = "cuantas canastillas despachamos del 1 al 15 de noviembre"
add("bare_days", FA, [_NOV_1_15, "y del 16 al 30"], "moved", "canastillas", "dispatch", "16-30 noviembre")
add(
    "bare_days",
    FA,
    ["remisiones del 310 del 1 al 15 de noviembre", "¿y del 16 al 30?"],
    "client_notes",
    "310",
    "16-30 noviembre",
)
add(
    "bare_days",
    FA,
    ["cuantas tapas devolvio el 412 en octubre", "y entre el 1 y el 10"],
    "moved_by",
    "412",
    "tapas",
    "return",
    "1-10 octubre",
)
add(
    "bare_days",
    LV,
    ["¿cuántas canastas de leche despachamos del 1 al 15 de noviembre?", "¿y del 16 al 30?"],
    "moved",
    "canastas de leche",
    "dispatch",
    "16-30 noviembre",
)

# --- clients beyond an amount, of one city: the list, not the city's total -------------------------------
add(
    "beyond_city",
    FA,
    "clientes de cali con mas de 500 canastillas",
    "beyond_in",
    "canastillas",
    500,
    "Cali",
    style="typo",
)
add(
    "beyond_city",
    FA,
    "¿qué clientes de Medellín tienen menos de 10 tapas?",
    "beyond_in",
    "tapas",
    10,
    "Medellín",
    False,
)
add(
    "beyond_city",
    LV,
    "clientes de rionegro con mas de 300 canastas de leche",
    "beyond_in",
    "canastas de leche",
    300,
    "Rionegro",
)

# --- «los últimos N»: N notes, the number no note's ------------------------------------------------------
add("latest_n", FA, "ultimos 5 movimientos del 412", "latest_n", "412", 5, style="typo")
add("latest_n", FA, "¿cuáles son las 3 últimas remisiones del 310?", "latest_n", "310", 3)
add("latest_n", LV, "ultimas 2 remisiones del 412", "latest_n", "412", 2, style="typo")
