"""Expected answers of the «pick from what was just answered» round (see `expect` and `oracle`): the one at a
position of every kind of list or ranking — vehicles of a kind (listed by plate), drivers ranked by
delivery notes, cities by how many clients, drivers with no vehicle (by name), clients by saldo — and
what is asked of it, computed by the single-entity oracle of that thing."""

from __future__ import annotations

from typing import Any

from backend.core.text import fold
from backend.testing.answers_bank import oracle as o
from backend.testing.answers_bank.expect_base import OracleBase
from backend.testing.answers_bank.oracle import Expected, _exp, asset_code


def _index(size: int, position: int) -> int:
    """1-based `position` (negative: from the end, -1 the last) as a 0-based index."""
    return position - 1 if position > 0 else size + position


class NthExpect(OracleBase):
    def _delegate(self, method: str, *args: Any) -> Expected:
        expected: Expected = getattr(self, method)(*args)
        return expected

    def nth_of_kind(self, kind: str, position: int, method: str, *args: Any) -> Expected:
        """`method` (e.g. `vehicle` … «driver», `vehicle_doc` … «SOAT») about the vehicle at `position` of the
        vehicles of `kind`, listed by plate."""
        plates = sorted(p for p, v in self.c.vehicles.items() if fold(v["kind"]) == fold(kind))
        return self._delegate(method, plates[_index(len(plates), position)], *args)

    def driver_phone(self, plate: str) -> Expected:
        """The phone of the driver of vehicle `plate`."""
        driver = self.driver_of(plate)
        assert driver is not None, plate
        return self._delegate("phone", driver["document_number"])

    def _drivers_ranked(self, period_name: str, fewest: bool) -> list[tuple[str, int]]:
        start, end = o.period(period_name)
        counts = dict.fromkeys(self.c.drivers, 0) if fewest else {}
        for lines in self.c.notes.values():
            doc = lines[0]["driver_document"]
            if doc and start <= lines[0]["at"].date() <= end and (doc in counts or not fewest):
                counts[doc] = counts.get(doc, 0) + 1
        sign = 1 if fewest else -1
        return sorted(counts.items(), key=lambda kv: (sign * kv[1], self.c.drivers[kv[0]]["full_name"]))

    def nth_driver(self, period_name: str, position: int, fewest: bool, method: str, *args: Any) -> Expected:
        """About the driver at `position` of the ranking by delivery notes in the period (most first, or
        `fewest` first with every driver counted, ties by name): `method` «line» its name and count, else
        that oracle (`phone`, `driver_vehicle`, `licence`) of its document."""
        ranked = self._drivers_ranked(period_name, fewest)
        i = _index(len(ranked), position)
        doc, n = ranked[i]
        if not fewest:  # a ranking's place is sure only where the counts differ
            assert all(k != n for d, k in ranked if d != doc), (period_name, position)
        if method != "line":
            return self._delegate(method, doc, *args)
        start, end = o.period(period_name)
        plates = {x for d, _ in ranked for x in o.digits(self.c.drivers[d]["vehicle_plate"])}
        numbers = {n, position, len(ranked)} | plates | o.date_numbers(start) | o.date_numbers(end)
        said = o.co(n) if n else ("0", "ninguna")  # a zero said in words: «ninguna remisión»
        return _exp("answer", [self.c.drivers[doc]["full_name"], said, ("remision", "remisiones")], numbers)

    def nth_city(self, position: int) -> Expected:
        """The city at `position` of «clientes por ciudad» (most clients first, ties by name) and its count."""
        counts: dict[str, int] = {}
        for r in self.c.clients.values():
            counts[r["city"]] = counts.get(r["city"], 0) + 1
        ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
        city, n = ranked[_index(len(ranked), position)]
        return _exp("answer", [city, str(n)], {n, len(ranked)})

    def nth_city_total(self, position: int, asset: str) -> Expected:
        """The saldo of `asset` of the clients of the city at `position` of «clientes por ciudad»."""
        city = self.nth_city(position).must[0][0]
        code = asset_code(self.c, asset)
        total = sum(self.c.balances[k][code] for k, r in self.c.clients.items() if r["city"] == city)
        return _exp("answer", [city, o.co(total)], {total})

    def nth_without_vehicle(self, position: int, method: str, *args: Any) -> Expected:
        """`method` about the driver at `position` of the drivers with no vehicle, listed by name."""
        docs = sorted((d for d, r in self.c.drivers.items() if not r["vehicle_plate"]), key=lambda d: d)
        docs.sort(key=lambda d: self.c.drivers[d]["full_name"])
        return self._delegate(method, docs[_index(len(docs), position)], *args)

    def nth_by_saldo(self, asset: str, position: int, lowest: bool, method: str, *args: Any) -> Expected:
        """`method` about the client at `position` of the ranking by `asset` saldo (lowest first: every
        client, ties by code)."""
        code = asset_code(self.c, asset)
        sign = 1 if lowest else -1
        ranked = sorted(self.c.balances.items(), key=lambda kv: (sign * kv[1][code], kv[0]))
        return self._delegate(method, ranked[position - 1][0], *args)

    def nth_of_city(self, city: str, position: int, method: str, *args: Any) -> Expected:
        """`method` about the client at `position` of the clients of `city` as listed (by name)."""
        codes = sorted(
            (k for k, r in self.c.clients.items() if r["city"] == city), key=lambda k: self.c.clients[k]["name"]
        )
        return self._delegate(method, codes[_index(len(codes), position)], *args)

    def nth_over(self, asset: str, amount: int, position: int, method: str, *args: Any) -> Expected:
        """`method` about the client at `position` of the clients with more than `amount` of `asset` as
        listed (most first, ties by code; -1: the last line shown of a capped list)."""
        code = asset_code(self.c, asset)
        over = sorted(
            (k for k, b in self.c.balances.items() if b[code] > amount), key=lambda k: (-self.c.balances[k][code], k)
        )
        shown = over[: o.LIST_CAP]
        return self._delegate(method, shown[_index(len(shown), position)], *args)

    def nth_note_in(self, period_name: str, position: int, attr: str) -> Expected:
        """`note` … `attr` of the note at `position` of the company's notes of the period, newest first."""
        start, end = o.period(period_name)
        found = sorted(
            (n for n, lines in self.c.notes.items() if start <= lines[0]["at"].date() <= end),
            key=lambda n: self.c.notes[n][0]["at"],
            reverse=True,
        )
        i = _index(len(found), position)
        assert all(self.c.notes[n][0]["at"] != self.c.notes[found[i]][0]["at"] for n in found if n != found[i])
        return self._delegate("note", found[i], attr)

    def nth_driver_by_name(self, position: int, method: str, *args: Any) -> Expected:
        """`method` about the driver at `position` of the drivers listed by name."""
        docs = sorted(self.c.drivers, key=lambda d: self.c.drivers[d]["full_name"])
        return self._delegate(method, docs[_index(len(docs), position)], *args)

    def listed_lacks(self, period_name: str, position: int) -> Expected:
        """What the vehicle of the document at `position` of the period's due list lacks."""
        start, end = o.period(period_name)
        docs = self._docs(lambda days: (start - o.TODAY).days <= days <= (end - o.TODAY).days, None)
        return self._delegate("vehicle_lacks", docs[position - 1]["plate"])

    def empty_list(self) -> Expected:
        """A place asked of a list that came back empty: it says so, with no figure."""
        return Expected("not_found", (("vacía", "vacia"),), frozenset())

    def nth_brand(self, position: int) -> Expected:
        """The make at `position` of «¿qué marcas tenemos?» (most vehicles first, ties by name), its count."""
        counts: dict[str, int] = {}
        for v in self.c.vehicles.values():
            make = v["brand_model"].split()[0]
            counts[make] = counts.get(make, 0) + 1
        make, n = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[_index(len(counts), position)]
        numbers = {n} | {
            x for v in self.c.vehicles.values() if v["brand_model"].startswith(make) for x in o.digits(v["brand_model"])
        }
        return _exp("answer", [f"{make}: {n}"], numbers)

    def nth_client_note(self, code: str, period_name: str, position: int, attr: str) -> Expected:
        """`note` … `attr` of the note at `position` of the client's notes of the period, newest first."""
        start, end = o.period(period_name)
        found = sorted(
            (
                n
                for n, lines in self.c.notes.items()
                if lines[0]["client_code"] == code and start <= lines[0]["at"].date() <= end
            ),
            key=lambda n: self.c.notes[n][0]["at"],
            reverse=True,
        )
        return self._delegate("note", found[_index(len(found), position)], attr)

    def nth_in_city(self, asset: str, position: int, city: str, method: str, *args: Any) -> Expected:
        """`method` about the client at `position` of the ranking by `asset` saldo among `city`'s clients."""
        code = asset_code(self.c, asset)
        rows = sorted(
            (k for k, r in self.c.clients.items() if r["city"] == city), key=lambda k: (-self.c.balances[k][code], k)
        )
        return self._delegate(method, rows[position - 1], *args)
