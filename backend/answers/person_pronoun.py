"""«¿y cuántas remisiones hizo ella?» right after «El conductor de TRX905 es Marta Londoño Mejía.»: a person's
pronoun is the one driver the latest answer named, not the vehicle (or note) the question before was about.

The pronoun is replaced by the driver's full name before the question is parsed, so every answer of a
driver («¿y él qué licencia tiene?», «¿cuántos viajes hizo él la semana pasada?») reads it as named."""

from __future__ import annotations

import re

import asyncpg

from backend.answers.focus import from_history, from_mentions
from backend.context.mentions import find_mentions
from backend.core.history import Turn

#: «ella», «él» (with its accent: «el» is the article)
_PERSON = re.compile(r"(?<!\w)(?:ella|él|Él)(?!\w)", re.IGNORECASE)


async def as_named(conn: asyncpg.Connection, question: str, turns: list[Turn]) -> str:
    """`question` with its person's pronoun replaced by the full name of the one driver the latest turn named;
    `question` unchanged when it has no such pronoun or that turn names no single driver."""
    if not turns or _PERSON.search(question) is None:
        return question
    drivers = (await from_history(conn, turns)).drivers  # a driver asked of, else the one the answer names
    drivers = drivers or (await from_mentions(conn, find_mentions(turns[-1].a), names=True)).drivers
    if len(drivers) != 1:
        return question
    return _PERSON.sub(drivers[0].full_name, question, count=1)
