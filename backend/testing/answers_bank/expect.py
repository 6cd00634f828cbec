"""Expected exact answers, computed from the CSVs by `oracle` (see its docstring for `Expected`).

`Oracle(slug)` methods take natural keys (client code, canonical plate, driver document number,
delivery-note number, asset word, period name) and return an `Expected`. An empty list result accepts
either `answer` or `not_found` (a precise «no hay …» is right under both). The methods live by subject in
`expect_clients`, `expect_vehicles`, `expect_notes`, `expect_fleet`, `expect_docs` and `expect_scope`; what
they share in `expect_base`.
"""

from __future__ import annotations

from backend.testing.answers_bank.expect_base import OracleBase, companies, days_to
from backend.testing.answers_bank.expect_clients import ClientExpect
from backend.testing.answers_bank.expect_docs import DocumentExpect
from backend.testing.answers_bank.expect_fleet import FleetExpect
from backend.testing.answers_bank.expect_notes import NoteExpect
from backend.testing.answers_bank.expect_scope import ScopeExpect
from backend.testing.answers_bank.expect_vehicles import VehicleExpect
from backend.testing.answers_bank.oracle import Expected

__all__ = ["Oracle", "OracleBase", "companies", "days_to"]


class Oracle(ScopeExpect, ClientExpect, VehicleExpect, NoteExpect, FleetExpect, DocumentExpect):
    """Expected answers for one company (`slug`: 'frigorifico-andino' or 'lacteos-del-valle')."""

    def each(self, *calls: tuple[str, ...]) -> Expected:
        """Several entities asked together: every call's answer in one (each `call` is a method and its
        arguments); answered when at least one is, and no number but theirs."""
        parts = [getattr(self, method)(*args) for method, *args in calls]
        kind = "answer" if any("answer" in p.kind.split("|") for p in parts) else parts[0].kind
        must = tuple(m for p in parts for m in p.must)
        return Expected(kind, must, frozenset(n for p in parts for n in p.numbers))

    def asks_which(self, *what: str) -> Expected:
        """A question about one thing that names none and has none in focus: it asks which (`what`: the
        words the question back must use, e.g. «vehículo»), and shows no figure."""
        return Expected("not_found", tuple((w,) for w in what), frozenset())
