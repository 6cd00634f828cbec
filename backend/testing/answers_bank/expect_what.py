"""Expected answers of the answer-what-was-asked round (`questions/what.py`): the first licence of a list just
given, «¿y en X hay más?» after a city's figure, the fleet «al día» (the same number everywhere)."""

from __future__ import annotations

from backend.core.text import fold
from backend.testing.answers_bank.expect_base import OracleBase, _list
from backend.testing.answers_bank.expect_rankings import _ranked
from backend.testing.answers_bank.oracle import (
    LIST_CAP,
    TODAY,
    Expected,
    Must,
    _exp,
    asset_code,
    co,
    date_numbers,
    digits,
    es_date,
    period,
    status_of,
)

# licences by what the list before asked: (min days, max days) remaining, None unbounded
_LICENCE_BOUNDS = {
    "vencido": (None, -1),
    "por vencer": (0, 30),
    "vigente": (31, None),
    "al dia": (0, None),
    "vencido o por vencer": (None, 30),
    "90 dias": (0, 90),
}


class WhatExpect(OracleBase):
    def first_licence(self, listed: str, how: str) -> Expected:
        """«¿cuál vence primero?» (`how` «ahead»), «¿cuál se venció primero?» («past»), «¿cuál es la más vieja?»
        («oldest»: past when the list has expired ones) after a list of licences `listed` (a `_LICENCE_BOUNDS`
        key): every driver of that list whose licence is due that first day (ahead after expired ones only:
        the company's soonest not yet expired)."""
        lo, hi = _LICENCE_BOUNDS[listed]
        days = {doc: (d["license"] - TODAY).days for doc, d in self.c.drivers.items()}
        rows = [
            d
            for doc, d in self.c.drivers.items()
            if (lo is None or days[doc] >= lo) and (hi is None or days[doc] <= hi)
        ]
        if how == "oldest":
            how = "past" if any(d["license"] < TODAY for d in rows) else "ahead"
        chosen = [d for d in rows if (d["license"] < TODAY) == (how == "past")]
        if how == "ahead" and not chosen:
            chosen = [d for d in self.c.drivers.values() if d["license"] >= TODAY]
        chosen.sort(key=lambda d: d["license"])
        first = [d for d in chosen if d["license"] == chosen[0]["license"]]
        must: list[Must] = [m for d in first for m in (d["full_name"], es_date(d["license"]))]
        numbers = {len(first)} | {n for d in first for n in date_numbers(d["license"]) | digits(d["vehicle_plate"])}
        numbers |= {abs((d["license"] - TODAY).days) for d in first}
        return _exp("answer", must, numbers)

    def _city_figure(self, asset: str | None, city: str) -> int:
        in_city = [c for c, r in self.c.clients.items() if fold(r["city"]) == fold(city)]
        if asset is None:
            return len(in_city)
        code = asset_code(self.c, asset)
        return sum(self.c.balances[c][code] for c in in_city)

    def more_in_city(self, how: str, asset: str | None, before: str, now: str) -> Expected:
        """«¿y en `now` hay más?» (`how` «mas» / «menos») after the figure of `before`: the clients' saldo of
        `asset` in the city (None: how many clients), yes or no, and both figures."""
        a, b = self._city_figure(asset, before), self._city_figure(asset, now)
        yes = (b > a) == (how == "mas") and a != b
        return _exp("answer", [("si" if yes else "no",), co(b), co(a), before], {a, b})

    def fleet_in_order(self, count_only: bool = True) -> Expected:
        """«¿cuántos vehículos están al día?»: the active vehicles with no required document (SOAT,
        tecnomecánica, póliza RC) expired or missing, of how many active — never the semáforo's green only."""
        active = sorted(p for p, v in self.c.vehicles.items() if v["active"])
        ready = [p for p in active if not self.blocked(p)]
        numbers = {len(ready), len(active)}
        if count_only:
            return _exp("answer", [str(len(ready)), str(len(active)), "al dia"], numbers)
        listed = _list("answer", [([p], digits(p)) for p in ready], numbers)
        return _exp("answer", ["al dia", str(len(active)), *listed.must], set(listed.numbers))

    def top_in(self, asset: str, n: int, city: str) -> Expected:
        """The `n` clients of `city` with the most `asset` saldo, highest first (one asked names its ties)."""
        code = asset_code(self.c, asset)
        codes = [k for k, r in self.c.clients.items() if fold(r["city"]) == fold(city)]
        ranked = sorted(((k, self.c.balances[k][code]) for k in codes), key=lambda kv: (-kv[1], kv[0]))
        must, shown, numbers = _ranked(ranked, n, {k: f"[{k}]" for k in codes})
        return _exp("answer", [*must, city], numbers | {x for k in shown for x in self._client_numbers(k)})

    def vehicles_of_docs(self, selector: str, doc_type: str | None = None) -> Expected:
        """«¿de qué vehículos?» after the active vehicles' documents with status `selector` («vencido», «por
        vencer») or due in period `selector`: how many documents of how many vehicles, the plates in the
        list's order (the first LIST_CAP, then how many more)."""
        if selector in ("vencido", "por vencer"):
            docs = self._docs(lambda days: status_of(days) == selector, doc_type)
        else:
            start, end = period(selector)
            docs = self._docs(lambda days: (start - TODAY).days <= days <= (end - TODAY).days, doc_type)
        plates = list(dict.fromkeys(d["plate"] for d in docs))
        shown = plates[:LIST_CAP]
        numbers = {len(docs), len(plates), len(plates) - len(shown)} | {n for p in shown for n in digits(p)}
        return _exp("answer", [str(len(docs)), str(len(plates)), *shown], numbers)

    def place(self, asset: str, position: int, lowest: bool = False) -> Expected:
        """«¿y el segundo?» after the one client with the most (`lowest`: the fewest) `asset`: the client at
        `position` (1 = first) of that ranking (every client counted, 0 with no movements), with its saldo."""
        code = asset_code(self.c, asset)
        zero = dict.fromkeys(self.c.assets, 0)
        rows = [(k, self.c.balances.get(k, zero)[code]) for k in self.c.clients]
        rows.sort(key=lambda kv: (kv[1] if lowest else -kv[1], kv[0]))
        k, value = rows[position - 1]
        return _exp("answer", [f"[{k}]", co(value)], {value, position} | self._client_numbers(k))

    def which_city(self, how: str, asset: str | None, *cities: str) -> Expected:
        """«¿cuál tiene más?» right after one figure per city (`asset` saldo, None: how many clients): the
        city with the most (`how` «mas») or fewest, and every city's figure."""
        figures = {c: self._city_figure(asset, c) for c in cities}
        best = (max if how == "mas" else min)(cities, key=lambda c: figures[c])
        return _exp("answer", [f"{best}: {co(figures[best])}", *cities], set(figures.values()))
