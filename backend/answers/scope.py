"""Whose question it is: the company's, or the client/vehicle/driver/note in focus.

A follow-up inherits the subject in focus only when it has no scope of its own. A question that names a
fleet-wide scope is the company's, whatever was said before:

- a first-person plural verb: «¿cuántas canastillas despachamos en octubre?», «¿qué devolvimos ayer?»;
- an impersonal plural verb with no object, said of a period: «¿cuántas tapas devolvieron en noviembre?»
  (without a period it is the delivery note in focus, when there is one: «¿cuántas tapas devolvieron?»);
- a plural noun of notes or movements with a period: «remisiones del 20 de noviembre», «despachos de ayer»;
- plural documents or a status with no singular marker: «tecnomecánicas por vencer», «pólizas vencidas»;
- a ranking of drivers: «¿qué conductor hizo más entregas en noviembre?» (`tallies.ranks_drivers`);
- the fleet's semáforo: «semáforo», «¿cómo está el semáforo?» (`status.asks_fleet_status`);
- which drivers or vehicles have a document or licence in a state: «¿quién tiene la licencia vencida?»,
  «¿quiénes tienen el SOAT por vencer?», «¿qué conductor tiene el pase por vencer?», «¿quién es el conductor
  con la licencia vencida?», «¿cuál carro tiene el SOAT vencido?», «¿cuántos conductores tienen la licencia
  al día?».

«su», «ese», a singular verb («tiene», «devolvió», «hizo») or an object pronoun («le») keep the subject,
also beside a first-person plural verb («¿cuántas le despachamos la semana pasada?»).
"""

from __future__ import annotations

import re
from datetime import date
from typing import Literal

from backend.answers import again
from backend.answers import followup as fu
from backend.answers.focus import Subject
from backend.answers.model import city_in
from backend.answers.scope_words import fleet_scope
from backend.answers.status import asks_fleet_status
from backend.answers.tallies import ranks_drivers
from backend.core.history import Turn
from backend.core.text import fold
from backend.understanding.parse import Question, parse_question

Scope = Literal["company", "company_unless_note"]

WE_VERBS = frozenset(
    """despachamos devolvimos recibimos recogimos entregamos enviamos llevamos tenemos hemos movimos
    hicimos prestamos mandamos vendimos""".split()
)
THEY_VERBS = frozenset(
    """despacharon devolvieron entregaron recogieron enviaron salieron regresaron retornaron recibieron
    mandaron llegaron""".split()
)
OBJECT_PRONOUNS = frozenset({"le", "les", "su", "sus", "ese", "esa", "aquel", "aquella", "mismo", "misma"})
PLURAL_NOTES = frozenset({"remisiones", "despachos", "devoluciones", "entregas", "movimientos"})
PLURAL_DOCS = frozenset(
    """tecnomecanicas tecnicomecanicas tecnos polizas polisas soats licencias pases documentos vencimientos
    papeles""".split()
)
SINGULAR_MARKERS = frozenset(
    """su sus ese esa aquel aquella tiene tenia lleva llevo vence vencio maneja tuvo hizo hecho realizo""".split()
)
PLURAL_STATUS = frozenset({"vencidos", "vencidas", "vigentes", "caducados", "vencer"})
_ONE_DOCUMENT = re.compile(r"\b(?:el|la|su|ese|esa)\s+(?:soat|poliza|polisa|rc|tecno\w*|revision|seguro)\b")
DRIVER_WORDS = frozenset({"conductor", "conductores", "chofer", "choferes"})
REFER_WORDS = frozenset({"ese", "esa", "aquel", "aquella", "mismo", "misma"})
_FLEET_NOUN = r"(?:conductor|chofer|vehiculo|carro|camion|moto|placa|furgon)\w*"
#: which of the company's drivers or vehicles: «¿quién …?», «¿qué conductor …?», «¿cuáles vehículos …?», «el
#: conductor con …», «los que tienen …», «¿cuántos conductores …?»
_PICKED_BY_STATE = re.compile(
    rf"\bquien(?:es)?\b|\b(?:que|cual(?:es)?)\s+{_FLEET_NOUN}"
    rf"|\b(?:el|la|los|las)\s+(?:{_FLEET_NOUN}|que)\s+(?:con|que|tiene|tienen)\b|\bcuant[oa]s\s+(?:{_FLEET_NOUN}|licencias)"
)
_IN_ORDER = re.compile(r"\bal dia\b|\ben regla\b|\bsin vencer\b")


