"""The question bank: Spanish operations questions for both fixture companies, each with its oracle.

`bank` holds the registry (`Item`, `BANK`, `add`); the questions are in one module per subject, each
importing it adds its questions: `clients`, `vehicles`, `notes`, `fleet`, `followups`, `kinds` (the
kinds of miss of the answers round 3: several entities in one question, names with digits and symbols,
a bare «¿hasta cuándo?», a field of one record), `scope` (the answers round on scope: the company's
questions whatever is in focus, long candidate lists, a person's name in full), `chains` (the follow-up
chains round: comparisons of the entities just discussed, another company, «el otro», «allá», a line of
listed notes, a vehicle or a period changed on a question that is no slot), `rankings` (lowest-first
rankings), `typed_names` (names typed on a phone), `hunt` (the phone-typed kinds of the answers round) and
`roster` (the drivers-and-vehicles round: the fleet's vehicles and drivers as lists, licences by state),
`sets` (the fleet-sets round: follow-ups about the set a fleet question just described),
`words` (delivery notes found by words: their PDF, the latest of a period, how many a client had),
`trial_docs` (the fresh-user trial: vehicle documents after a list), `what` (answer what was asked:
model years, the first licence, the oldest document, «¿y en X hay más?», cities joined by «y», «al día»),
`trial` (the fresh-user trial: the other company named, names with no close match, entity cards, pending
questions), `follow` (the fresh-user trial's follow-ups: units moved, comparisons on the measure discussed,
ordinals, picks) `trial_focus` (the stale-focus round: a question naming its own scope, «esos» and
«¿cuántos son?» of the latest answer) and `last` (the «último» round: who carried a client's latest note,
what of a list is due last, the period said of a due list), `nth` (the «el segundo» round: the one at a
place of every kind of list or ranking, and what is asked of it; `nth_more` the rest of that round),
`focus_scope` (the focus round: a question's own scope over the focus left by earlier turns; a follow-up
changing one thing keeps the rest), `focus_more` (more of that round) and `lists` (the lists round: follow-ups
about the vehicles, drivers, documents and notes just listed; `lists_more` the rest of that round).
"""

from __future__ import annotations

from backend.testing.answers_bank.questions import (
    after_count,
    chains,
    clients,
    commands,
    compared,
    counts,
    facts,
    facts_more,
    failed_then,
    fleet,
    focus_kept,
    focus_more,
    focus_scope,
    follow,
    followups,
    groupings,
    groupings_again,
    heard,
    hunt,
    kinds,
    last,
    lists,
    lists_more,
    lookalikes,
    notes,
    nth,
    nth_more,
    periods_again,
    phone,
    ranked_chain,
    rankings,
    roster,
    scope,
    semaforo,
    sets,
    stale_kind,
    those_in_city,
    threads,
    trial,
    trial_docs,
    trial_focus,
    typed_names,
    vehicles,
    versus,
    what,
    what_more,
    words,
)
from backend.testing.answers_bank.questions.bank import BANK, FA, LV, Item, add

__all__ = [
    "BANK",
    "after_count",
    "chains",
    "FA",
    "LV",
    "Item",
    "add",
    "clients",
    "commands",
    "compared",
    "counts",
    "facts",
    "facts_more",
    "failed_then",
    "fleet",
    "focus_kept",
    "focus_more",
    "focus_scope",
    "follow",
    "followups",
    "groupings",
    "groupings_again",
    "heard",
    "hunt",
    "kinds",
    "last",
    "lists",
    "lists_more",
    "lookalikes",
    "notes",
    "nth",
    "nth_more",
    "periods_again",
    "phone",
    "ranked_chain",
    "rankings",
    "roster",
    "scope",
    "semaforo",
    "sets",
    "stale_kind",
    "those_in_city",
    "threads",
    "trial",
    "trial_docs",
    "trial_focus",
    "typed_names",
    "vehicles",
    "versus",
    "what",
    "what_more",
    "words",
]
