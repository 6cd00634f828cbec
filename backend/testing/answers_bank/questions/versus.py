"""Bank questions of comparisons the question names itself, with a verdict (the facts round of session 10):
«¿quién tiene más canastillas, el 412 o el 310?» is the comparison («Más canastillas tiene [310] …: 423,
frente a 298 de [412] …»), «¿el 412 tiene más canastillas que el 310?» the same led by «No:» / «Sí:»; clients
by saldo or by what they got or returned in a period («recibió» of a client: our dispatch), vehicles by model
year or delivery notes, names joined by «o». Each failed before: «quién» read as who carried the client's
latest note, the yes/no form as each saldo with no verdict."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add, each

# which one: the comparison, the one with more first
add(
    "versus",
    FA,
    "¿quién tiene más canastillas, el 412 o el 310?",
    "compare_balance",
    "more",
    "canastillas",
    "412",
    "310",
)
add(
    "versus",
    FA,
    "quien tiene menos estibas el 412 o el 310",
    "compare_balance",
    "less",
    "estibas",
    "412",
    "310",
    style="typo",
)
add(
    "versus",
    FA,
    "¿cuál tiene más tapas, el 632, el 997 o el 414?",
    "compare_balance",
    "more",
    "tapas",
    "632",
    "997",
    "414",
)
add(
    "versus",
    LV,
    "¿quién tiene más canastillas, la vaquita feliz o el 976?",
    "compare_balance",
    "more",
    "canastillas",
    "412",
    "976",
)
add(
    "versus",
    FA,
    "¿cuál recibió más tapas en noviembre, bahía solana o puerto claro?",
    "compare_moved",
    "more",
    "tapas",
    "dispatch",
    "noviembre",
    "310",
    "412",
)
add(
    "versus",
    FA,
    "¿quién devolvió más estibas en octubre, el 632 o el 997?",
    "compare_moved",
    "more",
    "estibas",
    "return",
    "octubre",
    "632",
    "997",
)
add(
    "versus",
    FA,
    "¿qué vehículo hizo más remisiones en noviembre, la QMW158 o la NXM840?",
    "compare_note_counts",
    "vehicle",
    "noviembre",
    "QMW158",
    "NXM840",
)
add("versus", FA, "¿cuál es más nuevo, la KLM482 o la TRX905?", "compare_years", True, "KLM482", "TRX905")
# the yes/no form: the verdict on the first named, then the comparison
add(
    "versus_claim",
    FA,
    "¿el 412 tiene más canastillas que el 310?",
    "claim_balance",
    "more",
    "canastillas",
    "412",
    "310",
)
add(
    "versus_claim",
    FA,
    "el 310 tiene mas canastillas que el 412",
    "claim_balance",
    "more",
    "canastillas",
    "310",
    "412",
    style="typo",
)
add("versus_claim", FA, "¿el 412 tiene menos estibas que el 310?", "claim_balance", "less", "estibas", "412", "310")
add(
    "versus_claim",
    LV,
    "¿el 976 tiene más canastillas que el 664?",
    "claim_balance",
    "more",
    "canastillas",
    "976",
    "664",
)
add(
    "versus_claim",
    FA,
    "¿el 632 recibió más canastillas que el 997 en noviembre?",
    "claim_moved",
    "more",
    "canastillas",
    "dispatch",
    "noviembre",
    "632",
    "997",
)
add("versus_claim", FA, "¿la KLM482 es más nueva que la TRX905?", "claim_years", True, "KLM482", "TRX905")
add(
    "versus_claim",
    LV,
    "¿mercados la bahía tiene más canastillas que la vaquita feliz?",
    "claim_balance",
    "more",
    "canastillas",
    "233",
    "412",
)
# one of the two not found: the found one's figure and the code not found («quién» is no carrier asked)
each(
    "versus_missing",
    FA,
    "¿quién tiene más tapas, el 632 o el 999?",
    ("balance", "632", "tapas"),
    ("balance", "999", "tapas"),
)
each(
    "versus_missing",
    LV,
    "¿quién tiene más canastillas, el 412 o el 310?",
    ("balance", "412", "canastillas"),
    ("balance", "310", "canastillas"),
)
# drivers named together by name («Diego Toro o Marta Londoño»: each group of words one driver)
add(
    "versus_drivers",
    FA,
    "¿quién hizo más entregas en noviembre, Diego Toro o Marta Londoño?",
    "compare_note_counts",
    "driver",
    "noviembre",
    "308967926",
    "493832053",
)
add(
    "versus_drivers",
    FA,
    "¿Diego Toro hizo más entregas que Marta Londoño en noviembre?",
    "claim_note_counts",
    "driver",
    "noviembre",
    "308967926",
    "493832053",
)
add(
    "versus_drivers",
    FA,
    "licencia de diego toro y marta londoño",
    "each",
    ("licence", "308967926"),
    ("licence", "493832053"),
)
