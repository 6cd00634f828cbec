"""The question bank: Spanish operations questions for both fixture companies, each with its oracle.

`bank` holds the registry (`Item`, `BANK`, `add`); the questions are in one module per subject, each
importing it adds its questions: `clients`, `vehicles`, `notes`, `fleet`, `followups`, `kinds` (the
kinds of miss of the answers round 3: several entities in one question, names with digits and symbols,
a bare «¿hasta cuándo?», a field of one record), `scope` (the answers round on scope: the company's
questions whatever is in focus, long candidate lists, a person's name in full), `roster` (the
drivers-and-vehicles round: the fleet's vehicles and drivers as lists, licences by state).
"""

from __future__ import annotations

from backend.testing.answers_bank.questions import (
    clients,
    fleet,
    followups,
    kinds,
    notes,
    phone,
    roster,
    scope,
    vehicles,
)
from backend.testing.answers_bank.questions.bank import BANK, FA, LV, Item, add

__all__ = [
    "BANK",
    "FA",
    "LV",
    "Item",
    "add",
    "clients",
    "fleet",
    "followups",
    "kinds",
    "notes",
    "phone",
    "roster",
    "scope",
    "vehicles",
]
