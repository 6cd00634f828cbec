"""Expected answers of the answers round on scope (see `expect` and `oracle`): a person not in the
company, candidates narrowed by a city, a delivery note without the asset type asked."""

from __future__ import annotations

from backend.core.text import fold
from backend.testing.answers_bank.expect_clients import ClientExpect
from backend.testing.answers_bank.oracle import Expected, _exp, asset_code, co, date_numbers, period


class ScopeExpect(ClientExpect):
    def no_driver(self) -> Expected:
        """A person's name of which no driver of the company has every part: said so, no figure."""
        return _exp("not_found", [("conductor", "conductora")], set())

    def ambiguous_in_city(self, fragment: str, city: str) -> Expected:
        """The candidates of `fragment` (the clients whose names hold all its words) in `city`."""
        codes = [c for c in self.by_name(fragment) if fold(self.c.clients[c]["city"]) == fold(city)]
        assert len(codes) > 1, (fragment, city, codes)
        numbers = {n for code in codes for n in self._client_numbers(code)} | {len(codes)}
        return Expected("ambiguous", tuple((f"[{code}]",) for code in codes), frozenset(numbers))

    def note_without(self, number: str, asset: str) -> Expected:
        """A delivery note asked for an asset type it does not carry: says it has none of it; may show
        what it did carry."""
        lines = self.c.notes[number]
        code = asset_code(self.c, asset)
        assert not any(m["asset_type"] == code for m in lines), (number, asset)
        return _exp("answer", [number, asset, ("no tiene", "no se")], self._note_numbers(number))

    def moved_by(self, code: str, asset: str, kind: str, period_name: str) -> Expected:
        """One client's units dispatched / returned of an asset in the period (0 is an answer)."""
        asset_type, (start, end) = asset_code(self.c, asset), period(period_name)
        qty = sum(
            abs(m["quantity"])
            for m in self.c.movements
            if m["client_code"] == code
            and m["kind"] == kind
            and m["asset_type"] == asset_type
            and start <= m["at"].date() <= end
        )
        return _exp("answer", [f"[{code}]", co(qty)], self._client_numbers(code) | {qty} | date_numbers(start))
