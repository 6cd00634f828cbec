"""The bot's view of a failed backend call: `BackendError` and its kinds, each carrying Spanish `message`
text fit to show the user (never an id, a status, an exception's text or English), and `raise_for`,
which turns an error response into one.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import httpx
from pydantic import ValidationError

from backend.contract import ErrorBody
from backend.core.text import clean_text, shown_text

log = logging.getLogger(__name__)

MSG_UNREACHABLE = (
    "No pude comunicarme con el servidor de fleetops. Intenta de nuevo en un momento; "
    "si sigue fallando, avisa al administrador del sistema."
)
MSG_TIMEOUT = "El servidor tardó demasiado en responder. Intenta de nuevo en un momento."
MSG_BUSY = "Hay muchas consultas en este momento. Espera un minuto e intenta de nuevo."
MSG_UNAVAILABLE = "El servicio no está disponible en este momento. Intenta de nuevo en unos minutos."
MSG_NOT_AUTHORIZED = (
    "No estás registrado como administrador de esta empresa. Escríbeme /start en un chat privado "
    "para saber cómo pedir que te registren."
)
"""Every refusal of a non-admin, in any chat: no id of any kind (a group sees it)."""
MSG_REGISTER = (
    "No estás registrado como administrador de esta empresa. Pide al operador que te "
    "registre con tu id de Telegram: {user_id}."
)
"""/start's refusal in a private chat only: the user's own Telegram id, which only they see there."""
MSG_GENERIC = "No pude procesar tu mensaje. Intenta de nuevo en un momento."
MSG_BAD_RESPONSE = (
    "El servidor de fleetops respondió algo que no entiendo, así que no te doy una respuesta a medias. "
    "Intenta de nuevo en un momento; si sigue pasando, avisa al administrador del sistema."
)


class BackendError(Exception):
    """A backend call that produced no usable answer. `message` is Spanish text for the user."""

    def __init__(self, message: str, *, code: str = "error", status: int | None = None) -> None:
        super().__init__(f"{code} ({status})")
        self.message = message
        self.code = code
        self.status = status


class BackendUnavailable(BackendError):
    """Unreachable, timed out, 5xx or 503 (database or model down)."""


class RateLimited(BackendError):
    """429; `retry_after` in seconds when the backend said so."""

    def __init__(self, message: str, *, retry_after: float | None = None, **kw: Any) -> None:
        super().__init__(message, **kw)
        self.retry_after = retry_after


class NotAuthorized(BackendError):
    """403: the Telegram user is not an admin of this bot's company (`not_an_admin`), or the bot itself
    is refused (401 wrong secret, 403 `forbidden_proxy`: the message says the service is unavailable)."""

    @property
    def not_an_admin(self) -> bool:
        """True when the refusal is about the user (they could be registered), not about the bot."""
        return self.status == 403 and self.code != "forbidden_proxy"


class NotFound(BackendError):
    """404: the client / delivery note does not exist for this company."""


class Rejected(BackendError):
    """422 and other 4xx: the request itself was refused (e.g. question too long)."""


_SECONDS = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,6})?")


def raise_for(response: httpx.Response) -> None:
    """Raise the `BackendError` of an error `response` (status >= 400); nothing for a success. The
    backend's Spanish `message` is shown for 404, 409/422, 429 and 5xx; a body that is not the contract's
    `ErrorBody` (a proxy's page) gets this module's own message."""
    status = response.status_code
    if status < 400:
        return
    try:
        error: ErrorBody | None = ErrorBody.model_validate_json(response.content)
    except ValidationError:  # not the backend's body (a proxy's page, an empty 502)
        error = None
    code = error.error if error else "error"
    server_msg = (shown_text(error.message) if clean_text(error.message) else None) if error else None
    log.warning("backend answered %s %s (request %s)", status, code, error.request_id if error else None)
    if status in (401, 403):
        if status == 401 or code == "forbidden_proxy":
            raise NotAuthorized(MSG_UNAVAILABLE, code=code, status=status)
        raise NotAuthorized(MSG_NOT_AUTHORIZED, code=code, status=status)
    if status == 404:
        raise NotFound(server_msg or "No encontré lo que buscas.", code=code, status=status)
    if status == 429:
        retry = response.headers.get("Retry-After", "").strip()
        # ASCII seconds only: «²» passed str.isdigit() and float() raised out of the handler
        retry_after = float(retry) if _SECONDS.fullmatch(retry) else None
        # the backend's message says it is the company's limit and when to retry; a proxy's 429 has none
        raise RateLimited(server_msg or MSG_BUSY, retry_after=retry_after, code=code, status=status)
    if status >= 500:
        raise BackendUnavailable(server_msg or MSG_UNAVAILABLE, code=code, status=status)
    raise Rejected(server_msg or MSG_GENERIC, code=code, status=status)
