"""The end of the flow, when the question names no entity that resolves and picks none from the
conversation: a field fleetops does not keep, the total of the clients just listed («entre todos»), the
entities in focus (`in_focus`), else the company's answer (`company_wide`) or a question back."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from backend.answers import again, asking, fleet, in_focus, listed_first, scope, status
from backend.answers import followup as fu
from backend.answers.company_wide import company_answer
from backend.answers.entities import asks_unknown_of_kind, unknown_of_kind
from backend.answers.lacking import asks_lacking_documents
from backend.answers.model import city_in
from backend.answers.notes_of import company_latest
from backend.answers.render import without_city
from backend.answers.scope_words import BACK_WORDS, typed_words
from backend.answers.understood import Step, Understood, settled
from backend.core.history import Turn
from backend.understanding.parse import Question


def _names_entity(q: Question, cities: list[str]) -> bool:
    """`q` names a client, vehicle, driver or note — a city alone («… en Cali») is no entity."""
    m = q.mentions
    return bool(m.codes or m.numbers or m.notes or m.plates or m.spoken_codes or city_in(q.name_words, cities)[1])


def _notes_asked(q: Question, previous: Question | None) -> bool:
    """`q` (or the question before it, `previous`) is about delivery notes («la última remisión»)."""
    about = q.subject == "notes" or q.attribute in ("notes", "note_word") or "remision" in q.tokens
    return about or (previous is not None and _notes_asked(previous, None))


def latest_of_company(own: Question, turns: list[Turn], today: date, previous: Question | None = None) -> bool:
    """«¿cuál fue la última remisión?» (pointing back at no one, naming no one) right after the company's
    question: the company's latest note, not the one of an entity an earlier answer left in focus; «¿cuál
    fue la última?» too when that question was about notes («¿cuántas remisiones hubo ayer?»)."""
    points_back = BACK_WORDS & typed_words(own)[0]
    latest = again.asks_latest(own) and _notes_asked(own, previous)
    return bool(turns) and latest and not points_back and scope.after_company_question(turns, today)


def _other_kind(own: Question, previous: Question | None, turns: list[Turn], today: date) -> bool:
    """`own` asks units or movements («¿y despachos?», «¿y canastillas?») right after the company's question
    about documents or licences: another kind of question, the company's — never the vehicle or driver that
    list happened to name (unless it points back: «¿y sus despachos?»)."""
    moved = bool(own.asset or own.movement) and not (fu.REFERS_BACK | {"le", "les"}) & set(own.tokens)
    of_documents = previous is not None and fu.of_documents(previous) and not (previous.asset or previous.movement)
    return moved and of_documents and not own.names_entity() and scope.after_company_question(turns, today)


async def fallback(s: Step) -> Understood:
    """The answer about the focus or the company (see the module docstring); `exact=None`: not understood."""
    ask = s.ask(city=s.city)
    q, own, turns, previous, merged, subject, asked = s.q, s.own, s.turns, s.previous, s.merged, s.subject, s.asked
    if asks_unknown_of_kind(ask):
        return settled(asked, q, subject, unknown_of_kind(ask))
    all_of_them = fu.ALL_OF_THEM & set(q.tokens) and not fu.REFERS_BACK & set(q.tokens)
    if turns and q.asset and all_of_them and not q.names_entity():
        # «¿cuántas estibas tienen entre todos?» after «¿qué clientes hay en Barranquilla?»: their total
        ask.city = s.city or fu.previous_city(turns, s.cities, s.company.today)
        return settled(asked, q, subject, await fleet.asset_total(ask))
    # «¿y el mes pasado?» after «¿cuántas remisiones tuvo el 632 …?» → «¿y esta semana?»: the chain's entity stays
    # (the merged parse keeps only the latest follow-up's mentions, none here)
    kept = own.is_elliptical() and bool(turns) and not scope.after_company_question(turns, s.company.today)
    entity_before = (
        merged and previous is not None and (_names_entity(previous, s.cities) or kept) and not q.names_entity()
    )
    refers_back = merged and bool(fu.REFERS_BACK & set(own.tokens))
    ready = status.asks_ready(q) and not status.asks_fleet_ready(q)  # «¿puede salir?» of the one in focus
    # «¿quién maneja el camión inactivo?», «¿y los motocarros quién los maneja?» (after a client)
    described = q.active is not None or q.brand or q.model_year or (q.subject == "vehicles" and q.vehicle_kind)
    if q.attribute in ("driver", "who") and described and not q.names_entity() and not refers_back:
        ask.q = q = replace(q, subject="vehicles", follow_up=False)  # the vehicles so described: their drivers
    about_focus = fu.needs_focus(q) or entity_before or refers_back or ready
    if asks_lacking_documents(own) and not (fu.REFERS_BACK | {"le", "les"}) & set(own.tokens):
        about_focus = False  # «¿y sin documentos?» after «vehículos sin conductor»: the fleet's, not the one listed
    # «¿y este mes?» after the fleet's due documents: the fleet's again, not an entity discussed before it
    of_fleet_list = merged and bool(turns) and own.is_elliptical() and listed_first.of_fleet_documents(turns[-1].a)
    if not merged and _other_kind(own, previous, turns, s.company.today):
        s.own_scope = "company"  # «¿y despachos?» after the company's licences: its movements, not that driver's
    if latest_of_company(own, turns, s.company.today, previous):
        s.own_scope = "company"  # «¿cuál fue la última remisión?» right after the company's question: the company's
    if (
        s.own_scope != "company"
        and not fu.dated_fleet_question(own)
        and not of_fleet_list
        and (about_focus or (s.city and turns and not q.aggregation and not q.subject))
    ):
        on = await in_focus.answer(
            ask, own, previous, turns, s.focus, merged=merged, scope_of=s.own_scope, words=s.words
        )
        ask.q = q = on.q
        subject = on.subject
        if on.exact is not None:
            return settled(asked, q, subject, on.exact)
    about_one = fu.refers_back(q) or fu.bare_when(q) or (scope.asks_one_client(q) and not ask.city)
    exact = None if about_one and not subject.count() else without_city(await company_answer(ask), ask.city)
    if exact is None and not subject.count() and again.asks_latest(q) and _notes_asked(q, previous):
        exact = await company_latest(ask, previous if previous is not None and _notes_asked(previous, None) else None)
    elif exact is None and q.expiry and fu.bare_when(q):
        exact = asking.which_expiry()
    elif exact is None and scope.asks_one_client(q):
        exact = asking.which_client()
    elif exact is None and fu.needs_focus(q):
        exact = asking.which_entity()
    return settled(asked, q, subject, exact)
