"""Expected answers for the kinds of miss of the answers round on phone-typed questions: a document's
yes-or-no state, a count varied by one slot, the clients of a city listed, a field of a kind of thing
fleetops does not keep (see `expect` and `oracle`)."""

from __future__ import annotations

from backend.core.text import fold
from backend.testing.answers_bank.expect_base import OracleBase, _list
from backend.testing.answers_bank.oracle import Expected, _exp, co, date_numbers, digits


class AskedExpect(OracleBase):
    def doc_verdict(self, plate: str, doc_type: str, status: str) -> Expected:
        """«¿está vencido?» of one vehicle's document: «Sí» or «No» first (whether it is in `status`:
        vencido | vigente), then the document's due date as `vehicle_doc` says it."""
        doc = next(d for d in self.c.docs if d["plate"] == plate and d["doc_type"] == doc_type)
        holds = doc["days"] < 0 if status == "vencido" else doc["days"] >= 0
        must, nums = self._doc_item(doc, with_plate=False)
        return _exp("answer", ["Sí" if holds else "No", *must], nums | digits(plate))

    def active_count(self, active: bool) -> Expected:
        """How many vehicles are active (or inactive)."""
        plates = [p for p, v in self.c.vehicles.items() if v["active"] == active]
        word = "activo" if active else "inactivo"
        shown = {d for p in plates for d in digits(p)} if len(plates) <= 10 else set()  # a short count names them
        return _exp("answer", [str(len(plates)), (word, f"{word}s")], {len(plates)} | shown)

    def city_clients(self, city: str) -> Expected:
        """The clients of one city, listed (capped: the count and «… y N más»)."""
        codes = [code for code, r in self.c.clients.items() if fold(r["city"]) == fold(city)]
        items = [([f"[{code}]"], self._client_numbers(code)) for code in codes]
        return _list("answer", items, ordered=False)

    def unknown_of_kind(self, asset: str) -> Expected:
        """«¿cuánto vale una canastilla?»: fleetops keeps no price, weight…; said as such, with no figure."""
        return _exp("answer", ["no tengo", f"las {asset}"], set())

    def fleet_ready(self, can: bool, count_only: bool = False) -> Expected:
        """The active vehicles that can (`can`) or cannot work today — cannot: a required document (SOAT,
        tecnomecánica, póliza RC) expired or missing — by plate, with how many of how many active."""
        active = sorted(p for p, v in self.c.vehicles.items() if v["active"])
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

    def not_kept(self, field: str) -> Expected:
        """«¿quién es el gerente?» of no one: fleetops keeps no such field, said once, with no figure."""
        return _exp("answer", ["no tengo", field], set())

    def negative_of(self, code: str) -> Expected:
        """«¿el 521 tiene saldo negativo?»: «Sí» with each negative saldo (and no other figure), or «No» with
        each saldo (the figures the «No» is read from)."""
        below = {a: v for a, v in self.c.balances[code].items() if v < 0}
        if not below:
            held = self.c.balances[code]
            return _exp(
                "answer",
                ["No", f"[{code}]", *(co(v) for v in held.values())],
                self._client_numbers(code) | set(held.values()),
            )
        return _exp(
            "answer",
            ["Sí", f"[{code}]", *(str(v) for v in below.values())],
            self._client_numbers(code) | set(below.values()),
        )
