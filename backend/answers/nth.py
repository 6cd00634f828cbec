"""«el segundo», «¿y el tercero?», «¿quién maneja el primero?», «el último», «el de arriba»: the one thing at
a position of what was just listed or ranked — one mechanism for every kind of list (clients, vehicles,
drivers, documents due, licences, notes, cities) and for a ranking that named one winner («el más viejo»:
asked again one place longer). The newest turn that listed or ranked is picked from («el tercero» after
«el segundo» and «¿en qué ciudad queda?»). What is asked of the one picked is the question's own words
(«¿quién maneja el primero?») or, said bare, the question before it — with no «Sí,» / «No,» of its own."""

from __future__ import annotations

import re
from dataclasses import replace

from backend.answers import entity_notes_pick
from backend.answers import followup as fu
from backend.answers.about import entity_answer
from backend.answers.company_wide import company_answer
from backend.answers.focus import Subject, from_history
from backend.answers.lines import Listed, listed_at, listed_feminine, ordinal, relative, too_few
from backend.answers.model import Exact
from backend.answers.notes_of import period_notes
from backend.answers.understood import Step, Understood, settled
from backend.answers.vehicle import asks_lacking
from backend.understanding.parse import Question, parse_question

# the answer of a ranking of one (or of its n-th, «El segundo cliente con más …»)
_ONE = re.compile(r"^El (?:\w+ )?(cliente|conductor) (?:con|que|al que) (?:más|menos)\b")
_DRIVERS_RANKED = re.compile(r"^(?:Empatan \d+ conductores|(?:Los \d+ )?[Cc]onductores) con (?:más|menos)\b")
_EMPTY = re.compile(r"^(?:No encontré remisiones|No hay |No hubo |Ningún |Ninguna |Todos los clientes tuvieron)")
_SINGULAR = (("a los que", "al que"), ("se les despacharon", "se le despacharon"), ("devolvieron", "devolvió"))
_WORDS = ("primer", "segundo", "tercer", "cuarto", "quinto", "sexto", "séptimo", "octavo", "noveno", "décimo")
_PLACES = tuple(f"El {w}" for w in ("primero", "segundo", "tercero", *_WORDS[3:]))


def _place(s: Step, position: int) -> str:  # «El segundo», «La segunda» (as the question said it), «El último»
    said = _PLACES[position] if 0 <= position < len(_PLACES) else "El último"
    feminine = any(t.endswith("a") and ordinal((t,)) is not None for t in s.own.tokens)
    return "La " + said.removeprefix("El ")[:-1] + "a" if feminine else said


def _bare(own: Question) -> bool:  # «¿y el segundo?», «el tercero de la lista», «¿y el segundo con más?»
    who = own.attribute == "who" and own.slots_set <= {"attribute", "aggregation"}  # «¿quién quedó de tercero?»
    return who or own.slots_set <= {"aggregation"}


def _ranking_of_one(s: Step, k: int) -> Question | None:
    """The question of turn `k` when it was a ranking that named one winner (its answer no list), else None."""
    answer = s.turns[k].a
    q = fu.previous(s.turns[: k + 1], s.company.today)
    if q is None or "\n" in answer:
        return None
    if _ONE.match(answer) or (q.aggregation in ("top", "bottom") and (q.top_n or 1) == 1 and q.subject != "documents"):
        return q
    return None


async def at_position(s: Step, position: int) -> Understood | None:
    """The answer about the one at `position` (0-based, negative from the end) of the newest list or ranking
    of the conversation, else None (the flow goes on)."""
    last = len(s.turns) - 1
    for k in range(last, -1, -1):
        listed = await listed_at(s.conn, await _text(s, k), position, s.cities)
        if listed is not None:
            return await _of_list(s, k, listed, position)
        if k == last and position >= 0 and _EMPTY.match(s.turns[k].a):  # «la primera» after «No … hoy.»
            empty = too_few(0, feminine=listed_feminine(s.turns[k].a) or _place(s, 0).startswith("La "))
            return settled(s.asked, s.q, Subject(missing=[("position", "0")]), empty)
        ranking = _ranking_of_one(s, k) if position >= 0 else None
        if ranking is not None:
            return await _of_ranking(s, k, ranking, position)
        if (counted := await _listed_count(s, k, position)) is not None:
            return await _of_list(s, k, counted, position)
        if (named := await _named_together(s, k, position)) is not None:
            return await _of_list(s, k, named, position)
    return None


