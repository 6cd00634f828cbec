"""Settings read from the environment and `.env` (never at import time: call the classes in `main()`).

Every variable is documented in `.env.example`.
"""

from __future__ import annotations

import re
from datetime import date, time
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, ValidationInfo, field_validator
from pydantic_settings import BaseSettings

from backend.core.settings_env import DAY_S, env_config
from backend.core.values import (
    FIRST_DAY,
    LAST_DAY,
    database_password_placeholder,
    http_url,
    is_placeholder,
    storage_uri,
)

#: An Anthropic model id as the Messages API names them (`FLEETOPS_MODEL`).
MODEL_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._:@/-]{0,127}")


class DatabaseSettings(BaseSettings):
    """Where the fleet database lives.

    `database_url` unset means: start the embedded PostgreSQL under `data_dir`.
    `today` overrides "today" (company timezone) for demos and tests.
    """

    # Each field from `FLEETOPS_` + its name (FLEETOPS_DATA_DIR); a field whose documented variable is named
    # otherwise (DATABASE_URL, ANTHROPIC_API_KEY, FLEETOPS_BACKEND_PORT, FLEETOPS_DB_POOL_MAX …) names it as its
    # alias. An empty variable (FLEETOPS_TODAY=) means unset, as in .env.example.
    model_config = env_config()

    database_url: str | None = Field(default=None, validation_alias=AliasChoices("DATABASE_URL"))
    data_dir: Path = Path(".fleetops")
    today: date | None = None
    db_connect_timeout_s: float = Field(default=10.0, gt=0, le=DAY_S)

    @field_validator("today")
    @classmethod
    def _today_in_range(cls, value: date | None) -> date | None:
        if value is not None and not FIRST_DAY <= value <= LAST_DAY:
            raise ValueError(f"debe ser una fecha AAAA-MM-DD entre {FIRST_DAY} y {LAST_DAY}")
        return value

    @field_validator("database_url")
    @classmethod
    def _postgres_url(cls, value: str | None) -> str | None:
        if value is not None and not value.strip().startswith(("postgresql://", "postgres://")):
            raise ValueError(
                "debe ser una URL postgresql://usuario:clave@servidor:5432/base "
                "(o quedar vacía para usar la base embebida)"
            )
        if value is not None and database_password_placeholder(value):
            raise ValueError(
                "tiene una contraseña de ejemplo copiada de la documentación (CHANGE_ME, a-long-random-password…): "
                "ponga la contraseña real del usuario de PostgreSQL"
            )
        return value.strip() if value else value


