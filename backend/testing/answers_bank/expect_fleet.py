"""Expected answers about fleet-wide totals, rankings, negatives and counts (see `expect` and `oracle`)."""

from __future__ import annotations

from backend.core.text import fold
from backend.testing.answers_bank.expect_base import EMPTY, NONE_SAID, OracleBase, _list
from backend.testing.answers_bank.oracle import LIST_CAP, Expected, Must, _exp, asset_code, co, digits


class FleetExpect(OracleBase):
    def total(self, asset: str) -> Expected:
        code = asset_code(self.c, asset)
        values = [b[code] for b in self.c.balances.values()]
        net, positive = sum(values), sum(v for v in values if v > 0)
        return _exp("answer", [(co(net), co(positive))], {net, positive})

    def city_total(self, asset: str, city: str) -> Expected:
        """Sum of the balances of one city's clients."""
        code = asset_code(self.c, asset)
        net = sum(
            b[code] for client, b in self.c.balances.items() if fold(self.c.clients[client]["city"]) == fold(city)
        )
        return _exp("answer", [co(net)], {net})

    def top(self, asset: str, n: int) -> Expected:
        code = asset_code(self.c, asset)
        ranked = sorted(self.c.balances.items(), key=lambda kv: -kv[1][code])
        cut = ranked[n - 1][1][code]
        must: list[Must] = []
        nums = {n} | set(range(1, n + 1))  # a numbered ranking may show 1. 2. 3.
        for client, b in ranked:
            if b[code] < cut:
                break
            nums |= self._client_numbers(client) | {b[code]}
            if b[code] > cut or len(must) < 2 * n:
                must += [f"[{client}]", co(b[code])]
        return _exp("answer", must, nums)

    def negatives(self, asset: str | None = None) -> Expected:
        codes = [asset_code(self.c, asset)] if asset else list(self.c.assets)
        rows = sorted((b[a], client) for client, b in self.c.balances.items() for a in codes if b[a] < 0)
        return _list(
            EMPTY,
            [([f"[{client}]", co(abs(value))], self._client_numbers(client) | {value}) for value, client in rows],
            topic=[("negativo", "negativos", "negativa", "negativas")],
        )

    def city_count(self, city: str) -> Expected:
        n = sum(1 for r in self.c.clients.values() if fold(r["city"]) == fold(city))
        if n == 0:
            return _exp(EMPTY, [NONE_SAID, ("cliente", "clientes")], set())
        return _exp("answer", [str(n)], {n})

    def per_city(self) -> Expected:
        counts: dict[str, int] = {}
        for r in self.c.clients.values():
            counts[r["city"]] = counts.get(r["city"], 0) + 1
        must = [m for city, n in counts.items() for m in (city, str(n))]
        return _exp("answer", must, set(counts.values()) | {len(self.c.clients), len(counts)})

    def inactive(self, count_only: bool = False) -> Expected:
        plates = [p for p, v in self.c.vehicles.items() if not v["active"]]
        if count_only:
            return _exp("answer", [str(len(plates))], {len(plates)} | {n for p in plates for n in digits(p)})
        return _list(EMPTY, [([p], digits(p)) for p in plates])

    def vehicle_age(self, oldest: bool, kind: str | None = None) -> Expected:
        """Every vehicle of the oldest (or newest) model year, of one kind if given."""
        rows = [
            v for v in self.c.vehicles.values() if v["model_year"] and (kind is None or fold(v["kind"]) == fold(kind))
        ]
        year = (min if oldest else max)(int(v["model_year"]) for v in rows)
        plates = [v["plate"] for v in rows if int(v["model_year"]) == year]
        return _exp("answer", [str(year), *plates], {year, len(plates)} | {n for p in plates for n in digits(p)})

    def without_vehicle(self) -> Expected:
        """The drivers with no vehicle assigned, by name."""
        names = [d["full_name"] for d in self.c.drivers.values() if not d["vehicle_plate"]]
        return _exp("answer", names, {len(names)})

    def vehicle_count(self, kind: str | None = None) -> Expected:
        """How many vehicles (of a kind); a short answer may name their plates, and say how many are active
        (and which are inactive)."""
        counted = [p for p, v in self.c.vehicles.items() if kind is None or fold(v["kind"]) == fold(kind)]
        n, active = len(counted), sum(1 for p in counted if self.c.vehicles[p]["active"])
        plates = {d for p in counted for d in digits(p) if n <= LIST_CAP or not self.c.vehicles[p]["active"]}
        return _exp("answer", [str(n)], {n, active, n - active} | plates)

    def client_count(self) -> Expected:
        return _exp("answer", [str(len(self.c.clients))], {len(self.c.clients)})

    # --- documents and licences in periods / with a status ---------------------------------------
