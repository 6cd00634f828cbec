"""Expected answers of rankings lowest first (see `expect` and `oracle`): the clients with the fewest units of
an asset — every client of the company counts, 0 when it has no movement of the asset, a negative saldo
first — and the drivers with the fewest delivery notes in a period (every driver, 0 when none)."""

from __future__ import annotations

from backend.core.text import fold
from backend.testing.answers_bank import oracle as o
from backend.testing.answers_bank.expect_base import OracleBase
from backend.testing.answers_bank.oracle import LIST_CAP, Expected, Must, _exp, asset_code


def _ranked(ranked: list[tuple[str, int]], n: int, label: dict[str, Must]) -> tuple[list[Must], list[str], set[int]]:
    """What the first `n` of `ranked` (best first) must show, the keys it may show and the numbers: every one
    before the n-th's value; those tied with it all when they fit (a single one asked names every tie, or
    how many there are past LIST_CAP), else any of them."""
    cut = ranked[min(n, len(ranked)) - 1][1]
    before = [k for k, v in ranked[:n] if v != cut]
    tied = [k for k, v in ranked if v == cut]
    values = dict(ranked)

    def said(n: int) -> Must:  # a zero may be said in words («ninguna remisión»)
        return o.co(n) if n else ("0", "ninguna", "ninguno")

    must: list[Must] = [m for k in before for m in (label[k], said(abs(values[k])))]
    if n == 1 and len(tied) > LIST_CAP:
        must.append(str(len(tied)))
    elif len(before) + len(tied) <= n or (n == 1 and len(tied) <= LIST_CAP):
        must += [m for k in tied for m in (label[k], said(abs(cut)))]
    else:
        must.append(said(abs(cut)))
    numbers = {n, cut} | set(range(1, n + 1)) | {values[k] for k in before}
    if len(tied) > 1:  # «Empatan 4 …», «… y 2 más»
        numbers |= {len(tied)} | ({LIST_CAP, len(tied) - LIST_CAP} if len(tied) > LIST_CAP else set())
    return must, before + tied, numbers


class RankingsExpect(OracleBase):
    def bottom(self, asset: str, n: int, city: str | None = None) -> Expected:
        """The `n` clients with the fewest `asset` (of `city`), lowest first; one asked names its ties."""
        code = asset_code(self.c, asset)
        zero = dict.fromkeys(self.c.assets, 0)
        codes = [k for k, r in self.c.clients.items() if city is None or fold(r["city"]) == fold(city)]
        ranked = sorted(((k, self.c.balances.get(k, zero)[code]) for k in codes), key=lambda kv: (kv[1], kv[0]))
        must, shown, numbers = _ranked(ranked, n, {k: f"[{k}]" for k in codes})
        if city is not None:
            must.append(city)
        return _exp("answer", must, numbers | {x for k in shown for x in self._client_numbers(k)})

    def bottom_driver(self, period_name: str, n: int = 1) -> Expected:
        """The driver(s) with the fewest delivery notes in the period, every driver counted (0 when none)."""
        start, end = o.period(period_name)
        counts = dict.fromkeys(self.c.drivers, 0)
        for lines in self.c.notes.values():
            doc = lines[0]["driver_document"]
            if doc in counts and start <= lines[0]["at"].date() <= end:
                counts[doc] += 1
        ranked = sorted(counts.items(), key=lambda kv: (kv[1], self.c.drivers[kv[0]]["full_name"]))
        names: dict[str, Must] = {doc: d["full_name"] for doc, d in self.c.drivers.items()}
        must, shown, numbers = _ranked(ranked, n, names)
        plates = {x for doc in shown for x in o.digits(self.c.drivers[doc]["vehicle_plate"])}
        return _exp("answer", must, numbers | plates | o.date_numbers(start) | o.date_numbers(end))
