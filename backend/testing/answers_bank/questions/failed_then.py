"""Bank questions of the follow-up chains round (session 10), a follow-up right after a failed question: the
bot sends the not-found exchange with the next question only (`bot.memory.WorkingMemory.fail`), and a
follow-up naming nothing is about what was not found (the same not-found again), never the client, vehicle
or period before it; right after «No entendí la pregunta.» it asks which one."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

_412 = "cuantas canastillas tiene el 412?"

add("failed_then", FA, [_412, "saldo del 413", "y estibas?"], "balance", "413", "estibas")
_LEAVES = ["saldo del 412", "saldo del 999", "y canastas de leche?"]
add("failed_then", LV, _LEAVES, "balance", "999", "canastas de leche")
add("failed_then", FA, [_412, "la placa gh217", "y en que ciudad queda?"], "vehicle", "GH217", "driver")
add("failed_then", FA, ["quien maneja la klm482?", "la placa gh217", "y su soat?"], "vehicle", "GH217", "driver")
_KLM_GH = ["quien maneja la klm482?", "la placa gh217"]
add("failed_then", FA, [*_KLM_GH, "y quien la maneja?"], "vehicle", "GH217", "driver")
add(
    "failed_then",
    FA,
    ["cuantas canastillas se despacharon la semana pasada?", "saldo del 413", "y la anterior?"],
    "balance",
    "413",
    "canastillas",
)
add("failed_then", FA, ["remision 8297", "remision 99999", "y quien la llevo?"], "note", "99999", "driver")
add("failed_then", FA, [_412, "asdf qwerty", "y estibas?"], "asks_which", "cliente")
add("failed_then", LV, ["saldo del 412", "xyzzy plugh", "y en que ciudad queda?"], "asks_which", "cliente")
