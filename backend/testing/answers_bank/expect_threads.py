"""Expected answers of the follow-up threads round (session 11): a day or period in which nothing moved said
so («Hoy no se ha despachado nada aún.», never «0 canastillas»), «¿cuáles?» right after a capped list (every
line), and the rest of that round's chains (`questions.threads`)."""

from __future__ import annotations

from dataclasses import replace

from backend.testing.answers_bank.expect_base import OracleBase
from backend.testing.answers_bank.oracle import TODAY, Expected, _exp, asset_code, co, date_numbers, period

_NOTHING = {
    "dispatch": ("no se ha despachado", "no se han despachado", "no se despachó", "no se despacharon"),
    "return": ("no se ha devuelto", "no se han devuelto", "no se devolvió", "no se devolvieron"),
}


class ThreadsExpect(OracleBase):
    def moved_or_nothing(self, kind: str, period_name: str, asset: str | None = None) -> Expected:
        """Units dispatched / returned in the period (of `asset`, else of every asset type); when none moved,
        a sentence saying nothing moved («aún» when the period is not over), never a «0 …» figure."""
        start, end = period(period_name)
        codes = [asset_code(self.c, asset)] if asset else list(self.c.assets)
        qty = {
            code: sum(
                abs(m["quantity"])
                for m in self.c.movements
                if m["kind"] == kind and m["asset_type"] == code and start <= m["at"].date() <= end
            )
            for code in codes
        }
        dates = date_numbers(start) | date_numbers(end)
        if any(qty.values()):
            return _exp("answer", [co(q) for q in qty.values()], set(qty.values()) | dates)
        must = [_NOTHING[kind], *([("aún",)] if end >= TODAY else [])]
        return replace(_exp("answer", must, dates), never=("0 canastillas", "0 estibas", "0 tapas", "0 canastas"))

    def beyond_all(self, asset: str, amount: int) -> Expected:
        """Every client whose saldo of `asset` is above `amount` (the whole list, not its first 10 lines)."""
        code = asset_code(self.c, asset)
        chosen = [(client, b[code]) for client, b in self.c.balances.items() if b[code] > amount]
        must = [f"[{client}]" for client, _ in chosen]
        numbers = {len(chosen), amount} | {v for _, v in chosen}
        for client, _ in chosen:
            numbers |= self._client_numbers(client)
        return _exp("answer", must, numbers)

    def why_negative(self, code: str) -> Expected:
        """«¿por qué está negativo?» of client `code`: each negative saldo with the units returned and
        dispatched that make it (movement kinds summed from the CSV), never the company's list of
        negatives; a client with none says so."""
        held = self.c.balances[code]
        own = {int(code)} if code.isdigit() else set()
        below = {a: b for a, b in held.items() if b < 0}
        others = tuple(f"[{c}]" for c, b in self.c.balances.items() if c != code and min(b.values()) < 0)
        if not below:
            return replace(
                _exp("answer", [f"[{code}]", ("no tiene saldos negativos",)], set(held.values()) | own), never=others
            )
        must: list[str] = [f"[{code}]"]
        numbers: set[int] = set(own)
        for asset, balance in below.items():
            moved = [m for m in self.c.movements if m["client_code"] == code and m["asset_type"] == asset]
            sums = [sum(abs(m["quantity"]) for m in moved if m["kind"] == k) for k in ("return", "dispatch")]
            must += [co(balance), *(co(n) for n in sums)]
            numbers |= {balance, *sums, balance - (sums[1] - sums[0])}
        return replace(_exp("answer", must, numbers), never=others)
