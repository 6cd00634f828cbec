"""Expected answers of comparisons the question names itself, in the yes/no form (see `expect` and `oracle`):
«¿el 412 tiene más canastillas que el 310?» is the comparison `compare_balance` / `compare_moved` /
`compare_years` expect (the chains round's oracle) led by «Sí» or «No» — «Sí» only when the first named is
the one with more (fewer, newer…) than every other, ties being «No»."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from backend.testing.answers_bank import oracle as o
from backend.testing.answers_bank.expect_base import OracleBase
from backend.testing.answers_bank.oracle import Expected, asset_code


class VersusExpect(OracleBase):
    def _claimed(self, method: str, values: dict[str, int], wins_high: bool, *args: Any) -> Expected:
        """`method`'s expected comparison (an Oracle method: the mixins are one class) led by the verdict on
        the first key of `values`."""
        inner: Expected = getattr(self, method)(*args)
        first, *others = values
        if wins_high:
            holds = all(values[first] > values[k] for k in others)
        else:
            holds = all(values[first] < values[k] for k in others)
        return replace(inner, must=((("Sí:",) if holds else ("No:",)), *inner.must))

    def claim_balance(self, how: str, asset: str, *codes: str) -> Expected:
        """«¿el 412 tiene más (`how` more | less) canastillas que el 310?»."""
        code = asset_code(self.c, asset)
        values = {c: self.c.balances[c][code] for c in codes}
        return self._claimed("compare_balance", values, how == "more", how, asset, *codes)

    def claim_moved(self, how: str, asset: str, kind: str, period_name: str, *codes: str) -> Expected:
        """«¿el 632 recibió más canastillas que el 997 en noviembre?» (`kind` dispatch | return)."""
        values = self.moved_units(asset, kind, period_name, *codes)  # the Oracle's (ChainExpect)
        return self._claimed("compare_moved", values, how == "more", how, asset, kind, period_name, *codes)

    def claim_years(self, newer: bool, *plates: str) -> Expected:
        """«¿la KLM482 es más nueva que la TRX905?»."""
        values = {p: int(self.c.vehicles[p]["model_year"]) for p in plates}
        return self._claimed("compare_years", values, newer, newer, *plates)

    def claim_note_counts(self, owner: str, period_name: str, *keys: str) -> Expected:
        """«¿Diego Toro hizo más entregas que Marta Londoño en noviembre?» (delivery notes of each `owner`)."""
        column = {"client": "client_code", "vehicle": "vehicle_plate", "driver": "driver_document"}[owner]
        start, end = o.period(period_name)
        values = {
            k: sum(
                1 for lines in self.c.notes.values() if lines[0][column] == k and start <= lines[0]["at"].date() <= end
            )
            for k in keys
        }
        return self._claimed("compare_note_counts", values, True, owner, period_name, *keys)
