"""Expected exact answers, computed from the CSVs by `oracle` (see its docstring for `Expected`).

`Oracle(slug)` methods take natural keys (client code, canonical plate, driver document number,
delivery-note number, asset word, period name) and return an `Expected`. An empty list result accepts
either `answer` or `not_found` (a precise «no hay …» is right under both).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from datetime import date
from functools import cache

from backend.core.text import fold
from backend.testing.answers_bank.oracle import (
    DOC_NAMES,
    DOC_WORDS,
    LIST_CAP,
    TODAY,
    Company,
    Expected,
    Must,
    Row,
    _exp,
    asset_code,
    co,
    date_numbers,
    digits,
    es_date,
    load,
    period,
    status_of,
)

#: One list line: what it must show, and the numbers it may show.
Item = tuple[Sequence[Must], set[int]]
EMPTY = "answer|not_found"
NONE_SAID = ("no hay", "ningun", "ninguna", "no tiene", "no encontre", "no tengo", "sin", "no hubo")
# An empty answer must also say what there is none of (a generic «no encontré…» is not an answer).
# A status list may say what «por vencer» means (30 days) and today's date in its header.
TODAY_NUMBERS = frozenset({30, TODAY.day, TODAY.year})
DOCS_WORDS = ("documento", "documentos", "SOAT", "tecnomecánica", "tecnomecánicas", "póliza", "pólizas")


@cache
def companies() -> dict[str, Company]:
    return load()


def _list(
    kind_if_empty: str,
    items: Sequence[Item],
    extra: AbstractSet[int] = frozenset(),
    ordered: bool = True,
    topic: Sequence[Must] = (),
) -> Expected:
    """A capped list: every item's must when it fits in LIST_CAP lines, else the count (or the rest) and,
    when the list has a natural order (`ordered`), its first item. Empty: «no hay …» and the `topic`."""
    if not items:
        return _exp(kind_if_empty, [NONE_SAID, *topic], set(extra))
    numbers = set(extra) | {len(items)}
    for _must, nums in items:
        numbers |= nums
    if len(items) <= LIST_CAP:
        must: list[Must] = [m for item_must, _ in items for m in item_must]
    else:
        numbers |= {LIST_CAP, len(items) - LIST_CAP}
        must = [(str(len(items)), str(len(items) - LIST_CAP)), *(items[0][0] if ordered else [])]
    return _exp("answer", must, numbers)


class Oracle:
    """Expected answers for one company (`slug`: 'frigorifico-andino' or 'lacteos-del-valle')."""

    def __init__(self, slug: str):
        self.c = companies()[slug]

    # --- clients ---------------------------------------------------------------------------------
    def _client_numbers(self, code: str) -> set[int]:
        """Numbers a client's label may show: its code and any digits in its name ('*24H*')."""
        return digits(code) | digits(self.c.clients[code]["name"]) if code in self.c.clients else digits(code)

    def _client_nf(self, code: str) -> Expected:
        return _exp("not_found", [code], digits(code))

    def balance(self, code: str, asset: str) -> Expected:
        if code not in self.c.clients:
            return self._client_nf(code)
        try:
            value = self.c.balances[code][asset_code(self.c, asset)]
        except KeyError:  # an asset type the company does not handle (tapas at Lácteos del Valle)
            return _exp("not_found", [asset], self._client_numbers(code))
        return _exp("answer", [f"[{code}]", co(abs(value))], self._client_numbers(code) | {value})

    def balances(self, code: str) -> Expected:
        if code not in self.c.clients:
            return self._client_nf(code)
        values = self.c.balances[code]
        return _exp(
            "answer",
            [f"[{code}]", *(co(abs(v)) for v in values.values())],
            self._client_numbers(code) | set(values.values()),
        )

    def city(self, code: str) -> Expected:
        if code not in self.c.clients:
            return self._client_nf(code)
        return _exp("answer", [f"[{code}]", self.c.clients[code]["city"]], self._client_numbers(code))

    def name(self, code: str) -> Expected:
        if code not in self.c.clients:
            return self._client_nf(code)
        return _exp("answer", [f"[{code}]", self.c.clients[code]["name"]], self._client_numbers(code))

    def by_name(self, fragment: str) -> list[str]:
        """Codes of the clients whose folded name contains every folded word of `fragment`."""

        def words(text: str) -> list[str]:
            return re.sub(r"[^0-9a-z]+", " ", fold(text)).split()

        wanted = words(fragment)
        return [code for code, r in self.c.clients.items() if all(w in words(r["name"]) for w in wanted)]

    def ambiguous_clients(self, fragment: str) -> Expected:
        codes = self.by_name(fragment)
        assert len(codes) > 1, (fragment, codes)
        # A candidate line may show the client's city and balances: not invented figures.
        numbers = {n for code in codes for n in self._client_numbers(code) | set(self.c.balances[code].values())}
        items: list[Item] = [([f"[{code}]"], set()) for code in codes]
        exp = _list("ambiguous", items, numbers, ordered=False)
        return Expected("ambiguous", exp.must, exp.numbers)

    # --- vehicles and drivers --------------------------------------------------------------------
    def _vehicle_nf(self, plate: str) -> Expected:
        return _exp("not_found", [plate], digits(plate))

    def driver_of(self, plate: str) -> Row | None:
        return next((d for d in self.c.drivers.values() if d["vehicle_plate"] == plate), None)

    def vehicle(self, plate: str, attr: str) -> Expected:
        """attr: kind | brand | year | model (year or brand) | active | driver."""
        v = self.c.vehicles.get(plate)
        if v is None:
            return self._vehicle_nf(plate)
        nums = digits(plate)
        if attr == "driver":
            d = self.driver_of(plate)
            if d is None:
                return _exp(EMPTY, [plate, NONE_SAID, ("conductor", "conductora", "asignado", "asignada")], nums)
            return _exp("answer", [d["full_name"]], nums)
        if attr == "active":
            said = ("activo", "activa") if v["active"] else ("inactivo", "inactiva", "no esta activo")
            return _exp("answer", [plate, said], nums)
        # «modelo» of a vehicle is its year in Colombia, but the brand and model is a fair reading too.
        value = {
            "kind": v["kind"],
            "brand": v["brand_model"],
            "year": v["model_year"],
            "model": (v["model_year"], v["brand_model"]),
        }[attr]
        return _exp("answer", [value], nums | digits(v["brand_model"]) | {int(v["model_year"])})

    def _doc_item(self, d: Row, with_plate: bool = True) -> Item:
        must: list[Must] = [d["plate"]] if with_plate else []
        must += [DOC_WORDS[d["doc_type"]], es_date(d["expires"])]
        return must, digits(d["plate"]) | date_numbers(d["expires"])

    def vehicle_doc(self, plate: str, doc_type: str) -> Expected:
        if plate not in self.c.vehicles:
            return self._vehicle_nf(plate)
        docs = [d for d in self.c.docs if d["plate"] == plate and d["doc_type"] == doc_type]
        if not docs:
            return _exp(EMPTY, [plate, NONE_SAID, (DOC_NAMES[doc_type], *DOCS_WORDS)], digits(plate))
        must, nums = self._doc_item(docs[0], with_plate=False)
        return _exp("answer", must, nums | digits(plate))

    def vehicle_docs(self, plate: str) -> Expected:
        if plate not in self.c.vehicles:
            return self._vehicle_nf(plate)
        docs = sorted((d for d in self.c.docs if d["plate"] == plate), key=lambda d: d["days"])
        if not docs:
            return _exp(EMPTY, [plate, NONE_SAID, DOCS_WORDS], digits(plate))
        items = [self._doc_item(d, with_plate=False) for d in docs]
        exp = _list("answer", items, digits(plate))
        return _exp("answer", [plate, *exp.must], set(exp.numbers))

    def _driver(self, doc: str) -> Row:
        return self.c.drivers[doc]

    def licence(self, doc: str) -> Expected:
        d = self._driver(doc)
        return _exp("answer", [es_date(d["license"])], date_numbers(d["license"]))

    def phone(self, doc: str) -> Expected:
        p = self._driver(doc)["phone"]
        local = p.removeprefix("+57").strip()
        return _exp("answer", [(local, local.replace(" ", ""), p)], digits(p) | {int(local.replace(" ", ""))})

    def driver_vehicle(self, doc: str) -> Expected:
        plate = self._driver(doc)["vehicle_plate"]
        if not plate:
            return _exp(EMPTY, [self._driver(doc)["full_name"], NONE_SAID], set())
        return _exp("answer", [plate], digits(plate))

    # --- delivery notes --------------------------------------------------------------------------
    def _note_numbers(self, number: str, quantities: bool = True) -> set[int]:
        """What a note's label may show (number, client, plate, date and time), and its quantities
        (each line and the totals per kind) when `quantities`."""
        lines = self.c.notes[number]
        first = lines[0]
        nums = digits(number) | self._client_numbers(first["client_code"]) | digits(first["vehicle_plate"])
        nums |= date_numbers(first["at"].date()) | {first["at"].hour, first["at"].minute}
        if quantities:
            nums |= {m["quantity"] for m in lines}
            for kind in ("dispatch", "return"):
                nums |= {sum(m["quantity"] for m in lines if m["kind"] == kind)}
        return nums

    def note(self, number: str, attr: str, asset: str = "", kind: str = "") -> Expected:
        """attr: client | date | vehicle | driver | qty (asset word, kind dispatch|return) | lines (every
        line's quantity, or only those of `kind`)."""
        if number not in self.c.notes:
            return _exp("not_found", [number], digits(number))
        lines = self.c.notes[number]
        first, nums = lines[0], self._note_numbers(number, quantities=attr == "lines")
        if attr == "client":
            return _exp("answer", [f"[{first['client_code']}]"], nums)
        if attr == "date":
            return _exp("answer", [es_date(first["at"].date())], nums)
        if attr == "vehicle":
            return _exp("answer", [first["vehicle_plate"]], nums)
        if attr == "driver":
            return _exp("answer", [self._driver(first["driver_document"])["full_name"]], nums)
        if attr == "qty":
            code = asset_code(self.c, asset)
            qty = sum(abs(m["quantity"]) for m in lines if m["asset_type"] == code and m["kind"] == kind)
            return _exp("answer", [co(qty)], nums | {qty})
        must = [str(abs(m["quantity"])) for m in lines if not kind or m["kind"] == kind]
        return _exp("answer", must, nums)

    def client_notes(self, code: str, period_name: str) -> Expected:
        if code not in self.c.clients:
            return self._client_nf(code)
        start, end = period(period_name)
        found: dict[str, list[Row]] = {}
        for number, lines in self.c.notes.items():
            if lines[0]["client_code"] == code and start <= lines[0]["at"].date() <= end:
                found[number] = lines
        ordered = sorted(found, key=lambda n: found[n][0]["at"], reverse=True)
        items = [([n], self._note_numbers(n)) for n in ordered]
        return _list(
            "not_found",
            items,
            self._client_numbers(code) | date_numbers(start) | date_numbers(end),
            topic=[f"{code}", ("remision", "remisiones")],
        )

    def notes_in(self, period_name: str, count_only: bool = False) -> Expected:
        """Every delivery note of the company in the period (newest first), or only how many."""
        start, end = period(period_name)
        found = sorted(
            (n for n, lines in self.c.notes.items() if start <= lines[0]["at"].date() <= end),
            key=lambda n: self.c.notes[n][0]["at"],
            reverse=True,
        )
        extra = date_numbers(start) | date_numbers(end)
        if count_only:
            if not found:
                return _exp(EMPTY, [("0", *NONE_SAID), ("remision", "remisiones"), period_name], extra | {0})
            return _exp("answer", [co(len(found))], extra | {len(found)})
        return _list(
            "not_found",
            [([n], self._note_numbers(n)) for n in found],
            extra,
            topic=[("remision", "remisiones"), period_name],
        )

    def moved(self, asset: str, kind: str, period_name: str) -> Expected:
        """Total dispatched (kind 'dispatch') or returned ('return') of an asset in the period."""
        code, (start, end) = asset_code(self.c, asset), period(period_name)
        qty = sum(
            abs(m["quantity"])
            for m in self.c.movements
            if m["kind"] == kind and m["asset_type"] == code and start <= m["at"].date() <= end
        )
        return _exp("answer", [co(qty)], {qty} | date_numbers(start) | date_numbers(end))

    def moved_all(self, kind: str, period_name: str) -> Expected:
        """Every asset type's total dispatched / returned in the period («¿qué se despachó ayer?»)."""
        start, end = period(period_name)
        qty = {
            code: sum(
                abs(m["quantity"])
                for m in self.c.movements
                if m["kind"] == kind and m["asset_type"] == code and start <= m["at"].date() <= end
            )
            for code in self.c.assets
        }
        return _exp(
            "answer", [co(q) for q in qty.values()], set(qty.values()) | date_numbers(start) | date_numbers(end)
        )

    # --- fleet-wide ------------------------------------------------------------------------------
    def total(self, asset: str) -> Expected:
        code = asset_code(self.c, asset)
        values = [b[code] for b in self.c.balances.values()]
        net, positive = sum(values), sum(v for v in values if v > 0)
        return _exp("answer", [(co(net), co(positive))], {net, positive})

    def city_total(self, asset: str, city: str) -> Expected:
        """Sum of the balances of one city's clients."""
        code = asset_code(self.c, asset)
        net = sum(
            b[code] for client, b in self.c.balances.items() if fold(self.c.clients[client]["city"]) == fold(city)
        )
        return _exp("answer", [co(net)], {net})

    def top(self, asset: str, n: int) -> Expected:
        code = asset_code(self.c, asset)
        ranked = sorted(self.c.balances.items(), key=lambda kv: -kv[1][code])
        cut = ranked[n - 1][1][code]
        must: list[Must] = []
        nums = {n} | set(range(1, n + 1))  # a numbered ranking may show 1. 2. 3.
        for client, b in ranked:
            if b[code] < cut:
                break
            nums |= self._client_numbers(client) | {b[code]}
            if b[code] > cut or len(must) < 2 * n:
                must += [f"[{client}]", co(b[code])]
        return _exp("answer", must, nums)

    def negatives(self, asset: str | None = None) -> Expected:
        codes = [asset_code(self.c, asset)] if asset else list(self.c.assets)
        rows = sorted((b[a], client) for client, b in self.c.balances.items() for a in codes if b[a] < 0)
        return _list(
            EMPTY,
            [([f"[{client}]", co(abs(value))], self._client_numbers(client) | {value}) for value, client in rows],
            topic=[("negativo", "negativos", "negativa", "negativas")],
        )

    def city_count(self, city: str) -> Expected:
        n = sum(1 for r in self.c.clients.values() if fold(r["city"]) == fold(city))
        if n == 0:
            return _exp(EMPTY, [NONE_SAID, ("cliente", "clientes")], set())
        return _exp("answer", [str(n)], {n})

    def per_city(self) -> Expected:
        counts: dict[str, int] = {}
        for r in self.c.clients.values():
            counts[r["city"]] = counts.get(r["city"], 0) + 1
        must = [m for city, n in counts.items() for m in (city, str(n))]
        return _exp("answer", must, set(counts.values()) | {len(self.c.clients), len(counts)})

    def inactive(self, count_only: bool = False) -> Expected:
        plates = [p for p, v in self.c.vehicles.items() if not v["active"]]
        if count_only:
            return _exp("answer", [str(len(plates))], {len(plates)} | {n for p in plates for n in digits(p)})
        return _list(EMPTY, [([p], digits(p)) for p in plates])

    def vehicle_age(self, oldest: bool, kind: str | None = None) -> Expected:
        """Every vehicle of the oldest (or newest) model year, of one kind if given."""
        rows = [
            v for v in self.c.vehicles.values() if v["model_year"] and (kind is None or fold(v["kind"]) == fold(kind))
        ]
        year = (min if oldest else max)(int(v["model_year"]) for v in rows)
        plates = [v["plate"] for v in rows if int(v["model_year"]) == year]
        return _exp("answer", [str(year), *plates], {year, len(plates)} | {n for p in plates for n in digits(p)})

    def without_vehicle(self) -> Expected:
        """The drivers with no vehicle assigned, by name."""
        names = [d["full_name"] for d in self.c.drivers.values() if not d["vehicle_plate"]]
        return _exp("answer", names, {len(names)})

    def vehicle_count(self, kind: str | None = None) -> Expected:
        """How many vehicles (of a kind); a short answer may name their plates, and say how many are active."""
        counted = [p for p, v in self.c.vehicles.items() if kind is None or fold(v["kind"]) == fold(kind)]
        n, active = len(counted), sum(1 for p in counted if self.c.vehicles[p]["active"])
        plates = {d for p in counted for d in digits(p)} if n <= LIST_CAP else set()
        return _exp("answer", [str(n)], {n, active, n - active} | plates)

    def client_count(self) -> Expected:
        return _exp("answer", [str(len(self.c.clients))], {len(self.c.clients)})

    # --- documents and licences in periods / with a status ---------------------------------------
    def _docs(self, pred: Callable[[int], bool], doc_type: str | None) -> list[Row]:
        docs = [d for d in self.c.docs if pred(d["days"]) and (doc_type is None or d["doc_type"] == doc_type)]
        return sorted(docs, key=lambda d: (d["days"], d["plate"]))

    def docs_between(self, period_name: str, doc_type: str | None = None) -> Expected:
        start, end = period(period_name)
        lo, hi = (start - TODAY).days, (end - TODAY).days
        docs = self._docs(lambda days: lo <= days <= hi, doc_type)
        return _list(
            EMPTY, [self._doc_item(d) for d in docs], date_numbers(start) | date_numbers(end), topic=[DOCS_WORDS]
        )

    def docs_status(self, status: str, doc_type: str | None = None, count_only: bool = False) -> Expected:
        docs = self._docs(lambda days: status_of(days) == status, doc_type)
        if count_only:
            plates = {d["plate"] for d in docs}
            return _exp("answer", [(str(len(docs)), str(len(plates)))], {len(docs), len(plates)} | TODAY_NUMBERS)
        return _list(EMPTY, [self._doc_item(d) for d in docs], TODAY_NUMBERS, topic=[DOCS_WORDS])

    def licences(self, status: str) -> Expected:
        drivers = sorted(
            (d for d in self.c.drivers.values() if status_of((d["license"] - TODAY).days) == status),
            key=lambda d: d["license"],
        )
        items = [([d["full_name"], es_date(d["license"])], date_numbers(d["license"])) for d in drivers]
        return _list(EMPTY, items, TODAY_NUMBERS, topic=[("licencia", "licencias")])


def days_to(d: date) -> int:
    return (d - TODAY).days
