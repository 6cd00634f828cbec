"""What a `/v1` request says before the database is asked: the proxy header, the bot's bearer secret
(as its SHA-256 digest), the Telegram `user_id` and the JSON body. Each refusal is an `ApiError` with
a Spanish message (`backend.api.errors`); nothing here reads the database. Used by `backend.api.deps`.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import Query, Request
from pydantic import BaseModel, BeforeValidator, TypeAdapter, ValidationError

from backend.api.errors import ApiError
from backend.contract import INT64_MAX, UserId
from backend.core.senders import is_shared_sender
from backend.core.text import clean_text


def refuse_proxy(request: Request) -> None:
    """403 when the request came through the public reverse proxy (it sets X-Real-IP)."""
    if "x-real-ip" in request.headers:
        raise ApiError(403, "forbidden_proxy", "Este servicio no acepta solicitudes desde fuera del servidor.")


def refuse_repeated_parameters(request: Request) -> None:
    """422 when the query string names a parameter twice (`?user_id=1001&user_id=2001`): which one counts
    is the parser's choice (Starlette's `get` took the last, so a check of the first was not what the route
    read); the request is ambiguous, like a JSON body with a key twice (`json_body`)."""
    names = [name for name, _ in request.query_params.multi_items()]
    if len(names) != len(set(names)):
        repeated = next(name for name in names if names.count(name) > 1)
        raise ApiError(422, "invalid_request", _repeated(clean_text(repeated, single_line=True)[:40]))


def _repeated(name: str) -> str:
    return f"La solicitud no es válida: «{name}» aparece más de una vez."


class _RepeatedKey(ValueError):
    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """`json.loads`' object hook: the object, or `_RepeatedKey` when a key is in it twice (Python's
    parser keeps the last value silently: `{"user_id": 1001, "user_id": 2001}` was read as 2001)."""
    out: dict[str, Any] = {}
    for name, value in pairs:
        if name in out:
            raise _RepeatedKey(name)
        out[name] = value
    return out


def bearer_digest(request: Request) -> bytes:
    """SHA-256 digest (bytes) of the `Authorization: Bearer` secret; raises ApiError 401 `unauthorized`
    when the header is missing, malformed or given more than once (which one counts would be the
    parser's choice: Starlette took the first, a proxy may pass on the last)."""
    given = request.headers.getlist("authorization")
    if len(given) > 1:
        raise ApiError(401, "unauthorized", "Credenciales del bot no válidas: la solicitud trae más de una.")
    scheme, _, secret = (given[0] if given else "").partition(" ")
    secret = secret.strip()
    if scheme.lower() != "bearer" or not secret or len(secret) > 200:
        raise ApiError(401, "unauthorized", "Credenciales del bot no válidas.")
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).digest()


#: The `?user_id=` query parameter of the GET routes, as documented in OpenAPI (the `tenant`/`caller`
#: dependency has already checked it, with the same range, before any query).
UserIdQuery = Annotated[int, Query(ge=1, le=INT64_MAX, description="Telegram user id of the admin asking")]


def _count_digits(value: object) -> object:
    """A count from the query string as decimal digits only (at most 9): pydantic's lax int also took
    "3_0" (30), "3.0", " 3" and "+3"."""
    if isinstance(value, str) and not re.fullmatch(r"[0-9]{1,9}", value):
        raise ValueError("a count is written with decimal digits")
    return value


#: The check of a whole number of the query string (`?within_days=`, `?days=`): ASCII digits, else 422
#: `invalid_request`. Put beside the route's `Query(ge=…, le=…)` in one `Annotated` (nested in another, the
#: OpenAPI document spelt the bounds `ge`/`le` instead of `minimum`/`maximum`).
COUNT_DIGITS = BeforeValidator(_count_digits)
_INVALID_USER = "Falta el usuario de Telegram (user_id) o no es válido."
_SHARED_SENDER = (
    "Ese id de Telegram es el de los administradores anónimos de un grupo o de un canal, no el de una "
    "persona: escribe desde tu cuenta."
)
_DIGITS = re.compile(r"[0-9]{1,20}")
_USER_ID = TypeAdapter(UserId)


