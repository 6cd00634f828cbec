"""What the data commands show (HTML for Telegram): a client with its saldos, the semáforo of expiries.

Numbers, dates, document names and saldos go through `backend.core.spanish` (babel es_CO), so a command
shows them exactly as a free-text answer does: «1.234 canastillas», «-12 estibas ⚠️ (saldo negativo:
revisar datos)», «tecnomecánica · vence el 4 de diciembre (en 3 días)». Every value from the data
passes through `html.escape`. Inputs: the contract's `ClientMatch` (GET /v1/clients) and
`ExpiriesResponse` (GET /v1/expiries).
"""

from __future__ import annotations

from datetime import date
from html import escape

from backend.contract import ClientMatch, ExpiriesResponse, ExpiryItem
from backend.core import spanish

MAX_CLIENTS = 10
"""Clients shown by /saldo (the backend sends at most this many, and the total)."""

MAX_EXPIRIES = 25
"""Semáforo lines shown by /vencimientos unless the admin asks for all of them."""

SEMAFORO_ICONS = {"vencido": "⛔", "rojo": "🔴", "amarillo": "🟡", "verde": "🟢", "sin_documentos": "⚪"}
SEMAFORO_LEGEND = "⛔ vencido · 🔴 0 a 7 días · 🟡 8 a 30 días · 🟢 más de 30 días · ⚪ sin documentos"


def client(match: ClientMatch) -> str:
    """«<b>[412] DISTRIBUIDORA PUERTO CLARO</b> (Barranquilla)» then one «• 298 canastillas» line per
    asset type (negative saldos flagged), or «• Sin saldo de envases.»."""
    head = f"<b>[{escape(match.code)}] {escape(match.name)}</b>"
    if match.city:
        head += f" ({escape(match.city)})"
    lines = [head]
    for row in match.balances:
        singular = row.asset_name or row.asset_code
        plural = row.asset_plural_name or singular
        lines.append("• " + escape(spanish.balance(row.balance, singular, plural)))
    if len(lines) == 1:
        lines.append("• Sin saldo de envases.")
    return "\n".join(lines)


def clients(query: str, matches: list[ClientMatch], total: int) -> str:
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


def expiry(item: ExpiryItem, today: date | None = None) -> str:
    """One semáforo line: «🔴 <b>KLM482</b> · tecnomecánica · vence el 4 de diciembre (en 3 días)»,
    «⛔ <b>ABC123</b> · SOAT · venció el 4 de octubre (hace 58 días)», «⚪ <b>XYZ789</b> · sin
    documentos registrados». The icon follows the backend's status; the year is shown when it is not
    `today`'s."""
    icon = SEMAFORO_ICONS.get(item.status, "•")
    plate = escape(item.plate)
    if item.doc_type is None:
        return f"{icon} <b>{plate}</b> · sin documentos registrados"
    doc = escape(spanish.document_name(item.doc_type))
    day, days = item.expires_on, item.days_remaining
    if day is None or days is None:
        return f"{icon} <b>{plate}</b> · {doc}"
    verb = "venció el" if days < 0 else "vence el"
    when = spanish.date_with_days(day, days, with_year=today is None or day.year != today.year)
    return f"{icon} <b>{plate}</b> · {doc} · {verb} {when}"


def expiries(data: ExpiriesResponse, days: int, *, show_all: bool = False) -> str:
    """The /vencimientos reply: header with today's date, the lines most urgent first (at most
    MAX_EXPIRIES unless `show_all`, then how many more and how to see them), the icons' legend."""
    items, today = data.items, data.today
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
