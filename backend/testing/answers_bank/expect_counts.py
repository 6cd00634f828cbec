"""Expected answers of counts beyond lists (see `expect` and `oracle`): the clients with a positive saldo of an
asset (of a city), and the delivery notes of a period past an amount of an asset — a note's units of that
asset, every line dispatched and returned, or only those of `movement`."""

from __future__ import annotations

from backend.core.text import fold
from backend.testing.answers_bank import oracle as o
from backend.testing.answers_bank.expect_base import OracleBase, _list
from backend.testing.answers_bank.oracle import Expected, Must, _exp, asset_code, co


class CountsExpect(OracleBase):
    def holding(self, asset: str, city: str | None = None, listed: bool = False) -> Expected:
        """How many clients (of `city`) hold `asset` (saldo > 0); `listed`: and the list, largest first."""
        code = asset_code(self.c, asset)
        held = sorted(
            (
                (-held[code], k)
                for k, held in self.c.balances.items()
                if held[code] > 0 and (city is None or fold(self.c.clients[k]["city"]) == fold(city))
            )
        )
        topic: list[Must] = [city] if city else []
        if not listed:
            return _exp("answer", [co(len(held)), *topic], {len(held)})
        items = [([f"[{k}]", co(-n)], {-n, *self._client_numbers(k)}) for n, k in held]
        inner = _list("answer", items, {len(held)})
        return _exp(
            "answer", [co(len(held)), *topic, *(m for group in inner.must for m in [group])], set(inner.numbers)
        )

    def notes_beyond(
        self, asset: str, above: bool, amount: int, period_name: str, movement: str | None = None
    ) -> Expected:
        """How many delivery notes of the period moved more (fewer) than `amount` units of `asset`."""
        code, (start, end) = asset_code(self.c, asset), o.period(period_name)
        count = 0
        for lines in self.c.notes.values():
            if not start <= lines[0]["at"].date() <= end:
                continue
            units = sum(abs(m["quantity"]) for m in lines if m["asset_type"] == code and movement in (None, m["kind"]))
            count += units > 0 and (units > amount if above else units < amount)
        said: Must = co(count) if count else ("no hubo", "ninguna")
        return _exp("answer", [said, co(amount)], {count, amount} | o.date_numbers(start) | o.date_numbers(end))
