"""Expected answers for the kinds of miss of answers round 3: several entities asked together, a pick
from a ranking, a question back, fields fleetops does not keep, vehicles without documents, a count of
negative saldos, a vehicle's notes in a period (see `expect` and `oracle`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from backend.testing.answers_bank.expect_base import EMPTY, NONE_SAID, OracleBase, _list
from backend.testing.answers_bank.oracle import DOC_WORDS, Expected, Row, _exp, asset_code, date_numbers, digits, period


class KindsExpect(OracleBase):
    def each(self, *calls: tuple[str, ...]) -> Expected:
        """Several entities asked together: every call's answer in one (each `call` is a method and its
        arguments); answered when at least one is, and no number but theirs."""
        parts = [getattr(self, method)(*args) for method, *args in calls]
        kind = "answer" if any("answer" in p.kind.split("|") for p in parts) else parts[0].kind
        must = tuple(m for p in parts for m in p.must)
        return Expected(kind, must, frozenset(n for p in parts for n in p.numbers))

    def alone(self, method: str, *args: Any) -> Expected:
        """`method`'s answer and nothing said missing: a number or word of a name found is part of it («saldo de
        el sol 24 h» is [77] MINIMERCADO EL_SOL *24H*, with no «No tengo un cliente con el código 24»)."""
        expected: Expected = getattr(self, method)(*args)
        return replace(expected, never=("no tengo un", "no encontre", "no esta en la flota"))

    def asks_which(self, *what: str) -> Expected:
        """A question about one thing that names none and has none in focus: it asks which (`what`: the
        words the question back must use, e.g. «vehículo»), and shows no figure."""
        return Expected("not_found", tuple((w,) for w in what), frozenset())

    def ranked(self, asset: str, position: int, method: str, *args: Any) -> Expected:
        """`method` about the client at `position` (1 = the most) of the ranking by `asset` saldo."""
        code = asset_code(self.c, asset)
        ranked = sorted(self.c.balances.items(), key=lambda kv: -kv[1][code])
        expected: Expected = getattr(self, method)(ranked[position - 1][0], *args)
        return expected

    def unknown_field(self, what: str, key: str) -> Expected:
        """«No tengo el NIT de [412] …»: a field not kept, said as such about the entity (`what`: client,
        vehicle or driver; `key`: its code, plate or document number)."""
        if what == "client":
            return _exp("answer", ["no tengo", f"[{key}]"], self._client_numbers(key))
        if what == "vehicle":
            return _exp("answer", ["no tengo", key], digits(key))
        return _exp("answer", ["no tengo", self._driver(key)["full_name"]], set())

    def lacking_documents(self, doc_type: str | None = None, count_only: bool = False) -> Expected:
        """The vehicles without any document, or without `doc_type`."""
        plates = sorted(self.c.vehicles)
        having = {d["plate"] for d in self.c.docs if doc_type is None or d["doc_type"] == doc_type}
        lacking = [p for p in plates if p not in having]
        topic = DOC_WORDS[doc_type] if doc_type else ("documento", "documentos")
        if count_only:
            return _exp("answer", [str(len(lacking)), topic], {len(lacking)} | {n for p in lacking for n in digits(p)})
        return _list(EMPTY, [([p], digits(p)) for p in lacking], topic=[topic])

    def negative_count(self) -> Expected:
        clients = {c for c, b in self.c.balances.items() if any(v < 0 for v in b.values())}
        return _exp("answer", [(str(len(clients)), *NONE_SAID), ("negativo", "negativos")], {len(clients)})

    def vehicle_notes(self, plate: str, period_name: str) -> Expected:
        """A vehicle's delivery notes in a period, newest first (each note's number)."""
        start, end = period(period_name)
        found: dict[str, list[Row]] = {
            n: lines
            for n, lines in self.c.notes.items()
            if lines[0]["vehicle_plate"] == plate and start <= lines[0]["at"].date() <= end
        }
        ordered = sorted(found, key=lambda n: found[n][0]["at"], reverse=True)
        items = [([n], self._note_numbers(n)) for n in ordered]
        extra = digits(plate) | date_numbers(start) | date_numbers(end)
        return _list(EMPTY, items, extra, topic=[plate, ("remision", "remisiones")])

    def drivers_list(self) -> Expected:
        """Every driver, by name, with the plate assigned (a capped list)."""
        items = [([d["full_name"]], digits(d["vehicle_plate"])) for d in self.c.drivers.values()]
        return _list("answer", items, ordered=False)
