"""What the data commands show (HTML for Telegram): a client with its saldos, the semáforo of expiries.

Numbers, dates, document names and saldos go through `backend.core.spanish` (babel es_CO), so a command
shows them exactly as a free-text answer does: «1.234 canastillas», «-12 estibas ⚠️ (saldo negativo:
revisar datos)», «tecnomecánica · vence el 4 de diciembre (en 3 días)». Every value from the data
passes through `html.escape`. Input shapes: `GET /v1/clients` matches and `GET /v1/expiries` items.
"""

from __future__ import annotations

from datetime import date
from html import escape
from typing import Any

from backend.core import spanish

MAX_CLIENTS = 10
"""Clients shown by /saldo (the backend sends at most this many, and the total)."""

MAX_EXPIRIES = 25
"""Semáforo lines shown by /vencimientos unless the admin asks for all of them."""

SEMAFORO_ICONS = {"vencido": "⛔", "rojo": "🔴", "amarillo": "🟡", "verde": "🟢", "sin_documentos": "⚪"}
SEMAFORO_LEGEND = "⛔ vencido · 🔴 0 a 7 días · 🟡 8 a 30 días · 🟢 más de 30 días · ⚪ sin documentos"


def client(match: dict[str, Any]) -> str:
    """«<b>[412] DISTRIBUIDORA PUERTO CLARO</b> (Barranquilla)» then one «• 298 canastillas» line per
    asset type (negative saldos flagged), or «• Sin saldo de envases.»."""
    head = f"<b>[{escape(str(match.get('code', '')))}] {escape(str(match.get('name', '')))}</b>"
    if match.get("city"):
        head += f" ({escape(str(match['city']))})"
    lines = [head]
    for row in match.get("balances") or []:
        singular = str(row.get("asset_name") or row.get("asset_code") or "")
        plural = str(row.get("asset_plural_name") or singular)
        lines.append("• " + escape(spanish.balance(int(row.get("balance") or 0), singular, plural)))
    if len(lines) == 1:
        lines.append("• Sin saldo de envases.")
    return "\n".join(lines)


def clients(query: str, matches: list[dict[str, Any]], total: int) -> str:
    """The /saldo reply: the clients (at most MAX_CLIENTS), with how many matched when more than one."""
    shown = matches[:MAX_CLIENTS]
    intro = ""
    if total > len(shown):
        intro = (
            f"Encontré {spanish.number(total)} clientes para «{escape(query)}»; te muestro "
            f"{spanish.number(len(shown))}. Escribe más del nombre o el código para precisar.\n\n"
        )
    elif total > 1:
        intro = f"Encontré {spanish.number(total)} clientes para «{escape(query)}»:\n\n"
    return intro + "\n\n".join(client(m) for m in shown)


def _day(value: Any) -> date | None:
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        return None


def expiry(item: dict[str, Any], today: date | None = None) -> str:
    """One semáforo line: «🔴 <b>KLM482</b> · tecnomecánica · vence el 4 de diciembre (en 3 días)»,
    «⛔ <b>ABC123</b> · SOAT · venció el 4 de octubre (hace 58 días)», «⚪ <b>XYZ789</b> · sin
    documentos registrados». The icon follows the backend's status; the year is shown when it is not
    `today`'s."""
    icon = SEMAFORO_ICONS.get(str(item.get("status") or ""), "•")
    plate = escape(str(item.get("plate", "")))
    if item.get("doc_type") is None:
        return f"{icon} <b>{plate}</b> · sin documentos registrados"
    doc = escape(spanish.document_name(str(item["doc_type"])))
    day, days = _day(item.get("expires_on")), item.get("days_remaining")
    if day is None or not isinstance(days, int):
        return f"{icon} <b>{plate}</b> · {doc}"
    verb = "venció el" if days < 0 else "vence el"
    when = spanish.date_with_days(day, days, with_year=today is None or day.year != today.year)
    return f"{icon} <b>{plate}</b> · {doc} · {verb} {when}"


def expiries(data: dict[str, Any], days: int, *, show_all: bool = False) -> str:
    """The /vencimientos reply: header with today's date, the lines most urgent first (at most
    MAX_EXPIRIES unless `show_all`, then how many more and how to see them), the icons' legend."""
    items = data.get("items") or []
    today = _day(data.get("today"))
    head = f"Documentos vencidos o por vencer en {spanish.plural(days, 'día', 'días')}"
    head += f" (hoy {spanish.long_date(today)}):" if today else ":"
    shown = items if show_all else items[:MAX_EXPIRIES]
    lines = [head, *(expiry(i, today) for i in shown)]
    rest = len(items) - len(shown)
    if rest:
        lines.append(
            f"… y {spanish.plural(rest, 'documento más', 'documentos más')}, menos urgentes. "
            f"Para verlos todos: /vencimientos {days} todos"
        )
    lines.append(SEMAFORO_LEGEND)
    return "\n".join(lines)
