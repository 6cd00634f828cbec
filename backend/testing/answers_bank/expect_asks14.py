"""Expected answers of the unwritten-questions round of session 14 (see `expect` and `oracle`): a weekday as a
period («¿hubo remisiones el domingo?»: the latest such day on or before today), a zero count said in words,
a fact stated to check led by «Sí» / «No» («¿el 412 está en Rionegro?», «¿la KLM482 es de Diego Arango?»)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from backend.core.text import fold
from backend.testing.answers_bank.expect_base import EMPTY, NONE_SAID
from backend.testing.answers_bank.expect_clients import ClientExpect
from backend.testing.answers_bank.expect_notes import NoteExpect
from backend.testing.answers_bank.expect_vehicles import VehicleExpect
from backend.testing.answers_bank.oracle import Expected, Must, _exp, co, date_numbers, period

WEEKDAYS = ("lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo")


def _led(holds: bool, inner: Expected) -> Expected:
    """`inner` with «Sí,» or «No,» required first too (the verdict before the fact)."""
    return replace(inner, must=((("Sí,",) if holds else ("No,",)), *inner.must))


class Asks14Expect(ClientExpect, VehicleExpect, NoteExpect):
    def weekday_notes(self, iso: str, count_only: bool = False) -> Expected:
        """The notes of one day asked by its weekday («remisiones del viernes pasado»): the day's weekday
        and date said, its notes listed (or how many), or none said in words."""
        day = date.fromisoformat(iso)
        inner = self.notes_in(f"{iso}..{iso}", count_only)
        said = (WEEKDAYS[day.weekday()], f"{day.day} de")
        if not any(lines[0]["at"].date() == day for lines in self.c.notes.values()):
            inner = _exp(EMPTY, [NONE_SAID, ("remision", "remisiones")], date_numbers(day))
            inner = replace(inner, never=("0 remisiones",))
        return replace(inner, must=(*inner.must, *((w,) for w in said)))

    def yes_weekday_notes(self, iso: str) -> Expected:
        """«¿hubo remisiones el domingo?»: «Sí» with them, or «No» said in words."""
        day = date.fromisoformat(iso)
        held = any(lines[0]["at"].date() == day for lines in self.c.notes.values())
        return _led(held, self.weekday_notes(iso, count_only=not held))

    def weekday_moved(self, asset: str, kind: str, iso: str) -> Expected:
        """«¿cuántas canastillas despachamos el lunes?»: that day's units, the weekday said."""
        day = date.fromisoformat(iso)
        inner = self.moved(asset, kind, f"{iso}..{iso}")
        return replace(inner, must=(*inner.must, (WEEKDAYS[day.weekday()],)))

    def none_in_city(self, period_name: str, city: str) -> Expected:
        """«¿cuántas remisiones hubo ayer en Medellín?» with none: said in words, never «0 remisiones»."""
        start, end = period(period_name)
        held = [
            n
            for n, lines in self.c.notes.items()
            if fold(self.c.clients[lines[0]["client_code"]]["city"]) == fold(city)
            and start <= lines[0]["at"].date() <= end
        ]
        assert not held, (period_name, city, len(held))
        must: list[Must] = [("no hubo", "no ha habido", "no encontre"), ("remision", "remisiones"), city]
        return replace(_exp("answer", must, date_numbers(start) | date_numbers(end)), never=("0 remisiones",))

    def owes_now(self, code: str) -> Expected:
        """«y el 77 cuántas debe?» after any question: that client's saldos, no verdict before them."""
        return replace(self.balances(code), never=("Sí,", "No,", "remisiones"))

    def confirm_city(self, code: str, city: str) -> Expected:
        """«¿el 412 está en Rionegro?»: «Sí» / «No», then the client's city."""
        return _led(fold(self.c.clients[code]["city"]) == fold(city), self.city(code))

    def confirm_vehicle(self, plate: str, attr: str, value: str) -> Expected:
        """«¿la TRX905 es Chevrolet?» (attr brand), «… modelo 2014?» (year), «… un camión?» (kind), «… de Diego
        Arango?» (driver: `value` the document number), «… activa?» (active: «true» / «false»)."""
        v = self.c.vehicles[plate]
        if attr == "driver":
            d = self.driver_of(plate)
            holds = d is not None and d["document_number"] == value
        elif attr == "active":
            holds = str(v["active"]).lower() == value
        else:
            field = {"brand": "brand_model", "year": "model_year", "kind": "kind"}[attr]
            holds = fold(value) in fold(str(v[field])).split()
        return _led(holds, self.vehicle(plate, attr))

    def confirm_note(self, number: str, attr: str, value: str) -> Expected:
        """«¿la remisión 8297 fue para el 412?» (attr client: `value` a code), «¿… la llevó Luis Gómez?»
        (driver: `value` a document number)."""
        first = self.c.notes[number][0]
        holds = first["client_code" if attr == "client" else "driver_document"] == value
        inner = self.note(number, attr)
        return _led(holds, replace(inner, numbers=inner.numbers | {int(value)} if attr == "client" else inner.numbers))

    def no_negative_figures(self, code: str) -> Expected:
        """«¿el 412 tiene saldo negativo?» with none: «No» and each saldo (every figure the «No» is read from)."""
        values = self.c.balances[code]
        assert all(v >= 0 for v in values.values()), code
        must = ["No,", f"[{code}]", *(co(v) for v in values.values())]
        return _exp("answer", must, self._client_numbers(code) | set(values.values()))

    def city_most_clients(self, fewest: bool) -> Expected:
        """«¿qué ciudad tiene más clientes?»: the city (every tie) with the most (fewest) clients, and how many."""
        per_city: dict[str, int] = {}
        for row in self.c.clients.values():
            per_city[row["city"]] = per_city.get(row["city"], 0) + 1
        best = (min if fewest else max)(per_city.values())
        cities = [c for c, n in per_city.items() if n == best]
        return _exp("answer", [*cities, co(best)], set(per_city.values()))
