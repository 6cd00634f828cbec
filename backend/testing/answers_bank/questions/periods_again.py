"""Bank questions of the follow-up chains round (session 10), relative periods: a follow-up's period moved
from the one just answered — «¿y la anterior?», «¿y la semana antes?», «¿y el mes anterior?», «dos semanas
antes», «¿y el mes siguiente?» — and «la semana que pasó» / «la semana antepasada» read from today."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV, add

_WEEK_BEFORE = "2026-11-16..2026-11-22"  # the week before last week (23–29 Nov 2026)
_LAST_WEEK = "cuantas canastillas se despacharon la semana pasada?"

# the week before the week just answered, the unit said or not
add("period_back", FA, [_LAST_WEEK, "y la anterior?"], "moved_in", "canastillas", "dispatch", _WEEK_BEFORE)
add(
    "period_back",
    FA,
    ["cuantas estibas se despacharon la semana pasada?", "y la semana antes?"],
    "moved_in",
    "estibas",
    "dispatch",
    _WEEK_BEFORE,
)
add(
    "period_back",
    FA,
    ["cuantas tapas se despacharon la semana pasada", "y la semana anterior?"],
    "moved_in",
    "tapas",
    "dispatch",
    _WEEK_BEFORE,
)
add(
    "period_back",
    FA,
    [_LAST_WEEK, "y la anterior?", "y la anterior?"],
    "moved_in",
    "canastillas",
    "dispatch",
    "2026-11-09..2026-11-15",
)
add(
    "period_back", FA, [_LAST_WEEK, "y la semana antes?", "y estibas?"], "moved_in", "estibas", "dispatch", _WEEK_BEFORE
)
add(
    "period_back",
    FA,
    [_LAST_WEEK, "y dos semanas antes?"],
    "moved_in",
    "canastillas",
    "dispatch",
    "2026-11-09..2026-11-15",
)
add(
    "period_back",
    LV,
    ["cuantas canastas de leche se despacharon la semana pasada", "y la anterior?"],
    "moved_in",
    "canastas de leche",
    "dispatch",
    _WEEK_BEFORE,
)
# asked again in full: the same period read afresh is the one just answered, so «anterior» is before it
add(
    "period_back",
    FA,
    [_LAST_WEEK, "cuantas canastillas se despacharon la semana anterior?"],
    "moved_in",
    "canastillas",
    "dispatch",
    _WEEK_BEFORE,
)

# the month before (or after) the month just answered, or before the month of the week just answered
add(
    "period_back",
    FA,
    ["cuantas canastillas despachamos en noviembre", "y el mes anterior?"],
    "moved_in",
    "canastillas",
    "dispatch",
    "octubre",
)
add(
    "period_back",
    FA,
    ["cuantas tapas despachamos en noviembre", "y el anterior?"],
    "moved_in",
    "tapas",
    "dispatch",
    "octubre",
)
add(
    "period_back",
    LV,
    ["cuantas canastillas se devolvieron en noviembre", "y el mes anterior"],
    "moved_in",
    "canastillas",
    "return",
    "octubre",
)
add("period_back", FA, [_LAST_WEEK, "y el mes anterior?"], "moved_in", "canastillas", "dispatch", "octubre")
add(
    "period_back",
    FA,
    ["cuantas estibas se despacharon en octubre", "y el mes siguiente?"],
    "moved_in",
    "estibas",
    "dispatch",
    "noviembre",
)
add(
    "period_back",
    FA,
    ["cuantas estibas se despacharon el 28 de noviembre", "y el dia anterior?"],
    "moved_in",
    "estibas",
    "dispatch",
    "2026-11-27..2026-11-27",
)
add(
    "period_back",
    FA,
    ["cuantas remisiones tuvo el 412 en noviembre?", "y la anterior?"],
    "client_note_count",
    "412",
    "octubre",
)
add("period_back", FA, ["que documentos vencen este mes", "y el siguiente?"], "docs_between", "enero 2027")

# «la semana que pasó», «la semana antepasada», «el mes que pasó»: from today (never this week or month)
add(
    "period_said",
    FA,
    "cuantas canastillas se despacharon la semana que paso?",
    "moved_in",
    "canastillas",
    "dispatch",
    "semana pasada",
)
add(
    "period_said",
    LV,
    "cuantas canastas de leche se despacharon la semana que pasó",
    "moved_in",
    "canastas de leche",
    "dispatch",
    "semana pasada",
)
add(
    "period_said",
    FA,
    "cuantas estibas se despacharon la semana antepasada",
    "moved_in",
    "estibas",
    "dispatch",
    _WEEK_BEFORE,
)
add("period_said", FA, "cuantas tapas se devolvieron el mes que paso", "moved_in", "tapas", "return", "mes pasado")
add(
    "period_said",
    LV,
    "cuantas canastillas se despacharon el mes antepasado",
    "moved_in",
    "canastillas",
    "dispatch",
    "octubre",
)
