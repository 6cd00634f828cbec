"""Bank questions about delivery notes found by words, not by number (the answers round on clients and notes):
the PDF of «la última remisión del 310» (of a vehicle, a driver, the company) and of the note just discussed
(«mándamela», «mándame el pdf»); a client's code that is also a note's number («saldo del 1050» → «¿y cuándo
fue su última remisión?»: the client's, not remisión 1050); the latest note of a period («¿cuál fue la última
remisión de ayer?»: that one, not the day's list); how many notes a client had («¿cuántas remisiones tuvo el
412 en octubre?»: the count, said once; «¿cuál fue la última?» after it: the client's latest); «¿cuál es el
cliente que más debe?» (no asset: every asset summed, as «el cliente con más saldo»)."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# --- a client's code that is also a note's number, named bare ------------------------------------------
add("code_not_note", FA, ["saldo del 1050", "y cuando fue su ultima remision"], "client_last", "1050")
add("code_not_note", FA, ["ultima remision del 1050", "y de que fecha es"], "client_last", "1050")
add("code_not_note", FA, ["cuantas tapas tiene el 1050", "y su ultima remision"], "client_last", "1050")
add("code_not_note", FA, "¿de qué fecha es la última remisión del 1050?", "client_last", "1050")
add("code_not_note", FA, ["¿en qué ciudad queda el 1050?", "¿cuándo fue la última remisión?"], "client_last", "1050")