async def _named_together(s: Step, k: int, position: int) -> Listed | None:
    """«el segundo» after «¿cuántas canastillas tienen el 412 y el 310?» or «compara 412 con 310» (turn `k`
    named several of one kind, answered a line each): the one named at `position`."""
    named = await from_history(s.conn, s.turns[: k + 1])
    several = [kind for kind in ("clients", "vehicles", "drivers", "notes") if len(getattr(named, kind)) > 1]
    if len(several) != 1 or named.count() != len(getattr(named, several[0])):
        return None
    rows: list[object] = getattr(named, several[0])
    if not -len(rows) <= position < len(rows):
        return Listed(size=len(rows), beyond=True)
    chosen = Subject(source="history")
    setattr(chosen, several[0], [rows[position]])
    return Listed(chosen, size=len(rows))


async def _text(s: Step, k: int) -> str:
    """Turn `k`'s answer as it was given: a list the history cut («…», it keeps 400 characters of each) is
    its question read again with the turns before it."""
    if not (s.turns[k].a.endswith("…") and re.search(r"\n(?:•|\d+\.|[⛔🔴🟡🟢⚪]) ", s.turns[k].a)):
        return s.turns[k].a
    again = await s.again(s.conn, company_id=s.company_id, question=s.turns[k].q, turns=s.turns[:k], focus=[])
    exact = again.exact
    return exact.text if exact is not None and exact.kind == "answer" else s.turns[k].a


def _notes_counted(q: Question) -> bool:  # the company's notes of a period («¿cuántas remisiones hubo ayer?»)
    about = q.subject == "notes" or "remisiones" in q.tokens or "remision" in q.tokens
    return about and q.period is not None and not q.names_entity()


async def _listed_count(s: Step, k: int, position: int) -> Listed | None:
    """«¿quién maneja el primero?» after «¿cuántos motocarros hay?» (turn `k`, a count with no list shown):
    the one at `position` of the same set listed."""
    counted = fu.previous(s.turns[: k + 1], s.company.today)
    if "\n" in s.turns[k].a or counted is None or counted.subject == "documents":
        return None
    bare = counted.slots_set == {"subject"} and re.match(r"^Hay \d", s.turns[k].a)  # «conductores»: «Hay 45 …»
    if counted.aggregation != "count" and not bare:
        return None
    if (of_one := await entity_notes_pick.of_entity_count(s, k, counted, position)) is not None:  # «la última»
        return of_one  # after «¿cuántas remisiones tiene el 412 este mes?»: the 412's, not an older list's
    if position in (0, -1) and _notes_counted(counted):  # «¿cuál fue la primera?» after «¿cuántas remisiones
        # hubo ayer?»: none was shown, so the first of that period in time (a list shows them newest first)
        _totals, notes = await period_notes(
            s.ask(counted, fu.previous_city(s.turns[: k + 1], s.cities, s.company.today))
        )
        if notes:
            number = notes[-1 if position == 0 else 0][0]
            return Listed(Subject(notes=[number], source="history"), size=len(notes))
    tokens = tuple("cuales" if t in ("cuantos", "cuantas") else t for t in counted.tokens)
    tokens = (*(("lista", *tokens) if bare else tokens), "todos")  # never seen: the whole set (up to 50)
    slots = counted.slots_set - {"aggregation"}
    q = replace(counted, tokens=tokens, aggregation=None, follow_up=False, slots_set=slots)
    city = fu.previous_city(s.turns[: k + 1], s.cities, s.company.today)
    listed = await company_answer(s.ask(q, city))
    if listed is None or listed.kind != "answer":
        return None
    return await listed_at(s.conn, listed.text, position, s.cities)


