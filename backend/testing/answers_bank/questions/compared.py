"""Bank questions of «compara …» (the facts round of session 11): the verb «compara» / «compáralos» / «vs» asks a
comparison with a verdict of what it names or of what was just discussed — two clients (their saldos, one line
per asset type when none is said), two vehicles (the newer, then whose document is due first), two drivers
(whose licence is due first) — and cities compared, named («compara Medellín con Itagüí en estibas», «¿dónde
hay más tapas, en Cali o en Rionegro?», «¿Bello tiene más tapas que Cali?») or just discussed («… en Medellín»
→ «¿y en Itagüí?» → «compáralas en estibas»). Each failed before: «compáralos» was read as a client's name,
«compara esos dos» as the client 2, «compara el 412 con el 77» as who carried their latest notes, two cities as
the clients of one."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add, each

# two clients, just discussed or named
add(
    "compared",
    FA,
    ["saldo de puerto claro", "y del 77", "compáralos en tapas"],
    "compare_balance",
    "more",
    "tapas",
    "412",
    "77",
)
add(
    "compared",
    FA,
    ["cuantas estibas tiene el 310", "y el 414", "comparalos"],
    "compare_balance",
    "more",
    "estibas",
    "310",
    "414",
    style="typo",
)
each(
    "compared",
    FA,
    ["saldo del 632", "y del 997", "compara esos dos"],
    ("compare_balance", "more", "canastillas", "632", "997"),
    ("compare_balance", "more", "estibas", "632", "997"),
    ("compare_balance", "more", "tapas", "632", "997"),
)
add("compared", FA, "compara el 632 con el 414 en estibas", "compare_balance", "more", "estibas", "632", "414")
add("compared", FA, "compara el 310 vs el 77 en canastillas", "compare_balance", "more", "canastillas", "310", "77")
add(
    "compared",
    LV,
    ["canastillas del 412", "y del 500", "comparame esos dos"],
    "compare_balance",
    "more",
    "canastillas",
    "412",
    "500",
)
# two vehicles, two drivers
each(
    "compared",
    FA,
    ["papeles de la QBM563", "y la NXM840", "compara esas dos"],
    ("compare_years", True, "QBM563", "NXM840"),
    ("compare_soonest", "QBM563", "NXM840"),
)
each(
    "compared",
    FA,
    "compara la KLM482 con la TRX905",
    ("compare_years", True, "KLM482", "TRX905"),
    ("compare_soonest", "KLM482", "TRX905"),
)
add(
    "compared",
    FA,
    ["licencia de Diego Toro", "y la de Marta Londoño", "compara los dos"],
    "compare_licences",
    "308967926",
    "493832053",
)
# cities named
add(
    "compared",
    FA,
    "compara medellín con itagüí en estibas",
    "city_versus",
    "more",
    "saldo",
    "estibas",
    "",
    "",
    "Itagüí",
    "Medellín",
)
add(
    "compared",
    FA,
    "compara bello y envigado en tapas",
    "city_versus",
    "more",
    "saldo",
    "tapas",
    "",
    "",
    "Bello",
    "Envigado",
)
add(
    "compared",
    FA,
    "donde hay mas canastillas, en cali o en rionegro",
    "city_versus",
    "more",
    "saldo",
    "canastillas",
    "",
    "",
    "Cali",
    "Rionegro",
    style="typo",
)
add("compared", FA, "¿Bello tiene más tapas que Cali?", "city_claim", "more", "tapas", "Bello", "Cali")
add(
    "compared",
    FA,
    "¿hay más clientes en Bello o en Envigado?",
    "city_versus",
    "more",
    "clients",
    None,
    "",
    "",
    "Bello",
    "Envigado",
)
add(
    "compared",
    FA,
    "¿dónde se despacharon más tapas en noviembre, Cali o Medellín?",
    "city_versus",
    "more",
    "units",
    "tapas",
    "dispatch",
    "noviembre",
    "Cali",
    "Medellín",
)
add(
    "compared",
    LV,
    "compara cali con rionegro en canastillas",
    "city_versus",
    "more",
    "saldo",
    "canastillas",
    "",
    "",
    "Cali",
    "Rionegro",
)
# cities just discussed
add(
    "compared",
    FA,
    ["cuantas canastillas hay en medellin", "y en itagui", "compáralas en estibas"],
    "city_versus",
    "more",
    "saldo",
    "estibas",
    "",
    "",
    "Itagüí",
    "Medellín",
)
add(
    "compared",
    FA,
    ["cuantas tapas hay en cali", "y en bello", "compara esos dos"],
    "city_versus",
    "more",
    "saldo",
    "tapas",
    "",
    "",
    "Cali",
    "Bello",
)
add(
    "compared",
    FA,
    ["compara medellín con itagüí en estibas", "y tapas"],
    "city_versus",
    "more",
    "saldo",
    "tapas",
    "",
    "",
    "Itagüí",
    "Medellín",
)
add(
    "compared",
    LV,
    ["cuantas canastillas hay en envigado", "y en sabaneta", "cual tiene mas canastas de leche"],
    "city_versus",
    "more",
    "saldo",
    "canastas de leche",
    "",
    "",
    "Envigado",
    "Sabaneta",
)
