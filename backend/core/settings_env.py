"""Which environment variable sets which settings field (pure: pydantic only, no I/O).

The settings classes (`backend.config`, `bot.config`, `bot.host_config`, `bot.voice.config`) read
`FLEETOPS_` + the field name (`env_prefix`); a field whose documented variable is named otherwise
(`DATABASE_URL`, `ANTHROPIC_API_KEY`, `TELEGRAM_BOT_TOKEN`, the `FLEETOPS_BOT_…` / `FLEETOPS_DB_…` stems)
names it as its `validation_alias`. These helpers apply the same rule for error messages and for
settings read from a file of variables (the bot host's `bot-<empresa>.env`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import AliasChoices
from pydantic_settings import BaseSettings, SettingsConfigDict

#: The longest time in seconds any setting takes (timeouts, TTLs, intervals): one day. Every settings
#: class also refuses `inf` and `nan` (`allow_inf_nan=False`): «FLEETOPS_MODEL_TIMEOUT_S=inf» was
#: accepted, and «FLEETOPS_DB_STATEMENT_TIMEOUT_S=inf» stopped the backend with an OverflowError.
DAY_S = 86_400.0


def env_config(prefix: str = "FLEETOPS_") -> SettingsConfigDict:
    """The `model_config` every settings class shares: variables `prefix` + field name, also from `.env`,
    unknown ones ignored, a field settable by its name too, an empty variable («FLEETOPS_TODAY=») unset, as in
    .env.example, and no `inf`/`nan` (see DAY_S)."""
    return SettingsConfigDict(
        env_prefix=prefix,
        env_file=".env",
        extra="ignore",
        populate_by_name=True,
        env_ignore_empty=True,
        allow_inf_nan=False,
    )


def env_names(model: type[BaseSettings], field_name: str) -> list[str]:
    """The variables that set `field_name` of `model`, upper case: its alias(es), else prefix + name."""
    alias = model.model_fields[field_name].validation_alias
    if isinstance(alias, str):
        return [alias.upper()]
    if isinstance(alias, AliasChoices):
        return [choice.upper() for choice in alias.choices if isinstance(choice, str)]
    return [(str(model.model_config.get("env_prefix", "")) + field_name).upper()]


def fields_from_env(model: type[BaseSettings], variables: Mapping[str, str]) -> dict[str, Any]:
    """`variables` (name → value, e.g. one parsed .env file) as `model` field names → values, matched
    case-insensitively as the environment is; variables that set no field are dropped."""
    field_of = {name: field for field in model.model_fields for name in env_names(model, field)}
    return {field_of[name.upper()]: value for name, value in variables.items() if name.upper() in field_of}


def env_variable(model: type[BaseSettings], loc: str) -> str:
    """The variable an error location stands for (`loc`: a field name or one of its variables);
    `loc` upper-cased when it is neither."""
    for field_name in model.model_fields:
        names = env_names(model, field_name)
        if loc == field_name or loc.upper() in names:
            return names[0]
    return loc.upper()