async def several_at(s: Step, positions: list[int]) -> Understood | None:
    """«los dos primeros en qué ciudad quedan», «el primero y el tercero»: each of those places of the
    newest list, asked the question (the list's when said bare); None when no list was given."""
    for k in range(len(s.turns) - 1, -1, -1):
        text = await _text(s, k)
        head = await listed_at(s.conn, text, 0, s.cities)
        if head is None:
            continue
        if not head.subject.count() or head.size < 2:
            return None
        chosen = Subject(source="history", named=True)
        for i in positions:
            one = await listed_at(s.conn, text, i, s.cities)
            for kind in ("clients", "vehicles", "drivers", "notes"):
                getattr(chosen, kind).extend(getattr(one.subject, kind) if one is not None else [])
        q = _asked(s, k)
        return settled(s.asked, q, chosen, await entity_answer(s.ask(q, s.city), chosen))
    return None


async def step_from_last(s: Step, step: int) -> Understood | None:
    """«el de arriba», «el siguiente»: the line `step` away from the one the latest answer was about in the
    newest list (none picked yet: «el de arriba» is the top one)."""
    latest = await from_history(s.conn, s.turns)
    last = len(s.turns) - 1
    for k in range(last, -1, -1):
        if k == last:
            first = await listed_at(s.conn, s.turns[k].a, 0, s.cities)
            if first is not None:  # nothing picked from it yet
                return await at_position(s, 0) if step < 0 else None
            continue
        text = await _text(s, k)
        first = await listed_at(s.conn, text, 0, s.cities)
        if first is None:
            continue
        for i in range(first.size):
            here = await listed_at(s.conn, text, i, s.cities)
            if here is not None and _same(here.subject, latest) and 0 <= i + step < first.size:
                return await at_position(s, i + step)
        return None
    return None


async def other_listed(s: Step) -> Understood | None:
    """«¿y el otro?» right after one of a list of two was picked («Hay 2 motocarros: CWN340 y VLL330.» →
    «el segundo …»): the other one of that list, asked the same; else None."""
    latest = await from_history(s.conn, s.turns)
    for k in range(len(s.turns) - 2, -1, -1):
        text = await _text(s, k)
        first = await listed_at(s.conn, text, 0, s.cities)
        if first is None:
            continue
        second = await listed_at(s.conn, text, 1, s.cities)
        if first.size != 2 or second is None:
            return None
        if _same(first.subject, latest) or _same(second.subject, latest):
            return await at_position(s, 1 if _same(first.subject, latest) else 0)
        return None
    return None


def _same(a: Subject, b: Subject) -> bool:
    for kind in ("clients", "vehicles", "drivers", "notes"):
        ours, theirs = getattr(a, kind), getattr(b, kind)
        if ours and len(theirs) == 1:
            return bool(getattr(ours[0], "id", ours[0]) == getattr(theirs[0], "id", theirs[0]))
    return False


def _picks_only(q: Question) -> bool:
    """«el segundo», «¿y el de arriba?»: a pick that asks nothing of its own."""
    return _bare(q) and (ordinal(q.tokens) is not None or relative(q.tokens) is not None)


def _asked(s: Step, k: int) -> Question:
    """What to ask of the one picked from turn `k`'s list: the question's own words merged with the one
    before when elliptical, where the one before is the latest that asked something of its own (not a bare
    «el último»), else the list's."""
    last, today = len(s.turns) - 1, s.company.today
    own, bare = s.own, _bare(s.own)
    if own.attribute == "who" and bare:  # «¿quién quedó de tercero?»: the list's question, of that one
        own = replace(own, attribute=None, slots_set=own.slots_set - {"attribute"})
    if bare:  # «y el último»: a place, not «the latest note» of the one picked
        own = replace(own, tokens=tuple(t for t in own.tokens if ordinal((t,)) is None and relative((t,)) is None))
    j = next((j for j in range(last, k, -1) if not _picks_only(parse_question(s.turns[j].q, today))), k)
    if j < last and (s.q.is_elliptical() or bare):  # «el último» → «¿y el de arriba?»: what the list asked
        base = fu.previous(s.turns[: j + 1], today)
        return fu.merged(own, base, today) if base is not None else s.q
    if bare and s.previous is not None:
        return fu.merged(own, s.previous, today)
    if not s.merged and s.previous is not None and s.q.is_elliptical():
        return fu.merged(s.q, s.previous, today)
    return s.q


