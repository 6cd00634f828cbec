"""Expected answers of the fleet-sets round: what a follow-up asks of the set a fleet question just
described — each vehicle's driver, another grouping, the same count of another subject, the vehicles
(not the documents) counted (see `expect` and `oracle`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from backend.testing.answers_bank.expect_base import EMPTY, TODAY_NUMBERS, _list
from backend.testing.answers_bank.expect_roster import RosterExpect, _plates_numbers
from backend.testing.answers_bank.oracle import (
    DOC_NAMES,
    TODAY,
    Expected,
    Must,
    _exp,
    date_numbers,
    digits,
    es_date,
    period,
    status_of,
)


class SetsExpect(RosterExpect):
    def drivers_of_set(
        self, kind: str | None = None, brand: str | None = None, years: tuple[int | None, int | None] | None = None
    ) -> Expected:
        """Each vehicle of the set (kind / brand / model years) with its driver's name, by plate (capped:
        the count and the first); a vehicle without one said so."""
        rows = sorted(self._vehicles(kind, brand, years), key=lambda v: v["plate"])
        items = []
        for v in rows:
            d = self.driver_of(v["plate"])
            items.append(([v["plate"], d["full_name"] if d else "sin conductor"], digits(v["plate"])))
        numbers = {y for y in years or () if y is not None} | {n for v in rows for n in digits(v["brand_model"])}
        return _list(EMPTY, items, numbers)

    def drivers_count(self) -> Expected:
        """How many drivers (and how many have no vehicle)."""
        without = sum(1 for d in self.c.drivers.values() if not d["vehicle_plate"])
        return _exp("answer", [str(len(self.c.drivers))], {len(self.c.drivers), without})

    def vehicles_with_status(self, status: str) -> Expected:
        """How many active vehicles have a document with `status` (vencido, por vencer), named when 5 or
        fewer; the documents may be counted too."""
        docs = self._docs(lambda days: status_of(days) == status, None)
        plates = sorted({d["plate"] for d in docs})
        listed = plates if len(plates) <= 5 else []
        numbers = {len(plates), len(docs)} | TODAY_NUMBERS | _plates_numbers(listed)
        return _exp("answer", [str(len(plates)), *listed], numbers)

    def no_city(self, method: str, *args: Any) -> Expected:
        """`method`'s answer about the whole fleet, saying first that vehicles and drivers have no city in
        the data (the city asked, «¿cuáles vencen en Medellín?», was not applied)."""
        expected: Expected = getattr(self, method)(*args)
        return replace(expected, must=(("no guardo",), ("ciudad",), *expected.must))

    def vehicle_lacks(self, plate: str) -> Expected:
        """«¿qué le falta a la KLM482?»: each required document not registered or expired, or none (and then each
        one due within 30 days, with its date)."""
        docs = {d["doc_type"]: d for d in self.c.docs if d["plate"] == plate}
        must: list[Must] = [plate]
        numbers = digits(plate)
        for doc_type in self.required(plate):
            d = docs.get(doc_type)
            if d is None:
                must += [(DOC_NAMES[doc_type],), ("no está registrado", "no está registrada", "sin registrar")]
            elif d["days"] < 0:
                must += [(DOC_NAMES[doc_type],), (es_date(d["expires"]),)]
                numbers |= date_numbers(d["expires"]) | {-d["days"]}
        if len(must) == 1:
            must.append(("no le falta nada",))
            soon = [d for t in self.required(plate) if (d := docs[t])["days"] <= 30]  # due soon: said so
            for d in sorted(soon, key=lambda d: d["days"]):
                must += [(DOC_NAMES[d["doc_type"]],), (es_date(d["expires"]),)]
                numbers |= date_numbers(d["expires"])
        return _exp("answer", must, numbers)

    def vehicle_docs_unregistered(self, plate: str) -> Expected:
        """A vehicle's documents listed, and the required ones it has not registered said."""
        expected: Expected = self.vehicle_docs(plate)  # type: ignore[attr-defined]  # VehicleExpect's
        registered = {d["doc_type"] for d in self.c.docs if d["plate"] == plate}
        missing = [(DOC_NAMES[t],) for t in self.required(plate) if t not in registered]
        if not missing:  # a motocarro without a póliza RC: nothing it needs is missing
            return replace(expected, never=("sin registrar",))
        return replace(expected, must=(*expected.must, ("sin registrar",), *missing))

    def _kind_plates(self, kind: str) -> set[str]:
        return {v["plate"] for v in self._vehicles(kind, None, None)}

    def kind_docs(self, kind: str, status: str, doc_type: str | None = None) -> Expected:
        """The documents with `status` of the active vehicles of one kind (vehicles have no city; a kind, yes)."""
        plates = self._kind_plates(kind)
        docs = [d for d in self._docs(lambda days: status_of(days) == status, doc_type) if d["plate"] in plates]
        return _list(EMPTY, [self._doc_item(d) for d in docs], TODAY_NUMBERS, topic=[("documento", "documentos")])

    def kind_with_expired(self, kind: str) -> Expected:
        """How many active vehicles of one kind have an expired document, named when 5 or fewer."""
        plates = self._kind_plates(kind)
        docs = [d for d in self._docs(lambda days: days < 0, None) if d["plate"] in plates]
        having = sorted({d["plate"] for d in docs})
        listed = having if len(having) <= 5 else []
        return _exp("answer", [str(len(having)), *listed], {len(having), len(docs)} | _plates_numbers(listed))

    def first_due(self, doc_type: str | None = None) -> Expected:
        """The active vehicles' document(s) due soonest, not yet expired (every one due that same day)."""
        ahead = self._docs(lambda days: days >= 0, doc_type)
        first = [d for d in ahead if d["days"] == ahead[0]["days"]]
        must: list[Must] = [m for d in first for m in self._doc_item(d)[0]]
        numbers = {n for d in first for n in self._doc_item(d)[1]} | {len(first)}
        return _exp("answer", must, numbers)

    def first_listed(self, selector: str, doc_type: str | None = None) -> Expected:
        """«¿cuál vence primero?» / «¿cuál se venció primero?» of the documents just listed (due in period
        `selector`, or with status «vencido»): every document of that list due on its first day — for an
        expired list the oldest expired (`days` the most negative), for a due list the soonest not expired."""
        if selector == "vencido":
            docs = self._docs(lambda days: days < 0, doc_type)
        else:
            start, end = period(selector)
            lo, hi = max(0, (start - TODAY).days), (end - TODAY).days
            docs = self._docs(lambda days: lo <= days <= hi, doc_type)
        first = [d for d in docs if d["days"] == docs[0]["days"]]
        must: list[Must] = [m for d in first for m in self._doc_item(d)[0]]
        numbers = {n for d in first for n in self._doc_item(d)[1]} | {len(first), abs(first[0]["days"])}
        return _exp("answer", must, numbers)
