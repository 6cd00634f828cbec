"""Expected answers of the follow-up chains round (session 10): a follow-up's period moved from the one just
answered («¿y la anterior?» after «la semana pasada» is 16–22 Nov 2026), the units moved then, naming that
period; the listed clients of a city («de esos, ¿cuáles están en Medellín?»)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from backend.core.text import fold
from backend.testing.answers_bank.expect_base import OracleBase
from backend.testing.answers_bank.oracle import (
    MONTHS,
    Expected,
    Must,
    _exp,
    asset_code,
    co,
    date_numbers,
    es_date,
    period,
)


class PeriodsExpect(OracleBase):
    def moved_in(self, asset: str, kind: str, period_name: str) -> Expected:
        """The units of `asset` dispatched (`kind` 'dispatch') or returned ('return') in the period, with the
                period named: its month when it is one, else its last day («22 de noviembre»), or the bank's name of it
        («semana pasada»)."""
        code, (start, end) = asset_code(self.c, asset), period(period_name)
        qty = sum(
            abs(m["quantity"])
            for m in self.c.movements
            if m["kind"] == kind and m["asset_type"] == code and start <= m["at"].date() <= end
        )
        whole_month = start.day == 1 and start.month == end.month and (end + timedelta(days=1)).day == 1
        said = MONTHS[start.month - 1] if whole_month else es_date(end)
        named = () if ".." in period_name else (period_name,)  # «la semana pasada» names it too
        return _exp("answer", [co(qty), (said, *named)], {qty} | date_numbers(start) | date_numbers(end))

    def top_in_city(self, asset: str, n: int, city: str) -> Expected:
        """«de esos, ¿cuáles están en Medellín?» after «los N clientes con más …»: the saldo of `asset` of each
        of the top `n` clients by that saldo who are in `city` (in ranking order), or none of them said."""
        code = asset_code(self.c, asset)
        ranked = sorted(self.c.balances, key=lambda k: (-self.c.balances[k][code], k))[:n]
        there = [k for k in ranked if fold(self.c.clients[k]["city"]) == fold(city)]
        if not there:
            return _exp("answer", [("ninguno", "ninguna"), city], {n})
        must: list[Must] = [m for k in there for m in (f"[{k}]", co(self.c.balances[k][code]))]
        numbers = {x for k in there for x in self._client_numbers(k) | {self.c.balances[k][code]}}
        return replace(_exp("answer", must, numbers), never=tuple(f"[{k}]" for k in ranked if k not in there))

    def negatives_in_city(self, city: str) -> Expected:
        """The same after «clientes con saldo negativo»: those of `city`, or none of them said."""
        listed = sorted({k for k, b in self.c.balances.items() if any(v < 0 for v in b.values())})
        there = [k for k in listed if fold(self.c.clients[k]["city"]) == fold(city)]
        if not there:
            return _exp("answer", [("ninguno", "ninguna"), city], {len(listed)})
        numbers = {len(there)} | {x for k in there for x in self._client_numbers(k) | set(self.c.balances[k].values())}
        return _exp("answer", [f"[{k}]" for k in there], numbers)
