"""A bare number said of a list: «el 2», «¿y el 3?», «el 07» right after a list is the line at that place
(«el segundo»), not a client code — one reading by context, the same for every spelling of the number:

- right after an answer that lists lines (or after picks from it: «el 7» then «¿y el 07?», «¿y el 8?»), a
  number no larger than the lines shown is a place of that list;
- anywhere else (no list, or a number past its end: «el 412» after the top 3) it is a client code as
  typed (`typed_code`: «el 7» and «el 07» are both [007], said so).
"""

from __future__ import annotations

import re

from backend.answers.lines import listed_at, ordinal, relative
from backend.answers.understood import Step
from backend.core.history import Turn
from backend.core.text import fold
from backend.understanding.parse import parse_question

_BARE = re.compile(r"^(?:y |e )?(?:(?:el|la|del|al) )?(?:numero |nro |no |# ?)?0*([1-9]\d?)$")
_MASCULINE = ("primero", "segundo", "tercero", "cuarto", "quinto", "sexto", "septimo", "octavo", "noveno", "decimo")
_LISTS = re.compile(r"\n(?:•|\d+\.) ")
_COUNT = re.compile(r"^Hay ([\d.]+) (?:conductores|vehículos|motocarros|furgones|camiones|tractocamiones|clientes)\b")


def place_said(text: str) -> int | None:
    """«el 2», «¿y el 3?», «el número 4», «la 07» -> 2, 3, 4, 7 (1-based); else None."""
    m = _BARE.match(" ".join(re.sub(r"[^\w# ]", " ", fold(text)).split()))
    return int(m.group(1)) if m else None


def _picks(s: Step, k: int) -> bool:
    """Turn `k` only picked from a list («el segundo», «el 7», «¿y el de abajo?»)."""
    tokens = parse_question(s.turns[k].q, s.company.today).tokens
    return place_said(s.turns[k].q) is not None or ordinal(tokens) is not None or relative(tokens) is not None


def _ordinal_words(question: str, n: int) -> str:
    """«el 2» -> «el segundo», «¿y la 3?» -> «y la tercera»."""
    said = " ".join(re.sub(r"[^\w# ]", " ", fold(question)).split()).split()
    lead = "y " if said[:1] in (["y"], ["e"]) else ""
    word = _MASCULINE[n - 1]
    if "la" in said[:2]:
        return f"{lead}la {word[:-1]}a"
    return f"{lead}el {word}"


def _counted(answer: str) -> int | None:
    """How many a count with no list shown counted («Hay 45 conductores (4 sin vehículo asignado).»)."""
    m = _COUNT.match(answer)
    return int(m.group(1).replace(".", "")) if m and "\n" not in answer else None


async def as_place(s: Step, question: str) -> tuple[str, list[Turn]] | None:
    """(«el segundo», the turns with each earlier «el 7» of that list said so too) for «el 2» said of the list
    just given (see the module docstring), else None: the number is then a client code."""
    n = place_said(question)
    if n is None or n > len(_MASCULINE) or not s.turns:
        return None
    for k in range(len(s.turns) - 1, -1, -1):
        answer = s.turns[k].a
        listed = await listed_at(s.conn, answer, n - 1, s.cities)
        counted = _counted(answer) if listed is None else None
        if listed is not None or counted is not None:
            cut = answer.endswith("…") and _LISTS.search(answer) is not None  # the history kept its head only
            if (listed is not None and listed.beyond and not cut) or (counted is not None and n > counted):
                return None
            turns = [
                Turn(_ordinal_words(t.q, p), t.a) if j > k and (p := place_said(t.q)) and p <= len(_MASCULINE) else t
                for j, t in enumerate(s.turns)
            ]
            return _ordinal_words(question, n), turns
        if not _picks(s, k):
            return None
    return None
