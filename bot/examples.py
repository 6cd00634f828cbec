"""The examples in the bot's help and usage texts, taken from the company the bot serves.

A fixed «/saldo 412» or «Muéstrame la gráfica del 310» is a client of one company: another company's
admin who tries it gets «No encontré…». Every example here comes from `GET /v1/examples` (a client code,
a plate, a delivery note and an asset type of the admin's own company, `backend.contract.CompanyExamples`);
for someone who is not an admin, or with the backend down, the texts carry no code at all. The command
menu (`bot.commands.COMMANDS`, one for every user of the bot) never names a code.
"""

from __future__ import annotations

import logging

from backend.contract import CompanyExamples
from bot.app_data import BotContext
from bot.backend_client import BackendError
from bot.replies import Target

log = logging.getLogger(__name__)

NONE = CompanyExamples()
"""No example of any kind: the code-free texts."""


async def company_examples(to: Target, context: BotContext) -> CompanyExamples:
    """The company's examples for `to`'s sender; `NONE` when they are not an admin or the backend
    cannot say (the help is still shown, without codes)."""
    try:
        return await context.bot_data.backend.examples(to.user_id)
    except BackendError as exc:
        log.info("no company examples for the help: %s", exc)
        return NONE


def question_examples(ex: CompanyExamples) -> list[str]:
    """The help's example questions: «¿Cuál es el saldo de canastillas del cliente 412?», «¿Cuándo vence
    el SOAT de la KLM482?», «Mándame la remisión 8297», «Muéstrame la gráfica del 412» with the company's
    own code, plate, note and asset type; a kind the company has none of is left out or said without one."""
    of_asset = f" de {ex.asset}" if ex.asset else ""
    client = f"del cliente {ex.client_code}" if ex.client_code else "de un cliente (con su código o su nombre)"
    lines = [f"¿Cuál es el saldo{of_asset} {client}?", "¿Qué documentos vencen este mes?"]
    if ex.plate:
        lines.append(f"¿Cuándo vence el SOAT de la {ex.plate}?")
    lines.append(f"Mándame la remisión {ex.delivery_note}" if ex.delivery_note else "Mándame el PDF de una remisión")
    if ex.client_code:
        lines.append(f"Muéstrame la gráfica del {ex.client_code}")
    else:
        lines.append("Muéstrame la gráfica de la empresa")
    return lines


def balance_usage(ex: CompanyExamples) -> str:
    """/saldo without a client."""
    example = f", por ejemplo /saldo {ex.client_code}" if ex.client_code else ""
    return f"Uso: /saldo <código o nombre del cliente>{example}"


NOTE_FORM = "en dígitos, con su prefijo de letras si lo tiene; sin signo, decimales ni espacios"
"""How a delivery-note number is written (`backend.core.note_numbers`), with no number in it."""


def note_usage(ex: CompanyExamples) -> str:
    """/remision without a valid number."""
    example = f", por ejemplo: /remision {ex.delivery_note}" if ex.delivery_note else ": /remision <número>"
    return f"Dime el número de la remisión{example} — {NOTE_FORM}."
