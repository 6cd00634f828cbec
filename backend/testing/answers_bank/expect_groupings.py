"""Expected answers of groupings by a dimension (see `expect` and `oracle`): which city, day, week, month,
vehicle or client has the most (or fewest) of a measure, computed from the CSV rows.

Measures: `saldo` (the clients' saldos, per city), `units` (units dispatched, returned or both: `movement`
None), `notes` (distinct delivery notes; with `movement`, those with such a line). One group asked: the
winner (every tie) and its amount must be shown; the next two may be (numbers allowed). A list: the first
`n` by amount (`per`: every group, dates in calendar order, capped at LIST_CAP lines).
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta

from backend.core.text import fold
from backend.testing.answers_bank import oracle as o
from backend.testing.answers_bank.expect_base import OracleBase
from backend.testing.answers_bank.expect_rankings import _ranked
from backend.testing.answers_bank.oracle import LIST_CAP, Expected, Must, Row, _exp, asset_code, co

_KINDS = {"dispatch": ("dispatch",), "return": ("return",), None: ("dispatch", "return")}


def _key(by: str, m: Row, client: Row) -> str:
    day: date = m["at"].date()
    if by == "day":
        return day.isoformat()
    if by == "week":
        return (day - timedelta(days=day.weekday())).isoformat()
    if by == "month":
        return day.replace(day=1).isoformat()
    if by == "city":
        return str(client["city"])
    return str(m["vehicle_plate"] if by == "vehicle" else m["client_code"])


class GroupingsExpect(OracleBase):
    def _grouped_rows(
        self,
        by: str,
        measure: str,
        asset: str | None,
        movement: str | None,
        period_name: str | None,
        city: str | None,
        vehicle_kind: str | None,
    ) -> dict[str, int]:
        code = asset_code(self.c, asset) if asset else None
        if measure == "saldo":
            out = dict.fromkeys((r["city"] for r in self.c.clients.values()), 0)
            for code_of, held in self.c.balances.items():
                out[self.c.clients[code_of]["city"]] += sum(v for a, v in held.items() if code in (None, a))
            return out
        start, end = o.period(period_name) if period_name else (date.min, date.max)
        units: dict[str, int] = defaultdict(int)
        notes: dict[str, set[str]] = defaultdict(set)
        for m in self.c.movements:
            client: Row = self.c.clients[m["client_code"]]
            vehicle = self.c.vehicles.get(m["vehicle_plate"])
            if m["kind"] not in _KINDS[movement] or not start <= m["at"].date() <= end:
                continue
            if code not in (None, m["asset_type"]) or city not in (None, client["city"]):
                continue
            if vehicle_kind is not None and (vehicle is None or fold(vehicle["kind"]) != fold(vehicle_kind)):
                continue
            key = _key(by, m, client)
            if not key or (measure == "notes" and not m["delivery_note"]):
                continue
            units[key] += abs(m["quantity"])
            notes[key].add(m["delivery_note"])
        return dict(units) if measure == "units" else {k: len(v) for k, v in notes.items()}

    def _group_label(self, by: str, key: str) -> tuple[Must, set[int]]:
        """What names a group in the answer and the numbers its name shows."""
        if by in ("day", "week", "month"):
            d = date.fromisoformat(key)
            if by == "month":
                return f"{o.MONTHS[d.month - 1]} de {d.year}", {d.year}
            if by == "day":
                return o.es_date(d), {d.day, d.year}
            sunday = d + timedelta(days=6)
            first = str(d.day) if d.month == sunday.month else o.es_date(d)
            return f"{first} al {o.es_date(sunday)}", {d.day, sunday.day, d.year, sunday.year}
        if by == "client":
            return f"[{key}]", self._client_numbers(key)
        if by == "vehicle":  # «QMW158 (tractocamión International 7600)»
            return key, o.digits(key) | o.digits(self.c.vehicles[key]["brand_model"])
        return key, set()

    def grouped(
        self,
        by: str,
        measure: str,
        asset: str | None = None,
        movement: str | None = None,
        period_name: str | None = None,
        n: int = 1,
        fewest: bool = False,
        city: str | None = None,
        vehicle_kind: str | None = None,
    ) -> Expected:
        """The group(s) of `by` with the most `measure` (`fewest`: the fewest); `n` 0: every group («por …»)."""
        groups = self._grouped_rows(by, measure, asset, movement, period_name, city, vehicle_kind)
        if fewest and by in ("vehicle", "client"):
            every = [p for p, v in self.c.vehicles.items() if v["active"]] if by == "vehicle" else self.c.clients
            every = [
                k
                for k in every
                if by == "client" or vehicle_kind is None or fold(self.c.vehicles[k]["kind"]) == fold(vehicle_kind)
            ]
            groups = {k: groups.get(k, 0) for k in set(groups) | set(every)}
        ranked = sorted(groups.items(), key=lambda kv: (kv[1] if fewest else -kv[1], kv[0]))
        labels = {k: self._group_label(by, k) for k in groups}
        extra = (
            o.date_numbers(o.period(period_name)[0]) | o.date_numbers(o.period(period_name)[1])
            if period_name
            else set()
        )
        if n == 0:  # every group, dates in calendar order
            shown = sorted(groups) if by in ("day", "week", "month") else [k for k, _ in ranked]
            must: list[Must] = [m for k in shown[:LIST_CAP] for m in (labels[k][0], co(groups[k]))]
            numbers = {len(groups), groups[shown[0]]} | {x for k in shown for x in (groups[k], *labels[k][1])}
            if len(shown) > LIST_CAP:
                numbers |= {LIST_CAP, len(shown) - LIST_CAP}
            return _exp("answer", must, numbers | extra)
        must, shown, numbers = _ranked(ranked, n, {k: labels[k][0] for k in groups})
        if n == 1:  # the next two may follow the winner
            shown = [*shown, *(k for k, _ in ranked[1:3])]
            numbers |= {groups[k] for k in shown}
        if city is not None:
            must.append(city)
        return _exp("answer", must, numbers | extra | {x for k in shown for x in labels[k][1]})

    def grouped_count(
        self,
        by: str,
        measure: str,
        asset: str | None,
        movement: str | None,
        period_name: str | None,
        amount: int | None = None,
        above: bool = True,
        city: str | None = None,
    ) -> Expected:
        """How many groups of `by` have more (`above`; else fewer) than `amount` of `measure` (None: any at all);
        below an amount, active vehicles and clients with none count 0."""
        groups = self._grouped_rows(by, measure, asset, movement, period_name, city, None)
        if amount is not None and not above and by in ("vehicle", "client"):
            every = [p for p, v in self.c.vehicles.items() if v["active"]] if by == "vehicle" else list(self.c.clients)
            groups = {k: groups.get(k, 0) for k in set(groups) | set(every)}
        if amount is None:
            count = sum(1 for v in groups.values() if v > 0)
        else:
            count = sum(1 for v in groups.values() if (v > amount if above else v < amount))
        extra = (
            o.date_numbers(o.period(period_name)[0]) | o.date_numbers(o.period(period_name)[1])
            if period_name
            else set()
        )
        must: list[Must] = [co(count), *([co(amount)] if amount is not None else []), *([city] if city else [])]
        return _exp("answer", must, {count, *([amount] if amount is not None else [])} | extra)
