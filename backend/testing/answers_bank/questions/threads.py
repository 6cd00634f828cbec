"""Bank questions of the follow-up threads round (session 11, a user trial's chains): a day or period in which
nothing moved said so («Hoy no se ha despachado nada aún.»), «¿cuáles?» right after a capped list (every line,
not the same 10 again), …"""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# nothing moved: said so, never «0 canastillas, 0 estibas y 0 tapas»
add("nothing_moved", FA, ["¿cuánto se despachó ayer?", "¿y hoy?"], "moved_or_nothing", "dispatch", "hoy")
add("nothing_moved", LV, ["cuanto se devolvio ayer", "y hoy"], "moved_or_nothing", "return", "hoy")
add("nothing_moved", FA, "cuantas canastillas devolvieron hoy", "moved_or_nothing", "return", "hoy", "canastillas")
add("nothing_moved", LV, "que se despacho el 29 de noviembre", "moved_or_nothing", "dispatch", "29 noviembre")
add(
    "nothing_moved",
    FA,
    ["cuantas tapas se despacharon el 28 de noviembre", "y el 29 de noviembre?"],
    "moved_or_nothing",
    "dispatch",
    "29 noviembre",
    "tapas",
)

# «¿cuáles?» after a list shown capped: every line
_OVER = "cuantos clientes tienen mas de 1000 canastillas"
add("which_of_cut", FA, [_OVER, "cuales"], "beyond_all", "canastillas", 1000)
add("which_of_cut", FA, [_OVER, "cuales son?"], "beyond_all", "canastillas", 1000)
add("which_of_cut", FA, ["cuantos clientes tienen mas de 800 estibas", "y cuales son"], "beyond_all", "estibas", 800)
add(
    "which_of_cut",
    LV,
    ["cuantos clientes tienen mas de 300 canastas de leche", "cuales"],
    "beyond_all",
    "canastas de leche",
    300,
)

# who received a delivery note is its client (who carried it is the driver)
add("note_receiver", FA, ["remision 8297", "quien la recibio"], "note", "8297", "client")
add("note_receiver", FA, ["pdf:8350", "y quien la recibio?"], "note", "8350", "client")
add("note_receiver", FA, "quien recibio la remision 8402", "note", "8402", "client")
add("note_receiver", LV, ["remision 52071", "quien la firmo"], "note", "52071", "client")
add(
    "note_receiver", FA, ["cual fue la remision mas grande de noviembre", "quien la recibio?"], "note", "8484", "client"
)
add("note_receiver", LV, ["remision 52050", "y quién la recibió"], "note", "52050", "client")

# «¿cuántas canastillas traía?» right after a delivery note: that note's figures, not the company's or the client's
_BIGGEST = ["cual fue la remision mas grande de noviembre", "cual fue su ultima remision"]
add("note_then_count", FA, [*_BIGGEST, "cuantas canastillas traia"], "note_asset", "8484", "canastillas")
add(
    "note_then_count",
    FA,
    ["saldo del 414", "cual fue su ultima remision", "cuantas tapas tenia"],
    "note_asset",
    "8484",
    "tapas",
)
add("note_then_count", FA, ["remision 8297", "cuantas estibas traia?"], "note_asset", "8297", "estibas")
add(
    "note_then_count",
    LV,
    ["remision 52071", "cuantas canastas de leche tenia"],
    "note_asset",
    "52071",
    "canastas de leche",
)
add("note_then_count", FA, ["pdf:8350", "cuantas estibas tenia?"], "note_asset", "8350", "estibas")

# «¿cuántas devolvieron?» right after the units dispatched in a period: that asset and period, returned
add(
    "movement_swap",
    FA,
    ["cuántas canastillas despachamos en octubre", "¿cuántas devolvieron?"],
    "moved_in",
    "canastillas",
    "return",
    "octubre",
)
add(
    "movement_swap",
    LV,
    ["cuantas canastas de leche devolvieron la semana pasada", "cuantas despachamos"],
    "moved_in",
    "canastas de leche",
    "dispatch",
    "semana pasada",
)
add(
    "movement_swap",
    FA,
    ["cuantas tapas se despacharon en septiembre", "cuantas devolvieron"],
    "moved_in",
    "tapas",
    "return",
    "septiembre",
)
