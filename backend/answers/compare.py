"""Comparisons of the entities just discussed, one after the other: «¿cuál de los dos tiene más?», «¿cuál
tiene menos estibas?», «¿cuántas tienen entre los dos?», «¿y la diferencia?», «¿cuál es más nuevo?», «¿cuál
vence primero?», «¿cuál llevó más tapas?» — and «¿y estibas?» right after one, the same comparison again.

The entities are those of one kind the latest turns were about, newest first, back to the first turn
about another kind or the fleet (`discussed`); «los dos» takes the latest two. What is compared is what
the chain asked: a client's saldo of the asset said (each asset type when none was), or the units it got
or returned in a period; a delivery note's units; a vehicle's model year or a document's due date; a
driver's licence. «dos» is no client code 2 here. Without two such entities a question that says «los dos»
gets «¿Cuáles comparo?»; one that does not («¿cuál tiene más canastillas?») is left to the ranking.
"""

from __future__ import annotations

import re
from datetime import date

import asyncpg

from backend.answers import compare_facts as facts
from backend.answers import followup as fu
from backend.answers.focus import Subject, from_history, from_mentions
from backend.answers.model import Ask, Exact
from backend.answers.picks import both_before
from backend.context.mentions import find_mentions
from backend.contract import FocusEntity
from backend.core.history import Turn
from backend.core.text import fold
from backend.store import clients as store_clients
from backend.store import vehicles as store_vehicles
from backend.understanding.parse import Question, parse_question

_GROUP = re.compile(
    r"\b(?:de|entre|a) (?:los|las|estos|estas|esos|esas) (?:dos|tres|cuatro|cinco)\b|\bamb[oa]s\b"
    r"|\b(?:de|entre) (?:ellos|ellas)\b|\blos dos\b|\blas dos\b|\b(?:los|las) dos juntos?\b"
    r"|\b(?:estos|estas|esos|esas) dos\b"
)
#: «compara», «compáralos», «compárame», «comparación», «vs»: a comparison of what is named or discussed.
_VERB = re.compile(r"^(?:compar(?:a|e|en|ar|alos|alas|amelos|amelas|ame|emos|acion|ativo|ativa)|vs|versus)$")
_OF_GROUP = re.compile(r"\b(?:de|entre) (?:los|las|estos|estas|esos|esas) (?:dos|tres|cuatro|cinco)\b|\bamb[oa]s\b")
_HOW = {  # «más nuevo» is newer before it is more
    "newer": frozenset({"nuevo", "nueva", "reciente", "moderno", "moderna"}),
    "older": frozenset({"viejo", "vieja", "antiguo", "antigua", "viejito"}),
    "first": frozenset({"primero", "antes", "pronto"}),
    "last": frozenset({"despues", "ultimo"}),
    "diff": frozenset({"diferencia"}),
    "more": frozenset({"mas", "mayor"}),
    "less": frozenset({"menos", "menor"}),
    "sum": frozenset({"juntos", "juntas", "suman", "sumados", "sumadas", "total"}),
}
_WORDS = frozenset().union(*_HOW.values()) | {"dos", "tres", "ellos", "ellas", "ambos", "ambas", "entre"}
_EXPIRES = frozenset({"vence", "vencio", "vencen", "caduca", "expira"})
_KINDS = ("clients", "notes", "vehicles", "drivers")
_KIND_NOUNS = frozenset({"cliente", "conductor", "chofer", "vehiculo", "carro", "camion", "moto", "remision"})
MAX_COMPARED = 5
_CANDIDATES = re.compile(r"^Hay \S+ (?:clientes|conductores) que coinciden:", re.M)


def verb(tokens: tuple[str, ...]) -> bool:
    """`tokens` say «compara» (or «compáralos», «vs»…)."""
    return any(_VERB.match(t) for t in tokens)


def how(q: Question) -> str | None:
    """What kind of comparison `q` asks (see `_HOW`: more, less, sum, diff, newer, older, first, last; «compare»
    when it only says «compara»: each kind's comparison of what it compares)."""
    toks = set(q.tokens)
    if "entre" in toks and _GROUP.search(" ".join(q.tokens)) and not toks & (_HOW["more"] | _HOW["less"]):
        return "sum"  # «¿cuántas tienen entre los dos?»
    for name, words in _HOW.items():
        if toks & words and (name not in ("first", "last") or toks & _EXPIRES):
            return name
    return "compare" if verb(q.tokens) else None


def says_group(q: Question) -> bool:
    """«de los dos», «entre ambos», «cuál de ellos», «compáralos»: the entities just discussed."""
    return bool(_GROUP.search(" ".join(q.tokens))) or verb(q.tokens)


