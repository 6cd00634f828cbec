"""«¿Cuántos son?», «¿cuántas?» right after an answer that states how many it lists: that count, of that
set — «Vehículos cuya tecnomecánica está vencida (10): …» → «Vehículos cuya tecnomecánica está vencida:
10.», «Remisiones de [976] … en noviembre: 15. • …» → its first line. The question is not asked again
from its words (a follow-up such as «¿y la tecno?» read alone lost the set it varied)."""

from __future__ import annotations

import re

from backend.answers import again
from backend.answers.model import Exact
from backend.core.history import Turn
from backend.understanding.parse import Question

_LISTED = re.compile(r"^(?P<head>[^\n•]*\S)\s*\((?P<n>\d[\d.]*)\):$")  # «Vehículos cuya … (10):»
_STATED = re.compile(r"^[^\n•]*:\s*\d[\d.]*\.$")  # «Remisiones de [976] … en noviembre: 15.»
_COUNTED = re.compile(r"^(?:Hay|Hoy (?:no )?pueden salir|En \w+ hubo|Tienes) [^\n•]*\d[^\n•]*[.:]$")


def stated_count(answer: str) -> str | None:
    """The sentence of `answer`'s first line that says how many it lists, or None when it says none."""
    first = answer.split("\n", 1)[0].strip()
    listed = _LISTED.match(first)
    if listed:
        return f"{listed.group('head')}: {listed.group('n')}."
    if _STATED.match(first) or _COUNTED.match(first):
        return first[:-1] + "." if first.endswith(":") else first
    return None


def last_count(q: Question, turns: list[Turn]) -> Exact | None:
    """The count the latest answer stated, when `q` only asks «¿cuántos son?» (see the module docstring)."""
    if not turns or not again.asks_how_many(q):
        return None
    said = stated_count(turns[-1].a)
    return Exact(said, intent="count.listed", confident=True) if said is not None else None
