"""Bank questions of the fresh-user trial (vehicle documents after a list), each kind with the questions
that showed it:

- «¿cuál vence primero?» after a due list named only the first line (KLM482's tecnomecánica, 4 Dec) while
  TPV948's SOAT is due the same day: every document due that first day;
- a period said after a «primero» follow-up («… → ¿cuál vence primero? → ¿y este mes?») answered «Primero
  vence …» with expired documents: the due list again, for the new period;
- «¿qué vence la otra semana?» after a driver's licence repeated the licence: «la otra semana» is next
  week, and a period-bound expiry question is the company's, not the driver's in focus;
- «¿y este mes?» after «¿qué vence esta semana?» answered about a client discussed turns before: the
  period applies to the last question;
- «¿cuál se venció primero?» after the expired list repeated the list: the oldest expired;
- «¿qué SOAT vence primero?» after the expired list gave every SOAT unsorted: «vence primero» (present)
  is the soonest not yet expired, whatever was listed; «se venció primero» (past) the oldest expired.
"""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

# every document due on the first day of the list just given
add("listed_first", FA, ["que vence esta semana", "cual vence primero"], "first_listed", "esta semana")
add("listed_first", FA, ["que vence este mes", "cual vence primero"], "first_listed", "este mes", style="typo")
add("listed_first", FA, ["documentos que vencen este mes", "y cual se vence primero?"], "first_listed", "este mes")
add("listed_first", FA, ["q se vence este mes", "cual se vence primero"], "first_listed", "este mes", style="typo")
# a period after a «primero» follow-up: the due list of that period
add(
    "period_after_first", FA, ["que vence esta semana", "cual vence primero", "y este mes?"], "docs_between", "este mes"
)
add(
    "period_after_first",
    FA,
    ["que vence este mes", "cual vence primero", "y la proxima semana?"],
    "docs_between",
    "proxima semana",
)
add("period_after_first", LV, ["que vence esta semana", "cual vence primero", "y este mes"], "docs_between", "este mes")
# «la otra semana» is next week; a period-bound expiry question is the company's
_DRIVER = ["cuando vence el soat de la mku766", "quien la maneja", "y su cel"]
add("next_week", FA, [*_DRIVER, "que vence la otra semana"], "docs_between", "proxima semana", style="typo")
add(
    "next_week",
    FA,
    ["que vehiculo tiene diego toro", "y cuando vence su licencia", "que vence la otra semana"],
    "docs_between",
    "proxima semana",
    style="typo",
)
add("next_week", FA, "que documentos vencen la otra semana", "docs_between", "proxima semana", style="typo")
add("next_week", FA, ["quien maneja la trx905", "y su licencia", "que vence el otro mes"], "docs_between", "enero 2027")
# the period follow-up applies to the last question, not a client discussed before it
_CLIENTS = ["cuantas canastillas tiene el 412", "y el 976?", "cuantas estibas tiene el 976", "el 310"]
add("period_of_last", LV, [*_CLIENTS, "que vence esta semana", "y este mes"], "docs_between", "este mes")
add("period_of_last", FA, [*_CLIENTS, "que vence este mes", "y la proxima semana"], "docs_between", "proxima semana")
# the oldest expired of an expired list; «vence primero» (present) after it: the soonest not yet expired
add("expired_first", LV, ["documentos vencidos", "cual se vencio primero"], "first_listed", "vencido", style="typo")
add("expired_first", FA, ["documentos vencidos", "cual se vencio primero"], "first_listed", "vencido", style="typo")
add("expired_first", FA, ["soat vencidos", "cual se vencio primero"], "first_listed", "vencido", "SOAT", style="typo")
add("expired_first", LV, ["documentos vencidos", "que soat vence primero"], "first_due", "SOAT", style="typo")
add("expired_first", FA, ["documentos vencidos", "que tecno vence primero"], "first_due", "TECNOMECANICA", style="typo")
