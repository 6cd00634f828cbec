"""Expected answers of the «último» round (`questions/last.py`): who carried a client's latest note, the
licence or document of a list due last, and licences or documents due in the period said."""

from __future__ import annotations

from dataclasses import replace

from backend.testing.answers_bank.expect_base import EMPTY, TODAY_NUMBERS, OracleBase, _list
from backend.testing.answers_bank.expect_what import _LICENCE_BOUNDS
from backend.testing.answers_bank.oracle import (
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


class LastExpect(OracleBase):
    def last_driver(self, code: str) -> Expected:
        """«¿quién fue el último conductor del 412?»: the driver of the client's latest note (full name), with
        that note's number and day; never only the note's summary."""
        notes = sorted(
            (n for n, lines in self.c.notes.items() if lines[0]["client_code"] == code),
            key=lambda n: (self.c.notes[n][0]["at"], n),
            reverse=True,
        )
        first = self.c.notes[notes[0]][0]
        driver = self._driver(first["driver_document"])["full_name"]
        must: list[Must] = [driver, notes[0], es_date(first["at"].date())]
        return _exp("answer", must, self._note_numbers(notes[0], quantities=False))

    def last_licence(self, listed: str) -> Expected:
        """«¿cuál vence de último?» after a list of licences `listed` (a `_LICENCE_BOUNDS` key): every driver
        of that list whose licence is due that last day."""
        lo, hi = _LICENCE_BOUNDS[listed]
        rows = [
            d
            for d in self.c.drivers.values()
            if (lo is None or (d["license"] - TODAY).days >= lo) and (hi is None or (d["license"] - TODAY).days <= hi)
        ]
        rows.sort(key=lambda d: d["license"])
        last = [d for d in rows if d["license"] == rows[-1]["license"]]
        must: list[Must] = [m for d in last for m in (d["full_name"], es_date(d["license"]))]
        numbers = {len(last)} | {n for d in last for n in date_numbers(d["license"]) | digits(d["vehicle_plate"])}
        numbers |= {abs((d["license"] - TODAY).days) for d in last}
        return _exp("answer", must, numbers)

    def last_document(self, selector: str, doc_type: str | None = None) -> Expected:
        """«¿cuál vence de último?» after the active vehicles' documents with status `selector` («por vencer»)
        or due in period `selector`: every document of that list due its last day."""
        if selector == "por vencer":
            docs = self._docs(lambda days: status_of(days) == selector, doc_type)
        else:
            start, end = period(selector)
            docs = self._docs(lambda days: (start - TODAY).days <= days <= (end - TODAY).days, doc_type)
        last = [d for d in docs if d["days"] == docs[-1]["days"]]
        numbers = {len(last)} | {abs(d["days"]) for d in last}
        items = [self._doc_item(d) for d in last]
        numbers |= {n for _, nums in items for n in nums}
        last_plates = {d["plate"] for d in last}
        never = tuple(dict.fromkeys(d["plate"] for d in docs if d["plate"] not in last_plates))[:1]
        return replace(_exp("answer", [m for must, _ in items for m in must], numbers), never=never)

    def licences_between(self, period_name: str) -> Expected:
        """«licencias que vencen el próximo año»: the drivers whose licence is due in the period (soonest
        first), each with the date — never the default 30 days."""
        start, end = period(period_name)
        drivers = sorted(
            (d for d in self.c.drivers.values() if start <= d["license"] <= end), key=lambda d: d["license"]
        )
        items = [
            ([d["full_name"], es_date(d["license"])], date_numbers(d["license"]) | digits(d["vehicle_plate"]))
            for d in drivers
        ]
        extra = date_numbers(start) | date_numbers(end) | TODAY_NUMBERS | {len(self.c.drivers)}
        extra |= {abs((d["license"] - TODAY).days) for d in drivers}
        return _list(EMPTY, items, extra, topic=[("licencia", "licencias")])

    def docs_all_between(self, period_name: str) -> Expected:
        """«todos» right after a capped list of the documents due in the period: every one of them."""
        start, end = period(period_name)
        lo, hi = (start - TODAY).days, (end - TODAY).days
        docs = self._docs(lambda days: lo <= days <= hi, None)
        extra = date_numbers(start) | date_numbers(end) | self._left_out(lambda days: lo <= days <= hi, None)
        items = [self._doc_item(d) for d in docs]
        numbers = extra | {len(docs)} | {n for _, nums in items for n in nums}
        return _exp("answer", [m for must, _ in items for m in must], numbers)
