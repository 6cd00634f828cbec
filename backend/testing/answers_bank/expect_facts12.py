"""Expected answers of the facts round of session 12 (see `expect` and `oracle`): yes-or-no questions of a
figure led by «Sí» / «No» («¿el 412 debe estibas?», «¿hubo remisiones ayer?», «¿hay clientes en Cali?»)."""

from __future__ import annotations

from dataclasses import replace

from backend.core.text import fold
from backend.testing.answers_bank.expect_asked import AskedExpect
from backend.testing.answers_bank.expect_base import ALL_LINES, _list
from backend.testing.answers_bank.expect_clients import ClientExpect
from backend.testing.answers_bank.expect_hunt import HuntExpect
from backend.testing.answers_bank.expect_notes import NoteExpect
from backend.testing.answers_bank.oracle import LIST_CAP, Expected, _exp, asset_code, co, date_numbers, digits, period


def _led(holds: bool, inner: Expected) -> Expected:
    """`inner` with «Sí,» or «No,» required too (the verdict before the figure)."""
    return replace(inner, must=((("Sí,",) if holds else ("No,",)), *inner.must))


class Facts12Expect(ClientExpect, NoteExpect, AskedExpect, HuntExpect):
    def yes_balance(self, code: str, asset: str, how: str = "", n: int = 0) -> Expected:
        """«¿el 412 debe estibas?» (saldo above 0), «¿… tiene más de 10000?» (`how` more | less than `n`)."""
        value = self.c.balances[code][asset_code(self.c, asset)]
        holds = value < n if how == "less" else value > n
        return _led(holds, self.balance(code, asset))

    def yes_notes(self, period_name: str) -> Expected:
        """«¿hubo remisiones ayer?»: «Sí» with how many, or «No»."""
        start, end = period(period_name)
        held = any(start <= lines[0]["at"].date() <= end for lines in self.c.notes.values())
        return _led(held, self.notes_in(period_name))

    def yes_city_clients(self, city: str) -> Expected:
        """«¿hay clientes en Cali?»: «Sí» and the city's clients."""
        return _led(True, self.city_clients(city))

    def client_total(self, code: str) -> Expected:
        """«¿cuánto le debe el 997 en total?»: the sum of its saldos over every asset type, then each saldo."""
        values = self.c.balances[code]
        whole = sum(values.values())
        must = [f"[{code}]", co(whole), "en total", *(co(abs(v)) for v in values.values())]
        return _exp("answer", must, self._client_numbers(code) | {whole} | set(values.values()))

    def _city_notes(self, city: str, period_name: str, kind: str) -> list[str]:
        """The delivery notes of the period of `city`'s clients (with a `kind` line unless «any»), newest first."""
        start, end = period(period_name)
        found = [
            n
            for n, lines in self.c.notes.items()
            if fold(self.c.clients[lines[0]["client_code"]]["city"]) == fold(city)
            and start <= lines[0]["at"].date() <= end
            and (kind == "any" or any(m["kind"] == kind for m in lines))
        ]
        return sorted(found, key=lambda n: self.c.notes[n][0]["at"], reverse=True)

    def city_notes_count(self, city: str, period_name: str, kind: str = "any") -> Expected:
        """«¿cuántas remisiones hubo en Cali en noviembre?»: how many notes of that city's clients, the city said."""
        n = len(self._city_notes(city, period_name, kind))
        start, end = period(period_name)
        return _exp("answer", [co(n), city], {n} | date_numbers(start) | date_numbers(end))

    def city_notes(self, city: str, period_name: str) -> Expected:
        """«remisiones de Cali de ayer»: the notes of that city's clients in the period, listed (capped)."""
        start, end = period(period_name)
        items = [([n], self._note_numbers(n)) for n in self._city_notes(city, period_name, "any")]
        extra = date_numbers(start) | date_numbers(end)
        return _list("not_found", items, extra, topic=[("remision", "remisiones"), city])

    def owner_note_count(self, owner: str, key: str, period_name: str, kind: str = "any") -> Expected:
        """«¿cuántas entregas hizo Marta Londoño en noviembre?» (`owner` driver: `key` its document number;
        vehicle: its plate): one count sentence of its notes (with a `kind` line unless «any»), newest first
        listed after it (capped)."""
        field = "driver_document" if owner == "driver" else "vehicle_plate"
        start, end = period(period_name)
        notes = {
            n
            for n, lines in self.c.notes.items()
            if any(m[field] == key for m in lines)
            and start <= lines[0]["at"].date() <= end
            and (kind == "any" or any(m["kind"] == kind for m in lines))
        }
        who = " ".join(self.c.drivers[key]["full_name"].split()[:2]) if owner == "driver" else key
        numbers = {len(notes)} | date_numbers(start) | date_numbers(end) | digits(key if owner != "driver" else "")
        listed = sorted(notes, key=lambda n: self.c.notes[n][0]["at"], reverse=True)
        first = [listed[0]] if listed else []
        numbers |= {LIST_CAP, len(notes) - LIST_CAP, ALL_LINES} | {x for n in listed for x in self._note_numbers(n)}
        return _exp(
            "answer", [who, (f"tuvo {co(len(notes))} remisiones", f"tuvo {co(len(notes))} remisión"), *first], numbers
        )

    def city_saldo(self, city: str, asset: str | None = None) -> Expected:
        """«¿cuántas en Rionegro?»: the saldo held by the city's clients, of `asset` (the one just asked) or of
        every asset type of the company, each figure with the city."""
        codes = [asset_code(self.c, asset)] if asset else list(self.c.assets)
        there = [k for k, row in self.c.clients.items() if fold(row["city"]) == fold(city)]
        values = [sum(self.c.balances[k][code] for k in there) for code in codes]
        return _exp("answer", [city, *(co(v) for v in values)], set(values))
