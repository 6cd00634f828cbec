"""Spanish building blocks of the exact answers: capped lists, quantities, due dates, labels (pure)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date

from backend.answers.model import Exact
from backend.core import spanish
from backend.store.asset_types import AssetType
from backend.store.documents import Document

MAX_LINES = 10
_LEGAL_FORM = re.compile(r"[\s,]+(?:S\.?\s?A\.?\s?S\.?|S\.?\s?A\.?|LTDA\.?|E\.?\s?U\.?)$", re.I)


# «… todas»: the whole list up to this many lines, in as many Telegram messages as it takes (the bot splits
# at 4096 characters: measured, 149 notes of a driver are 4 messages, 200 of the company's November 7); a longer
# list says so and how to narrow
ALL_LINES = 200
KIND_PLURAL = {"motocarro": "motocarros", "furgón": "furgones", "camión": "camiones", "tractocamión": "tractocamiones"}
ALL_HINT = "Escribe la misma pregunta con «todas» al final para verlas."  # remisiones
ALL_HINT_M = "Escribe la misma pregunta con «todos» al final para verlos."  # clientes, conductores, vehículos…
DOCS_HINT = "Escribe «todos» para verlos todos."  # documents due in a period said
_WHOLE_WORD = {ALL_HINT: "todas", ALL_HINT_M: "todos", DOCS_HINT: "todos"}
_NARROW = "para ver el resto, acota la pregunta (un periodo más corto, un cliente, una placa)."
#: answers about the fleet's vehicles, documents and drivers: none of them has a city in the data
_FLEET_INTENTS = (
    "vehicles.",
    "documents.",
    "licences.",
    "drivers.count",
    "drivers.list",
    "drivers.with",
    "fleet.status",
    "fleet.ready",
)
NO_FLEET_CITY = "No guardo en qué ciudad anda cada vehículo o conductor; esto es de toda la flota:"


def without_city(exact: Exact | None, city: str | None) -> Exact | None:
    """`exact` led by «No guardo en qué ciudad…» when a city was said («¿cuáles vencen en Medellín?») of an
    answer about the whole fleet's vehicles, documents or drivers: the city was not applied, so say it."""
    if exact is None or city is None or exact.kind != "answer" or not exact.intent.startswith(_FLEET_INTENTS):
        return exact
    exact.text = f"{NO_FLEET_CITY}\n{exact.text}"
    return exact


def wants_all(tokens: Sequence[str]) -> bool:
    """The question asks for the whole list («remisiones del 310 en noviembre, todas»)."""
    return bool({"todas", "todos", "completa", "completo"} & set(tokens))


def list_limit(tokens: Sequence[str]) -> int:
    """How many lines a list shows: ALL_LINES when every line is asked («… todas»), else MAX_LINES."""
    return ALL_LINES if wants_all(tokens) else MAX_LINES


def _whole_hint(hint: str, limit: int, every: int) -> str:
    """The hint under a capped list, never promising more than `ALL_LINES`: a list asked whole and still
    longer says the most shown and how to narrow; «todas» offered for a longer list says what it shows."""
    if limit >= ALL_LINES:
        return f"Muestro {spanish.number(ALL_LINES)} como máximo: {_NARROW}"
    word = _WHOLE_WORD.get(hint)
    if word and every > ALL_LINES:
        return f"Con «{word}» al final muestro {spanish.number(ALL_LINES)}; {_NARROW}"
    return hint


def capped(
    header: str, lines: Sequence[str], *, more_hint: str = "", limit: int = MAX_LINES, total: int | None = None
) -> str:
    """`header` then at most `limit` bullet lines; the rest as «y N más» (+ `more_hint`, e.g. a command).
    `total`: how many there are when `lines` holds only some (a read capped in SQL), so N = total − shown."""
    shown = [f"• {line}" for line in lines[:limit]]
    every = max(len(lines), total or 0)
    rest = every - len(shown)
    if rest > 0:
        more_hint = _whole_hint(more_hint, limit, every)
        shown.append(f"… y {spanish.number(rest)} más.{(' ' + more_hint) if more_hint else ''}")
    return "\n".join([header, *shown])


