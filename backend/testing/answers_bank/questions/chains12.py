"""Bank questions of the session-12 follow-up chains: a chain's period and subject kept («y en total cuánto
tiene» after the client's November dispatch is its saldo), a new question word replacing the previous question
(«y el 632 cuántas tiene» after a city), «y hace un mes» as a period shift, a vehicle's next document, a day
number after a day, a client's zero said as nothing moved, «compara esos dos» after a top 3, a bare
«remisión N» as the note's summary."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add, each

# 1. after a client's units moved in a period, «cuánto tiene» is its saldo today
_VAQUITA = ["saldo de la vaquita", "remisiones de la vaquita en noviembre", "cuantas canastillas le despachamos"]
add("chain_period", LV, [*_VAQUITA, "y en total cuanto tiene"], "client_total", "412")
_TO_310 = "cuantas canastillas le despachamos al 310 en noviembre"
add("chain_period", FA, [_TO_310, "y cuantas le quedan"], "balance", "310", "canastillas")
# 2. a new subject with its own question word replaces the previous question (the chain's asset kept)
_CITY = ["cuantas canastillas tiene el 412", "y en que ciudad queda"]
add("new_question", FA, [*_CITY, "y el 632 cuantas tiene"], "balance", "632", "canastillas")
_MILK = ["cuantas canastas de leche tiene el 664", "en q ciudad esta", "y el 412 cuantas tiene"]
add("new_question", LV, _MILK, "balance", "412", "canastas de leche")
# 3. «y hace un mes / una semana»: the saldo on that day, or the period just answered moved back
add(
    "ago_shift",
    FA,
    ["cuantas canastillas tiene el 412", "y hace un mes"],
    "balance_on",
    "412",
    "canastillas",
    "2026-11-01",
)
_310 = ["cuantas estibas tiene el 310", "y hace una semana?"]
add("ago_shift", FA, _310, "balance_on", "310", "estibas", "2026-11-24")
_NOV = ["cuantas canastillas se despacharon en noviembre", "y hace un mes"]
add("ago_shift", FA, _NOV, "moved", "canastillas", "dispatch", "octubre")
_DAY = ["cuantas canastillas se despacharon ayer", "y hace una semana"]
add("ago_shift", FA, _DAY, "moved", "canastillas", "dispatch", "2026-11-23..2026-11-23")
# 5. a bare day number right after a question about one day
_28 = ["cuantas tapas se despacharon el 28 de noviembre", "y el 29?"]
add("day_after_day", FA, _28, "moved_or_nothing", "dispatch", "29 noviembre", "tapas")
_20 = ["cuantas canastillas se despacharon el 20 de noviembre", "y el 28?"]
add("day_after_day", LV, _20, "moved_or_nothing", "dispatch", "28 noviembre", "canastillas")
# 6. a client's zero said as nothing moved
_412 = "cuantas canastillas le despachamos al 412 en noviembre"
add("client_nothing", FA, _412, "moved_by", "412", "canastillas", "dispatch", "noviembre")
# 9. «remisión N» typed alone: the note's summary
add("note_alone", FA, "remisión 8297", "note", "8297", "lines")
add("note_alone", LV, "remision 52071", "note", "52071", "lines")
# 7. «compara esos dos» right after a top 3: the first two
_TAPAS_TOP = ["los 3 clientes con mas tapas", "compara esos dos"]
add("top_two", FA, _TAPAS_TOP, "compare_balance", "more", "tapas", "632", "997")
_MILK_TOP = ["top 3 clientes con mas canastas de leche", "compara esos dos"]
add("top_two", LV, _MILK_TOP, "compare_balance", "more", "canastas de leche", "976", "664")
# 4. one vehicle's documents, then «cuál se vence primero»: the next not yet expired, the expired said
add("next_due", FA, ["papeles de la TRX905", "cual se vence primero"], "next_due", "TRX905")
add("next_due", FA, ["que documentos tiene la QBM563", "y cual vence primero?"], "next_due", "QBM563")
add("next_due", LV, ["documentos del ZBX893", "cual se vence primero"], "next_due", "ZBX893")
# 8. an empty list picked from: said in the gender of what was listed
add("empty_gender", FA, ["remisiones de hoy", "el primero"], "empty_in_gender", "ninguna")
add("empty_gender", LV, ["remisiones del 412 en octubre", "y la segunda?"], "empty_in_gender", "ninguna")
# the hunt's phone-typed variants of the same kinds
add(
    "chain_hunt",
    FA,
    ["cuantas canastillas tiene el 412", "y hace 2 semanas"],
    "balance_on",
    "412",
    "canastillas",
    "2026-11-17",
)
_QDA = ["cuantas tapas tiene el 997", "en q ciudad qda", "y el 632 cuantas tiene"]
add("chain_hunt", FA, _QDA, "balance", "632", "tapas")
_VAQUITA_NOV = ["cuantas canastillas le despachamos a la vaquita en noviembre", "y cuanto tiene"]
add("chain_hunt", LV, _VAQUITA_NOV, "balances", "412")
_25 = ["cuanto se despacho el 25 de noviembre", "y el 26"]
add("chain_hunt", FA, _25, "moved_all", "dispatch", "2026-11-26..2026-11-26")
_BACK = "cuantas canastillas le devolvio el 412 en noviembre"
add("chain_hunt", FA, _BACK, "moved_by", "412", "canastillas", "return", "noviembre")
_EST_TOP = ["top 3 clientes con mas estibas", "compara los dos primeros"]
add("chain_hunt", FA, _EST_TOP, "compare_balance", "more", "estibas", "632", "997")
add("chain_hunt", FA, "remision 8297?", "note", "8297", "lines")
add("chain_hunt", FA, "la remision 8423", "note", "8423", "lines")
_WEEK = ["cuantas estibas se despacharon la semana pasada", "y hace 15 dias"]
add("chain_hunt", FA, _WEEK, "moved", "estibas", "dispatch", "2026-11-08..2026-11-14")
# a line picked from /vencimientos: that document, no «No,» of a status nobody asked
_PICK = ["/vencimientos", "el segundo"]
add("picked_doc", FA, _PICK, "picked_line", "hasta 30", 2)
add("picked_doc", LV, _PICK, "picked_line", "hasta 30", 2)
_FIRST_DRIVER = ["/vencimientos", "quien maneja el primero", "y ese cuando vence"]
add("picked_doc", FA, _FIRST_DRIVER, "listed_doc", "hasta 30", None, 1)
add(
    "picked_doc",
    LV,
    ["/vencimientos", "quien maneja el segundo", "y ese cuando vence?"],
    "listed_doc",
    "hasta 30",
    None,
    2,
)
# «y ese cuándo vence» after /vencimientos ending «No incluye 1 documento del vehículo inactivo GFT663.»
add("picked_doc", LV, ["/vencimientos", "y ese cuando vence"], "vehicle_doc", "GFT663", "TECNOMECANICA")
# a chain's period kept past a bare «cuántas … le despachamos», «hace» after «hace», a saldo asked «debía»
_632 = ["remisiones del 632 en noviembre", "cuantas tapas le despachamos", "y estibas"]
add("chain_hunt", FA, _632, "moved_by", "632", "estibas", "dispatch", "noviembre")
_TWICE = ["cuantas canastillas tiene el 412", "y hace un mes", "y hace 2 meses"]
add("chain_hunt", FA, _TWICE, "balance_on", "412", "canastillas", "2026-10-01")
_DEBIA = ["cuanto debe el 310", "y hace 1 mes cuanto debia"]
_ON_NOV1 = [("balance_on", "310", asset, "2026-11-01") for asset in ("canastillas", "estibas", "tapas")]
each("chain_hunt", FA, _DEBIA, *_ON_NOV1)
_THEN = ["papeles de la TRX905", "cual se vence primero", "y despues"]
add("next_due", FA, _THEN, "vehicle_doc", "TRX905", "POLIZA_RC")
add("next_due", FA, ["documentos de la KLM482", "cual se vence primero", "y despues?"], "vehicle_doc", "KLM482", "SOAT")
