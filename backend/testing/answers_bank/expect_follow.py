"""Expected answers of the follow-ups round of the fresh-user trial (see `expect` and `oracle`): units an
owner moved (a quantity per asset, never the number of notes), comparisons on the measure last discussed
(how many notes), the n-th of a ranking, a client picked among the ones just discussed."""

from __future__ import annotations

from dataclasses import replace

from backend.testing.answers_bank import oracle as o
from backend.testing.answers_bank.expect_base import ALL_LINES, OracleBase
from backend.testing.answers_bank.expect_chains12 import nothing_moved_by
from backend.testing.answers_bank.oracle import Expected, Must, _exp, asset_code, co

_OWNER_COLUMN = {"client": "client_code", "vehicle": "vehicle_plate", "driver": "driver_document"}


class FollowExpect(OracleBase):
    def _owner_label(self, owner: str, key: str) -> tuple[str, set[int]]:
        if owner == "client":
            return f"[{key}]", self._client_numbers(key)
        if owner == "vehicle":
            return key, o.digits(key)
        return self.c.drivers[key]["full_name"], set()

    def units_of(self, owner: str, key: str, kinds: str, period_name: str, asset: str = "") -> Expected:
        """Units of each asset type (or of `asset`) an owner (`client` code, `vehicle` plate, `driver`
        document) got dispatched or returned (`kinds`: 'dispatch', 'return' or 'dispatch return') in the
        period: every quantity shown, no count of notes."""
        start, end = o.period(period_name)
        codes = [asset_code(self.c, asset)] if asset else list(self.c.assets)
        column = _OWNER_COLUMN[owner]
        label, nums = self._owner_label(owner, key)
        must: list[Must] = [label]
        figures: list[int] = []
        for kind in kinds.split():
            for code in codes:
                qty = sum(
                    abs(m["quantity"])
                    for m in self.c.movements
                    if m[column] == key
                    and m["kind"] == kind
                    and m["asset_type"] == code
                    and start <= m["at"].date() <= end
                )
                must.append(co(qty))
                nums.add(qty)
                figures.append(qty)
        if period_name not in ("todo", "este año"):
            nums |= o.date_numbers(start) | o.date_numbers(end)
        nums |= {start.year}
        if not any(figures) and len(kinds.split()) == 1:  # nothing moved: said so (`expect_chains12`)
            return nothing_moved_by(label, kinds, nums - {0})
        return _exp("answer", must, nums)

    def _note_count(self, owner: str, key: str, period_name: str) -> int:
        start, end = o.period(period_name)
        column = _OWNER_COLUMN[owner]
        return len(
            {
                m["delivery_note"]
                for m in self.c.movements
                if m["delivery_note"] and m[column] == key and start <= m["at"].date() <= end
            }
        )

    def compare_note_counts(self, owner: str, period_name: str, *keys: str) -> Expected:
        """Which of the owners had more delivery notes in the period: that one first with its count, and
        every count allowed."""
        counts = {k: self._note_count(owner, k, period_name) for k in keys}
        top = max(keys, key=lambda k: counts[k])
        nums = set(counts.values()) | {abs(counts[keys[0]] - counts[keys[1]])} if len(keys) == 2 else set()
        nums |= set(counts.values())
        for k in keys:
            nums |= self._owner_label(owner, k)[1]
        start, end = o.period(period_name)
        nums |= o.date_numbers(start) | o.date_numbers(end)
        label = self._owner_label(owner, top)[0]
        return _exp("answer", ["más", label, co(counts[top]), ("remision", "remisiones")], nums)

    def nth_top(self, asset: str, position: int, city: str | None = None, lowest: bool = False) -> Expected:
        """The client at `position` (1-based) of the ranking by saldo of `asset` (in `city`)."""
        code = asset_code(self.c, asset)
        rows = [
            (k, self.c.balances[k][code])
            for k, client in self.c.clients.items()
            if city is None or client["city"] == city
        ]
        rows.sort(key=lambda kv: (kv[1], kv[0]) if lowest else (-kv[1], kv[0]))
        k, v = rows[position - 1]
        return _exp("answer", [f"[{k}]", co(v)], self._client_numbers(k) | {v, position})

    def capped_notes(self, period_name: str) -> Expected:
        """The company's notes of the period as a capped list: how many in all AND how many are left after
        the lines shown («Remisiones este año: 5.728.» … «… y 5.718 más»), the newest first."""
        start, end = o.period(period_name)
        found = sorted(
            (n for n, lines in self.c.notes.items() if start <= lines[0]["at"].date() <= end),
            key=lambda n: self.c.notes[n][0]["at"],
            reverse=True,
        )
        nums = {len(found), len(found) - o.LIST_CAP, o.LIST_CAP, ALL_LINES}
        nums |= o.date_numbers(start) | o.date_numbers(end)
        for n in found[: o.LIST_CAP]:
            nums |= self._note_numbers(n)
        must: list[Must] = [co(len(found)), f"y {co(len(found) - o.LIST_CAP)} más", found[0]]
        return _exp("answer", must, nums)

    def kind_doc_dates(self, kind: str, plural: str, doc_type: str) -> Expected:
        """«vencimientos del SOAT de los motocarros» with none of them due within 30 days: the kind said
        (`plural`) and every active vehicle's `doc_type` of that kind with its date."""
        plates = {p for p, v in self.c.vehicles.items() if v["kind"] == kind and v["active"]}
        docs = [d for d in self.c.docs if d["plate"] in plates and d["doc_type"] == doc_type]
        assert docs and all(d["days"] > 30 for d in docs), (kind, doc_type)
        must: list[Must] = [plural]
        nums = {len(docs), 30}
        for d in docs:
            must += [d["plate"], o.es_date(d["expires"])]
            nums |= o.digits(d["plate"]) | o.date_numbers(d["expires"])
        return _exp("answer", must, nums)

    def read_as(self, said: str, code: str, asset: str) -> Expected:
        """A code typed loosely (`said`: «7», «41 2») answered for client `code`'s saldo of `asset`, and the
        reading said («El código 7 no existe…», «Tomé «41 2» como el código 412.»)."""
        method = "balance"  # ClientExpect's, beside this mixin in `expect.Oracle`
        base: Expected = getattr(self, method)(code, asset)
        return replace(
            base,
            must=(*base.must, (f"codigo {said}", f"«{said}»")),
            numbers=base.numbers | o.digits(said),
        )
