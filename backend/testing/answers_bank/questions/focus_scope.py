"""Bank questions of the focus round: a question's own scope wins over the focus earlier turns left, and a
follow-up that changes one thing (a period, a city, an asset) keeps everything else — the client, vehicle
or driver of the chain stays when only the period changes, also two or three follow-ups on."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# the entity of the chain stays when only the period changes, however many follow-ups ago it was named
_632W = "cuantas remisiones tuvo el 632 la semana pasada"
add("keep_entity", FA, [_632W, "y esta semana?", "y el mes pasado?"], "client_note_count", "632", "mes pasado")
add("keep_entity", FA, [_632W, "y esta semana?", "y en octubre?"], "client_note_count", "632", "octubre")
add(
    "keep_entity",
    FA,
    ["saldo del 310", "cuantas remisiones tuvo en noviembre", "y en octubre?"],
    "client_note_count",
    "310",
    "octubre",
)
add(
    "keep_entity",
    FA,
    ["en que ciudad queda el 997", "cuantas remisiones tuvo la semana pasada", "y esta semana?"],
    "client_note_count",
    "997",
    "esta semana",
)
add(
    "keep_entity",
    LV,
    ["remisiones del 976 en noviembre", "cuantas son?", "y en octubre?"],
    "client_notes",
    "976",
    "octubre",
)
add(
    "keep_entity",
    LV,
    ["la afb115 puede salir?", "y la zbx893?", "cuantas remisiones hizo en noviembre?", "y la semana pasada?"],
    "vehicle_notes",
    "ZBX893",
    "semana pasada",
)
add(
    "keep_entity",
    FA,
    ["quien maneja la trx905", "cuantas remisiones hizo en noviembre?", "y en octubre?"],
    "vehicle_notes",
    "TRX905",
    "octubre",
)
add(
    "keep_entity",
    FA,
    ["saldo del 412", "cuanto devolvio en noviembre", "y en octubre?"],
    "units_of",
    "client",
    "412",
    "return",
    "octubre",
)
