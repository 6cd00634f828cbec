"""Expected answers about documents and licences in a period or with a status (see `expect` and `oracle`)."""

from __future__ import annotations

from backend.testing.answers_bank.expect_base import DOCS_WORDS, EMPTY, TODAY_NUMBERS, OracleBase, _list
from backend.testing.answers_bank.oracle import (
    TODAY,
    Expected,
    Row,
    _exp,
    date_numbers,
    digits,
    es_date,
    period,
    status_of,
)


class DocumentExpect(OracleBase):
    def docs_between(self, period_name: str, doc_type: str | None = None) -> Expected:
        start, end = period(period_name)
        lo, hi = (start - TODAY).days, (end - TODAY).days
        docs = self._docs(lambda days: lo <= days <= hi, doc_type)
        extra = date_numbers(start) | date_numbers(end) | self._left_out(lambda days: lo <= days <= hi, doc_type)
        return _list(EMPTY, [self._doc_item(d) for d in docs], extra, topic=[DOCS_WORDS])

    def docs_status(self, status: str, doc_type: str | None = None, count_only: bool = False) -> Expected:
        docs = self._docs(lambda days: status_of(days) == status, doc_type)
        left_out = self._left_out(lambda days: status_of(days) == status, doc_type)
        if count_only:
            plates = {d["plate"] for d in docs}
            numbers = {len(docs), len(plates)} | TODAY_NUMBERS | left_out
            return _exp("answer", [(str(len(docs)), str(len(plates)))], numbers)
        return _list(EMPTY, [self._doc_item(d) for d in docs], TODAY_NUMBERS | left_out, topic=[DOCS_WORDS])

    def docs_within(self, days: int, doc_type: str | None = None) -> Expected:
        """«documentos vencidos o por vencer en los próximos N días»: the expired and those due within `days`."""
        docs = self._docs(lambda left: left <= days, doc_type)
        left_out = self._left_out(lambda left: left <= days, doc_type)
        return _list(EMPTY, [self._doc_item(d) for d in docs], TODAY_NUMBERS | left_out | {days}, topic=[DOCS_WORDS])

    def licences(self, status: str) -> Expected:
        drivers = sorted(
            (d for d in self.c.drivers.values() if status_of((d["license"] - TODAY).days) == status),
            key=lambda d: d["license"],
        )
        # each line may name the vehicle the driver drives; a count may say of how many drivers
        items = [
            ([d["full_name"], es_date(d["license"])], date_numbers(d["license"]) | digits(d["vehicle_plate"]))
            for d in drivers
        ]
        return _list(EMPTY, items, TODAY_NUMBERS | {len(self.c.drivers)}, topic=[("licencia", "licencias")])

    def listed_doc(self, selector: str, doc_type: str | None, position: int, then: str = "doc") -> Expected:
        """About the document at `position` (1 = first) of the list of documents with status `selector`
        («vencido», «por vencer»), due in period `selector`, or expired or due within N days («hasta N»):
        `then` «doc» its due date, «driver» who drives its vehicle, «phone» that driver's phone."""
        if selector in ("vencido", "por vencer", "vigente"):
            docs = self._docs(lambda days: status_of(days) == selector, doc_type)
        elif selector.startswith("hasta "):  # /vencimientos N: expired or due within N days
            docs = self._docs(lambda days: days <= int(selector.removeprefix("hasta ")), doc_type)
        else:
            start, end = period(selector)
            docs = self._docs(lambda days: (start - TODAY).days <= days <= (end - TODAY).days, doc_type)
        d: Row = docs[position - 1 if position > 0 else position]  # -1: the last
        driver = self.driver_of(d["plate"])
        calls = {
            "doc": ("vehicle_doc", d["plate"], d["doc_type"]),
            "driver": ("vehicle", d["plate"], "driver"),
            "phone": ("phone", driver["document_number"] if driver else ""),
        }
        method, *args = calls[then]
        expected: Expected = getattr(self, method)(*args)  # the Oracle's (VehicleExpect) methods
        return expected
