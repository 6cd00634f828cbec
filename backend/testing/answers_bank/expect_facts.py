"""Expected answers of the «what one question means» round: the delivery note that moved the most (or
fewest) units of a period, of an owner, of an asset type or movement."""

from __future__ import annotations

from backend.core.text import fold
from backend.testing.answers_bank.expect_base import EMPTY, NONE_SAID, OracleBase, _list
from backend.testing.answers_bank.oracle import Expected, _exp, asset_code, co, date_numbers, digits, period

_OWNER_COLUMN = {"client": "client_code", "vehicle": "vehicle_plate", "driver": "driver_document"}


class FactsExpect(OracleBase):
    def extreme_note(
        self,
        period_name: str,
        smallest: bool = False,
        asset: str | None = None,
        kind: str | None = None,
        owner: str | None = None,
        key: str | None = None,
    ) -> Expected:
        """The note(s) whose units (every line's quantity, or only `asset`'s and `kind`'s) are the most — or the
        fewest above none — in the period, of the owner when given: each note's number and its units."""
        start, end = period(period_name)
        code = asset_code(self.c, asset) if asset else None
        sizes: dict[str, int] = {}
        for number, lines in self.c.notes.items():
            if not start <= lines[0]["at"].date() <= end:
                continue
            if owner is not None and lines[0][_OWNER_COLUMN[owner]] != key:
                continue
            sizes[number] = sum(
                abs(m["quantity"])
                for m in lines
                if (code is None or m["asset_type"] == code) and (kind is None or m["kind"] == kind)
            )
        sizes = {n: u for n, u in sizes.items() if u > 0}
        if not sizes:
            return _exp(EMPTY, [NONE_SAID, ("remision", "remisiones")], date_numbers(start) | date_numbers(end))
        best = (min if smallest else max)(sizes.values())
        chosen = sorted(n for n, u in sizes.items() if u == best)
        numbers = {best, len(chosen)} | {x for n in chosen for x in self._note_numbers(n)}
        if period_name not in ("todo",):
            numbers |= date_numbers(start) | date_numbers(end)
        if owner == "client" and key is not None:
            numbers |= self._client_numbers(key)
        elif owner == "vehicle" and key is not None:
            numbers |= digits(key)
        return _exp("answer", [*chosen, co(best)], numbers)

    def city_moved(self, asset: str | None, kind: str, period_name: str, city: str) -> Expected:
        """Units of `asset` (None: each type) dispatched to / returned by the clients of `city` in the period."""
        start, end = period(period_name)
        codes = [asset_code(self.c, asset)] if asset else list(self.c.assets)
        in_city = {k for k, r in self.c.clients.items() if fold(r["city"]) == fold(city)}
        qty = [
            sum(
                abs(m["quantity"])
                for m in self.c.movements
                if m["kind"] == kind
                and m["asset_type"] == code
                and m["client_code"] in in_city
                and start <= m["at"].date() <= end
            )
            for code in codes
        ]
        return _exp("answer", [city, *(co(n) for n in qty)], set(qty) | date_numbers(start) | date_numbers(end))

    def clients_active(
        self, period_name: str, kinds: str = "dispatch return", city: str | None = None, count_only: bool = False
    ) -> Expected:
        """The clients (of `city`) with a movement of `kinds` in the period: how many, or which."""
        start, end = period(period_name)
        wanted = set(kinds.split())
        active = {m["client_code"] for m in self.c.movements if m["kind"] in wanted and start <= m["at"].date() <= end}
        codes = sorted(k for k, r in self.c.clients.items() if k in active and (city is None or r["city"] == city))
        numbers = {len(codes)} | date_numbers(start) | date_numbers(end)
        if count_only or not codes:
            return _exp("answer", [str(len(codes)) if codes else NONE_SAID], numbers)
        items = [([f"[{k}]"], self._client_numbers(k)) for k in codes]
        return _list("answer", items, numbers | {50}, ordered=False)

    def clients_zero(self, asset: str | None = None, city: str | None = None, count_only: bool = False) -> Expected:
        """The clients (of `city`) whose saldo of `asset` (None: of every asset) is 0; «todos» when none is."""
        codes_of = [asset_code(self.c, asset)] if asset else list(self.c.assets)
        codes = sorted(
            k
            for k, r in self.c.clients.items()
            if (city is None or r["city"] == city) and all(self.c.balances[k][a] == 0 for a in codes_of)
        )
        if not codes:
            return _exp("answer", [("todos",)], set())
        if count_only:
            return _exp("answer", [str(len(codes))], {len(codes), 0})
        items = [([f"[{k}]"], self._client_numbers(k)) for k in codes]
        return _list("answer", items, {0, 50}, ordered=False)

    def notes_with(self, kind: str, period_name: str) -> Expected:
        """How many delivery notes of the period have a line of `kind`, said with what they are counted by."""
        start, end = period(period_name)
        n = sum(
            1
            for lines in self.c.notes.values()
            if start <= lines[0]["at"].date() <= end and any(m["kind"] == kind for m in lines)
        )
        said = "con despacho" if kind == "dispatch" else "con devolución"
        return _exp("answer", [str(n), said], {n} | date_numbers(start) | date_numbers(end))
