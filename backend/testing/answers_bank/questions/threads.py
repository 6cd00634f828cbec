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
