"""«¿y el segundo?», «¿y el tercero con más?» right after a ranking that named one («El cliente con más estibas
en Cali es [150] …», «El conductor con más entregas en noviembre es …»): the same ranking's n-th, never the
first again nor a line of an older list.
"""

from __future__ import annotations

import re
from dataclasses import replace

from backend.answers import followup as fu
from backend.answers.company_wide import company_answer
from backend.answers.focus import Subject
from backend.answers.picks import pick_by_position
from backend.answers.understood import Step, Understood, settled

# the answer of a ranking of one (or of its n-th, «El segundo cliente con más …»)
_ONE = re.compile(r"^El (?:\w+ )?(cliente|conductor) (?:con|que|al que) (?:más|menos)\b")
_SINGULAR = (("a los que", "al que"), ("se les despacharon", "se le despacharon"), ("devolvieron", "devolvió"))
_WORDS = ("primer", "segundo", "tercer", "cuarto", "quinto", "sexto", "séptimo", "octavo", "noveno", "décimo")


def after_one(answer: str) -> bool:
    """`answer` is a ranking's single winner (or its n-th): «¿y el segundo?» asks the next one."""
    return _ONE.match(answer) is not None


async def nth(s: Step, position: int) -> Understood | None:
    """The ranking's client or driver at `position` (0-based) when the latest answer named one winner,
    else None (the flow goes on)."""
    if not s.turns or s.previous is None or not 0 < position < len(_WORDS) or not after_one(s.turns[-1].a):
        return None
    noun = "cliente" if (m := _ONE.match(s.turns[-1].a)) and m.group(1) == "cliente" else "conductor"
    q = replace(s.previous, top_n=position + 1, follow_up=False)
    city = s.city or fu.previous_city(s.turns, s.cities, s.company.today)
    listed = await company_answer(s.ask(q, city))
    if listed is None or listed.kind != "answer":
        return None
    lines = listed.text.splitlines()
    line = next((ln for ln in lines if ln.startswith(f"{position + 1}. ")), None)
    if line is None:  # fewer in the ranking than the position asked
        return settled(s.asked, q, Subject(), listed)
    head = re.sub(r"^(?:Los \S+ )?(?:clientes|conductores)\s*", "", lines[0], flags=re.I).rstrip(":")
    for many, one in _SINGULAR:
        head = head.replace(many, one)
    who, _, amount = line.removeprefix(f"{position + 1}. ").rpartition(": ")
    text = f"El {_WORDS[position]} {noun} {head} es {who}, con {amount}."
    chosen = await pick_by_position(s.conn, [listed.text], position)
    listed.text, listed.intent, listed.focus = text, f"{listed.intent}.nth", chosen.focus()
    return settled(s.asked, q, chosen, listed)
