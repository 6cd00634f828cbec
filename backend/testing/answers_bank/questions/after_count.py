"""After a count of the company's delivery notes in a period («¿cuántas remisiones hubo ayer?», no list
shown): «¿cuál fue la última?» is that period's newest note and «¿cuál fue la primera?» its first in time,
whatever client, vehicle or driver an earlier turn left in focus; «la primera remisión de noviembre» asked
fresh is one note too, not the month's list."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

_AYER = "cuantas remisiones hubo ayer"
add("after_count", FA, ["saldo del 412", _AYER, "cual fue la ultima"], "latest_in", "ayer")
add("after_count", FA, ["que conductor maneja la ESY451", _AYER, "cual fue la ultima"], "latest_in", "ayer")
add("after_count", LV, ["saldo del 472", _AYER, "y la ultima?"], "latest_in", "ayer")
add(
    "after_count",
    FA,
    ["quien maneja la trx905", "cuantas remisiones hubo la semana pasada", "cual fue la mas reciente"],
    "latest_in",
    "semana pasada",
)
add(
    "after_count",
    FA,
    ["saldo del 412", "cuantas remisiones hubo en noviembre", "cual fue la primera"],
    "earliest_in",
    "noviembre",
)
add("after_count", FA, [_AYER, "y la primera?"], "earliest_in", "ayer")
add("after_count", LV, ["cuantas remisiones hubo en octubre", "cual fue la primera"], "earliest_in", "octubre")
add("after_count", FA, "cual fue la primera remision de noviembre", "earliest_in", "noviembre")
add("after_count", LV, "primera remision de la semana pasada", "earliest_in", "semana pasada")
add("after_count", FA, "cual fue la primera remision de ayer", "earliest_in", "ayer")
