"""Bank questions of a grouping asked again with one thing changed (the facts round of session 10, see
`groupings`): «¿y en octubre?», «¿y estibas?», «¿y menos?» right after «¿qué día se despacharon más canastillas
en noviembre?» is the same grouping; «¿quién lo maneja?» after the vehicle found is that one's driver. Each
failed before: the follow-up got the clients ranked."""

from __future__ import annotations

from backend.testing.answers_bank.questions.bank import FA, LV
from backend.testing.answers_bank.questions.bank import add as bank_add
from backend.testing.answers_bank.questions.groupings import add

# a grouping asked again with one thing changed (`grouping_again`): the period, the asset, the direction, a city
_DAY_NOV = "¿qué día se despacharon más canastillas en noviembre?"
add("grouped_again", FA, [_DAY_NOV, "¿y en octubre?"], "grouped", "day", "units", "canastillas", "dispatch", "octubre")
add(
    "grouped_again",
    FA,
    [_DAY_NOV, "¿y en octubre?", "¿y estibas?"],
    "grouped",
    "day",
    "units",
    "estibas",
    "dispatch",
    "octubre",
)
add(
    "grouped_again",
    FA,
    [_DAY_NOV, "¿y en octubre?", "¿y estibas?", "¿y menos?"],
    "grouped",
    "day",
    "units",
    "estibas",
    "dispatch",
    "octubre",
    fewest=True,
)
add("grouped_again", FA, ["¿qué ciudad tiene más tapas?", "¿y estibas?"], "grouped", "city", "saldo", "estibas")
add(
    "grouped_again",
    FA,
    ["¿qué ciudad tiene más tapas?", "¿y estibas?", "y menos"],
    "grouped",
    "city",
    "saldo",
    "estibas",
    fewest=True,
)
add(
    "grouped_again",
    LV,
    ["¿qué mes se despacharon más canastillas?", "¿y canastas de leche?"],
    "grouped",
    "month",
    "units",
    "canastas de leche",
    "dispatch",
)
add(
    "grouped_again",
    FA,
    ["¿qué vehículo hizo más remisiones en noviembre?", "y en octubre"],
    "grouped",
    "vehicle",
    "notes",
    None,
    None,
    "octubre",
    style="typo",
)
bank_add(
    "grouped_again",
    FA,
    ["¿qué vehículo hizo más remisiones en noviembre?", "¿quién lo maneja?"],
    "vehicle",
    "QMW158",
    "driver",
)
