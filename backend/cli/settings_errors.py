"""Settings errors as a fleet admin reads them: one Spanish line per variable, naming it and the form
it expects, no class names and no pydantic wording.

`settings_messages(exc)` turns a `pydantic.ValidationError` raised while building one of the settings
classes (`backend.config`, `bot.config`, `bot.voice.config`) into lines such as
«FLEETOPS_TODAY debe ser una fecha AAAA-MM-DD (por ejemplo 2026-12-01)». The expected form is read
from the field itself (type, bounds, allowed values); a validator of our own words its message in
Spanish after the variable name («… tiene un valor de ejemplo …»). The value itself is never repeated:
it may be a secret.
"""

from __future__ import annotations

import types
import typing
from datetime import date, time
from pathlib import Path

from annotated_types import Ge, Gt, Le, Lt
from pydantic import SecretStr, ValidationError
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings

from backend.core.settings_env import env_names


def _settings_classes() -> list[type[BaseSettings]]:
    from backend.config import BackendSettings, DatabaseSettings
    from bot.config import BotSettings
    from bot.host_config import HostSettings
    from bot.voice.config import VoiceSettings

    return [BackendSettings, DatabaseSettings, BotSettings, HostSettings, VoiceSettings]


def _number(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


def _bounds(field: FieldInfo) -> str:
    low: typing.Any = None  # annotated_types bounds: numbers for every settings field
    high: typing.Any = None
    strict_low = False
    for m in field.metadata:
        if isinstance(m, Ge):
            low = m.ge
        elif isinstance(m, Gt):
            low, strict_low = m.gt, True
        elif isinstance(m, Le):
            high = m.le
        elif isinstance(m, Lt):
            high = m.lt
    if low is not None and high is not None and not strict_low:
        return f" entre {_number(low)} y {_number(high)}"
    parts = []
    if low is not None:
        parts.append(f"mayor que {_number(low)}" if strict_low else f"de al menos {_number(low)}")
    if high is not None:
        parts.append(f"de como máximo {_number(high)}")
    return (" " + " y ".join(parts)) if parts else ""


def _base_type(annotation: object) -> object:
    """`int | None` -> int; `Literal[...]` stays as it is."""
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        return args[0] if len(args) == 1 else annotation
    return annotation


def expected_form(name: str, field: FieldInfo) -> str:
    """What a valid value of the variable `name` looks like, in Spanish ("una fecha AAAA-MM-DD …")."""
    kind = _base_type(field.annotation)
    seconds = " (segundos)" if name.endswith("_S") else ""
    if typing.get_origin(kind) is typing.Literal:
        return "uno de: " + ", ".join(str(v) for v in typing.get_args(kind))
    if kind is date:
        return "una fecha AAAA-MM-DD (por ejemplo 2026-12-01)"
    if kind is time:
        return "una hora HH:MM de 24 horas (por ejemplo 07:00)"
    if kind is bool:
        return "true o false"
    if kind is int:
        return f"un número entero{_bounds(field)}{seconds}"
    if kind is float:
        return f"un número{_bounds(field)}{seconds} (con punto decimal: 2.5)"
    if kind is Path:
        return "una ruta de directorio"
    if kind is SecretStr:
        return "la clave tal como la entrega el proveedor"
    return "un texto válido"


def _field_for(model: type[BaseSettings], loc: str) -> tuple[str, FieldInfo] | None:
    """(environment variable, field) for an error location (a field name or a variable name): the
    variable as `backend.core.settings_env.env_names` names it."""
    for field_name, field in model.model_fields.items():
        names = env_names(model, field_name)
        if loc == field_name or loc.upper() in names:
            return names[0], field
    return None


def settings_messages(exc: ValidationError) -> list[str]:
    """One Spanish line per invalid setting in `exc` (see the module docstring)."""
    model = next((m for m in _settings_classes() if m.__name__ == exc.title), None)
    lines = []
    for error in exc.errors():
        loc = str(error["loc"][0]) if error["loc"] else ""
        found = _field_for(model, loc) if model else None
        variable, field = found if found else (loc.upper() or "la configuración", None)
        if error["type"] == "value_error":  # a validator of ours: its message is Spanish
            message = str(error["ctx"]["error"])
            joiner = " " if message.startswith(("debe ", "tiene ")) else ": "
            lines.append(f"{variable}{joiner}{message}")
        elif field is not None:
            lines.append(f"{variable} debe ser {expected_form(variable, field)}")
        else:
            lines.append(f"{variable} tiene un valor inválido")
    return lines
