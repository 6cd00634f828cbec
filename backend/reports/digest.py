"""The morning digest of one company: what needs attention today, as short Spanish text.

Content (read through `backend.store` inside `tenant_transaction`, so row-level security scopes it to one company):
active vehicles' documents expired or due within `DOCUMENT_DAYS` (7), active vehicles without a required
document (SOAT, tecnomecánica, póliza RC: none registered, like the fleet status says), drivers' licences
expired or due within `LICENCE_DAYS` (30), and clients with a negative balance (data errors). Each section lists at
most `MAX_LINES` items, then a count of the rest and the command that shows everything. Dates and
numbers are written in Spanish through `backend.core.spanish` (babel, es_CO): «4 de diciembre», «104.019».
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import asyncpg

from backend.core import spanish
from backend.core import vehicle_documents as required_docs
from backend.store import clients as store_clients
from backend.store import companies as store_companies
from backend.store import documents as store_documents
from backend.store import vehicles as store_vehicles

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
class MissingDocuments:
    """An active vehicle without some document its kind requires (`backend.core.vehicle_documents`):
    `doc_types` not registered, in that order; `none` when the vehicle has no document at all."""

    plate: str
    doc_types: tuple[str, ...]
    none: bool = False

    def phrase(self) -> str:
        """«sin documentos registrados», «sin póliza RC», «sin SOAT ni tecnomecánica»."""
        if self.none:
            return "sin documentos registrados"
        names = [spanish.document_name(t) for t in self.doc_types]
        return "sin " + " ni ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)


@dataclass(frozen=True)
class NegativeBalance:
    """A client's negative saldo of one asset type (units, < 0): a data error to correct."""

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
    missing: tuple[MissingDocuments, ...] = ()

    @property
    def has_items(self) -> bool:
        return bool(self.documents or self.missing or self.licences or self.negatives)

    def counts(self) -> dict[str, int]:
        return {
            "documents_expired": sum(i.days < 0 for i in self.documents),
            "documents_due": sum(i.days >= 0 for i in self.documents),
            "vehicles_missing_documents": len(self.missing),
            "licences_expired": sum(i.days < 0 for i in self.licences),
            "licences_due": sum(i.days >= 0 for i in self.licences),
            "negative_balances": len(self.negatives),
        }


def _urgency(item: DueItem) -> tuple[int, int]:
    """Due soon first (fewest days), then expired, most recently expired first: today's news on top."""
    return (0, item.days) if item.days >= 0 else (1, -item.days)


async def fetch_digest(conn: asyncpg.Connection, *, statement_timeout_s: float = 5.0) -> Digest:
    """Read the digest of the transaction's company. `conn` must be inside `tenant_transaction`."""
    timeout = statement_timeout_s
    company = await store_companies.company(conn, statement_timeout_s=timeout)
    docs = await store_documents.documents(conn, max_days=DOCUMENT_DAYS, active_only=True, statement_timeout_s=timeout)
    licences = await store_vehicles.licences_due(
        conn, max_days=LICENCE_DAYS, min_days=None, statement_timeout_s=timeout
    )
    negatives = await store_clients.negative_balances(conn, statement_timeout_s=timeout)
    registered: dict[str, set[str | None]] = {}
    kinds: dict[str, str] = {}
    for d in await store_documents.documents(conn, active_only=True, statement_timeout_s=timeout):
        registered.setdefault(d.plate, set()).update([d.doc_type] if d.doc_type else [])
        kinds[d.plate] = d.kind
    missing = tuple(
        MissingDocuments(plate, lacking, none=not types)
        for plate, types in sorted(registered.items())
        if (lacking := required_docs.missing(kinds[plate], types))
    )
    documents = sorted(
        (
            DueItem(f"{d.plate} · {spanish.document_name(d.doc_type)}", d.expires_on, d.days_remaining)
            for d in docs
            if d.doc_type is not None and d.expires_on is not None and d.days_remaining is not None
        ),
        key=lambda i: (*_urgency(i), i.label),
    )
    drivers = sorted(
        (
            DueItem(d.full_name, d.license_expires_on, d.license_days)
            for d in licences
            if d.license_expires_on is not None and d.license_days is not None
        ),
        key=lambda i: (*_urgency(i), i.label),
    )
    return Digest(
        company.name,
        company.today,
        tuple(documents),
        tuple(drivers),
        tuple(NegativeBalance(c.code, c.name, b.asset.name, b.asset.plural, b.balance) for c, b in negatives),
        missing,
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
        return (
            f"✅ Buenos días. Hoy, {today_es}, no hay documentos ni licencias por vencer, ningún vehículo sin "
            "documentos, ni saldos negativos."
        )
    blocks = [[f"☀️ Buenos días. Resumen del {today_es} — {d.company_name}"]]
    if d.documents:
        blocks.append(
            _section(
                f"📄 Documentos de vehículos: {_count_phrase(d.documents, DOCUMENT_DAYS, False)}",
                [f"• {i.label} · {due_phrase(i.expires_on, i.days, d.today)}" for i in d.documents],
                f"Todos: /vencimientos {DOCUMENT_DAYS}",
            )
        )
    if d.missing:
        # no document is no due date: without this a vehicle that may not work is absent from the digest
        blocks.append(
            _section(
                f"⚪ Vehículos sin documentos obligatorios: {spanish.number(len(d.missing))}",
                [f"• {m.plate} · {m.phrase()}" for m in d.missing],
                "Cuáles no pueden salir: «estado de la flota»",
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
