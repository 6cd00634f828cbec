"""Expected answers about vehicles, their documents and drivers (see `expect` and `oracle`)."""

from __future__ import annotations

from dataclasses import replace

from backend.testing.answers_bank.expect_base import DOCS_WORDS, EMPTY, NONE_SAID, OracleBase, _list
from backend.testing.answers_bank.oracle import DOC_NAMES, Expected, _exp, date_numbers, digits, es_date


class VehicleExpect(OracleBase):
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

    def doc_up_to_date(self, plate: str, doc_type: str) -> Expected:
        """«¿tiene el SOAT al día?», «¿la tecno está en regla?» of one vehicle: «Sí,» (not expired) or «No,»
        first, then that document's date (`vehicle_doc`), never the vehicle's readiness nor a note's vehicle."""
        base = self.vehicle_doc(plate, doc_type)
        docs = [d for d in self.c.docs if d["plate"] == plate and d["doc_type"] == doc_type]
        if base.kind != "answer" or not docs:
            return base
        verdict = ("sí,", "si,") if docs[0]["days"] >= 0 else ("no,",)
        return replace(base, must=(verdict, *base.must), never=("puede salir", "salió en"))

    def vehicle_doc_no_verdict(self, plate: str, doc_type: str) -> Expected:
        """A document picked by its place in a list («el primero de la lista»): its date, with no «Sí,» /
        «No,» first (nothing was asked as a yes-or-no question)."""
        base = self.vehicle_doc(plate, doc_type)
        return replace(base, never=("Sí,", "No,"))
