"""Expected answers of the lists round (`questions/lists.py`): the drivers of a roster by licence date, a
client code typed with or without its zeros."""

from __future__ import annotations

from dataclasses import replace

from backend.core.text import fold
from backend.testing.answers_bank.expect_base import OracleBase
from backend.testing.answers_bank.oracle import TODAY, Expected, Must, _exp, date_numbers, digits, es_date


class ListsExpect(OracleBase):
    def licence_in_order(self, position: int, with_vehicle: bool | None = None) -> Expected:
        """«¿cuál tiene la licencia que vence primero?» after a roster of drivers (`position` 1), then each
        «¿y después?» (2, 3, …): every driver whose licence date is the `position`-th date of that roster
        (`with_vehicle`: only those with / without one), by date — an expired licence counts, said expired."""
        rows = [d for d in self.c.drivers.values() if with_vehicle is None or bool(d["vehicle_plate"]) == with_vehicle]
        days = sorted({d["license"] for d in rows})
        day = days[position - 1]
        chosen = [d for d in rows if d["license"] == day]
        must: list[Must] = [m for d in chosen for m in (d["full_name"], es_date(d["license"]))]
        if day < TODAY:
            must.append(("vencida", "venció"))
        numbers = {len(chosen), abs((day - TODAY).days)} | date_numbers(day)
        numbers |= {n for d in chosen for n in digits(d["vehicle_plate"])}
        return _exp("answer", must, numbers)

    def read_as_balances(self, said: str, code: str) -> Expected:
        """«el 07» (`said`) answered for client `code`'s saldos, and the reading said («El código 07 no existe;
        te respondo por [007] …»): the same reading as «el 7», never «No tengo un cliente con el código 07»."""
        method = "balances"  # ClientExpect's, beside this mixin in `expect.Oracle`
        base: Expected = getattr(self, method)(code)
        must = (*base.must, (f"el codigo {said} no existe",))
        return replace(base, must=must, numbers=base.numbers | digits(said), never=("no tengo",))

    def read_as_balance(self, said: str, code: str, asset: str) -> Expected:
        """`read_as` (a code typed without its zeros) for «07» too: the reading said, nothing said missing."""
        method = "read_as"  # FollowExpect's, beside this mixin in `expect.Oracle`
        base: Expected = getattr(self, method)(said, code, asset)
        return replace(base, must=(*base.must, (f"el codigo {said} no existe",)), never=("no tengo",))

    def doc_after(self, plate: str, doc_type: str, of_type: str | None = None) -> Expected:
        """«¿y después?» right after the document `plate` / `doc_type` was picked by date: every document of
        active vehicles (of `of_type`, when the chain asked one) due on the next date after it."""
        docs = self._docs(lambda days: True, of_type)
        (picked,) = (d for d in self.c.docs if d["plate"] == plate and d["doc_type"] == doc_type)
        after = [d for d in docs if d["expires"] > picked["expires"]]
        chosen = [d for d in after if d["expires"] == after[0]["expires"]]
        must: list[Must] = [m for d in chosen for m in self._doc_item(d)[0]]
        numbers = {n for d in chosen for n in self._doc_item(d)[1]} | {len(chosen), abs(chosen[0]["days"])}
        return _exp("answer", must, numbers)

    def kind_expired_longest(self, kind: str) -> Expected:
        """«¿cuál lleva más tiempo vencido?» right after the vehicles of `kind`: every document of those active
        vehicles that expired on the earliest day."""
        expired = [
            d
            for d in self._docs(lambda days: days < 0, None)
            if fold(self.c.vehicles[d["plate"]]["kind"]) == fold(kind)
        ]
        first = [d for d in expired if d["days"] == expired[0]["days"]]
        must: list[Must] = [m for d in first for m in self._doc_item(d)[0]]
        numbers = {n for d in first for n in self._doc_item(d)[1]} | {len(first), abs(first[0]["days"])}
        return _exp("answer", must, numbers)

    def soonest_licence(self) -> Expected:
        """«¿cuál es el conductor con la licencia más próxima a vencer?» with none due in 30 days: every driver
        whose licence, not yet expired, is due soonest — named, never «ninguno» alone."""
        ahead = sorted((d for d in self.c.drivers.values() if d["license"] >= TODAY), key=lambda d: d["license"])
        first = [d for d in ahead if d["license"] == ahead[0]["license"]]
        must: list[Must] = [m for d in first for m in (d["full_name"], es_date(d["license"]))]
        numbers = {30, len(first), (first[0]["license"] - TODAY).days} | date_numbers(first[0]["license"])
        numbers |= {n for d in first for n in digits(d["vehicle_plate"])}
        return _exp("answer", must, numbers)
