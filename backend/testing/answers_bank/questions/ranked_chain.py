"""Bank questions of the follow-up chains round (session 10), superlatives of a chain: «¿cuál cliente recibió
más?», «¿quién devolvió más?», «¿cuál fue el cliente que más recibió?» right after units moved in a period
(or of one asset) rank the clients over that asset and period — the chain's «¿y en octubre?» and «¿y la
anterior?» included — never every asset of all time."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

_MILK_NOV = "cuantas canastas de leche se despacharon en noviembre?"

add(
    "ranked_chain",
    LV,
    [_MILK_NOV, "y en octubre?", "cual cliente recibio mas?"],
    "clients_moved",
    "canastas de leche",
    "dispatch",
    "octubre",
)
add(
    "ranked_chain",
    LV,
    [_MILK_NOV, "cual cliente recibio mas?"],
    "clients_moved",
    "canastas de leche",
    "dispatch",
    "noviembre",
)
add(
    "ranked_chain",
    FA,
    ["cuantas estibas se devolvieron la semana pasada?", "quien devolvio mas?"],
    "clients_moved",
    "estibas",
    "return",
    "semana pasada",
)
add(
    "ranked_chain",
    FA,
    ["cuantas tapas despachamos en octubre", "y a quien le despachamos mas?"],
    "clients_moved",
    "tapas",
    "dispatch",
    "octubre",
)
add(
    "ranked_chain",
    FA,
    ["cuantas canastillas se despacharon la semana pasada?", "y la anterior?", "que cliente recibio mas?"],
    "clients_moved",
    "canastillas",
    "dispatch",
    "2026-11-16..2026-11-22",
)
add(
    "ranked_chain",
    FA,
    ["cuantas canastillas se despacharon en noviembre", "cual fue el cliente que mas recibio?"],
    "clients_moved",
    "canastillas",
    "dispatch",
    "noviembre",
)
add(
    "ranked_chain",
    FA,
    ["cuantas estibas devolvieron los clientes en octubre", "cual devolvio mas?"],
    "clients_moved",
    "estibas",
    "return",
    "octubre",
)
add(
    "ranked_chain",
    FA,
    ["cuantas canastillas despachamos en noviembre", "quien recibio mas?"],
    "clients_moved",
    "canastillas",
    "dispatch",
    "noviembre",
)
add(
    "ranked_chain",
    FA,
    ["saldo del 412", "cuantas tapas se despacharon la semana pasada", "cual cliente recibio mas?"],
    "clients_moved",
    "tapas",
    "dispatch",
    "semana pasada",
)
add(
    "ranked_chain",
    LV,
    ["cuantas canastillas se devolvieron la semana pasada", "quien es el que mas devolvio?"],
    "clients_moved",
    "canastillas",
    "return",
    "semana pasada",
)
add(
    "ranked_chain",
    FA,
    ["cuantas estibas se despacharon en noviembre", "y quien recibio mas en octubre?"],
    "clients_moved",
    "estibas",
    "dispatch",
    "octubre",
)
