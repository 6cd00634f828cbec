"""«¿cuál vence primero?» / «¿cuál se venció primero?» right after a list of vehicle documents.

What «primero» means there (README «Questions fleetops answers exactly»):
- «vence primero» (present: what is still to come) is the soonest not yet expired of the set just listed
  (every document due that first day); after a list of expired documents only, none of them is still to
  come, so it is the fleet's soonest not yet expired (as «¿qué SOAT vence primero?» asked afresh);
- «se venció primero» / «venció primero» (past) is the oldest expired of the set just listed (every one
  that expired that day);
- «vence de último» / «vence más tarde» / «la última en vencer» is the one of the set just listed due last
  (every one due that day).
A document type said («¿qué SOAT vence primero?») narrows the set to that type.
"""

from __future__ import annotations

import re
from dataclasses import replace

from backend.answers import fleet, status
from backend.answers import render as r
from backend.answers.last_count import stated_count
from backend.answers.model import Ask, Exact
from backend.core import spanish
from backend.core.history import Turn
from backend.store import documents as store_documents
from backend.understanding.parse import Question, parse_question

_FIRST = {"primero", "primera", "primeros", "primeras", "proximo", "proxima"}
_AHEAD = {"vence", "vencen", "vencer", "caduca", "caducan", "expira"}
_PAST = {"vencio", "vencieron", "caduco", "caducaron", "expiro"}
_OLDEST = re.compile(r"\bmas (?:viej|antigu)\w*|\bmas (?:tiempo )?vencid\w*|\blleva(?:n)? mas tiempo\b")
_PICKED_FIRST = re.compile(r"^(?:y )?(?:el|la) (?:primero|primera)\b(?! en\b)(?! que vence)")
_LAST = re.compile(r"\b(?:vencen? (?:de ultim[oa]s?|mas tarde|al final)|ultim[oa]s? en vencer(?:se)?)\b")
_EXPIRED_LONGEST = re.compile(
    r"\bmas (?:tiempo )?vencid\w*|\blleva(?:n)? mas tiempo(?: vencid\w*)?$|\bhace mas tiempo\b"
)
_LISTED = re.compile(r"^•\s*[A-Z]{3}[0-9]{2}[0-9A-Z] · .*\bvenc", re.M)  # «• KLM482 · tecnomecánica · vence …»


def asks_first(q: Question) -> str | None:
    """«past» for «¿cuál se venció primero?», «ahead» for «¿cuál vence primero?», «oldest» for «¿cuál es el
    más viejo?» / «¿cuál lleva más tiempo vencido?» (the oldest expired of a list, else its soonest), «latest»
    for «¿cuál vence de último?» / «¿cuál vence más tarde?» (the one of the list due last), else None."""
    words = set(q.tokens)
    if q.names_entity() or q.period is not None:  # «¿y la próxima semana?» is a period
        return None
    if _OLDEST.search(" ".join(q.tokens)):
        return "oldest"
    if _PICKED_FIRST.match(" ".join(q.tokens)):  # «el primero cuándo vence»: the first line, asked its date
        return None
    if _LAST.search(" ".join(q.tokens)):  # «¿cuál vence de último?», «¿cuál es la última en vencer?»
        return "latest"
    if not _FIRST & words:
        return None
    if _PAST & words:
        return "past"
    return "ahead" if _AHEAD & words else None


def asks_expired_longest(q: Question) -> bool:
    """«¿cuál lleva más tiempo vencido?», «¿qué SOAT lleva más tiempo vencido?», «el documento más vencido»:
    one thing, the one expired longest ago — a superlative over all, not a list (naming no one, no period)."""
    return not q.names_entity() and q.period is None and bool(_EXPIRED_LONGEST.search(" ".join(q.tokens)))


# the first line of a fleet-wide answer about due documents (not one vehicle's «Documentos de KLM482:»)
_FLEET_DOCUMENTS = re.compile(
    r"^(?:Documentos (?:de los \w+ )?que |Documentos vencidos o por vencer |"  # the last: /vencimientos' header
    r"Ningún documento |Ningun[oa]? \w+(?: RC)? (?:vence|venció|está)|"
    r"No hay documentos que |\w+ cuy[oa] |Lo próximo en vencer|Lo último en vencer|El primero en vencerse|"
    r"Los primeros en vencerse|Hay \d[\d.]* vehículos? (?:activos? )?con documentos)"
)


def of_fleet_documents(answer: str) -> bool:
    """`answer` is about the fleet's due documents: a list, «Ningún documento vence esta semana.», a first."""
    return bool(_FLEET_DOCUMENTS.match(answer))


def lists_documents(answer: str) -> bool:
    """`answer` lists vehicle documents with their due dates (two lines or more)."""
    return len(_LISTED.findall(answer)) > 1