async def json_body(request: Request) -> Any:
    """The request's JSON body, parsed once (cached on the request), whatever its content type. 422
    `invalid_request` for a body that is not JSON (or not UTF-8) or nests deeper than the parser's
    recursion limit (a thousand `[`) or names a key twice in one object; 413 `payload_too_large` while
    reading it when over the cap."""
    if not hasattr(request.state, "json_body"):
        raw = await request.body()
        try:
            # UTF-8 only (a BOM aside): `json.loads(bytes)` also guessed UTF-16 and UTF-32 bodies
            text = raw.decode("utf-8-sig")
            request.state.json_body = json.loads(text, object_pairs_hook=_unique_keys) if raw else None
        except _RepeatedKey as repeated:
            name = clean_text(repeated.name, single_line=True)[:40]
            raise ApiError(422, "invalid_request", _repeated(name)) from None
        except (ValueError, RecursionError):
            raise ApiError(422, "invalid_request", "La solicitud no es válida: el cuerpo no es JSON.") from None
    return request.state.json_body


def checked_body(model: type[BaseModel]) -> Callable[[Request], Awaitable[Any]]:
    """Dependency factory: the JSON body validated as `model`, BEFORE authentication (declare it before
    `caller`/`tenant`), so a malformed body never reaches a query. 422 `invalid_request` otherwise.
    The route's OpenAPI request body is set from `model` with `body_openapi(model)`."""

    async def dependency(request: Request) -> Any:
        try:
            return model.model_validate(await json_body(request))
        except ValidationError:
            raise ApiError(422, "invalid_request", "La solicitud no es válida: revisa los datos enviados.") from None

    return dependency


def _inlined(node: Any, defs: dict[str, Any]) -> Any:
    """`node` with every `{"$ref": "#/$defs/X"}` replaced by X's schema (the contract's models nest no cycle)."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            return _inlined(defs[ref.removeprefix("#/$defs/")], defs)
        return {key: _inlined(value, defs) for key, value in node.items()}
    if isinstance(node, list):
        return [_inlined(item, defs) for item in node]
    return node


def body_openapi(model: type[BaseModel]) -> dict[str, Any]:
    """`openapi_extra` documenting `model` as the JSON request body of a route using `checked_body`. Nested
    models are inlined: pydantic's `#/$defs/…` references do not resolve inside the OpenAPI document (the
    /v1/ask body's `unconfirmed` items were an unresolvable `#/$defs/SpokenDoubt`)."""
    schema = model.model_json_schema()
    body = _inlined(schema, schema.pop("$defs", {}))
    return {"requestBody": {"required": True, "content": {"application/json": {"schema": body}}}}


async def user_id_of(request: Request) -> int:
    """The Telegram user id of the request, checked before any query: 1 … 2⁶³−1 (`contract.UserId`).

    From `?user_id=` (decimal digits only) or, for POST, the JSON body's `user_id` (a JSON integer:
    not a bool, float or string). Anything else -> 422 `invalid_request`; an account many people write
    as (`backend.core.senders`: anonymous group admins, channels) -> 403 `not_authorized`, even if
    registered as an admin."""
    raw: Any = request.query_params.get("user_id")
    if raw is not None:
        raw = int(raw) if _DIGITS.fullmatch(raw) else None
    elif request.method in {"POST", "PUT", "PATCH"}:
        body = await json_body(request)
        raw = body.get("user_id") if isinstance(body, dict) else None
    if type(raw) is not int:
        raise ApiError(422, "invalid_request", _INVALID_USER)
    try:
        user_id: int = _USER_ID.validate_python(raw)
    except ValidationError:
        raise ApiError(422, "invalid_request", _INVALID_USER) from None
    if is_shared_sender(user_id):  # an anonymous group admin or a channel: the id names nobody
        raise ApiError(403, "not_authorized", _SHARED_SENDER)
    return user_id
