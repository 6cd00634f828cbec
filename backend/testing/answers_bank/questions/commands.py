"""Bank chains that follow a command: `/saldo Q` and `/vencimientos N` leave the pair the bot stores
(`bot.command_memory`) and the next question follows on it — the client's city or latest driver after
/saldo, the document at a place of the /vencimientos list (read again when the memory cut it) — and the
question /vencimientos stands for in memory, asked in words: the expired documents with those due within
the days said.
"""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# after /saldo: the client found is the focus
add("after_command", FA, ["/saldo 412", "¿y en qué ciudad queda?"], "city", "412")
add("after_command", LV, ["/saldo 500", "en que ciudad esta"], "city", "500", style="typo")
add("after_command", FA, ["/saldo 310", "¿quién le llevó la última remisión?"], "last_driver", "310")
add("after_command", LV, ["/saldo 412", "¿y cuántas canastillas tiene?"], "balance", "412", "canastillas")
# after /vencimientos: the document at a place of that list
add("after_command", FA, ["/vencimientos 10", "¿quién maneja el primero?"], "listed_doc", "hasta 10", None, 1, "driver")
add("after_command", FA, ["/vencimientos 10", "¿y el segundo?"], "listed_doc", "hasta 10", None, 2)
add("after_command", LV, ["/vencimientos 15", "el primero"], "listed_doc", "hasta 15", None, 1)
add("after_command", LV, ["/vencimientos 15", "quien maneja el segundo"], "listed_doc", "hasta 15", None, 2, "driver")
add("after_command", FA, ["/vencimientos 10", "quien maneja el ultimo"], "listed_doc", "hasta 10", None, -1, "driver")
add("after_command", FA, ["/vencimientos 10", "¿cuál es el último?"], "listed_doc", "hasta 10", None, -1)
add("after_command", FA, ["/vencimientos 10", "¿y el último?"], "listed_doc", "hasta 10", None, -1)
add("after_command", LV, ["/vencimientos 30", "el último"], "listed_doc", "hasta 30", None, -1)
add(
    "after_command",
    LV,
    ["/vencimientos 30", "y el penultimo quien lo maneja"],
    "listed_doc",
    "hasta 30",
    None,
    -2,
    "driver",
)
# the question /vencimientos stands for, in words: expired ones included
add("due_within", FA, "documentos vencidos o por vencer en los próximos 10 días", "docs_within", 10)
add("due_within", LV, "¿qué documentos están vencidos o por vencer en los próximos 15 días?", "docs_within", 15)
add("due_within", FA, "soat vencidos o por vencer en los proximos 20 dias", "docs_within", 20, "SOAT", style="typo")
add("due_within", LV, "¿qué está vencido o por vencer en los próximos 30 días?", "docs_within", 30)
