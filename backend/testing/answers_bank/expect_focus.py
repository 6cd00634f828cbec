"""Expected answers of the stale-focus round: a question naming its own scope (a vehicle kind, a plural
«which», a superlative, a period of the company's) answered on that scope (see `expect` and `oracle`)."""

from __future__ import annotations

from backend.core.text import fold
from backend.testing.answers_bank.expect_base import OracleBase, _list
from backend.testing.answers_bank.oracle import Expected, _exp, asset_code, co, date_numbers, digits, period


class FocusExpect(OracleBase):
    def kind_ready(self, kind: str, can: bool = True, count_only: bool = False) -> Expected:
        """The active vehicles of one kind that can (`can`) or cannot work today — cannot: a required
        document (SOAT, tecnomecánica, póliza RC) expired or missing — with how many of that kind are active."""
        active = sorted(p for p, v in self.c.vehicles.items() if v["active"] and fold(v["kind"]) == fold(kind))
        docs = {p: {d["doc_type"]: d for d in self.c.docs if d["plate"] == p} for p in active}
        blocked = [p for p in active if self.blocked(p)]
        chosen = [p for p in active if (p not in blocked) == can]
        if count_only:
            return _exp("answer", [str(len(chosen)), str(len(active))], {len(chosen), len(active)})
        items = [
            ([p], digits(p) | {n for d in docs[p].values() for n in date_numbers(d["expires"]) | {abs(d["days"])}})
            for p in chosen
        ]
        exp = _list("answer", items, {len(active)})
        return _exp("answer", [str(len(active)), *exp.must], set(exp.numbers))

    def no_city_of(self, plate: str = "", doc: str = "") -> Expected:
        """«¿en qué ciudad queda?» of a vehicle (`plate`) or a driver (`doc`): no city is kept of them, said
        about that one — never its card nor its documents."""
        if plate:
            return _exp("answer", ["no guardo", "ciudad", plate], digits(plate))
        return _exp("answer", ["no guardo", "ciudad", self._driver(doc)["full_name"]], set())

    def place_in(self, asset: str, position: int, city: str, lowest: bool = False) -> Expected:
        """«¿y el segundo?» after «¿cuál tiene más canastillas?» of the clients of `city`: the client at
        `position` (1 = first) of that city's ranking (`lowest`: fewest first), with its saldo — not of all."""
        code = asset_code(self.c, asset)
        codes = [k for k, r in self.c.clients.items() if fold(r["city"]) == fold(city)]
        rows = sorted(
            ((k, self.c.balances[k][code]) for k in codes), key=lambda kv: (kv[1] if lowest else -kv[1], kv[0])
        )
        k, value = rows[position - 1]
        return _exp("answer", [f"[{k}]", co(value)], {value, position} | self._client_numbers(k))

    def notes_with(self, kind: str, period_name: str) -> Expected:
        """«¿cuántos despachos / devoluciones hubo en noviembre?»: how many of the company's notes of the period
        have a line of `kind` (dispatch | return) — a count of notes, not units."""
        start, end = period(period_name)
        found = [
            n
            for n, lines in self.c.notes.items()
            if start <= lines[0]["at"].date() <= end and any(line["kind"] == kind for line in lines)
        ]
        said = "con despacho" if kind == "dispatch" else ("con devolucion", "con devolución")
        return _exp("answer", [co(len(found)), said], {len(found)} | date_numbers(start) | date_numbers(end))
