"""Expected answers of the follow-up chains round (see `expect` and `oracle`): comparisons of the entities
just discussed (saldos, units moved in a period, a note's units, model years, due dates, licences), a
question about another company, «el otro» when there was none."""

from __future__ import annotations

from backend.testing.answers_bank import oracle as o
from backend.testing.answers_bank.expect_base import OracleBase
from backend.testing.answers_bank.oracle import DOC_NAMES, Expected, Must, _exp, asset_code, co


class ChainExpect(OracleBase):
    def _label(self, code: str) -> str:
        return f"[{code}] {self.c.clients[code]['name']}"

    def _ranked(self, how: str, values: dict[str, int], nums: set[int], shown: dict[str, str]) -> Expected:
        """`values` by key, `shown` how the answer names each key: the one with more (less), the sum or the
        difference, with every value and the difference allowed."""
        nums = nums | set(values.values()) | {sum(values.values())}
        ordered = sorted(values, key=lambda k: -values[k] if how != "less" else values[k])
        if len(values) == 2:
            nums.add(abs(values[ordered[0]] - values[ordered[1]]))
        if how == "sum":
            return _exp("answer", [co(sum(values.values())), *shown.values()], nums)
        if how == "diff":
            a, b = ordered
            return _exp("answer", [f"{shown[a]} tiene {co(values[a] - values[b])}", shown[b]], nums)
        top = ordered[0]
        word = "más" if how == "more" else "menos"
        return _exp("answer", [word, f"{shown[top]}: {co(values[top])}"], nums)

    def compare_balance(self, how: str, asset: str, *codes: str) -> Expected:
        """The clients' saldos of `asset` compared: `how` more | less | sum | diff."""
        code = asset_code(self.c, asset)
        values = {c: self.c.balances[c][code] for c in codes}
        nums = {n for c in codes for n in self._client_numbers(c)}
        return self._ranked(how, values, nums, {c: self._label(c) for c in codes})

    def compare_moved(self, how: str, asset: str, kind: str, period_name: str, *codes: str) -> Expected:
        """The units of `asset` each client got (`kind` dispatch) or returned in the period, compared."""
        values = self.moved_units(asset, kind, period_name, *codes)
        start, _ = o.period(period_name)
        nums = {n for c in codes for n in self._client_numbers(c)} | o.date_numbers(start)
        return self._ranked(how, values, nums, {c: self._label(c) for c in codes})

    def compare_notes(self, how: str, asset: str, kind: str, *numbers: str) -> Expected:
        """The units of `asset` each delivery note carried (`kind` dispatch) or got back, compared."""
        code = asset_code(self.c, asset)
        values = {
            n: sum(abs(m["quantity"]) for m in self.c.notes[n] if m["asset_type"] == code and m["kind"] == kind)
            for n in numbers
        }
        nums = {x for n in numbers for x in o.digits(n)}
        return self._ranked(how, values, nums, {n: f"la remisión {n}" for n in numbers})

    def compare_years(self, newer: bool, *plates: str) -> Expected:
        """The newest (oldest) of the vehicles by model year, each one's year allowed."""
        years = {p: int(self.c.vehicles[p]["model_year"]) for p in plates}
        top = max(plates, key=lambda p: years[p] if newer else -years[p])
        nums = set(years.values()) | {n for p in plates for n in o.digits(p)}
        return _exp("answer", [("nuevo" if newer else "viejo"), f"{top} (modelo {years[top]})"], nums)

    def compare_docs(self, doc_type: str, *plates: str) -> Expected:
        """Which of the vehicles' `doc_type` expires first: its plate and date first, every date allowed."""
        docs = {d["plate"]: d for d in self.c.docs if d["plate"] in plates and d["doc_type"] == doc_type}
        first = min(docs.values(), key=lambda d: d["days"])
        nums = {n for d in docs.values() for n in o.date_numbers(d["expires"])} | {
            n for p in plates for n in o.digits(p)
        }
        must: list[Must] = ["primero", f"{DOC_NAMES[doc_type]} de {first['plate']}:", o.es_date(first["expires"])]
        return _exp("answer", must, nums)

    def compare_licences(self, *docs: str) -> Expected:
        """Whose licence expires first among the drivers: that name and date first, every date allowed."""
        rows = [self._driver(d) for d in docs]
        first = min(rows, key=lambda d: d["license"])
        nums = {n for d in rows for n in o.date_numbers(d["license"])}
        return _exp("answer", ["primero", f"licencia de {first['full_name']}:", o.es_date(first["license"])], nums)

    def other_company(self) -> Expected:
        """Another company's data asked: whose data the bot has (its own company), and no figure."""
        short = self.c.name.replace(" S.A.S.", "")
        return _exp("not_found", [("solo tengo los datos de",), short], set())

    def no_other(self) -> Expected:
        """«¿y el otro?» with nothing else discussed: said so, asking which; no figure."""
        return _exp("not_found", [("otro",)], set())