async def _of_list(s: Step, k: int, listed: Listed, position: int) -> Understood | None:
    if listed.beyond:
        return settled(s.asked, s.q, Subject(missing=[("position", str(listed.size))]), too_few(listed.size))
    chosen = listed.subject
    if not chosen.count():  # a city's line: what is asked there, or the line itself
        if listed.city and not _bare(s.own):
            q = replace(s.own, follow_up=False)
            found = await company_answer(s.ask(q, listed.city))
            if found is not None:
                return settled(s.asked, q, chosen, found)
        text = listed.line if listed.sentence else f"{_place(s, position)} de la lista es {listed.line}."
        return settled(s.asked, s.q, chosen, Exact(text, intent="list.place"))
    q = _asked(s, k)
    if _bare(s.own) and k == len(s.turns) - 1 and chosen.drivers and _DRIVERS_RANKED.match(s.turns[k].a):
        # «¿y el segundo?» of a ranking of drivers: that line («Óscar Quintero Toro (OCK251): 174 remisiones»)
        place = _place(s, position)
        each = re.search(r", ([\d.]+ \w+|ninguna remisión)(?: cada uno)?:", s.turns[k].a)  # a tie: said once
        line = f"{listed.line}: {each.group(1)}" if each and ": " not in listed.line else listed.line
        exact = Exact(f"{place} de la lista es {line}.", intent="drivers.ranking.place")
        exact.focus = chosen.focus()
        return settled(s.asked, s.q, chosen, exact)
    line_doc = parse_question(chosen.line, s.company.today).doc_type if chosen.line and not asks_lacking(q) else None
    if line_doc and not q.doc_type:  # «el segundo» of due documents: that line's document
        q = replace(q, doc_type=line_doc, slots_set=q.slots_set | {"doc_type"})
    return settled(s.asked, q, chosen, await entity_answer(s.ask(q, s.city), chosen))


async def _of_ranking(s: Step, k: int, ranking: Question, position: int) -> Understood | None:
    """The one at `position` of the ranking turn `k` asked: that ranking asked one place longer."""
    q = replace(ranking, top_n=position + 1, follow_up=False)
    city = (s.city if k == len(s.turns) - 1 else None) or fu.previous_city(s.turns[: k + 1], s.cities, s.company.today)
    longer = await company_answer(s.ask(q, city))
    if longer is None or longer.kind != "answer":
        return None
    line = re.search(rf"^{position + 1}\. (.+)$", longer.text, re.M)
    if line is None:  # fewer in the ranking than the position asked
        return settled(s.asked, q, Subject(), longer)
    placed = await listed_at(s.conn, longer.text, position, s.cities)
    chosen = placed.subject if placed is not None else Subject()
    asks_of_it = not _bare(s.own) or k < len(s.turns) - 1
    if asks_of_it and chosen.count():  # «¿quién maneja el segundo?», «¿y el tercero?» after «¿dónde queda?»
        asked = _asked(s, k)
        return settled(s.asked, asked, chosen, await entity_answer(s.ask(asked, s.city), chosen))
    one = _ONE.match(s.turns[k].a)
    if one is not None:
        noun = one.group(1)
        head = re.sub(r"^(?:Los \S+ )?(?:clientes|conductores)\s*", "", longer.text.splitlines()[0], flags=re.I)
        head = head.rstrip(":")
        for many, single in _SINGULAR:
            head = head.replace(many, single)
        who, _, amount = line.group(1).rpartition(": ")
        text = f"El {_WORDS[position]} {noun} {head} es {who}, con {amount}."
        exact = Exact(text, intent=f"{longer.intent}.nth")
    else:
        place = _PLACES[position] if position < len(_PLACES) else f"El {position + 1}.º"
        exact = Exact(f"{place}: {line.group(1)}.", intent=f"{longer.intent}.place")
    exact.focus = chosen.focus()
    return settled(s.asked, q, chosen, exact)