class BackendSettings(DatabaseSettings):
    """The backend HTTP service (`fleetops backend`). Times in seconds.

    `anthropic_api_key` unset: /v1/ask answers from the data only (no model). `direct_answers`: when the
    exact answer is given without the model — "fallback" (no key, or the model failed), "lookups" (also
    confident single-fact lookups, even with a key), "off" (only without a key). A placeholder value
    (e.g. "changeme") is refused at startup. `host` defaults to loopback; binding another address is
    an explicit operator choice (see README).
    """

    anthropic_api_key: SecretStr | None = Field(default=None, validation_alias=AliasChoices("ANTHROPIC_API_KEY"))
    anthropic_base_url: str | None = Field(default=None, validation_alias=AliasChoices("ANTHROPIC_BASE_URL"))
    model: str = "claude-sonnet-4-5"
    max_tokens: int = Field(default=800, ge=16, le=8192)
    model_timeout_s: float = Field(default=30.0, gt=0, le=DAY_S)
    model_max_retries: int = Field(default=2, ge=0, le=5)
    host: str = Field(default="127.0.0.1", validation_alias=AliasChoices("FLEETOPS_BACKEND_HOST"))
    port: int = Field(default=8087, ge=1, le=65535, validation_alias=AliasChoices("FLEETOPS_BACKEND_PORT"))
    allow_public_bind: bool = Field(default=False, validation_alias=AliasChoices("FLEETOPS_BACKEND_ALLOW_PUBLIC_BIND"))
    rate_limit: str = "30/minute"
    rate_limit_storage: str = "memory://"
    question_max_chars: int = Field(default=1000, ge=10, le=16_000)  # a 64-KiB body holds no more
    context_budget_tokens: int = Field(default=1500, ge=100, le=100_000)
    prompt_budget_tokens: int = Field(default=1800, ge=500, le=200_000)
    direct_answers: Literal["fallback", "lookups", "off"] = "fallback"
    facts_cache_ttl_s: float = Field(default=30.0, ge=0, le=DAY_S)
    pool_min_size: int = Field(default=1, ge=0, le=100, validation_alias=AliasChoices("FLEETOPS_DB_POOL_MIN"))
    pool_max_size: int = Field(default=10, ge=1, le=100, validation_alias=AliasChoices("FLEETOPS_DB_POOL_MAX"))
    # Seconds an idle pooled connection is kept before the pool closes it (0: kept: a reopened one is cold again).
    pool_idle_lifetime_s: float = Field(
        default=0.0, ge=0, le=DAY_S, validation_alias=AliasChoices("FLEETOPS_DB_POOL_IDLE_LIFETIME_S")
    )
    # Pooled connections opened and warmed at start (backend.api.warmup; 0: off, the first questions are slower).
    db_warm_connections: int = Field(
        default=6, ge=0, le=100, validation_alias=AliasChoices("FLEETOPS_DB_WARM_CONNECTIONS")
    )
    # Fair admission (backend.api.admission): /v1 requests doing database/CPU work at once, per process.
    active_requests: int = Field(
        default=4, ge=1, le=1000, validation_alias=AliasChoices("FLEETOPS_BACKEND_ACTIVE_REQUESTS")
    )
    admission_timeout_s: float = Field(
        default=30.0, gt=0, le=DAY_S, validation_alias=AliasChoices("FLEETOPS_BACKEND_ADMISSION_TIMEOUT_S")
    )
    # While a quiet bot's request is inside, the other bots' requests get at most this many places (0: no cap).
    active_while_quiet: int = Field(
        default=1, ge=0, le=1000, validation_alias=AliasChoices("FLEETOPS_BACKEND_ACTIVE_WHILE_QUIET")
    )
    # While a quiet bot's request does its own work, a busy bot's request waits at its next step at most this
    # long (seconds; 0: never), so the quiet one has the loop, the database and the cores (admission.py).
    quiet_yield_s: float = Field(
        default=0.25, ge=0, le=60, validation_alias=AliasChoices("FLEETOPS_BACKEND_QUIET_YIELD_S")
    )
    # Niceness of the PostgreSQL processes serving busy companies' requests (a second pool; 0: one pool,
    # no renice). Only where the server visibly runs on this machine (backend.db.priority).
    db_busy_nice: int = Field(default=0, ge=0, le=19, validation_alias=AliasChoices("FLEETOPS_DB_BUSY_NICE"))
    # The busy lane (backend/cli/busy_lane.py): a second backend process on this port for the bot host's busy
    # companies, it and its PostgreSQL processes at niceness `busy_lane_nice` (0: no lane).
    busy_lane_port: int = Field(
        default=0, ge=0, le=65535, validation_alias=AliasChoices("FLEETOPS_BACKEND_BUSY_LANE_PORT")
    )
    busy_lane_nice: int = Field(
        default=10, ge=1, le=19, validation_alias=AliasChoices("FLEETOPS_BACKEND_BUSY_LANE_NICE")
    )
    # Niceness of this backend process and of its PostgreSQL server processes (the busy lane's is set to
    # FLEETOPS_BACKEND_BUSY_LANE_NICE by the process that starts it).
    process_nice: int = Field(default=0, ge=0, le=19, validation_alias=AliasChoices("FLEETOPS_BACKEND_NICE"))
    pool_acquire_timeout_s: float = Field(
        default=2.0, gt=0, le=DAY_S, validation_alias=AliasChoices("FLEETOPS_DB_ACQUIRE_TIMEOUT_S")
    )
    statement_timeout_s: float = Field(
        default=5.0, gt=0, le=DAY_S, validation_alias=AliasChoices("FLEETOPS_DB_STATEMENT_TIMEOUT_S")
    )
    # Morning digest time for companies whose `digest_time` column is NULL (local to each company).
    digest_time: time = time(7, 0)

    @field_validator("anthropic_api_key", mode="before")
    @classmethod
    def _refuse_placeholder(cls, value: object) -> object:
        if isinstance(value, SecretStr):
            value = value.get_secret_value()
        if value is None or not str(value).strip():
            return None
        if is_placeholder(str(value)):
            raise ValueError(
                "tiene un valor de ejemplo copiado de la documentación: ponga la clave real o déjela vacía"
            )
        return str(value).strip()

    @field_validator("model")
    @classmethod
    def _model_id(cls, value: str) -> str:
        """An Anthropic model id («claude-sonnet-4-5»): one word of ASCII letters, digits and `.-_:@/`; a
        space, a control character or an empty value made every model call fail at its first question."""
        model = value.strip()
        if not MODEL_ID.fullmatch(model):
            raise ValueError("debe ser el id de un modelo de Anthropic, como claude-sonnet-4-5 (sin espacios)")
        return model

    @field_validator("pool_max_size")
    @classmethod
    def _pool_max_not_below_min(cls, value: int, info: ValidationInfo) -> int:
        low = info.data.get("pool_min_size")
        if low is not None and value < low:  # asyncpg's ValueError at start: a traceback
            raise ValueError(f"debe ser al menos FLEETOPS_DB_POOL_MIN ({low})")
        return value

    @field_validator("rate_limit")
    @classmethod
    def _valid_rate_limit(cls, value: str) -> str:
        from limits import parse  # local: config is imported by light commands

        try:
            item = parse(value)
        except ValueError:
            raise ValueError("debe ser un límite como 30/minute, 100/hour o 5/second") from None
        if item.amount < 1:  # «0/minute» refused every question of every company
            raise ValueError("debe permitir al menos 1 consulta, como 30/minute, 100/hour o 5/second")
        return value

    @field_validator("rate_limit_storage")
    @classmethod
    def _valid_rate_limit_storage(cls, value: str) -> str:
        storage_uri(value)
        return value.strip()

    @field_validator("anthropic_base_url")
    @classmethod
    def _base_url(cls, value: str | None) -> str | None:
        return http_url(value, "https://api.anthropic.com") if value else value
