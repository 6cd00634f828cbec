"""A follow-up right after a question whose entity was not found («saldo del 413» → «No tengo un cliente con
el código 413.» → «¿y estibas?»), or that was not understood: it has no topic to take from before.

The bot keeps a failed exchange aside and sends it as the latest history turn of the next question only
(`bot.memory.WorkingMemory.fail`). A follow-up that names nothing right after a not-found answer
(`about.missing_line`'s sentences) gets that not-found again — never the client, vehicle or period
discussed before it, nor the request's focus, which the failure left as it was; right after «No entendí la
pregunta. …» it is asked which entity."""

from __future__ import annotations

import re

from backend.core.history import Turn

#: how the API opens a question it did not understand (`api.routes.ask.NOT_UNDERSTOOD`, `NOT_ANSWERED`)
NOT_UNDERSTOOD_OPENINGS = ("No entendí la pregunta.", "No puedo responder eso.")

#: the sentences of `about.missing_line` (and `reports.delivery_notes`' note not found), the whole answer
_NOT_FOUND = re.compile(
    r"(?:La placa \S+ no está en la flota de [^\n]+|No tengo un cliente con el código \S+"
    r"|No encontré la remisión \S+(?: en los registros de tu empresa)?"  # the last: a PDF asked (`reports`)
    r"|No tengo un conductor con ese nombre\. Dime el nombre completo, o la placa de su vehículo"
    r"|No encontré un cliente ni un conductor con ese nombre\. Prueba con el código, la placa o el número)\.?"
)


def not_understood(turns: list[Turn]) -> bool:
    """The latest turn was a question not understood: a follow-up of it has no topic to take."""
    return bool(turns) and turns[-1].a.startswith(NOT_UNDERSTOOD_OPENINGS)


def not_found_before(turns: list[Turn]) -> str | None:
    """The latest turn's answer when it said that what was named does not exist, else None."""
    return turns[-1].a if turns and _NOT_FOUND.fullmatch(turns[-1].a) else None


#: `scope.only_own_company`'s refusal: it keeps the topic («¿y la otra empresa?» → «¿cuál de los dos …?»)
_OTHER_COMPANY = re.compile(r"Solo tengo los datos de [^\n]+: no consulto los de otras empresas\.")


def topic_turns(turns: list[Turn]) -> list[Turn]:
    """`turns` without a latest refusal of another company's data (sent as a failed exchange): that question
    changed no topic, so what follows it reads the turns before it."""
    return turns[:-1] if turns and _OTHER_COMPANY.fullmatch(turns[-1].a) else turns
