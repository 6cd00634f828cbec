"""Bank questions of rankings lowest first: the clients with the fewest units of an asset (a negative saldo
is the lowest; a client with no movements of the asset counts 0: [261] has no estibas at Frigorífico
Andino) and the drivers with the fewest delivery notes; one client asked with «el cliente con …» is one
client, not a list of 10; «¿y con menos?» / «¿y con más?» turn the ranking just given."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

add("lowest", FA, "¿quién tiene menos canastillas?", "bottom", "canastillas", 1)
add("lowest", FA, "los 5 clientes con menos estibas", "bottom", "estibas", 5)
add("lowest", FA, "el cliente con menor saldo de tapas", "bottom", "tapas", 1)
add("lowest", FA, "cual es el cliente con el saldo mas bajo de canastillas", "bottom", "canastillas", 1, style="spoken")
add("lowest", FA, "q cliente tiene menos tapas", "bottom", "tapas", 1, style="typo")
add("lowest", FA, "los 3 clientes con menos estibas en Bogotá", "bottom", "estibas", 3, "Bogotá")
add("lowest", FA, "cliente con menos canastillas en medellin", "bottom", "canastillas", 1, "Medellín", style="typo")
add("lowest", FA, "los que menos estibas tienen", "bottom", "estibas", 10)
add("lowest", FA, "clientes con menos de 5 estibas", "clients_beyond", "estibas", 5, False)
add("lowest", FA, ["los 3 clientes con más tapas", "¿y con menos?"], "bottom", "tapas", 3)
add("lowest", FA, ["los 5 clientes con menos estibas", "y con mas"], "top", "estibas", 5)
add("lowest", FA, ["los 3 clientes con menos estibas", "el segundo en qué ciudad queda"], "city", "896")
add("lowest", FA, "el cliente con mayor saldo de tapas", "top", "tapas", 1)
add("lowest", FA, "¿qué conductor hizo menos entregas en noviembre?", "bottom_driver", "noviembre")
add("lowest", FA, "¿qué conductores hicieron menos entregas en octubre?", "bottom_driver", "octubre", 5)
add("lowest", LV, "¿quién tiene menos canastas de leche?", "bottom", "canastas de leche", 1)
add("lowest", LV, "los 3 clientes con menos canastillas", "bottom", "canastillas", 3)
add("lowest", LV, "el cliente con menos canastillas en Rionegro", "bottom", "canastillas", 1, "Rionegro")
add("lowest", LV, "que chofer hizo menos entregas el mes pasado", "bottom_driver", "mes pasado", style="spoken")
