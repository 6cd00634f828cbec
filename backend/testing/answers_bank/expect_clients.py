"""Expected answers about clients: balances, city, name, candidates of a name (see `expect` and `oracle`)."""

from __future__ import annotations

import re

from backend.core.text import fold
from backend.testing.answers_bank.expect_base import Item, OracleBase, _list
from backend.testing.answers_bank.oracle import Expected, _exp, asset_code, co


class ClientExpect(OracleBase):
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
