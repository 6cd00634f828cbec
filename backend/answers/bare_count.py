"""«¿Cuántas canastillas?», «¿cuántas canastillas traía?», «¿cuántas devolvieron?», «¿cuántas tapas tenía?»
right after an answer: only how many of an asset (or of a movement), alone or with a verb of having or moving,
and nothing else — no one named, no period — is a follow-up of what was just discussed, read as «¿y cuántas
…?» (the delivery note just given, the period and asset just asked), never a fresh company-wide question."""

from __future__ import annotations

from backend.core.text import fold
from backend.store.asset_types import AssetType
from backend.understanding.parse import Question

#: Verbs of having or moving that ask nothing of their own («traía», «devolvieron», «despachamos»).
_VERBS = frozenset(
    """traia trajo traian trajeron tenia tuvo tenian tuvieron llevaba llevo llevaban llevaron cargaba cargo habia
    hubo venia venian devolvio devolvieron devolvimos devolvian despacho despacharon despachamos despachaban
    recibio recibieron entregamos entregaron entrego salieron salio mandamos enviamos se le les nos""".split()
)


def as_follow_up(q: Question, assets: list[AssetType]) -> bool:
    """`q` only asks how many of an asset or movement, alone or with such a verb (see the module docstring)."""
    asset_words = {w for a in assets for w in fold(f"{a.name} {a.plural}").split()} | {"de"}
    m = q.mentions
    named = m.codes or m.numbers or m.notes or m.plates or m.spoken_codes or set(q.name_words) - asset_words
    if q.tokens[:1] not in (("cuantas",), ("cuantos",)) or named or q.period is not None:  # «leche»: no name
        return False
    if not (q.asset or q.movement) or not q.slots_set <= {"asset", "movement"}:
        return False
    rest = set(q.tokens[1:]) - asset_words
    return rest <= _VERBS
