"""Expected answers about delivery notes found by words, not by number: «mándame la última remisión del 310»
(its PDF), «mándamela» after one note, «¿cuál fue la última remisión de ayer?», «¿cuántas remisiones tuvo el
412 en octubre?», «¿y cuándo fue su última remisión?» of a client whose code is also a note's number."""

from __future__ import annotations

from dataclasses import replace

from backend.testing.answers_bank.expect_base import OracleBase
from backend.testing.answers_bank.oracle import Expected, Row, _exp, asset_code, co, date_numbers, es_date, period


class WordsExpect(OracleBase):
    def _notes_where(self, owner: str, key: str, period_name: str = "todo") -> list[str]:
        """The notes of a client (code), vehicle (plate), driver (document number) or the company (owner
        "company"), within the period, newest first."""
        start, end = period(period_name)
        field = {"client": "client_code", "vehicle": "vehicle_plate", "driver": "driver_document"}.get(owner)

        def first(number: str) -> Row:
            return self.c.notes[number][0]

        found = [
            n
            for n in self.c.notes
            if (field is None or first(n)[field] == key) and start <= first(n)["at"].date() <= end
        ]
        return sorted(found, key=lambda n: (first(n)["at"], n), reverse=True)

    def _one_note(self, number: str) -> Expected:
        return _exp("answer", [number], self._note_numbers(number))

    def sent_last(self, owner: str, key: str = "", period_name: str = "todo") -> Expected:
        """The PDF of the latest note of `owner` (see `_notes_where`) in the period, and a line naming it."""
        if owner == "client" and key not in self.c.clients:
            return self._client_nf(key)
        notes = self._notes_where(owner, key, period_name)
        if not notes:
            return _exp(
                "answer|not_found", [("no encontre", "no hay", "no tiene")], set(date_numbers(period(period_name)[0]))
            )
        expected = self._one_note(notes[0])
        if owner == "client":
            expected = replace(expected, must=(*expected.must, (f"[{key}]",)))
        return replace(expected, document=notes[0])

    def latest_of(self, owner: str, key: str, period_name: str) -> Expected:
        """«la última remisión del 412 en octubre»: the newest note of the client in the period, not the list."""
        notes = self._notes_where(owner, key, period_name)
        return replace(self._one_note(notes[0]), never=(notes[1],) if len(notes) > 1 else ())

    def first_of(self, owner: str, key: str, period_name: str = "todo") -> Expected:
        """«la primera remisión del 310»: the oldest note (of the period), its day with the year when it is
        not this year's («3 de diciembre de 2025»: a bare «3 de diciembre» reads as this week)."""
        notes = self._notes_where(owner, key, period_name)
        day = self.c.notes[notes[-1]][0]["at"].date()
        when = es_date(day) + (f" de {day.year}" if day.year != 2026 else "")
        expected = self._one_note(notes[-1])
        return replace(expected, must=(*expected.must, (when,)), never=(notes[0],) if len(notes) > 1 else ())

    def sent_note(self, number: str) -> Expected:
        """The PDF of note `number` («mándamela» right after an answer about it)."""
        return replace(self._one_note(number), document=number)

    def latest_in(self, period_name: str) -> Expected:
        """«¿cuál fue la última remisión de ayer?»: the company's newest note of the period, not the list."""
        notes = self._notes_where("company", "", period_name)
        if not notes:
            start, end = period(period_name)
            return _exp("answer", [("no encontre", "no hay")], date_numbers(start) | date_numbers(end))
        return replace(self._one_note(notes[0]), never=(notes[1],) if len(notes) > 1 else ())

    def earliest_in(self, period_name: str) -> Expected:
        """«¿cuál fue la primera remisión de noviembre?»: the company's first note of the period in time."""
        notes = self._notes_where("company", "", period_name)
        return replace(self._one_note(notes[-1]), never=(notes[0],) if len(notes) > 1 else ())

    def client_last(self, code: str, with_date: bool = True) -> Expected:
        """A client's latest note (its number and day), never a note numbered like the client's code."""
        notes = self._notes_where("client", code)
        must = [notes[0]] + ([es_date(self.c.notes[notes[0]][0]["at"].date())] if with_date else [])
        nums = self._note_numbers(notes[0])
        return Expected(
            "answer", tuple((m,) for m in must), frozenset(abs(n) for n in nums), never=(f"remision {code}",)
        )

    def note_asset(self, number: str, asset: str) -> Expected:
        """«¿y tapas?» right after an answer about note `number`: what of that asset it dispatched and took
        back (both), not its client's saldo."""
        code = asset_code(self.c, asset)
        lines = [m for m in self.c.notes[number] if m["asset_type"] == code]
        must = [co(sum(abs(m["quantity"]) for m in lines if m["kind"] == k)) for k in ("dispatch", "return")]
        return _exp("answer", [number, *must], self._note_numbers(number))

    def top_all(self, n: int) -> Expected:
        """«¿cuál es el cliente que más debe?» with no asset said: the clients ranked by every asset's saldo
        summed (a tie at the last place shown is allowed through its numbers)."""
        totals = sorted(((sum(b.values()), code) for code, b in self.c.balances.items()), key=lambda t: (-t[0], t[1]))
        shown = totals[:n]
        nums = (
            set(range(1, n + 1)) | {t for t, _ in shown} | {x for _, code in shown for x in self._client_numbers(code)}
        )
        return _exp("answer", [m for t, code in shown for m in (f"[{code}]", co(t))], nums)

    def beyond_in(self, asset: str, amount: int, city: str, above: bool = True) -> Expected:
        """«clientes de Cali con más de 500 canastillas»: the clients of that city beyond the amount (not the
        city's total), each with its saldo; none of another city."""
        code = asset_code(self.c, asset)
        rows = [(k, b[code]) for k, b in self.c.balances.items() if self.c.clients.get(k, {}).get("city") == city]
        chosen = sorted(((k, v) for k, v in rows if (v > amount if above else v < amount)), key=lambda kv: -kv[1])
        must = [m for k, v in chosen for m in (f"[{k}]", co(v))]
        nums = {amount, len(chosen)} | {v for _, v in chosen} | {x for k, _ in chosen for x in self._client_numbers(k)}
        return _exp("answer", [city, *must], nums)

    def latest_n(self, code: str, n: int) -> Expected:
        """«los últimos 5 movimientos del 412»: its n newest notes, not ten, and no «remisión 5»."""
        notes = self._notes_where("client", code)
        nums = {n, len(notes)} | {x for k in notes[:n] for x in self._note_numbers(k)}
        expected = _exp("answer", [f"[{code}]", *notes[:n]], nums)
        return replace(expected, never=(notes[n], "remision 5", "no encontre"))

    def client_note_count(self, code: str, period_name: str = "todo") -> Expected:
        """«¿cuántas remisiones tuvo el 412 en octubre?»: how many, said once, not the list."""
        if code not in self.c.clients:
            return self._client_nf(code)
        notes = self._notes_where("client", code, period_name)
        start, end = period(period_name)
        nums = self._client_numbers(code) | {len(notes)}
        if period_name != "todo":
            nums |= date_numbers(start) | date_numbers(end)
        if not notes:  # none said as none: «[310] … no tuvo remisiones en octubre», never «0 remisiones»
            return replace(
                _exp("answer", [f"[{code}]", ("no tuvo", "no tiene"), "remisiones"], nums), never=("0 remis",)
            )
        expected = _exp("answer", [f"[{code}]", co(len(notes)), ("remision", "remisiones")], nums)
        return replace(expected, never=tuple(f"remision {n}" for n in notes[:1]))
