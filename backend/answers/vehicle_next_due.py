"""«¿cuál se vence primero?» right after one vehicle's documents («Documentos de TRX905: …»): that vehicle's
next document not yet expired, with the ones already expired said too; «¿cuál se venció primero?» its oldest
expired, «¿cuál vence de último?» the one due last. A list of the fleet's documents is `listed_first`'s."""

from __future__ import annotations

import re

from backend.answers import render as r
from backend.answers.licence_order import asks_step
from backend.answers.listed_first import asks_first
from backend.answers.model import Ask, Exact
from backend.core import spanish
from backend.core.history import Turn
from backend.store import documents as store_documents
from backend.store import vehicles as store_vehicles
from backend.store.documents import Document
from backend.understanding.parse import Question

_ONE_VEHICLE = re.compile(r"^Documentos de ([A-Z]{3}[0-9]{2}[0-9A-Z]):")
_NEXT_GIVEN = re.compile(
    r"^De ([A-Z]{3}[0-9]{2}[0-9A-Z]), lo próximo en vencer es (?:el|la) (SOAT|tecnomecánica|póliza RC):"
)


def of_vehicle_listed(q: Question, turns: list[Turn]) -> tuple[str, str] | None:
    """(plate, how) when `q` asks the first / last of the one vehicle's documents the latest answer listed,
    or «¿y después?» right after its next one was given («after:tecnomecánica»)."""
    step = _NEXT_GIVEN.match(turns[-1].a) if turns else None
    if step is not None and asks_step(q):
        return step.group(1), f"after:{step.group(2)}"
    m = _ONE_VEHICLE.match(turns[-1].a) if turns else None
    how = asks_first(q) if m else None
    return (m.group(1), how) if m and how else None


def _named(d: Document) -> str:
    return r.document_with_article(d.doc_type or "")


def _when(d: Document, today_year: int) -> str:
    assert d.expires_on is not None and d.days_remaining is not None
    return spanish.date_with_days(d.expires_on, d.days_remaining, with_year=d.expires_on.year != today_year)


async def answer(ask: Ask, plate: str, how: str) -> Exact:
    """The vehicle's document `how` asks (`listed_first.asks_first`: ahead, past, oldest, latest)."""
    ids = await store_vehicles.vehicle_ids(ask.conn, plates=[plate])
    docs = await store_documents.documents(ask.conn, vehicle_ids=list(ids.values()))
    docs = sorted((d for d in docs if d.days_remaining is not None), key=lambda d: d.days_remaining or 0)
    year = ask.company.today.year
    expired = [d for d in docs if (d.days_remaining or 0) < 0]
    ahead = [d for d in docs if (d.days_remaining or 0) >= 0]
    if not docs:
        return Exact(f"{plate} no tiene documentos registrados.", intent="documents.first")
    if how == "latest":
        last = docs[-1]
        verb = "venció" if (last.days_remaining or 0) < 0 else "vence"
        return Exact(
            f"De {plate}, lo último en vencer es {_named(last)}: {verb} el {_when(last, year)}.",
            intent="documents.last",
        )
    if how == "past" or (how == "oldest" and expired):
        if not expired:
            return Exact(f"Ningún documento de {plate} está vencido.", intent="documents.first")
        first = expired[0]
        return Exact(
            f"De {plate}, el primero en vencerse fue {_named(first)}: venció el {_when(first, year)}.",
            intent="documents.first",
        )
    if how.startswith("after:"):  # «¿y después?»: the one due after the one just given
        given = next((d for d in ahead if spanish.document_name(d.doc_type or "") == how.removeprefix("after:")), None)
        later = ahead[ahead.index(given) + 1 :] if given is not None else []
        if not later:
            return Exact(
                f"Después de {_named(given) if given else 'ese'} no vence otro documento de {plate}.",
                intent="documents.next",
            )
        return Exact(
            f"Después vence {_named(later[0])} de {plate}: el {_when(later[0], year)}.", intent="documents.next"
        )
    said = [f"{_named(d)} el {_when(d, year)}" for d in expired]
    already = f"{'Ya venció' if len(expired) == 1 else 'Ya vencieron'} {r.enumeration(said)}." if expired else ""
    if not ahead:
        return Exact(
            f"Todos los documentos de {plate} están vencidos: {r.enumeration(said)}.", intent="documents.first"
        )
    first = ahead[0]
    text = f"De {plate}, lo próximo en vencer es {_named(first)}: vence el {_when(first, year)}."
    return Exact(f"{text} {already}".strip(), intent="documents.first", confident=True)
