"""Independent oracle over the fleet fixture CSVs: the expected exact answer of every bank question.

Pure Python (`csv`, `datetime`), nothing from the product but `backend.core.text.fold`: it reads
`demo-data/fleet/*.csv` as the README's CSV format describes them and computes what an exact answer must
say. Every method returns an `Expected`: `kind` ("answer" | "not_found" | "ambiguous"), `must` (tokens an
exact answer must contain; each entry is a tuple of accepted alternatives), `numbers` (every number
the answer may show) and `never` (phrases it must not say). "Today" is 2026-12-01 (a Tuesday), the
fixture's date; `occurred_at` is already the company's local time, so periods compare local dates
directly; weeks start on Monday.
"""

from __future__ import annotations

import csv
import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from functools import cached_property
from pathlib import Path
from typing import Any

from backend.core.text import fold

FIXTURE = Path(__file__).resolve().parents[3] / "demo-data" / "fleet"
TODAY = date(2026, 12, 1)
MONTHS = (
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
)
DOC_NAMES = {"SOAT": "SOAT", "TECNOMECANICA": "tecnomecánica", "POLIZA_RC": "póliza RC"}
#: What an answer may call a document type (a list's header may use the plural).
DOC_WORDS = {
    "SOAT": ("SOAT",),
    "TECNOMECANICA": ("tecnomecánica", "tecnomecánicas"),
    "POLIZA_RC": ("póliza RC", "pólizas RC"),
}
#: The documents a vehicle needs to work, by kind (README «Data model in short»): SOAT and tecnomecánica
#: always, the póliza RC too except for a motocarro (no motocarro of the fixtures carries one).
NOT_REQUIRED = {"motocarro": ("POLIZA_RC",)}


def required_docs(kind: str) -> tuple[str, ...]:
    """The document types a vehicle of `kind` needs, in SOAT, tecnomecánica, póliza RC order."""
    return tuple(t for t in DOC_NAMES if t not in NOT_REQUIRED.get(fold(kind), ()))


#: One CSV row as a dict, with parsed values added (e.g. `quantity` int, `expires` date).
Row = dict[str, Any]
#: One token an exact answer must show, or a tuple of accepted alternatives.
Must = str | tuple[str, ...]
LIST_CAP = 10  # lists show at most 10 lines, then «y N más»
COMPANY = {"fa": "frigorifico-andino", "lv": "lacteos-del-valle"}


@dataclass(frozen=True)
class Expected:
    """What an exact answer to one question must contain (see the module docstring)."""

    kind: str
    must: tuple[tuple[str, ...], ...] = ()
    numbers: frozenset[int] = field(default_factory=frozenset)
    never: tuple[str, ...] = ()  # phrases the answer must not say («no tengo un cliente»: nothing is missing)
    document: str = ""  # the delivery note whose PDF the response must carry (`AskResponse.document`), if any


def co(n: int) -> str:
    """Colombian grouping: 104019 -> '104.019', -10 -> '-10'."""
    return f"{n:,}".replace(",", ".")


def es_date(d: date) -> str:
    """'4 de diciembre' (the year may follow in an answer; it is allowed through `numbers`)."""
    return f"{d.day} de {MONTHS[d.month - 1]}"


def digits(text: str) -> set[int]:
    """Every run of digits in `text` as an int ('KLM482' -> {482}, '+57 319 567' -> {57, 319, 567})."""
    return {int(run) for run in re.findall(r"\d+", text)}


def date_numbers(d: date) -> set[int]:
    """Numbers a date may show: day and year (and days from today, signed or not)."""
    return {d.day, d.year, abs((d - TODAY).days)}


def _exp(kind: str, must: Sequence[Must], numbers: set[int]) -> Expected:
    norm = tuple(tuple(m) if isinstance(m, tuple) else (m,) for m in must)
    return Expected(kind, norm, frozenset(abs(n) for n in numbers))


@dataclass
class Company:
    slug: str
    name: str
    clients: dict[str, Row] = field(default_factory=dict)
    assets: dict[str, tuple[str, str]] = field(default_factory=dict)  # code -> (singular, plural)
    vehicles: dict[str, Row] = field(default_factory=dict)
    drivers: dict[str, Row] = field(default_factory=dict)  # document number -> row
    docs: list[Row] = field(default_factory=list)
    movements: list[Row] = field(default_factory=list)

    @cached_property
    def balances(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(self.assets, 0))
        for m in self.movements:
            out[m["client_code"]][m["asset_type"]] += m["quantity"]
        return out

    @cached_property
    def notes(self) -> dict[str, list[Row]]:
        out: dict[str, list[Row]] = defaultdict(list)
        for m in self.movements:
            if m["delivery_note"]:
                out[m["delivery_note"]].append(m)
        return dict(out)


