"""Expected answers of the session-12 follow-up chains (`questions.chains12`): a client's period total when
nothing moved said so, a vehicle's next document to expire."""

from __future__ import annotations

from dataclasses import replace

from backend.testing.answers_bank import oracle as o
from backend.testing.answers_bank.expect_base import OracleBase
from backend.testing.answers_bank.oracle import DOC_WORDS, Expected, Must, _exp, digits


def nothing_moved_by(label: str, kind: str, numbers: set[int]) -> Expected:
    """An owner (`label`) to / from whom nothing moved in a period: said so («A [412] … no se le despachó
    ninguna canastilla en noviembre.», «… no devolvió nada …»), never a «0» figure."""
    verb = ("despachó", "despacharon", "llevó") if kind == "dispatch" else ("devolvió", "devolvieron", "recogió")
    must: list[Must] = [label, ("no se le", "no"), verb, ("ninguna", "ningún", "nada")]
    return replace(_exp("answer", must, numbers), never=(" 0 ",))


class Chains12Expect(OracleBase):
    def next_due(self, plate: str) -> Expected:
        """«¿cuál se vence primero?» after one vehicle's documents: its first document not yet expired (type
        and date) and the ones already expired named as such."""
        docs = sorted((d for d in self.c.docs if d["plate"] == plate), key=lambda d: d["days"])
        expired = [d for d in docs if d["days"] < 0]
        (nxt, *_) = [d for d in docs if d["days"] >= 0]
        must: list[Must] = [DOC_WORDS[nxt["doc_type"]], o.es_date(nxt["expires"])]
        must += [DOC_WORDS[d["doc_type"]] for d in expired]
        if expired:
            must.append(("vencid", "venció", "vencio"))
        numbers = digits(plate) | o.date_numbers(nxt["expires"]) | {nxt["days"], len(expired)}
        for d in expired:
            numbers |= o.date_numbers(d["expires"]) | {-d["days"]}
        return _exp("answer", must, numbers)

    def empty_in_gender(self, none: str) -> Expected:
        """A place asked of a list that came back empty: it says so in the gender of what was listed
        («no hay ninguna que elegir» after remisiones), with no figure."""
        return _exp("not_found", [("vacía", "vacia"), (none,)], set())

    def picked_line(self, selector: str, position: int) -> Expected:
        """A line picked from a documents list («el segundo» after /vencimientos): its document and date,
        answered as a statement (no «Sí» / «No» of a status the user did not ask)."""
        listed: Expected = getattr(self, "listed_doc")(selector, None, position)  # noqa: B009 (DocumentExpect's)
        return replace(listed, never=("No,", "Sí,"))
