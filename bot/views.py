"""What the data commands show (HTML for Telegram): a client with its saldos, the semáforo of expiries.

Numbers, dates, document names and saldos go through `backend.core.spanish` (babel es_CO), so a command
shows them exactly as a free-text answer does: «1.234 canastillas», «-12 estibas ⚠️ (saldo negativo:
revisar datos)», «tecnomecánica · vence el 4 de diciembre (en 3 días)». Every value from the data
passes through `html.escape`. Inputs: the contract's `ClientMatch` (GET /v1/clients) and
`ExpiriesResponse` (GET /v1/expiries).
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from html import escape

from backend.contract import ClientMatch, ExpiriesResponse, ExpiryItem, HealthResponse
from backend.core import spanish
from backend.core.text import echoed

MAX_CLIENTS = 10
"""Clients shown by /saldo (the backend sends at most this many, and the total)."""

MAX_EXPIRIES = 25
"""Semáforo lines shown by /vencimientos unless the admin asks for all of them."""

SEMAFORO_ICONS = {
    "vencido": "⛔",
    "rojo": "🔴",
    "amarillo": "🟡",
    "verde": "🟢",
    "sin_documentos": "⚪",
    "incompleto": "⚪",
}
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
            f"Encontré {spanish.number(total)} clientes para «{escape(echoed(query))}»; te muestro "
            f"{spanish.number(len(shown))}. Escribe más del nombre o el código para precisar.\n\n"
        )
    elif total > 1:
        intro = f"Encontré {spanish.number(total)} clientes para «{escape(echoed(query))}»:\n\n"
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
    if item.status == "incompleto":  # a required document not registered: the vehicle cannot work
        return f"{icon} <b>{plate}</b> · sin {doc}"
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
    if data.left_out:  # as the fleet's due lists in a chat: the inactive vehicles' documents are left out
        lines.append(left_out(data))
    lines.append(SEMAFORO_LEGEND)
    return "\n".join(lines)


def expiries_reply(data: ExpiriesResponse, days: int, *, show_all: bool = False) -> str:
    """The /vencimientos reply, HTML: `expiries`, or that nothing is due («Ningún documento vencido ni por
    vencer en los próximos 30 días. ✅»)."""
    if data.items:
        return expiries(data, days, show_all=show_all)
    nothing = f"Ningún documento vencido ni por vencer en los próximos {spanish.plural(days, 'día', 'días')}. ✅"
    return nothing + (f" {escape(left_out(data))}" if data.left_out else "")


def left_out(data: ExpiriesResponse) -> str:
    """«No incluye 1 documento del vehículo inactivo GFT663.», or "" when /vencimientos leaves none out."""
    if not data.left_out:
        return ""
    return spanish.inactive_left_out(len(data.left_out), sorted({i.plate for i in data.left_out}))


# The outcome codes of a failed model call (`ModelHealth.last_failure`), as an admin reads them.
MODEL_FAILURES = {
    "connection": "sin conexión con el proveedor",
    "timeout": "no respondió a tiempo",
    "http_401": "la clave de API no es válida",
    "http_403": "la clave de API no tiene permiso",
    "http_429": "el proveedor limitó el uso",
    "http_529": "el proveedor está sobrecargado",
    "bad_response": "respuesta no válida",
    "empty_answer": "respuesta vacía",
}


def ago(moment: datetime, now: datetime) -> str:
    """«hace menos de 1 min», «hace 12 min», «hace 3 h», «hace 2 días» (moment and now aware)."""
    minutes = max(0, int((now - moment).total_seconds() // 60))
    if minutes < 1:
        return "hace menos de 1 min"
    if minutes < 60:
        return f"hace {minutes} min"
    hours = minutes // 60
    return f"hace {hours} h" if hours < 24 else "hace " + spanish.plural(hours // 24, "día", "días")


def _failure(code: str | None) -> str:
    if code in MODEL_FAILURES:
        return MODEL_FAILURES[code]
    if code and code.startswith("http_5"):
        return f"error del proveedor ({code.removeprefix('http_')})"
    return f"error {code.removeprefix('http_')}" if code else "error"


def model_status(health: HealthResponse, now: datetime | None = None) -> str:
    """/estado's model line from what the backend saw of its latest calls (`HealthResponse.model`), e.g.
    «Modelo de IA: ❌ falló hace 2 min (sin conexión con el proveedor), 3 veces seguidas; mientras tanto
    respondo solo con los datos. Nunca respondió desde que arrancó el servidor.»"""
    model, now = health.model, now or datetime.now(UTC)
    if model is None:  # an older backend: only whether a key is set
        return "Modelo de IA: " + ("✅ configurado" if health.model_configured else _UNCONFIGURED)
    if model.state == "unconfigured":
        return "Modelo de IA: " + _UNCONFIGURED
    if model.state == "unused":
        return "Modelo de IA: configurado; aún sin consultas desde que arrancó el servidor"
    if model.state == "ok" and model.last_ok_at is not None:
        return f"Modelo de IA: ✅ respondió bien {ago(model.last_ok_at, now)}"
    when = ago(model.last_failure_at, now) if model.last_failure_at else "hace poco"
    times = f", {model.failures_in_a_row} veces seguidas" if model.failures_in_a_row > 1 else ""
    last_ok = (
        f"La última respuesta buena fue {ago(model.last_ok_at, now)}."
        if model.last_ok_at
        else "No ha respondido desde que arrancó el servidor."
    )
    return (
        f"Modelo de IA: ❌ falló {when} ({_failure(model.last_failure)}){times}; "
        f"mientras tanto respondo solo con los datos. {last_ok}"
    )


_UNCONFIGURED = "⚠️ sin configurar (respuestas solo con los datos)"