def _rows(name: str, base: Path) -> list[Row]:
    with open(base / name, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def load(base: Path = FIXTURE) -> dict[str, Company]:
    """{slug: Company} from the CSV files in `base`."""
    companies = {r["slug"]: Company(r["slug"], r["name"]) for r in _rows("companies.csv", base)}
    for r in _rows("clients.csv", base):
        companies[r["company"]].clients[r["code"]] = r
    for r in _rows("asset_types.csv", base):
        companies[r["company"]].assets[r["code"]] = (r["name"], r["plural_name"])
    for r in _rows("vehicles.csv", base):
        r["active"] = r["active"].strip().lower() == "true"
        companies[r["company"]].vehicles[r["plate"]] = r
    for r in _rows("drivers.csv", base):
        r["license"] = date.fromisoformat(r["license_expires_on"])
        companies[r["company"]].drivers[r["document_number"]] = r
    for r in _rows("vehicle_documents.csv", base):
        r["expires"] = date.fromisoformat(r["expires_on"])
        r["days"] = (r["expires"] - TODAY).days
        companies[r["company"]].docs.append(r)
    for r in _rows("movements.csv", base):
        r["quantity"] = int(r["quantity"])
        r["at"] = datetime.fromisoformat(r["occurred_at"])
        companies[r["company"]].movements.append(r)
    return companies


def status_of(days: int) -> str:
    """vencido (< 0), por vencer (0–30), vigente (> 30)."""
    return "vencido" if days < 0 else "por vencer" if days <= 30 else "vigente"


def asset_code(c: Company, word: str) -> str:
    """'canastillas' / 'CAN' / 'canastas de leche' -> asset code of company `c`."""
    w = fold(word)
    for code, (singular, plural) in c.assets.items():
        if w in (code.lower(), fold(singular), fold(plural)):
            return code
    raise KeyError(word)


def period(spec: str) -> tuple[date, date]:
    """Inclusive local-date range of a period name used by the bank (or «2026-11-16..2026-11-22»: those days)."""
    if ".." in spec:
        first, last = spec.split("..")
        return date.fromisoformat(first), date.fromisoformat(last)
    monday = TODAY - timedelta(days=TODAY.weekday())
    named = {
        "hoy": (TODAY, TODAY),
        "ayer": (TODAY - timedelta(days=1),) * 2,
        "anteayer": (TODAY - timedelta(days=2),) * 2,
        "mañana": (TODAY + timedelta(days=1),) * 2,
        "esta semana": (monday, monday + timedelta(days=6)),
        "semana pasada": (monday - timedelta(days=7), monday - timedelta(days=1)),
        "proxima semana": (monday + timedelta(days=7), monday + timedelta(days=13)),
        "este mes": (TODAY.replace(day=1), date(2026, 12, 31)),
        "mes pasado": (date(2026, 11, 1), date(2026, 11, 30)),
        "octubre": (date(2026, 10, 1), date(2026, 10, 31)),
        "noviembre": (date(2026, 11, 1), date(2026, 11, 30)),
        "septiembre": (date(2026, 9, 1), date(2026, 9, 30)),
        "agosto": (date(2026, 8, 1), date(2026, 8, 31)),
        "29 noviembre": (date(2026, 11, 29), date(2026, 11, 29)),
        "28 noviembre": (date(2026, 11, 28), date(2026, 11, 28)),
        "23-29 noviembre": (date(2026, 11, 23), date(2026, 11, 29)),
        "16-30 noviembre": (date(2026, 11, 16), date(2026, 11, 30)),
        "1-10 octubre": (date(2026, 10, 1), date(2026, 10, 10)),
        "1-15 noviembre": (date(2026, 11, 1), date(2026, 11, 15)),
        "20 noviembre": (date(2026, 11, 20), date(2026, 11, 20)),
        "proximos 15": (TODAY, TODAY + timedelta(days=15)),
        "proximos 7": (TODAY, TODAY + timedelta(days=7)),
        "todo": (date(1900, 1, 1), date(2200, 12, 31)),
        "este año hasta hoy": (date(2026, 1, 1), TODAY),
        "año pasado": (date(2025, 1, 1), date(2025, 12, 31)),
        "1 enero-30 noviembre": (date(2026, 1, 1), date(2026, 11, 30)),
        "este año": (date(2026, 1, 1), date(2026, 12, 31)),
        "febrero-mayo": (date(2026, 2, 1), date(2026, 5, 31)),
        "15 marzo-20 agosto": (date(2026, 3, 15), date(2026, 8, 20)),
        "octubre 2025-marzo": (date(2025, 10, 1), date(2026, 3, 31)),
        "proximos 30": (TODAY, TODAY + timedelta(days=30)),
        "enero 2027": (date(2027, 1, 1), date(2027, 1, 31)),
        "proximo año": (date(2027, 1, 1), date(2027, 12, 31)),
    }
    return named[spec]
