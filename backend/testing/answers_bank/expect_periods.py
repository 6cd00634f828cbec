"""Expected answers of the relative-period round: a follow-up's period moved from the one just answered
(«¿y la anterior?» after «la semana pasada» is 16–22 Nov 2026), the units moved then, naming that period."""

from __future__ import annotations

from datetime import timedelta

from backend.testing.answers_bank.expect_base import OracleBase
from backend.testing.answers_bank.oracle import MONTHS, Expected, _exp, asset_code, co, date_numbers, es_date, period


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
