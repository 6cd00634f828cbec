"""What the expected-answer mixins share: the loaded fixture, list expectations and per-record helpers
(the methods' arguments and results: see `expect`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from datetime import date
from functools import cache

from backend.testing.answers_bank.oracle import (
    DOC_WORDS,
    LIST_CAP,
    TODAY,
    Company,
    Expected,
    Must,
    Row,
    _exp,
    asset_code,
    date_numbers,
    digits,
    es_date,
    load,
    period,
    required_docs,
)

ALL_LINES = 200  # a capped list may say how many lines «todas» shows (answers.render.ALL_LINES)
#: One list line: what it must show, and the numbers it may show.
Item = tuple[Sequence[Must], set[int]]
EMPTY = "answer|not_found"
NONE_SAID = ("no hay", "ningun", "ninguna", "no tiene", "no encontre", "no tengo", "sin", "no hubo", "no ha habido")
# An empty answer must also say what there is none of (a generic «no encontré…» is not an answer).
# A status list may say what «por vencer» means (30 days) and today's date in its header.
TODAY_NUMBERS = frozenset({30, TODAY.day, TODAY.year})
DOCS_WORDS = ("documento", "documentos", "SOAT", "tecnomecánica", "tecnomecánicas", "póliza", "pólizas")


@cache
def companies() -> dict[str, Company]:
    return load()


def _list(
    kind_if_empty: str,
    items: Sequence[Item],
    extra: AbstractSet[int] = frozenset(),
    ordered: bool = True,
    topic: Sequence[Must] = (),
) -> Expected:
    """A capped list: every item's must when it fits in LIST_CAP lines, else the count (or the rest) and,
    when the list has a natural order (`ordered`), its first item. Empty: «no hay …» and the `topic`."""
    if not items:
        return _exp(kind_if_empty, [NONE_SAID, *topic], set(extra))
    numbers = set(extra) | {len(items)}
    for _must, nums in items:
        numbers |= nums
    if len(items) <= LIST_CAP:
        must: list[Must] = [m for item_must, _ in items for m in item_must]
    else:
        numbers |= {LIST_CAP, len(items) - LIST_CAP, ALL_LINES}  # «… y 9 más», «con «todas» al final muestro 200»
        must = [(str(len(items)), str(len(items) - LIST_CAP)), *(items[0][0] if ordered else [])]
    return _exp("answer", must, numbers)


class OracleBase:
    """One company's fixture rows (`c`) and the helpers every subject's expectations use."""

    def __init__(self, slug: str):
        self.c = companies()[slug]

    def _client_numbers(self, code: str) -> set[int]:
        """Numbers a client's label may show: its code and any digits in its name ('*24H*')."""
        return digits(code) | digits(self.c.clients[code]["name"]) if code in self.c.clients else digits(code)

    def _client_nf(self, code: str) -> Expected:
        return _exp("not_found", [code], digits(code))

    def _vehicle_nf(self, plate: str) -> Expected:
        return _exp("not_found", [plate], digits(plate))

    def driver_of(self, plate: str) -> Row | None:
        return next((d for d in self.c.drivers.values() if d["vehicle_plate"] == plate), None)

    def _doc_item(self, d: Row, with_plate: bool = True) -> Item:
        must: list[Must] = [d["plate"]] if with_plate else []
        must += [DOC_WORDS[d["doc_type"]], es_date(d["expires"])]
        return must, digits(d["plate"]) | date_numbers(d["expires"])

    def required(self, plate: str) -> tuple[str, ...]:
        """The document types the vehicle's kind needs to work (`oracle.required_docs`)."""
        return required_docs(self.c.vehicles[plate]["kind"])

    def blocked(self, plate: str) -> bool:
        """A required document of the vehicle missing or expired: it may not work today."""
        docs = {d["doc_type"]: d for d in self.c.docs if d["plate"] == plate}
        return any(t not in docs or docs[t]["days"] < 0 for t in self.required(plate))

    def vehicle_light(self, plate: str) -> str:
        """The vehicle's one semáforo state: «sin» (no document), «vencido» (a required one expired),
        «incompleto» (a required one missing), else the colour of its required document due first."""
        docs = [d for d in self.c.docs if d["plate"] == plate]
        if not docs:
            return "sin"
        needed = [d["days"] for d in docs if d["doc_type"] in self.required(plate)]
        if needed and min(needed) < 0:
            return "vencido"
        if not set(self.required(plate)) <= {d["doc_type"] for d in docs}:
            return "incompleto"
        return "rojo" if min(needed) <= 7 else "amarillo" if min(needed) <= 30 else "verde"

    def moved_units(self, asset: str, kind: str, period_name: str, *codes: str) -> dict[str, int]:
        """The units of `asset` each client got (`kind` dispatch) or returned in the period."""
        asset_type, (start, end) = asset_code(self.c, asset), period(period_name)
        return {
            c: sum(
                abs(m["quantity"])
                for m in self.c.movements
                if m["client_code"] == c
                and m["kind"] == kind
                and m["asset_type"] == asset_type
                and start <= m["at"].date() <= end
            )
            for c in codes
        }

    def _driver(self, doc: str) -> Row:
        return self.c.drivers[doc]

    def _note_numbers(self, number: str, quantities: bool = True) -> set[int]:
        """What a note's label may show (number, client, plate, date and time), and its quantities
        (each line and the totals per kind) when `quantities`."""
        lines = self.c.notes[number]
        first = lines[0]
        nums = digits(number) | self._client_numbers(first["client_code"]) | digits(first["vehicle_plate"])
        nums |= date_numbers(first["at"].date()) | {first["at"].hour, first["at"].minute}
        if quantities:
            nums |= {m["quantity"] for m in lines}
            for kind in ("dispatch", "return"):
                nums |= {sum(m["quantity"] for m in lines if m["kind"] == kind)}
        return nums

    def _docs(self, pred: Callable[[int], bool], doc_type: str | None, active: bool = True) -> list[Row]:
        """The documents of the fleet's due lists: of active vehicles (`active=False`: of the inactive
        ones, which such a list leaves out and names in a last line)."""
        docs = [
            d
            for d in self.c.docs
            if pred(d["days"])
            and (doc_type is None or d["doc_type"] == doc_type)
            and self.c.vehicles[d["plate"]]["active"] == active
        ]
        return sorted(docs, key=lambda d: (d["days"], d["plate"]))

    def _left_out(self, pred: Callable[[int], bool], doc_type: str | None) -> set[int]:
        """Numbers of the «No incluye 1 documento del vehículo inactivo GFT663.» line: how many, the plates."""
        docs = self._docs(pred, doc_type, active=False)
        return {len(docs)} | {n for d in docs for n in digits(d["plate"])} if docs else set()


def days_to(d: date) -> int:
    return (d - TODAY).days
