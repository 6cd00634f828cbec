"""Bank questions of the follow-up chains round (session 10), the question's own kind over a stale topic:
units or movements asked right after the company's licences or documents are the company's (never the
driver or vehicle that list named), and «¿y este mes?» right after /vencimientos (`/vencimientos N`, the pair
the bot remembers) is the documents due this month, never the client discussed before it."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

_EXPIRED_LICENCE = "quien tiene la licencia vencida?"

# movements after the company's licences or documents: the company's movements
add("kind_over_topic", FA, [_EXPIRED_LICENCE, "y cuanto se despacho ayer?"], "moved_all", "dispatch", "ayer")
add("kind_over_topic", LV, [_EXPIRED_LICENCE, "y cuanto se despacho ayer?"], "moved_all", "dispatch", "ayer")
add(
    "kind_over_topic",
    FA,
    [_EXPIRED_LICENCE, "y los despachos de la semana pasada?"],
    "moved_all",
    "dispatch",
    "semana pasada",
)
add(
    "kind_over_topic",
    FA,
    ["licencias que vencen este mes", "y cuanto se despacho ayer?"],
    "moved_all",
    "dispatch",
    "ayer",
)
add("kind_over_topic", FA, [_EXPIRED_LICENCE, "y despachos?"], "moved_all", "dispatch", "todo")
add("kind_over_topic", FA, ["licencias que vencen este mes", "y despachos?"], "moved_all", "dispatch", "todo")
add("kind_over_topic", FA, ["que documentos vencen esta semana", "y despachos?"], "moved_all", "dispatch", "todo")
add("kind_over_topic", LV, ["que documentos vencen esta semana", "y devoluciones?"], "moved_all", "return", "todo")

# «¿y este mes?» right after /vencimientos: the documents due this month (the command is remembered)
add("after_expiries", FA, ["saldo del 412", "/vencimientos 30", "y este mes?"], "docs_between", "este mes")
add("after_expiries", LV, ["saldo del 412", "/vencimientos 30", "y este mes?"], "docs_between", "este mes")
add("after_expiries", FA, ["quien maneja la trx905", "/vencimientos 15", "y este mes?"], "docs_between", "este mes")
add(
    "after_expiries",
    FA,
    ["cuantas canastillas se despacharon la semana pasada?", "/vencimientos 30", "y en enero?"],
    "docs_between",
    "enero 2027",
)
