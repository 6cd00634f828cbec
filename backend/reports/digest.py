"""The morning digest of one company: what needs attention today, as short Spanish text.

Content (all read inside `tenant_transaction`, so row-level security scopes it to one company):
active vehicles' documents expired or due within `DOCUMENT_DAYS` (7), drivers' licences expired or due
within `LICENCE_DAYS` (30), and clients with a negative balance (data errors). Each section lists at
most `MAX_LINES` items, then a count of the rest and the command that shows everything. Dates and
numbers are written in Spanish through `backend.core.spanish` (babel, es_CO): «4 de diciembre», «104.019».
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import asyncpg

from backend.core import spanish

DOCUMENT_DAYS = 7
LICENCE_DAYS = 30
MAX_LINES = 6


def date_in_year(day: date, today: date) -> str:
    """«4 de diciembre» within `today`'s year, else «4 de enero de 2027»."""
    return spanish.day_month(day) if day.year == today.year else spanish.long_date(day)


def due_phrase(expires_on: date, days: int, today: date) -> str:
    """«vence hoy, 1 de diciembre», «vence el 4 de diciembre (en 3 días)», «venció el 27 de noviembre
    (hace 4 días)»."""
    when = date_in_year(expires_on, today)
    if days == 0:
        return f"vence hoy, {when}"
    return f"{'venció' if days < 0 else 'vence'} el {when} ({spanish.days_relative(days)})"


@dataclass(frozen=True)
class DueItem:
    """A document or licence: `label` (plate · document, or driver's name), `expires_on`, `days` left
    (negative = expired that many days ago)."""

    label: str
    expires_on: date
    days: int


@dataclass(frozen=True)
class NegativeBalance:
    client_code: str
    client_name: str
    asset_name: str
    asset_plural_name: str
    balance: int


@dataclass(frozen=True)
class Digest:
    """One company's digest for `today` (its local date). `has_items` is False when nothing is due."""

    company_name: str
    today: date
    documents: tuple[DueItem, ...]
    licences: tuple[DueItem, ...]
    negatives: tuple[NegativeBalance, ...]

    @property
    def has_items(self) -> bool:
        return bool(self.documents or self.licences or self.negatives)

    def counts(self) -> dict[str, int]:
        return {
            "documents_expired": sum(i.days < 0 for i in self.documents),
            "documents_due": sum(i.days >= 0 for i in self.documents),
            "licences_expired": sum(i.days < 0 for i in self.licences),
            "licences_due": sum(i.days >= 0 for i in self.licences),
            "negative_balances": len(self.negatives),
        }


def _urgency(item: DueItem) -> tuple[int, int]:
    """Due soon first (fewest days), then expired, most recently expired first: today's news on top."""
    return (0, item.days) if item.days >= 0 else (1, -item.days)


async def fetch_digest(conn: asyncpg.Connection, *, statement_timeout_s: float = 5.0) -> Digest:
    """Read the digest of the transaction's company. `conn` must be inside `tenant_transaction`."""
    company = await conn.fetchrow(
        "SELECT name, fleetops_today(timezone) AS today FROM companies", timeout=statement_timeout_s
    )
    today: date = company["today"]
    docs = await conn.fetch(
        """SELECT plate, doc_type, expires_on, days_remaining FROM document_expiries
           WHERE active AND document_id IS NOT NULL AND days_remaining <= $1""",
        DOCUMENT_DAYS,
        timeout=statement_timeout_s,
    )
    licences = await conn.fetch(
        """SELECT full_name, license_expires_on FROM drivers
           WHERE license_expires_on IS NOT NULL AND license_expires_on - $1::date <= $2""",
        today,
        LICENCE_DAYS,
        timeout=statement_timeout_s,
    )
    negatives = await conn.fetch(
        """SELECT client_code, client_name, asset_name, asset_plural_name, balance FROM client_balances
           WHERE balance < 0 ORDER BY balance, client_code, asset_code""",
        timeout=statement_timeout_s,
    )
    documents = sorted(
        (
            DueItem(f"{r['plate']} · {spanish.document_name(r['doc_type'])}", r["expires_on"], r["days_remaining"])
            for r in docs
        ),
        key=lambda i: (*_urgency(i), i.label),
    )
    drivers = sorted(
        (DueItem(r["full_name"], r["license_expires_on"], (r["license_expires_on"] - today).days) for r in licences),
        key=lambda i: (*_urgency(i), i.label),
    )
    return Digest(
        company["name"],
        today,
        tuple(documents),
        tuple(drivers),
        tuple(
            NegativeBalance(
                r["client_code"], r["client_name"], r["asset_name"], r["asset_plural_name"], int(r["balance"])
            )
            for r in negatives
        ),
    )


def _count_phrase(items: tuple[DueItem, ...], within: int, feminine: bool) -> str:
    expired = sum(i.days < 0 for i in items)
    due = len(items) - expired
    word = ("vencida" if feminine else "vencido") + ("" if expired == 1 else "s")
    parts = [f"{expired} {word}"] if expired else []
    if due:
        parts.append(f"{due} por vencer en {spanish.plural(within, 'día', 'días')}")
    return " y ".join(parts)


def _section(head: str, lines: list[str], hint: str, *, always_hint: bool = False) -> list[str]:
    """`head`, at most MAX_LINES lines, then «… y N más.» and `hint` when cut (or `always_hint`)."""
    shown = lines[:MAX_LINES]
    out = [head, *shown]
    if len(lines) > len(shown):
        out.append(f"… y {len(lines) - len(shown)} más. {hint}")
    elif always_hint:
        out.append(hint)
    return out


def render_digest(d: Digest) -> str:
    """The digest as plain text (no markup): one line when nothing is due, else one block per section."""
    today_es = spanish.weekday_date(d.today)
    if not d.has_items:
        return f"✅ Buenos días. Hoy, {today_es}, no hay documentos ni licencias por vencer, ni saldos negativos."
    blocks = [[f"☀️ Buenos días. Resumen del {today_es} — {d.company_name}"]]
    if d.documents:
        blocks.append(
            _section(
                f"📄 Documentos de vehículos: {_count_phrase(d.documents, DOCUMENT_DAYS, False)}",
                [f"• {i.label} · {due_phrase(i.expires_on, i.days, d.today)}" for i in d.documents],
                f"Todos: /vencimientos {DOCUMENT_DAYS}",
            )
        )
    if d.licences:
        blocks.append(
            _section(
                f"🪪 Licencias de conducción: {_count_phrase(d.licences, LICENCE_DAYS, True)}",
                [f"• {i.label} · {due_phrase(i.expires_on, i.days, d.today)}" for i in d.licences],
                "Pregúntame «¿qué licencias vencen este mes?»",
            )
        )
    if d.negatives:
        blocks.append(
            _section(
                f"⚠️ Saldos negativos (errores de datos por corregir): {spanish.number(len(d.negatives))}",
                [
                    f"• [{n.client_code}] {n.client_name} · "
                    f"{spanish.plural(n.balance, n.asset_name, n.asset_plural_name)}"
                    for n in d.negatives
                ],
                "Detalle de cada cliente: /saldo CÓDIGO",
                always_hint=True,
            )
        )
    return "\n\n".join("\n".join(block) for block in blocks)
