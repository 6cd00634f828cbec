"""What a listed answer holds at a position: the ordinal words («el segundo», «la última», «el penúltimo»,
«el de arriba») and the line of every kind of list fleetops answers — clients by «[code]» (saldos, rankings,
thresholds, a city's clients), notes («• remisión 8423 …»), plates (vehicles, documents due), drivers
(rosters, licences, rankings), cities («• Envigado: 41 clientes»), and plates listed in one sentence
(«Los vehículos más viejos son modelo 2008: LRA962, QMW158 y SBY121.»)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import asyncpg

from backend.answers.focus import Subject
from backend.answers.model import Exact
from backend.store import clients as store_clients
from backend.store import vehicles as store_vehicles

_ORDINALS = {
    "primero": 0,
    "primera": 0,
    "primer": 0,
    "1ro": 0,
    "1ero": 0,
    "segundo": 1,
    "segunda": 1,
    "2do": 1,
    "2da": 1,
    "tercero": 2,
    "tercera": 2,
    "tercer": 2,
    "3ro": 2,
    "3ero": 2,
    "3ra": 2,
    "cuarto": 3,
    "cuarta": 3,
    "quinto": 4,
    "quinta": 4,
    "sexto": 5,
    "sexta": 5,
    "septimo": 6,
    "septima": 6,
    "octavo": 7,
    "octava": 7,
    "noveno": 8,
    "novena": 8,
    "decimo": 9,
    "decima": 9,
    "ultimo": -1,
    "ultima": -1,
    "penultimo": -2,
    "penultima": -2,
}
_LAST = ("ultimo", "ultima", "penultimo", "penultima")
# «el de arriba», «el siguiente»: a step from the line picked last (none picked: «el de arriba» is the top)
RELATIVE = {"arriba": -1, "anterior": -1, "abajo": 1, "siguiente": 1, "sigue": 1}
_FILLER = ("el", "la", "y", "de", "lista", "que", "me", "dijiste", "ese", "esa", "en", "puesto", "lugar", "numero")


# words that start what is asked of «el último» right after it («el último quién lo maneja»)
_ASKS = frozenset(
    "cual que quien donde cuando cuanto cuanta cuantos cuantas en tiene lo la le su es telefono celular placa "
    "licencia ciudad saldo".split()
)


_PLACED = frozenset("quedo quedaron va van esta estan salio llego sale".split())


def ordinal(tokens: tuple[str, ...]) -> int | None:
    """«el segundo», «la última», «y el segundo en qué ciudad queda»: a position in a listed answer (0-based,
    -1 the last), else None. Beside other words the ordinal must follow «el»/«la», and «último» must end the
    question or be followed by what is asked of it («la última remisión» asks for a note, not a line)."""
    words = [t for t in tokens if t not in _FILLER]
    if {"cual", "quien"} & set(tokens) and {"primero", "primera"} & set(tokens) and {"vence", "caduca"} & set(tokens):
        return 0  # «¿cuál vence primero?» of due documents listed soonest first
    if len(words) == 1:
        return _ORDINALS.get(words[0])
    head = tokens[1:] if tokens[:1] == ("y",) else tokens
    if len(head) > 2 and head[0] in ("el", "la") and head[1] in _LAST and head[2] in _ASKS:
        return _ORDINALS[head[1]]  # «el último cuál es su teléfono», «el penúltimo quién lo maneja»
    for verb, before, word in zip(tokens, tokens[1:], tokens[2:], strict=False):
        if verb in _PLACED and before in ("de", "en") and word in _ORDINALS and _ORDINALS[word] >= 0:
            return _ORDINALS[word]  # «¿quién quedó de tercero?», «¿cuál va en segundo?»
    for before, word in zip(tokens, tokens[1:], strict=False):
        if before in ("el", "la", "del", "al") and word in _ORDINALS and _ORDINALS[word] >= 0:  # «del primero»
            return _ORDINALS[word]
    if len(tokens) > 2 and tokens[-2] in ("el", "del", "al") and tokens[-1] == "ultimo":
        return -1  # «¿cuál es el último?», «quien maneja el ultimo» (not «¿cuál fue la última?»: the latest note)
    return None


def relative(tokens: tuple[str, ...]) -> int | None:
    """«el de arriba», «¿y el siguiente?», «el que sigue», «el anterior», «el de abajo»: a step up (-1) or
    down (1) the list from the line picked last, else None."""
    words = [t for t in tokens if t not in (*_FILLER, "y", "cual", "es", "esta")]
    if len(words) == 1:
        return RELATIVE.get(words[0])
    head = tokens[1:] if tokens[:1] == ("y",) else tokens
    said = " ".join(head[:3])  # «el de abajo qué teléfono tiene», «el siguiente cuántas tiene»
    m = re.match(r"^(?:el|la) (?:de (arriba|abajo)|(siguiente|anterior)|que (sigue))\b", said)
    return RELATIVE[next(g for g in m.groups() if g)] if m else None


_HOW_MANY = {"dos": 2, "2": 2, "tres": 3, "3": 3, "cuatro": 4, "4": 4, "cinco": 5, "5": 5}
_FIRSTS = re.compile(
    r"\b(?:los|las) (?:(?P<n1>dos|tres|cuatro|cinco|[2-5]) (?P<w1>primer[oa]s|ultim[oa]s)"
    r"|(?P<w2>primer[oa]s|ultim[oa]s) (?P<n2>dos|tres|cuatro|cinco|[2-5]))\b"
)


def several(tokens: tuple[str, ...]) -> list[int] | None:
    """«los dos primeros», «las 3 últimas», «los primeros tres», «el primero y el tercero»: the places
    (0-based, negative from the end) of several of a list; else None."""
    m = _FIRSTS.search(" ".join(tokens))
    if m is not None:
        n, word = _HOW_MANY[m.group("n1") or m.group("n2")], m.group("w1") or m.group("w2")
        return list(range(-n, 0)) if word.startswith("ultim") else list(range(n))
    said = [_ORDINALS[w] for b, w in zip(tokens, tokens[1:], strict=False) if b in ("el", "la") and w in _ORDINALS]
    return said if len(set(said)) > 1 and "y" in tokens else None


@dataclass
class Listed:
    """The entity on the line at a position of a listed answer (`subject` empty for a line naming none: a
    city's, a kind's), the line, the city the line is of, and how many lines the list has. `beyond`: the
    position is past the end (`subject` empty)."""

    subject: Subject = field(default_factory=Subject)
    line: str = ""
    size: int = 0
    city: str | None = None
    beyond: bool = False
    sentence: bool = False  # the line is a whole answer of its own («Hay 9.789 canastillas en clientes de Cali.»)


_HEAD = r"^(?:•|\d+\.|[⛔🔴🟡🟢⚪])\s*"  # bullets, numbers, the semáforo icons of /vencimientos
_CODES = re.compile(_HEAD + r"\[([^\]\s]{1,20})\]", re.M)  # «• [412] …», «2. [310] …»
_NOTES = re.compile(r"^•\s*remisión (\w{1,20})\b", re.M)  # «• remisión 8423 (26 de noviembre): …»
_PLATED = re.compile(_HEAD + r"(([A-Z]{3}[0-9]{2}[0-9A-Z])\b.*)$", re.M)  # «• SBY121 · SOAT · venció …»
_LINES = re.compile(_HEAD + r"(.+)$", re.M)
_PLATE = re.compile(r"\b[A-Z]{3}[0-9]{2}[0-9A-Z]\b")


def _at(size: int, position: int) -> int | None:
    return position if -size <= position < size else None


async def listed_at(conn: asyncpg.Connection, answer: str, position: int, cities: list[str]) -> Listed | None:
    """What `answer` holds at `position` (0-based, negative from the end) when it is a list of two or more
    (or lists in one sentence: «Hay 1 vehículo sin SOAT registrado: BXN883.»); None when `answer` lists
    nothing."""
    codes = _CODES.findall(answer)
    if len(codes) > 1:
        i = _at(len(codes), position)
        if i is None:
            return Listed(size=len(codes), beyond=True)
        clients = await store_clients.clients(conn, codes=[codes[i]])
        return Listed(Subject(clients=clients, source="history"), _LINES.findall(answer)[i], len(codes))
    notes = _NOTES.findall(answer)
    if len(notes) > 1:
        position = 0 if position == -1 else position  # notes are listed newest first: «la última» is the first
        i = _at(len(notes), position)
        if i is None:
            return Listed(size=len(notes), beyond=True)
        return Listed(Subject(notes=[notes[i]], source="history"), size=len(notes))
    plated = _PLATED.findall(answer)
    if len(plated) > 1:
        i = _at(len(plated), position)
        if i is None:
            return Listed(size=len(plated), beyond=True)  # «el tercero» of two lines
        line, plate = plated[i]
        rows = await store_vehicles.vehicles(conn, plates=[plate])
        return Listed(Subject(vehicles=rows, source="history", line=line), line, len(plated))
    lines = _LINES.findall(answer)
    drivers = await store_vehicles.drivers(conn, every=True) if lines else []
    listed = [(ln, d) for ln in lines for d in drivers if ln.startswith(d.full_name)]
    if len(listed) > 1:
        i = _at(len(listed), position)
        if i is None:
            return Listed(size=len(listed), beyond=True)
        return Listed(Subject(drivers=[listed[i][1]], source="history"), listed[i][0], len(listed))
    plain = [ln for ln in lines if " · " not in ln]  # a card's detail lines («• SOAT · vence …») list nothing
    if len(plain) > 1 and len(plain) == len(lines):  # cities («• Envigado: 41 clientes»), brands, kinds
        i = _at(len(plain), position)
        if i is None:
            return Listed(size=len(plain), beyond=True)
        city = next((c for c in cities if plain[i].startswith(f"{c}:")), None)
        return Listed(line=plain[i], size=len(plain), city=city)
    said = answer.splitlines()
    of_all = not lines and len(said) > 1 and "[" not in answer and _PLATE.search(answer) is None  # no one named
    of_city = [next(iter(c for c in cities if c in ln), None) for ln in said] if of_all else []
    if of_city and all(of_city) and len(set(of_city)) == len(said):  # «canastillas en Medellín y en Cali»
        i = _at(len(said), position)
        if i is None:
            return Listed(size=len(said), beyond=True)
        return Listed(line=said[i], size=len(said), city=of_city[i], sentence=True)
    return await _in_a_sentence(conn, answer, position) if not lines else None


_SAID_HEAD = re.compile(r"^(?:Hay \d+ |\d+ |Los |Las |Empatan )")


async def _in_a_sentence(conn: asyncpg.Connection, answer: str, position: int) -> Listed | None:
    """The plates or drivers one sentence lists after its colon («… modelo 2008: LRA962, QMW158 y SBY121.»,
    «4 conductores sin vehículo asignado: Camilo Henao Londoño, … y Óscar Valencia Ospina.», «Hay 1
    conductor con la licencia vencida: Diego Toro Zapata (vehículo MKU766); …»)."""
    head, colon, said = answer.partition(":")
    if not colon or "\n" in answer or not _SAID_HEAD.match(head) or _PLATE.search(head):
        return None
    items = [re.sub(r"\s*\(.*$", "", it).strip() for it in re.split(r", | y ", said.split(";")[0].strip().rstrip("."))]
    one = head.startswith("Hay 1 ")
    if one and position not in (0, -1):  # «el segundo» of «Hay 1 conductor con la licencia vencida: …»
        return Listed(size=1, beyond=True)
    if all(_PLATE.fullmatch(it) for it in items):
        kind = "vehicles"
    else:
        drivers = {d.full_name: d for d in await store_vehicles.drivers(conn, every=True)}
        if not all(it in drivers for it in items):
            return None
        kind = "drivers"
    i = _at(len(items), position)
    if i is None:
        return Listed(size=len(items), beyond=True)
    if kind == "vehicles":
        subject = Subject(vehicles=await store_vehicles.vehicles(conn, plates=[items[i]]), source="history")
    else:
        subject = Subject(drivers=[drivers[items[i]]], source="history")
    return Listed(subject, items[i], len(items))


_FEMININE = re.compile(r"^(?:Ninguna |No (?:encontré|hay|hubo) (?:remisiones|licencias|devoluciones|entregas)\b)")


def listed_feminine(answer: str) -> bool:
    """The empty answer `answer` was about remisiones, licencias… («No encontré remisiones hoy.»)."""
    return bool(_FEMININE.search(answer))


def too_few(size: int, *, feminine: bool = False) -> Exact:
    """«el tercero» of a list of two: how many it has, and how to pick (empty: «ninguna» of remisiones)."""
    if not size:
        return Exact(
            f"Esa lista está vacía: no hay ningun{'a' if feminine else 'o'} que elegir.", "not_found", "needs_entity"
        )
    has = "tiene uno solo" if size == 1 else "no tiene tantos"
    text = f"Esa lista {has}: dime «el primero», «el segundo»… o el código o la placa."
    return Exact(text, "not_found", "needs_entity")
