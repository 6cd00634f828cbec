"""argparse in Spanish, for every `fleetops` command: its own strings («uso:», «opciones:», «muestra este
mensaje de ayuda y sale») and error messages, plus value types whose errors read in Spanish.

argparse looks its strings up through gettext at call time (`argparse._`, `argparse.ngettext`), so
`install()` points those two names at a small Spanish table; any string not in the table stays as it
is. Call it before building a parser (`backend.cli.main` does).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from datetime import date

from backend.core.senders import is_shared_sender
from backend.core.text import clean_text

_ES = {
    "usage: ": "uso: ",
    "positional arguments": "argumentos",
    "options": "opciones",
    "optional arguments": "opciones",
    "show this help message and exit": "muestra este mensaje de ayuda y sale",
    "show program's version number and exit": "muestra la versión y sale",
    "%(prog)s: error: %(message)s\n": "%(prog)s: error: %(message)s\n",
    "the following arguments are required: %s": "faltan argumentos obligatorios: %s",
    "unrecognized arguments: %s": "argumentos no reconocidos: %s",
    "argument %(argument_name)s: %(message)s": "argumento %(argument_name)s: %(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": "valor no válido: %(value)r (se espera uno de: %(choices)s)",
    "invalid %(type)s value: %(value)r": "valor no válido: %(value)r",
    "expected one argument": "falta el valor",
    "expected at most one argument": "se espera como mucho un valor",
    "expected at least one argument": "se espera al menos un valor",
    "ambiguous option: %(option)s could match %(matches)s": "opción ambigua: %(option)s puede ser %(matches)s",
    "not allowed with argument %s": "no se puede usar junto con %s",
    "one of the arguments %s is required": "falta uno de estos argumentos: %s",
    "ignored explicit argument %r": "se ignora el valor %r",
    "unexpected option string: %s": "opción inesperada: %s",
}
_ES_PLURAL = {"expected %s argument": ("se espera %s valor", "se esperan %s valores")}


def _gettext(message: str) -> str:
    return _ES.get(message, message)


def _ngettext(singular: str, plural: str, n: int) -> str:
    forms = _ES_PLURAL.get(singular)
    if forms is None:
        return singular if n == 1 else plural
    return forms[0] if n == 1 else forms[1]


def install() -> None:
    """Make argparse speak Spanish in this process (idempotent)."""
    argparse._ = _gettext  # type: ignore[attr-defined]
    argparse.ngettext = _ngettext  # type: ignore[attr-defined]


def integer(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse `type` for whole numbers in [low, high] with a Spanish error message."""

    def parse(text: str) -> int:
        if not re.fullmatch(r"[+-]?[0-9]+", text.strip()):
            raise argparse.ArgumentTypeError(f"se espera un número entero, no {text!r}")
        value = int(text)
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = (
                f"entre {low} y {high}"
                if low is not None and high is not None
                else f"de al menos {low}"
                if low is not None
                else f"de como máximo {high}"
            )
            raise argparse.ArgumentTypeError(f"se espera un número entero {bounds}, no {value}")
        return value

    return parse


def slug(text: str) -> str:
    """An argparse `type` for a company slug as the database allows it (`a-z 0-9 -`, ≤ 64): the import's
    own rule, `backend.importer.cells.SLUG` and `KEY_MAX`."""
    from backend.importer.cells import KEY_MAX, SLUG  # local: `fleetops --help` stays light

    if len(text) > KEY_MAX or not SLUG.fullmatch(text):
        raise argparse.ArgumentTypeError(f"slug inválido: {text!r} (solo a-z, 0-9 y '-', como frigorifico-andino)")
    return text


def telegram_id(text: str) -> int:
    """An argparse `type` for an admin's Telegram user id: 1 … 2⁶³−1 and not an account many people write
    as (`backend.core.senders`: an anonymous group admin, a channel, Telegram's service account)."""
    value = integer(1, 2**63 - 1)(text)
    if is_shared_sender(value):
        raise argparse.ArgumentTypeError(
            f"{value} no es una persona: es la cuenta con la que Telegram firma a los administradores anónimos "
            "de un grupo o a un canal; cualquiera que escriba así pasaría por administrador. Use el id que el "
            "bot muestra con /start en un chat privado"
        )
    return value


def day(text: str) -> date:
    """An argparse `type` for a calendar date written AAAA-MM-DD (2026-02-30 is refused, in Spanish)."""
    try:
        if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text.strip()):
            return date.fromisoformat(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"la fecha {text!r} no existe en el calendario") from None
    raise argparse.ArgumentTypeError(f"se espera una fecha AAAA-MM-DD (por ejemplo 2026-12-01), no {text!r}")


def label(limit: int = 200) -> Callable[[str], str]:
    """An argparse `type` for a free-text name: cleaned like every text that enters fleetops
    (`backend.core.text.clean_text`: control and invisible characters and undecodable bytes out, one
    line), at most `limit` characters."""

    def parse(text: str) -> str:
        cleaned = clean_text(text, single_line=True)
        if len(cleaned) > limit:
            raise argparse.ArgumentTypeError(f"se esperan como máximo {limit} caracteres, no {len(cleaned)}")
        return cleaned

    return parse
