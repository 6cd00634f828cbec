"""A grouping asked again with one thing changed: «¿y en octubre?», «¿y estibas?», «¿y menos?», «¿y en Cali?»
right after «¿qué día se despacharon más canastillas en noviembre?» (or after such a follow-up) is the same
grouping — the same dimension and measure — of that period, asset, direction or city (`groupings`).

The follow-ups `followup.merged` folds keep the latest question's words, where a grouping's dimension is
said («qué día»); here the grouping question is found in the history and each follow-up since is laid on it."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from backend.answers.groupings import DIMS, NOTES, Grouping, asks_grouping
from backend.answers.lines import ordinal
from backend.answers.units_moved import MOVED
from backend.core.history import Turn
from backend.understanding.parse import Question, parse_question

_CHANGED = frozenset({"asset", "more_assets", "period", "movement", "aggregation", "top_n"})
_MEASURE = NOTES | MOVED


def _again(q: Question) -> bool:
    """«¿y en octubre?», «¿y estibas?», «¿y menos?»: a follow-up changing slots only, naming no entity."""
    m = q.mentions
    named = m.codes or m.numbers or m.plates or m.notes or m.spoken_codes
    return (
        q.tokens[:1] in (("y",), ("e",))
        and not named
        and not q.slots_set - _CHANGED
        and not set(q.tokens) & set(DIMS)
        and ordinal(q.tokens) is None
    )


def _onto(step: Question, base: Question, g: Grouping) -> tuple[Question, Grouping]:
    said = set(step.tokens)
    fewest = True if said & {"menos", "menor"} else False if said & {"mas", "mayor"} else g.fewest
    changes: dict[str, object] = {}
    if "asset" in step.slots_set:
        changes |= {"asset": step.asset, "more_assets": step.more_assets}
    if "period" in step.slots_set:
        changes["period"] = step.period
    if "movement" in step.slots_set:
        changes["movement"] = step.movement
    tokens = tuple(t for t in base.tokens if not (step.asset and t in NOTES)) + tuple(
        t for t in step.tokens if t in _MEASURE
    )
    words = tuple(w for w in step.name_words if w not in ("menos", "mas")) or base.name_words  # a city said
    return replace(base, tokens=tokens, name_words=words, **changes), replace(g, fewest=fewest)  # type: ignore[arg-type]


def carried(q: Question, turns: list[Turn], today: date) -> tuple[Grouping, Question] | None:
    """(the grouping, the question it is of) when `q` asks the latest grouping of `turns` again with one thing
    changed (every turn since it did too), else None."""
    if not _again(q):
        return None
    chain = [q]
    for turn in reversed(turns):
        asked = parse_question(turn.q, today)
        if (g := asks_grouping(asked)) is not None:
            for step in reversed(chain):
                asked, g = _onto(step, asked, g)
            return g, asked
        if not _again(asked):
            return None
        chain.append(asked)
    return None