def company_scope(q: Question) -> Scope | None:
    """The scope the question's own words give (see the module docstring), else None (it may be about the
    subject in focus). `q` is the question as asked, not merged with an earlier one."""
    toks, joined = set(q.tokens), " ".join(q.tokens)
    if q.names_entity():
        return None
    if (own := fleet_scope(q)) is not None:  # «¿cuáles tienen…?», «el … más próximo», «¿cuánto se devolvió…?»
        return own
    if ranks_drivers(q) or asks_fleet_status(q) or fu.asks_what_there_is(q):
        return "company"
    of_documents = q.attribute == "licence" or q.subject == "licences" or q.doc_type
    state = q.status or q.expiry or q.light or (of_documents and _IN_ORDER.search(joined))
    if state and _PICKED_BY_STATE.search(joined) and not toks & OBJECT_PRONOUNS:
        return "company"  # «¿quién tiene la licencia vencida?», «¿cuál carro tiene el SOAT vencido?» after a list
    if toks & WE_VERBS and not toks & ({"le", "les"} | REFER_WORDS):
        return "company"  # (not «¿cuántas le despachamos la semana pasada?»: to the client in focus)
    if toks & THEY_VERBS and not toks & OBJECT_PRONOUNS:
        return "company" if q.period else "company_unless_note"
    if toks & PLURAL_NOTES and q.period and not toks & SINGULAR_MARKERS:
        return "company"
    if toks & PLURAL_DOCS and not toks & SINGULAR_MARKERS and (q.doc_type or q.status or q.period or q.expiry):
        return "company"
    if q.doc_type and toks & PLURAL_STATUS and not toks & SINGULAR_MARKERS and not _ONE_DOCUMENT.search(joined):
        return "company"  # «soat vencidos», «soat por vencer» (not «¿el soat está vencido?»)
    return None


def cannot_have(q: Question, *, clients_only: bool) -> bool:
    """Whether the question asks what the subject in focus cannot have: a client has no documents,
    licences or due dates (unless the question points back at it: «¿y ese cuándo vence?»)."""
    toks = set(q.tokens)
    asks_documents = bool(q.doc_type or q.status or q.attribute == "licence" or q.subject in ("documents", "licences"))
    return clients_only and asks_documents and not toks & OBJECT_PRONOUNS


def narrowed(subject: Subject, own: Scope | None, q: Question) -> Subject:
    """The subject in focus a question without entities of its own may be about: all of it, only its
    delivery note («¿cuántas tapas devolvieron?» after a note), or nothing (the company's question)."""
    if own == "company":
        return Subject()
    if own == "company_unless_note":
        return Subject(notes=subject.notes[:1], source=subject.source) if subject.notes else Subject()
    only_clients = bool(subject.clients) and not (subject.vehicles or subject.drivers or subject.notes)
    no_client = not (subject.clients or subject.notes)
    if cannot_have(q, clients_only=only_clients) or (no_client and asks_one_client(q)):
        return Subject()  # «¿cuántas canastillas tiene?» with a vehicle in focus: which client?
    return subject


def after_company_question(turns: list[Turn], today: date) -> bool:
    """Whether the latest turn was the company's question, its elliptical follow-ups included
    («¿cuántas canastillas despachamos en octubre?» → «¿y estibas?» → «¿y en septiembre?»)."""
    company = False
    understood: Question | None = None
    for turn in turns:
        q = parse_question(turn.q, today)
        if understood is not None and (fu.asks_which_ones(q) or again.asks_same(q, turn.a)):
            continue  # «¿cuántas son?» asked the question before again (as `followup.previous` reads it)
        merges = fu.should_merge(q, understood)
        if q.names_entity():
            company = False
        elif not merges:
            company = not fu.needs_focus(q) or company_scope(q) == "company"
        understood = fu.merged(q, understood, today) if understood is not None and merges else q
    return company


OWNER_VERBS = frozenset({"tiene", "tenia", "debe", "debia", "devolvio"})
#: «¿y cuántas estibas tienen?» right after the clients of a city were counted: theirs, not one client's
HOLD_PLURAL = frozenset({"tienen", "deben", "tenian", "debian", "suman"})


def of_city_clients(own: Question, turns: list[Turn], cities: list[str], today: date) -> str | None:
    """The city whose clients the latest turn counted or listed when `own` asks what they hold with a plural
    verb and names nothing («¿cuántos clientes hay en Itagüí?» → «¿y cuántas estibas tienen?»), else None."""
    said = set(re.findall(r"[a-zñ]+", fold(own.text)))  # the parse reads «tienen» as «tiene»
    if not turns or not HOLD_PLURAL & said or own.names_entity():
        return None
    before = parse_question(turns[-1].q, today)
    city, words = city_in(before.name_words, cities)
    m = before.mentions
    named = m.codes or m.numbers or m.plates or m.notes or words
    return city if before.subject == "clients" and city is not None and not named else None


def asks_one_client(q: Question) -> bool:
    """«¿cuántas estibas tiene?» with nothing said before: one client's, not the company's — ask which."""
    toks = set(q.tokens)
    about_assets = bool(q.asset or q.attribute in ("balance", "balance_verb"))
    said_otherwise = q.aggregation or q.subject or q.doc_type or q.status or q.expiry or q.period
    return (
        about_assets
        and bool(toks & OWNER_VERBS)
        and not said_otherwise
        and not toks & (WE_VERBS | DRIVER_WORDS | {"hay", "se"})
    )


_COMPANY_NOUNS = frozenset({"empresa", "empresas", "compania", "companias", "firma", "sociedad", "negocio"})
_OTHER_WORDS = frozenset({"otra", "otras", "otro", "otros", "demas", "ajena", "ajenas"})


def other_company(q: Question) -> bool:
    """«¿y la otra empresa?», «¿cuántas canastillas tiene la otra compañía?»: another company's data, which a
    company's bot never reads (row-level security keeps each company's rows to itself)."""
    toks = set(q.tokens)
    return bool(toks & _COMPANY_NOUNS and toks & _OTHER_WORDS)


def only_own_company(name: str) -> str:
    """The reply to `other_company`: whose data this bot reads, and nothing of anyone else's."""
    return f"Solo tengo los datos de {name}: no consulto los de otras empresas."
