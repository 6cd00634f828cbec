"""Expected answers of the facts round of session 12 (see `expect` and `oracle`): yes-or-no questions of a
figure led by «Sí» / «No» («¿el 412 debe estibas?», «¿hubo remisiones ayer?», «¿hay clientes en Cali?»)."""

from __future__ import annotations

from dataclasses import replace

from backend.testing.answers_bank.expect_asked import AskedExpect
from backend.testing.answers_bank.expect_clients import ClientExpect
from backend.testing.answers_bank.expect_notes import NoteExpect
from backend.testing.answers_bank.oracle import Expected, _exp, asset_code, co, period


def _led(holds: bool, inner: Expected) -> Expected:
    """`inner` with «Sí,» or «No,» required too (the verdict before the figure)."""
    return replace(inner, must=((("Sí,",) if holds else ("No,",)), *inner.must))


class Facts12Expect(ClientExpect, NoteExpect, AskedExpect):
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
        """«¿cuánto le debe el 997 en total?»: the sum of its saldos over every asset type, said as one total."""
        whole = sum(self.c.balances[code].values())
        return _exp("answer", [f"[{code}]", co(whole), "en total"], self._client_numbers(code) | {whole})
