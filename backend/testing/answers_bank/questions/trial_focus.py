"""Bank questions of the stale-focus round (fresh-user trial, 2 Dec): a question that names its own scope
is answered on it, whatever entity was in focus — a plural «which» with a state, a vehicle kind, a
superlative over all, an impersonal «se» of a period, a new (mistyped) code; «esos», «¿cuántos son?» and
«de esos» are the latest answer's set."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# --- a plural «which» with a state after a vehicle in focus: the company's list -------------------------
add(
    "own_scope",
    FA,
    ["cual es la poliza de la ESY451", "cuales tienen la tecno vencida"],
    "docs_status",
    "vencido",
    "TECNOMECANICA",
    style="typo",
)
add(
    "own_scope",
    FA,
    ["soat de la klm482", "cuantos tienen el soat vencido"],
    "docs_status",
    "vencido",
    "SOAT",
    True,
    style="typo",
)
add(
    "own_scope",
    LV,
    ["cuando vence el soat de la VLL330", "¿cuáles tienen la póliza vencida?"],
    "docs_status",
    "vencido",
    "POLIZA_RC",
)
add(
    "own_scope",
    FA,
    ["¿la QBM563 puede salir hoy?", "¿cuáles tienen el SOAT vencido?"],
    "docs_status",
    "vencido",
    "SOAT",
)
# --- a superlative over all drivers: fleet-wide, not the driver in focus ---------------------------------
_8423 = ["quien llevo la remision 8423", "y en que carro"]
add(
    "own_scope",
    FA,
    [*_8423, "cual es el conductor con la licencia mas proxima a vencer"],
    "licences",
    "por vencer",
    style="typo",
)
add(
    "own_scope",
    FA,
    ["licencia de diego toro", "¿cuál es el conductor con la licencia más próxima a vencer?"],
    "licences",
    "por vencer",
)
add(
    "own_scope",
    LV,
    ["quien maneja la VLL330", "cual es el chofer con el pase mas proximo a vencer"],
    "soonest_licence",  # none due in 30 days at Lácteos: the soonest named anyway (lists round)
    style="typo",
)
# --- an impersonal «se» of a period: the company's movements, not a vehicle or client named before -------
_TRX = ["soat de la trx905", "saldo del 612", "cuantos clientes hay en envigado", "y en cali"]
add(
    "own_scope",
    FA,
    [*_TRX, "cuanto se devolvio del 1 al 15 de noviembre"],
    "moved_all",
    "return",
    "1-15 noviembre",
    style="typo",
)
add(
    "own_scope",
    FA,
    ["remisiones de la klm482 en noviembre", "cuanto se despacho en octubre"],
    "moved_all",
    "dispatch",
    "octubre",
    style="typo",
)
add("own_scope", LV, ["saldo del 976", "¿cuánto se devolvió en noviembre?"], "moved_all", "return", "noviembre")
# --- «de esos», «¿cuáles tienen…?» right after a vehicle kind: that kind's documents ---------------------
add(
    "of_those",
    FA,
    ["cuantos furgones hay", "cuales de esos tienen la tecno vencida"],
    "kind_docs",
    "furgón",
    "vencido",
    "TECNOMECANICA",
    style="typo",
)
add(
    "of_those",
    FA,
    ["soat de la klm482", "cuantos furgones hay", "cuales tienen la tecno vencida"],
    "kind_docs",
    "furgón",
    "vencido",
    "TECNOMECANICA",
    style="typo",
)
add(
    "of_those",
    LV,
    ["¿cuántos camiones hay?", "¿cuáles de esos tienen el SOAT vencido?"],
    "kind_docs",
    "camión",
    "vencido",
    "SOAT",
)
add(
    "of_those",
    FA,
    ["cuantos camiones hay", "de esos cuales tienen la poliza vencida"],
    "kind_docs",
    "camión",
    "vencido",
    "POLIZA_RC",
    style="typo",
)
add(
    "of_those",
    FA,
    ["¿qué motocarros hay?", "¿y cuáles de ellos tienen la tecnomecánica vencida?"],
    "kind_docs",
    "motocarro",
    "vencido",
    "TECNOMECANICA",
)
# --- «¿cuántos son?» / «¿cuántas?» after a list or a count: the count the latest answer stated ----------
_SOAT = ["cuantos vehiculos tienen el soat vencido", "cuales", "y la tecno?"]
add("last_set", FA, [*_SOAT, "cuantos son"], "docs_status", "vencido", "TECNOMECANICA", True, style="typo")
add(
    "last_set",
    LV,
    ["saldo del 976", "remisiones de ese en noviembre", "cuantas"],
    "client_note_count",
    "976",
    "noviembre",
    style="typo",
)
add(
    "last_set",
    LV,
    ["saldo del 976", "remisiones de ese en noviembre", "¿cuántas son?"],
    "client_note_count",
    "976",
    "noviembre",
)
add(
    "last_set",
    FA,
    ["saldo del 310", "y sus remisiones de noviembre", "y cuantas son"],
    "client_note_count",
    "310",
    "noviembre",
    style="typo",
)
# … and «de esos cuál se venció primero» after the list and its count: the oldest expired of that list
_POL = ["que vehiculos tienen la poliza vencida", "y cuantos son"]
add("last_set", FA, [*_POL, "de esos cual se vencio primero"], "first_listed", "vencido", "POLIZA_RC", style="typo")
add(
    "last_set",
    LV,
    ["soat vencidos", "cuantos son", "cual se vencio primero"],
    "first_listed",
    "vencido",
    "SOAT",
    style="typo",
)
# --- a new (mistyped) code: refused, never the previous answer again --------------------------------------
_MOTO = ["cuantos motocarros tienen la tecno vencida", "cuales"]
add("new_code", FA, [*_MOTO, "estibas del 4l2"], "balance", "4l2", "estibas", style="typo")
add("new_code", LV, ["saldo del 976", "y canastillas del 9o7"], "balance", "9o7", "canastillas", style="typo")
add("new_code", FA, ["cuantos clientes hay en cali", "saldo del 3l0"], "balance", "3l0", "canastillas", style="typo")
# --- a vehicle kind said of readiness («al día», «pueden salir»): that kind's vehicles only ---------------
add("kind_ready", FA, "cuantos camiones estan al dia", "kind_ready", "camión", True, True, style="typo")
add("kind_ready", FA, "cuales camiones estan al dia", "kind_ready", "camión", style="typo")
add("kind_ready", FA, "¿qué furgones no pueden salir hoy?", "kind_ready", "furgón", False)
add("kind_ready", LV, "cuantos camiones pueden salir hoy", "kind_ready", "camión", True, True, style="typo")
add("kind_ready", FA, ["saldo del 412", "que furgones pueden salir hoy"], "kind_ready", "furgón", style="typo")
add("kind_ready", LV, "¿cuántos furgones no pueden salir hoy?", "kind_ready", "furgón", False, True)
