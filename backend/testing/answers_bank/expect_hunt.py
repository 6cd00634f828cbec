"""Expected answers of the kinds found asking phone-typed questions of both companies (session 5): one
vehicle's documents in a status, one driver's delivery notes in a period, one city's negative saldos, the
clients ranked by units dispatched or returned in a period (see `expect` and `oracle`)."""

from __future__ import annotations

from backend.core.text import fold
from backend.testing.answers_bank.expect_base import EMPTY, NONE_SAID, OracleBase, _list
from backend.testing.answers_bank.expect_rankings import _ranked
from backend.testing.answers_bank.oracle import (
    DOC_WORDS,
    Expected,
    Row,
    _exp,
    asset_code,
    co,
    date_numbers,
    digits,
    period,
    status_of,
)


class HuntExpect(OracleBase):
    def vehicle_docs_in(self, plate: str, status: str) -> Expected:
        """The vehicle's documents in `status` («vencido», «por vencer»), not its other ones."""
        docs = [d for d in self.c.docs if d["plate"] == plate]
        chosen = sorted((d for d in docs if status_of(d["days"]) == status), key=lambda d: d["days"])
        others = [DOC_WORDS[d["doc_type"]][0] for d in docs if d not in chosen]
        if not chosen:
            return _exp(EMPTY, [NONE_SAID, plate], digits(plate))
        items = [self._doc_item(d, with_plate=False) for d in chosen]
        listed = _list("answer", items, digits(plate) | {30})
        never = tuple(o for o in others if all(o not in DOC_WORDS[d["doc_type"]] for d in chosen))
        return Expected("answer", (*listed.must, (plate,)), listed.numbers, never=never)

    def driver_notes(self, doc: str, period_name: str) -> Expected:
        """The delivery notes the driver carried in the period, newest first (each note's number)."""
        start, end = period(period_name)
        found: dict[str, list[Row]] = {
            n: lines
            for n, lines in self.c.notes.items()
            if lines[0]["driver_document"] == doc and start <= lines[0]["at"].date() <= end
        }
        ordered = sorted(found, key=lambda n: found[n][0]["at"], reverse=True)
        items = [([n], self._note_numbers(n)) for n in ordered]
        name = self._driver(doc)["full_name"]
        return _list(EMPTY, items, date_numbers(start) | date_numbers(end), topic=[name])

    def negatives_in(self, city: str) -> Expected:
        """The negative saldos of one city's clients (none: «no hay …» and the city)."""
        rows = sorted(
            (b[a], client)
            for client, b in self.c.balances.items()
            if fold(self.c.clients[client]["city"]) == fold(city)
            for a in self.c.assets
            if b[a] < 0
        )
        items = [([f"[{client}]", co(abs(v))], self._client_numbers(client) | {v}) for v, client in rows]
        return _list(EMPTY, items, topic=[city, ("negativo", "negativos")])

    def clients_moved(self, asset: str, kind: str, period_name: str, n: int = 1) -> Expected:
        """The `n` clients with the most units of `asset` of `kind` (dispatch / return) in the period."""
        code, (start, end) = asset_code(self.c, asset), period(period_name)
        moved = dict.fromkeys(self.c.clients, 0)
        for m in self.c.movements:
            if m["kind"] == kind and m["asset_type"] == code and start <= m["at"].date() <= end:
                moved[m["client_code"]] += abs(m["quantity"])
        ranked = sorted(moved.items(), key=lambda kv: (-kv[1], kv[0]))
        must, shown, numbers = _ranked(ranked, n, {k: f"[{k}]" for k in moved})
        numbers |= {x for k in shown for x in self._client_numbers(k)} | date_numbers(start) | date_numbers(end)
        return _exp("answer", must, numbers)

    def cities_count(self) -> Expected:
        """How many cities the clients are in, and which."""
        cities = sorted({r["city"] for r in self.c.clients.values() if r["city"]})
        return _exp("answer", [str(len(cities)), *cities], {len(cities)})

    def clients_quiet(self, period_name: str, kinds: str = "dispatch return", city: str | None = None) -> Expected:
        """The clients (of `city`) with no movement of `kinds` in the period; «todos …» when there is none."""
        start, end = period(period_name)
        wanted = set(kinds.split())
        active = {m["client_code"] for m in self.c.movements if m["kind"] in wanted and start <= m["at"].date() <= end}
        codes = [k for k, r in self.c.clients.items() if k not in active and (city is None or r["city"] == city)]
        if not codes:
            return _exp("answer", [("todos",)], date_numbers(start) | date_numbers(end))
        items = [([f"[{k}]"], self._client_numbers(k)) for k in codes]
        return _list("answer", items, date_numbers(start) | date_numbers(end) | {50}, ordered=False)