def of_listed(q: Question, turns: list[Turn]) -> str | None:
    """How `q` asks for the first of the documents the latest answer listed («past» / «ahead»), else None;
    a «¿cuántos son?» answered after the list («Vehículos cuya póliza RC está vencida: 6.») keeps it listed;
    a one-line answer about the fleet's documents counts too."""
    latest = [t.a for t in turns[-2:]]
    if len(latest) == 2 and lists_documents(latest[0]) and stated_count(latest[0]) == latest[1]:
        latest = latest[:1]
    listed = bool(latest) and (lists_documents(latest[-1]) or of_fleet_documents(latest[-1]))
    return asks_first(q) if listed else None


_WHICH = frozenset({"que", "cuales", "cual"})


def asks_their_vehicles(q: Question, turns: list[Turn]) -> bool:
    """«¿de qué vehículos?», «¿qué carros son?», «¿qué placas?» right after a list of the fleet's documents."""
    if not turns or not (lists_documents(turns[-1].a) or of_fleet_documents(turns[-1].a)) or q.names_entity():
        return False
    plain = (
        q.slots_set == {"subject"}
        and q.subject == "vehicles"
        or q.slots_set == {"attribute"}
        and q.attribute == "plate"
    )
    return plain and bool(_WHICH & set(q.tokens))


async def _listed_documents(ask: Ask, listed: Question) -> tuple[Ask, list[store_documents.Document]]:
    """The active vehicles' documents `listed` asked for, soonest first (and the `Ask` of that list); after
    «¿qué vehículos no pueden salir hoy?» the expired documents (of the vehicle kind it said)."""
    if status.asks_fleet_ready(listed):
        kind = listed.vehicle_kind
        listed = replace(parse_question("documentos vencidos", ask.company.today), vehicle_kind=kind)
    q = replace(
        listed,
        doc_type=ask.q.doc_type or listed.doc_type,
        vehicle_kind=ask.q.vehicle_kind or listed.vehicle_kind,
    )
    of_list = replace(ask, q=q)
    max_days, min_days, _ = fleet.day_bounds(of_list)
    found = await store_documents.documents(ask.conn, doc_type=q.doc_type, max_days=max_days, min_days=min_days)
    docs = [d for d in await fleet.of_kind(of_list, found) if d.active and d.days_remaining is not None]
    docs.sort(key=lambda d: (d.days_remaining or 0, d.plate))
    return of_list, docs


async def their_vehicles(ask: Ask, listed: Question) -> Exact:
    """The vehicles of the documents `listed` asked for, in the list's order: «Los 19 documentos son de 18
    vehículos: QBM563, UTI333, … y 8 más.»."""
    _, docs = await _listed_documents(ask, listed)
    plates = list(dict.fromkeys(d.plate for d in docs))
    if not plates:
        return Exact("Esa lista no tiene documentos.", intent="documents.vehicles")
    shown = plates[: r.MAX_LINES]
    rest = len(plates) - len(shown)
    named = r.enumeration([*shown, f"{spanish.number(rest)} más"] if rest else shown)
    n_docs = spanish.plural(len(docs), "documento es", "documentos son")
    lead = f"{'El' if len(docs) == 1 else 'Los'} {n_docs}"
    n_vehicles = spanish.plural(len(plates), "vehículo", "vehículos")
    return Exact(f"{lead} de {n_vehicles}: {named}.", intent="documents.vehicles")


async def answer(ask: Ask, listed: Question, how: str) -> Exact:
    """The first of the documents `listed` asked for (see the module docstring), by `how`."""
    of_list, docs = await _listed_documents(ask, listed)
    q = of_list.q
    if how == "latest":  # «¿cuál vence de último?»: every document of the list due its last day
        if not docs:
            return Exact("Esa lista no tiene documentos.", intent="documents.last")
        last = [d for d in docs if d.days_remaining == docs[-1].days_remaining]
        sentences = [r.document_sentence(d, ask.company.today) for d in last]
        head = "Lo último en vencer" + (f" ({spanish.number(len(last))} el mismo día)" if len(last) > 1 else "")
        return Exact(f"{head}:\n" + "\n".join(sentences), intent="documents.last", confident=len(last) == 1)
    if how == "oldest":  # «¿cuál es el más viejo?»: the one expired longest ago, else the soonest due
        how = "past" if any((d.days_remaining or 0) < 0 for d in docs) else "ahead"
    if how == "past":
        expired = [d for d in docs if (d.days_remaining or 0) < 0]
        if not expired:
            return Exact("Ninguno de esos documentos está vencido.", intent="documents.first")
        first = [d for d in expired if d.days_remaining == expired[0].days_remaining]
        sentences = [r.document_sentence(d, ask.company.today) for d in first]
        if len(first) == 1:
            return Exact(f"El primero en vencerse: {sentences[0]}", intent="documents.first", confident=True)
        head = f"Los primeros en vencerse ({spanish.number(len(first))} el mismo día):"
        return Exact("\n".join([head, *sentences]), intent="documents.first")
    ahead = [d for d in docs if (d.days_remaining or 0) >= 0]
    if not ahead:  # a list of expired ones: the fleet's soonest still to come
        ahead = await store_documents.documents(ask.conn, doc_type=q.doc_type, min_days=0, active_only=True)
        ahead = await fleet.of_kind(of_list, ahead)
    return fleet.first_due(of_list, ahead)
