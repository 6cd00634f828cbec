"""After a count of one client's delivery notes («¿cuántas remisiones tiene el 412 este mes?»), «¿cuál fue
la última?» is that client's newest note of the period — its latest ever when the period had none — never
a note of an older list in the conversation (it was the 521's note from two turns back). A count of none
is said as none («no tiene remisiones este mes», `client_note_count`)."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

_521 = "ultimos movimientos del 521"
add("entity_count_pick", FA, [_521, "cuantas remisiones tiene el 412 este mes", "la ultima"], "client_last", "412")
add(
    "entity_count_pick",
    FA,
    [_521, "y cuantas remisiones tiene el 412 este mes", "cual fue la ultima"],
    "client_last",
    "412",
)
add("entity_count_pick", FA, [_521, "cuantas remisiones tiene el 412 este mes"], "client_note_count", "412", "este mes")
add(
    "entity_count_pick",
    LV,
    ["saldo del 472", "cuantas remisiones tuvo el 472 en total", "y la ultima?"],
    "client_last",
    "472",
)
