"""Expected answers about delivery notes and what moved in a period (see `expect` and `oracle`)."""

from __future__ import annotations

from backend.testing.answers_bank.expect_base import EMPTY, NONE_SAID, OracleBase, _list
from backend.testing.answers_bank.oracle import (
    Expected,
    Row,
    _exp,
    asset_code,
    co,
    date_numbers,
    digits,
    es_date,
    period,
)


class NoteExpect(OracleBase):
    def note(self, number: str, attr: str, asset: str = "", kind: str = "") -> Expected:
        """attr: client | date | vehicle | driver | qty (asset word, kind dispatch|return) | lines (every
        line's quantity, or only those of `kind`)."""
        if number not in self.c.notes:
            return _exp("not_found", [number], digits(number))
        lines = self.c.notes[number]
        first, nums = lines[0], self._note_numbers(number, quantities=attr == "lines")
        if attr == "client":
            return _exp("answer", [f"[{first['client_code']}]"], nums)
        if attr == "date":
            return _exp("answer", [es_date(first["at"].date())], nums)
        if attr == "vehicle":
            return _exp("answer", [first["vehicle_plate"]], nums)
        if attr == "driver":
            return _exp("answer", [self._driver(first["driver_document"])["full_name"]], nums)
        if attr == "qty":
            code = asset_code(self.c, asset)
            qty = sum(abs(m["quantity"]) for m in lines if m["asset_type"] == code and m["kind"] == kind)
            return _exp("answer", [co(qty)], nums | {qty})
        must = [str(abs(m["quantity"])) for m in lines if not kind or m["kind"] == kind]
        return _exp("answer", must, nums)

    def client_notes(self, code: str, period_name: str) -> Expected:
        if code not in self.c.clients:
            return self._client_nf(code)
        start, end = period(period_name)
        found: dict[str, list[Row]] = {}
        for number, lines in self.c.notes.items():
            if lines[0]["client_code"] == code and start <= lines[0]["at"].date() <= end:
                found[number] = lines
        ordered = sorted(found, key=lambda n: found[n][0]["at"], reverse=True)
        items = [([n], self._note_numbers(n)) for n in ordered]
        return _list(  # none in the period: an answer about that client (it exists), or a not-found
            EMPTY,
            items,
            self._client_numbers(code) | date_numbers(start) | date_numbers(end),
            topic=[f"{code}", ("remision", "remisiones")],
        )

    def notes_in(self, period_name: str, count_only: bool = False) -> Expected:
        """Every delivery note of the company in the period (newest first), or only how many."""
        start, end = period(period_name)
        found = sorted(
            (n for n, lines in self.c.notes.items() if start <= lines[0]["at"].date() <= end),
            key=lambda n: self.c.notes[n][0]["at"],
            reverse=True,
        )
        extra = date_numbers(start) | date_numbers(end)
        if count_only:
            if not found:
                return _exp(EMPTY, [("0", *NONE_SAID), ("remision", "remisiones"), period_name], extra | {0})
            return _exp("answer", [co(len(found))], extra | {len(found)})
        return _list(
            "not_found",
            [([n], self._note_numbers(n)) for n in found],
            extra,
            topic=[("remision", "remisiones"), period_name],
        )

    def moved(self, asset: str, kind: str, period_name: str) -> Expected:
        """Total dispatched (kind 'dispatch') or returned ('return') of an asset in the period."""
        code, (start, end) = asset_code(self.c, asset), period(period_name)
        qty = sum(
            abs(m["quantity"])
            for m in self.c.movements
            if m["kind"] == kind and m["asset_type"] == code and start <= m["at"].date() <= end
        )
        return _exp("answer", [co(qty)], {qty} | date_numbers(start) | date_numbers(end))

    def moved_all(self, kind: str, period_name: str) -> Expected:
        """Every asset type's total dispatched / returned in the period («¿qué se despachó ayer?»)."""
        start, end = period(period_name)
        qty = {
            code: sum(
                abs(m["quantity"])
                for m in self.c.movements
                if m["kind"] == kind and m["asset_type"] == code and start <= m["at"].date() <= end
            )
            for code in self.c.assets
        }
        return _exp(
            "answer", [co(q) for q in qty.values()], set(qty.values()) | date_numbers(start) | date_numbers(end)
        )

    # --- fleet-wide ------------------------------------------------------------------------------
