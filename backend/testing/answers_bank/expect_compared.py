"""Expected answers of the «answer what was asked» round of session 11 (see `expect` and `oracle`): cities
compared with a verdict («compara Medellín con Itagüí en estibas»), two vehicles compared («compara esas
dos»: the newer, then whose document is due first), and yes/no questions led by «Sí» / «No»."""

from __future__ import annotations

from dataclasses import replace

from backend.core.text import fold
from backend.testing.answers_bank import oracle as o
from backend.testing.answers_bank.expect_base import OracleBase
from backend.testing.answers_bank.oracle import DOC_NAMES, Expected, Must, _exp, asset_code, co


class ComparedExpect(OracleBase):
    def _in_city(self, city: str) -> list[str]:
        return [c for c, r in self.c.clients.items() if fold(r["city"]) == fold(city)]

    def city_figures(
        self, measure: str, asset: str | None, kind: str, period_name: str, *cities: str
    ) -> dict[str, int]:
        """Each city's figure: `measure` saldo (clients' saldo of `asset`), clients (how many), units (`kind`
        dispatch | return of `asset`, every asset when None, in the period) or notes (delivery notes)."""
        out = {}
        for city in cities:
            codes = set(self._in_city(city))
            if measure == "clients":
                out[city] = len(codes)
                continue
            if measure == "saldo":
                code = asset_code(self.c, asset or "")
                out[city] = sum(self.c.balances[c][code] for c in codes)
                continue
            start, end = o.period(period_name)
            rows = [
                m
                for m in self.c.movements
                if m["client_code"] in codes
                and m["kind"] in (("dispatch", "return") if kind == "any" else (kind,))
                and start <= m["at"].date() <= end
                and (asset is None or m["asset_type"] == asset_code(self.c, asset))
            ]
            if measure == "notes":
                out[city] = len({m["delivery_note"] for m in rows if m["delivery_note"]})
            else:
                out[city] = sum(abs(m["quantity"]) for m in rows)
        return out

    def city_versus(
        self, how: str, measure: str, asset: str | None, kind: str, period_name: str, *cities: str
    ) -> Expected:
        """«compara Medellín con Itagüí en estibas»: the city with more (`how` more | less) and its figure
        first, every city named with its figure."""
        values = self.city_figures(measure, asset, kind, period_name, *cities)
        top = sorted(cities, key=lambda c: -values[c] if how == "more" else values[c])[0]
        nums = set(values.values())
        if period_name:
            nums |= o.date_numbers(o.period(period_name)[0])
        if len(set(values.values())) == 1:
            return _exp("answer", ["lo mismo", *cities, co(values[top])], nums)
        word = "más" if how == "more" else "menos"
        return _exp("answer", [word, f"en {top}: {co(values[top])}", *cities], nums)

    def city_claim(self, how: str, asset: str, *cities: str) -> Expected:
        """«¿Medellín tiene más estibas que Itagüí?»: «Sí» only when the first city has more (fewer) than each."""
        values = self.city_figures("saldo", asset, "", "", *cities)
        first, *others = cities
        holds = all(values[first] > values[c] if how == "more" else values[first] < values[c] for c in others)
        inner = self.city_versus(how, "saldo", asset, "", "", *cities)
        return replace(inner, must=((("Sí:",) if holds else ("No:",)), *inner.must))

    def compare_soonest(self, *plates: str) -> Expected:
        """Which vehicle's next document is due first (each one's soonest document): that one first, every
        soonest date allowed."""
        soonest = {}
        for p in plates:
            docs = [d for d in self.c.docs if d["plate"] == p]
            soonest[p] = min(docs, key=lambda d: d["days"])
        first = min(soonest.values(), key=lambda d: d["days"])
        nums = {n for d in soonest.values() for n in o.date_numbers(d["expires"])}
        nums |= {n for p in plates for n in o.digits(p)}
        must: list[Must] = [
            "primero",
            f"{DOC_NAMES[first['doc_type']]} de {first['plate']}:",
            o.es_date(first["expires"]),
        ]
        return _exp("answer", must, nums)
