"""Expected answers about the fleet's vehicles and drivers as lists: by model year, brand, state, semáforo
colour; drivers with a vehicle, their phones, and licences by state (see `expect` and `oracle`)."""

from __future__ import annotations

from backend.core.text import fold
from backend.testing.answers_bank.expect_base import EMPTY, TODAY_NUMBERS, OracleBase, _list
from backend.testing.answers_bank.oracle import (
    TODAY,
    Expected,
    Must,
    Row,
    _exp,
    date_numbers,
    digits,
    es_date,
    status_of,
)

#: semáforo colour -> (first, last) days remaining (README «Data model in short»)
LIGHT_DAYS = {"rojo": (0, 7), "amarillo": (8, 30), "verde": (31, 100_000)}


def _plates_numbers(plates: list[str]) -> set[int]:
    return {n for p in plates for n in digits(p)}


class RosterExpect(OracleBase):
    def _vehicles(self, kind: str | None, brand: str | None, years: tuple[int | None, int | None] | None) -> list[Row]:
        first, last = years or (None, None)
        return [
            v
            for v in self.c.vehicles.values()
            if (kind is None or fold(v["kind"]) == fold(kind))
            and (brand is None or fold(brand) in fold(v["brand_model"]).split())
            and (first is None or int(v["model_year"]) >= first)
            and (last is None or int(v["model_year"]) <= last)
        ]

    def vehicles_split(self, kind: str | None = None) -> Expected:
        """How many vehicles (of a kind) and, when some are inactive, how many are active and which not."""
        rows = self._vehicles(kind, None, None)
        inactive = [v["plate"] for v in rows if not v["active"]]
        active = len(rows) - len(inactive)
        must: list[Must] = [str(len(rows))]
        if len(rows) <= 3:  # a short answer names each, the inactive ones marked
            must += [v["plate"] for v in rows] + (["inactivo"] if inactive else [])
            return _exp(
                "answer", must, {len(rows), active, len(inactive)} | _plates_numbers([v["plate"] for v in rows])
            )
        if inactive and active:
            must += [f"{active} activo", *inactive] if active == 1 else [f"{active} activos", *inactive]
        elif not inactive:
            must += [("activos", "activo")]
        return _exp("answer", must, {len(rows), active, len(inactive)} | _plates_numbers(inactive))

    def vehicles_filtered(
        self,
        kind: str | None = None,
        brand: str | None = None,
        years: tuple[int | None, int | None] | None = None,
        count_only: bool = False,
    ) -> Expected:
        """The vehicles of a kind / brand / model-year range: how many, and their plates when listed."""
        rows = sorted(self._vehicles(kind, brand, years), key=lambda v: v["plate"])
        bounds = {y for y in years or () if y is not None}
        numbers = {len(rows), sum(1 for v in rows if v["active"])} | bounds
        numbers |= {int(v["model_year"]) for v in rows} | {n for v in rows for n in digits(v["brand_model"])}
        if count_only:
            plates = _plates_numbers([v["plate"] for v in rows])
            return _exp(EMPTY if not rows else "answer", [str(len(rows))], numbers | plates)
        items = [([v["plate"]], digits(v["plate"])) for v in rows]
        return _list(EMPTY, items, numbers, ordered=True, topic=[("vehiculo", "vehiculos", "vehículos")])

    def brands(self) -> Expected:
        """Each make (first word of brand_model) with how many vehicles."""
        counts: dict[str, int] = {}
        for v in self.c.vehicles.values():
            make = v["brand_model"].split()[0]
            counts[make] = counts.get(make, 0) + 1
        must: list[Must] = [m for make, n in counts.items() for m in (make, f"{make}: {n}")]
        numbers = set(counts.values()) | {len(counts), len(self.c.vehicles)}
        numbers |= {n for v in self.c.vehicles.values() for n in digits(v["brand_model"])}
        return _exp("answer", must, numbers)

    def docs_in_light(self, light: str, doc_type: str | None = None, count_only: bool = False) -> Expected:
        """Active vehicles' documents in one semáforo colour (a count: of vehicles); with rojo, the answer
        may say how many are already expired."""
        lo, hi = LIGHT_DAYS[light]
        docs = self._docs(lambda days: lo <= days <= hi, doc_type)
        expired = self._docs(lambda days: days < 0, doc_type)
        extra = {7, 8, 30, len(expired)} | TODAY_NUMBERS
        if count_only:
            plates = sorted({d["plate"] for d in docs})
            listed = plates if len(plates) <= 5 else []
            return _exp("answer", [str(len(plates)), *listed], extra | {len(plates)} | _plates_numbers(plates))
        items = [self._doc_item(d) for d in docs]
        return _list(EMPTY, items, extra, topic=[(light,)])

    def with_vehicle(self, count_only: bool = False) -> Expected:
        """The drivers with a vehicle assigned (of how many drivers), listed with their plates."""
        rows = sorted((d for d in self.c.drivers.values() if d["vehicle_plate"]), key=lambda d: fold(d["full_name"]))
        total = len(self.c.drivers)
        numbers = {len(rows), total, total - len(rows)}
        if count_only:
            return _exp("answer", [str(len(rows)), str(total)], numbers)
        items = [([d["full_name"], d["vehicle_plate"]], digits(d["vehicle_plate"])) for d in rows]
        return _list("answer", items, numbers)

    def driver_phones(self) -> Expected:
        """Every driver with their phone, by name (capped: the count and the first)."""
        rows = sorted(self.c.drivers.values(), key=lambda d: fold(d["full_name"]))
        items = [([d["full_name"], d["phone"]], digits(d["phone"])) for d in rows]
        return _list("answer", items, {len(rows)})

    def licence_holders(self, status: str) -> Expected:
        """The drivers whose licence has `status` (vencido, por vencer, vigente), each named with the date
        and the vehicle they drive."""
        drivers = sorted(
            (d for d in self.c.drivers.values() if status_of((d["license"] - TODAY).days) == status),
            key=lambda d: d["license"],
        )
        items = [
            (
                [d["full_name"], es_date(d["license"]), *([d["vehicle_plate"]] if d["vehicle_plate"] else [])],
                date_numbers(d["license"]) | digits(d["vehicle_plate"]),
            )
            for d in drivers
        ]
        return _list(EMPTY, items, TODAY_NUMBERS | {len(self.c.drivers)}, topic=[("licencia", "licencias")])

    def licences_not_expired(self) -> Expected:
        """How many drivers' licences have not expired, of how many; the expired ones may be named."""
        expired = [d for d in self.c.drivers.values() if d["license"] < TODAY]
        valid, total = len(self.c.drivers) - len(expired), len(self.c.drivers)
        numbers = {valid, total, len(expired)} | TODAY_NUMBERS
        numbers |= {n for d in expired for n in date_numbers(d["license"]) | digits(d["vehicle_plate"])}
        return _exp("answer", [str(valid), str(total)], numbers)

    def licence_verdict(self, doc: str, status: str) -> Expected:
        """«¿la licencia de X está vencida?»: Sí or No, and its date."""
        d = self._driver(doc)
        holds = status_of((d["license"] - TODAY).days) == status
        if status == "vigente":
            holds = d["license"] >= TODAY
        return _exp("answer", ["Sí" if holds else "No", es_date(d["license"])], date_numbers(d["license"]))

    def vehicles_without_driver(self) -> Expected:
        """The vehicles no driver is assigned to, by plate."""
        driven = {d["vehicle_plate"] for d in self.c.drivers.values()}
        plates = sorted(p for p in self.c.vehicles if p not in driven)
        return _exp(
            EMPTY if not plates else "answer", [*plates] or [("todos",)], {len(plates)} | _plates_numbers(plates)
        )

    def drivers_of_kind(self, kind: str) -> Expected:
        """Each vehicle of a kind with its driver's name (capped: the count and the first)."""
        rows = sorted(self._vehicles(kind, None, None), key=lambda v: v["plate"])
        items = []
        for v in rows:
            d = self.driver_of(v["plate"])
            items.append(([v["plate"], *([d["full_name"]] if d else [])], digits(v["plate"])))
        return _list(EMPTY, items, {len(rows)})

    def per_kind(self) -> Expected:
        """How many vehicles of each kind (and of all)."""
        counts: dict[str, int] = {}
        for v in self.c.vehicles.values():
            counts[v["kind"]] = counts.get(v["kind"], 0) + 1
        inactive = [p for p, v in self.c.vehicles.items() if not v["active"]]
        must: list[Must] = [str(len(self.c.vehicles)), *(str(n) for n in counts.values())]
        numbers = set(counts.values()) | {len(self.c.vehicles), len(self.c.vehicles) - len(inactive), len(inactive)}
        return _exp("answer", must, numbers | _plates_numbers(inactive))

    def document_number(self, doc: str) -> Expected:
        """A driver's cédula (the CSV's document_number)."""
        return _exp("answer", [doc], {int(doc)})

    def vehicles_in_light(self, light: str, kind: str | None = None, count_only: bool = False) -> Expected:
        """The active vehicles (of `kind`) whose semáforo colour is `light` — the colour of the vehicle, the
        worst of its required documents, as «estado de la flota» counts them (one in green with another
        expired is not green): how many of how many, or each with its document due first."""
        active = sorted(
            p for p, v in self.c.vehicles.items() if v["active"] and (kind is None or fold(v["kind"]) == fold(kind))
        )
        chosen = [p for p in active if self.vehicle_light(p) == light]
        expired = self._docs(lambda days: days < 0, None)
        if kind is not None:
            expired = [d for d in expired if d["plate"] in active]
        extra = {7, 8, 30, len(expired), len(active)} | TODAY_NUMBERS
        if count_only and not chosen:
            return _exp("answer", [("0", "ningun", "ninguno"), light], extra | {0})
        if count_only:
            listed = chosen if len(chosen) <= 5 else []
            return _exp(
                "answer",
                [str(len(chosen)), str(len(active)), light, *listed],
                extra | {len(chosen)} | _plates_numbers(listed),
            )
        items = []
        for p in chosen:
            first = min((d for d in self.c.docs if d["plate"] == p), key=lambda d: d["days"])
            items.append(self._doc_item(first))
        return _list(EMPTY, items, extra, ordered=False, topic=[(light,)])

    def docs_in_light_count(self, light: str) -> Expected:
        """How many documents of active vehicles are in one semáforo colour."""
        lo, hi = LIGHT_DAYS[light]
        docs = self._docs(lambda days: lo <= days <= hi, None)
        expired = self._docs(lambda days: days < 0, None)
        return _exp("answer", [str(len(docs)), light], {len(docs), 7, 8, 30, len(expired)})

    def oldest_driver(self, kind: str) -> Expected:
        """«¿quién maneja el motocarro más viejo?»: that vehicle (the only one of the oldest year), its driver."""
        rows = self._vehicles(kind, None, None)
        year = min(int(v["model_year"]) for v in rows)
        (v,) = (v for v in rows if int(v["model_year"]) == year)
        d = self.driver_of(v["plate"])
        return _exp("answer", [v["plate"], d["full_name"] if d else "sin conductor"], {year} | digits(v["plate"]))
