"""Expected answers of the session-14 follow-up chains (`questions.chains14`): a figure asked after an earlier
entity is recalled or picked says that figure only, with no «Sí» / «No» the user did not ask for."""

from __future__ import annotations

from dataclasses import replace

from backend.testing.answers_bank.expect_base import OracleBase
from backend.testing.answers_bank.oracle import Expected


class Chains14Expect(OracleBase):
    def plain_balance(self, code: str, asset: str) -> Expected:
        """«¿y ese cliente cuántas canastillas tiene?», «¿y el primero que te pregunté cuántas estibas tiene?»:
        the saldo of that client, answered as a figure (a wh-word asks no yes or no)."""
        balance: Expected = getattr(self, "balance")(code, asset)  # noqa: B009 (ClientExpect's)
        return replace(balance, never=("Sí,", "No,"))
