"""Bank questions of groupings by a dimension (the facts round of session 10): which city, day, week, month,
vehicle — or client, by its delivery notes — has the most or the fewest of a measure: a saldo (cities), the
units dispatched, returned or moved, or the delivery notes; one group (its figure, the next two after it),
the top N, or every group («canastillas por ciudad»). Each failed before: a city asked got the clients
ranked, a day or a vehicle the company's totals or every note of the period."""

from __future__ import annotations

from typing import Any

from backend.testing.answers_bank.questions.bank import FA, LV
from backend.testing.answers_bank.questions.bank import add as bank_add


def add(
    category: str, company: str, chain: str | list[str], method: str, *args: Any, style: str = "plain", **kw: Any
) -> None:
    """`bank.add` with the oracle's `grouped` keywords (`n`, `fewest`, `vehicle_kind`) given by name."""
    by, measure, *rest = args
    asset, movement, period = (*rest, None, None, None)[:3]
    n, fewest, kind = kw.get("n", 1), kw.get("fewest", False), kw.get("vehicle_kind")
    bank_add(category, company, chain, method, by, measure, asset, movement, period, n, fewest, None, kind, style=style)


# which city: the clients' saldos summed per city
add("grouped_city", LV, "¿qué ciudad tiene más canastillas?", "grouped", "city", "saldo", "canastillas")
add("grouped_city", FA, "¿qué ciudad tiene más tapas?", "grouped", "city", "saldo", "tapas")
add("grouped_city", FA, "en que ciudad hay mas estibas", "grouped", "city", "saldo", "estibas", style="typo")
add(
    "grouped_city",
    LV,
    "¿dónde hay menos canastas de leche?",
    "grouped",
    "city",
    "saldo",
    "canastas de leche",
    fewest=True,
)
add("grouped_city", FA, "las 3 ciudades con más canastillas", "grouped", "city", "saldo", "canastillas", n=3)
add("grouped_city", LV, "canastas de leche por ciudad", "grouped", "city", "saldo", "canastas de leche", n=0)
add("grouped_city", FA, "donde hay mas tapas", "grouped", "city", "saldo", "tapas", style="typo")
add(
    "grouped_city",
    FA,
    "¿qué ciudad recibió más canastillas en noviembre?",
    "grouped",
    "city",
    "units",
    "canastillas",
    "dispatch",
    "noviembre",
)
add(
    "grouped_city",
    FA,
    "¿a qué ciudad le despachamos más estibas el mes pasado?",
    "grouped",
    "city",
    "units",
    "estibas",
    "dispatch",
    "mes pasado",
)
# which day, week, month: units or notes of the period grouped by local date
add("grouped_day", LV, "¿qué día se despacharon más canastillas?", "grouped", "day", "units", "canastillas", "dispatch")
add(
    "grouped_day",
    FA,
    "que dia se despacho mas en noviembre",
    "grouped",
    "day",
    "units",
    None,
    "dispatch",
    "noviembre",
    style="typo",
)
add(
    "grouped_day",
    FA,
    "¿qué día devolvieron más tapas en octubre?",
    "grouped",
    "day",
    "units",
    "tapas",
    "return",
    "octubre",
)
add(
    "grouped_day",
    FA,
    "¿qué día movimos más canastillas en octubre?",
    "grouped",
    "day",
    "units",
    "canastillas",
    None,
    "octubre",
)
add(
    "grouped_day",
    FA,
    "los 3 días con más remisiones en noviembre",
    "grouped",
    "day",
    "notes",
    None,
    None,
    "noviembre",
    n=3,
)
add(
    "grouped_day",
    LV,
    "que dia hubo mas remisiones el mes pasado",
    "grouped",
    "day",
    "notes",
    None,
    None,
    "mes pasado",
    style="typo",
)
add(
    "grouped_week",
    LV,
    "¿qué semana se despacharon más canastillas?",
    "grouped",
    "week",
    "units",
    "canastillas",
    "dispatch",
)
add(
    "grouped_week",
    FA,
    "¿qué semana de noviembre devolvieron más estibas?",
    "grouped",
    "week",
    "units",
    "estibas",
    "return",
    "noviembre",
)
add(
    "grouped_month",
    LV,
    "¿qué mes se despacharon más canastillas?",
    "grouped",
    "month",
    "units",
    "canastillas",
    "dispatch",
)
add("grouped_month", FA, "¿cuál fue el mes con más devoluciones?", "grouped", "month", "notes", None, "return")
add(
    "grouped_month",
    FA,
    "¿qué mes se devolvieron menos estibas?",
    "grouped",
    "month",
    "units",
    "estibas",
    "return",
    fewest=True,
)
add("grouped_month", LV, "remisiones por mes", "grouped", "month", "notes", n=0)
# which vehicle: delivery notes or units carried
add("grouped_vehicle", LV, "¿qué vehículo lleva más remisiones?", "grouped", "vehicle", "notes")
add(
    "grouped_vehicle",
    FA,
    "¿qué vehículo hizo más remisiones en noviembre?",
    "grouped",
    "vehicle",
    "notes",
    None,
    None,
    "noviembre",
)
add(
    "grouped_vehicle",
    FA,
    "que placa hizo mas viajes el mes pasado",
    "grouped",
    "vehicle",
    "notes",
    None,
    None,
    "mes pasado",
    style="typo",
)
add(
    "grouped_vehicle",
    FA,
    "¿qué furgón hizo más entregas en noviembre?",
    "grouped",
    "vehicle",
    "notes",
    None,
    None,
    "noviembre",
    vehicle_kind="furgón",
)
add(
    "grouped_vehicle",
    FA,
    "¿qué vehículo hizo menos viajes en noviembre?",
    "grouped",
    "vehicle",
    "notes",
    None,
    None,
    "noviembre",
    fewest=True,
)
add(
    "grouped_vehicle",
    FA,
    "¿qué carro despachó más canastillas en octubre?",
    "grouped",
    "vehicle",
    "units",
    "canastillas",
    "dispatch",
    "octubre",
)
add(
    "grouped_vehicle",
    LV,
    "los 3 vehículos con más remisiones en noviembre",
    "grouped",
    "vehicle",
    "notes",
    None,
    None,
    "noviembre",
    n=3,
)
# which client by its delivery notes (by units it stays the clients' ranking)
add(
    "grouped_client",
    FA,
    "¿qué cliente tuvo más remisiones en noviembre?",
    "grouped",
    "client",
    "notes",
    None,
    None,
    "noviembre",
)
add("grouped_client", LV, "el cliente con más remisiones", "grouped", "client", "notes")