def _lists(answer: str) -> bool:
    return len(re.findall(r"^(?:•|\d+\.)\s", answer, re.M)) > 1


def asks(q: Question, latest_answer: str, asset_words: frozenset[str] = frozenset()) -> bool:
    """`q` compares the entities discussed: a comparison said of «los dos», or asked with «cuál» of no
    plural noun right after single answers (a listed answer's «¿cuál vence primero?» picks a line).
    `asset_words`: the words of the company's asset types, no name («¿cuál tiene más canastas de leche?»)."""
    kind = how(q)
    of_group = bool(_OF_GROUP.search(" ".join(q.tokens)))  # «de los dos», not «los dos clientes con más …»
    if kind is None or (q.subject is not None and not of_group) or (_lists(latest_answer) and not says_group(q)):
        return False  # «los dos clientes con más tapas» is a ranking; «¿cuál de ellos…?» is of the listed
    # («¿cuál de los dos tiene el carro más nuevo?» names the vehicles of the two: still the two)
    if _KIND_NOUNS & set(q.tokens) and not says_group(q):
        return False  # «¿cuál es el cliente con más canastillas?»: the company's ranking
    named = q.mentions
    if (
        named.codes
        or named.numbers
        or named.plates
        or named.notes
        or {w for w in q.name_words if not verb((w,))} - _WORDS - asset_words
    ):
        return False  # «¿cuál tiene más, el 412 o el 77?» names its own
    if says_group(q) or kind == "diff":
        return True  # «¿cuál de los dos …?», «¿y la diferencia?»
    return bool({"cual", "cuanto", "cuanta", "cuantos", "cuantas"} & set(q.tokens)) and (
        kind in ("diff", "newer", "older", "first", "last")
        or "cual" in q.tokens
        or kind == "sum"
        and bool({"juntos", "juntas"} & set(q.tokens))
    )


def _varies(q: Question, asset_words: frozenset[str]) -> bool:
    """«¿y estibas?», «¿y en octubre?», «¿y menos tapas?»: a slot changed, naming nothing."""
    slots = q.slots_set - {"asset", "more_assets", "period", "movement", "doc_type", "aggregation", "top_n"}
    m = q.mentions
    named = m.codes or m.numbers or m.plates or m.notes or (m.spoken_codes and not says_group(q))
    other = bool(fu.OTHER & set(q.tokens))  # «¿y el otro cuántas estibas tiene?»: that one alone
    unnamed = not set(q.name_words) - _WORDS - asset_words  # «¿y canastas de leche?»: no name
    return q.tokens[:1] in (("y",), ("e",)) and not slots and unnamed and not named and not other


def started(q: Question, turns: list[Turn], today: date, asset_words: frozenset[str] = frozenset()) -> int | None:
    """The index of the comparison that `q` varies again (each turn since it varied it too), else None."""
    if not _varies(q, asset_words):
        return None
    for i in range(len(turns) - 1, -1, -1):
        earlier = parse_question(turns[i].q, today)
        if how(earlier) is not None and asks(earlier, turns[i - 1].a if i else "", asset_words):  # not of a list
            return i
        if not _varies(earlier, asset_words):
            return None
    return None


async def discussed(conn: asyncpg.Connection, turns: list[Turn], kinds: tuple[str, ...] = _KINDS) -> Subject:
    """The entities of one kind (the first of `kinds` the latest turn has, one its question named first) that
    the latest turns were about,
    in the order discussed, until a turn about another kind or none; at most `MAX_COMPARED`."""
    if not turns:
        return Subject()
    latest = await from_mentions(conn, find_mentions(turns[-1].q))  # the kind the latest question named first
    kinds = (*(k for k in kinds if getattr(latest, k)), *(k for k in kinds if not getattr(latest, k)))
    kind, rows, keys = "", list[object](), set[object]()
    for end in range(len(turns), 0, -1):
        if _CANDIDATES.search(turns[end - 1].a):
            continue  # «Hay 34 clientes que coinciden: …»: offered, not discussed («los dos» skips them)
        about = await from_history(conn, turns[:end])
        kind = kind or next((k for k in kinds if getattr(about, k)), "")
        found = getattr(about, kind) if kind else []
        if not found:
            break
        for row in reversed(found):
            if (key := getattr(row, "id", row)) not in keys:
                keys.add(key)
                rows.insert(0, row)
        if len(found) > 1:
            break  # a list, or several named together: those are the ones discussed
    return _of_kind(kind, rows[-MAX_COMPARED:]) if kind else Subject()