def enumeration(items: Sequence[str]) -> str:
    """«a», «a y b», «a, b y c»."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " y " + items[-1]


def quantity(count: int, asset: AssetType) -> str:
    return spanish.balance(count, asset.name, asset.plural)


def plain_quantity(count: int, asset: AssetType) -> str:
    return spanish.plural(count, asset.name, asset.plural)


def company_short(name: str) -> str:
    """«Lácteos del Valle S.A.S.» -> «Lácteos del Valle»."""
    return _LEGAL_FORM.sub("", name).strip() or name


def due_phrase(expires_on: date, days: int, *, with_year: bool) -> str:
    """«vence el 4 de diciembre (en 3 días)», «venció el 4 de octubre (hace 58 días)», «vence hoy»."""
    when = spanish.date_with_days(expires_on, days, with_year=with_year)
    if days == 0:
        return f"vence hoy, {spanish.long_date(expires_on) if with_year else spanish.day_month(expires_on)}"
    return f"{'venció' if days < 0 else 'vence'} el {when}"


def document_line(doc: Document, today: date, *, with_plate: bool = True) -> str:
    """«KLM482 · tecnomecánica · vence el 4 de diciembre (en 3 días)»."""
    if doc.doc_type is None or doc.expires_on is None or doc.days_remaining is None:
        return f"{doc.plate} · sin documentos registrados"
    with_year = doc.expires_on.year != today.year
    parts = ([doc.plate] if with_plate else []) + [
        spanish.document_name(doc.doc_type),
        due_phrase(doc.expires_on, doc.days_remaining, with_year=with_year),
    ]
    return " · ".join(parts)


def document_sentence(doc: Document, today: date) -> str:
    """«La tecnomecánica de KLM482 vence el 4 de diciembre de 2026 (en 3 días).» (`doc` is a document,
    not the row of a vehicle without any: ValueError then)."""
    if doc.doc_type is None or doc.expires_on is None or doc.days_remaining is None:
        raise ValueError(f"{doc.plate} has no document")
    name = spanish.document_name(doc.doc_type)
    article = "La" if doc.doc_type in ("TECNOMECANICA", "POLIZA_RC") else "El"
    return f"{article} {name} de {doc.plate} {due_phrase(doc.expires_on, doc.days_remaining, with_year=True)}."


FEMININE_DOCUMENTS = frozenset({"TECNOMECANICA", "POLIZA_RC"})


def agreeing(doc_type: str, masculine: str) -> str:
    """`masculine` («registrado», «vencido») in the gender of the document type: «registrada» for the
    tecnomecánica and the póliza RC, «registrado» for the SOAT."""
    return masculine[:-1] + "a" if doc_type in FEMININE_DOCUMENTS and masculine.endswith("o") else masculine


#: Sentence openings that are common words (not a name, a code or a plate): lowercased after «Sí:» / «No:».
_COMMON_LEADS = frozenset({"Más", "Menos", "Lo", "La", "El", "Las", "Los", "Hay", "Hubo", "Ninguno", "Ninguna"})


def verdict_led(holds: bool, line: str) -> str:
    """«Sí: más estibas hay en Itagüí …», «No: más canastillas tiene [310] …»: the verdict, then `line` with
    its first word lowercased when it is a common word («[310] …», «Medellín …», «KLM482 …» keep theirs)."""
    first = line.split(" ", 1)[0]
    said = line[:1].lower() + line[1:] if first in _COMMON_LEADS else line
    return f"{'Sí' if holds else 'No'}: {said}"


def document_with_article(doc_type: str) -> str:
    """«el SOAT», «la tecnomecánica», «la póliza RC»."""
    article = "la" if doc_type in ("TECNOMECANICA", "POLIZA_RC") else "el"
    return f"{article} {spanish.document_name(doc_type)}"
