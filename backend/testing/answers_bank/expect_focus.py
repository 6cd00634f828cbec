"""Expected answers of the stale-focus round: a question naming its own scope (a vehicle kind, a plural
«which», a superlative, a period of the company's) answered on that scope (see `expect` and `oracle`)."""

from __future__ import annotations

from backend.core.text import fold
from backend.testing.answers_bank.expect_base import OracleBase, _list
from backend.testing.answers_bank.oracle import Expected, _exp, date_numbers, digits


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