def focus_of(subject: Subject, text: str) -> list[FocusEntity]:
    """The entity the answer names first (the one with more, the newest…), else the latest discussed."""
    for k in _KINDS:
        rows: list[object] = getattr(subject, k)
        named = sorted((row for row in rows if name_of(row) in text), key=lambda row: text.index(name_of(row)))
        if named or rows:
            return _of_kind(k, (named or rows[-1:])[:1]).focus()
    return []


def _of_kind(kind: str, rows: list[object]) -> Subject:
    subject = Subject(source="history", named=True)
    setattr(subject, kind, rows)
    return subject


def name_of(row: object) -> str:
    if isinstance(row, store_clients.Client):
        return row.label
    if isinstance(row, store_vehicles.Vehicle):
        return row.plate
    if isinstance(row, store_vehicles.Driver):
        return row.full_name
    return f"remisión {row}"


async def answer(ask: Ask, turns: list[Turn]) -> Exact | None:
    """The comparison `ask.q` asks of the entities discussed (see the module docstring), or None when it
    asks none — or one this module cannot make (the caller goes on as before)."""
    q, today = ask.q, ask.company.today
    words = frozenset(w for a in ask.assets for w in fold(f"{a.name} {a.plural}").split())
    start = started(q, turns, today, words)
    if start is None and not asks(q, turns[-1].a if turns else "", words):
        return None
    said = [parse_question(t.q, today) for t in turns[start:]] + [q] if start is not None else [q]
    base = said[0]
    kind = next((k for k in (how(x) for x in reversed(said)) if k), "")
    m = facts.metric(fu.previous(turns[:start] if start is not None else turns, today), *said)
    prefer = ("drivers", "vehicles") if kind in ("first", "last") and not m.doc_type else _KINDS
    if kind in ("first", "last") and m.doc_type:
        prefer = ("vehicles", "drivers")
    subject = await discussed(ask.conn, turns, prefer)
    rows = [row for k in _KINDS for row in getattr(subject, k)]
    if says_group(base) and re.search(r"\b(?:los|las|esos|esas|estos|estas) dos\b|\bamb[oa]s\b", " ".join(base.tokens)):
        top = await both_before(ask.conn, turns)  # «compara esos dos» right after a top 3: its first two
        for k in _KINDS:
            setattr(subject, k, getattr(top, k) if top.count() == 2 else getattr(subject, k)[-2:])
        rows = [row for k in _KINDS for row in getattr(subject, k)]
    if len(rows) < 2:
        if says_group(base) and (await discussed(ask.conn, turns)).count() > 1:
            return _cannot()  # «¿cuál de los dos vence primero?» of two clients
        if says_group(base):
            return Exact("¿Cuáles comparo? Dime los dos códigos, placas o nombres.", "not_found", "needs_entity")
        return None
    lines = await compared_lines(ask, subject, kind, m)
    if lines is None:
        return _cannot() if says_group(base) else None
    text = "\n".join(lines)
    return Exact(text, "answer", f"compare.{kind}", focus_of(subject, text))


async def compared_lines(ask: Ask, subject: Subject, kind: str, m: facts.Metric) -> list[str] | None:
    """The comparison's lines of the entities in `subject` (one kind), each naming the one with more first;
    None when this kind of entity is not compared in that («¿cuál es más nuevo?» of two clients)."""
    if m.notes and not m.asset and kind in ("more", "less", "sum", "diff", "compare"):
        return await facts.note_counts(ask, subject, "more" if kind == "compare" else kind, m)
    if subject.clients:  # «¿cuál de los dos tuvo más?» after note counts: above; «compáralos»: who has more
        return await facts.clients(ask, subject.clients, "more" if kind == "compare" else kind, m)
    if subject.notes:
        return await facts.notes(ask, subject.notes, "more" if kind == "compare" else kind, m)
    if subject.vehicles and kind == "compare":  # «compara esas dos placas»: the newer, then what is due first
        newer = await facts.vehicles(ask, subject.vehicles, "newer", m) if not m.doc_type else []
        return [*(newer or []), *(await facts.vehicles(ask, subject.vehicles, "first", m) or [])] or None
    if subject.vehicles:
        return await facts.vehicles(ask, subject.vehicles, kind, m)
    if subject.drivers:
        return facts.drivers(subject.drivers, "first" if kind == "compare" else kind)
    return None


def _cannot() -> Exact:
    return Exact(
        "No sé compararlos en eso. Comparo saldos y lo despachado o devuelto de clientes, las unidades de"
        " remisiones, el modelo de los vehículos y qué vence primero (SOAT, tecnomecánica, póliza RC, licencia).",
        "not_found",
        "cannot_compare",
    )
