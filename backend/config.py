"""Settings read from the environment and `.env` (never at import time: call the classes in `main()`).

Every variable is documented in `.env.example`.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class DatabaseSettings(BaseSettings):
    """Where the fleet database lives.

    `database_url` unset means: start the embedded PostgreSQL under `data_dir`.
    `today` overrides "today" (company timezone) for demos and tests.
    """

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", populate_by_name=True)

    database_url: str | None = Field(default=None, validation_alias=AliasChoices("DATABASE_URL"))
    data_dir: Path = Field(default=Path(".fleetops"), validation_alias=AliasChoices("FLEETOPS_DATA_DIR"))
    today: date | None = Field(default=None, validation_alias=AliasChoices("FLEETOPS_TODAY"))
    db_connect_timeout_s: float = Field(default=10.0, validation_alias=AliasChoices("FLEETOPS_DB_CONNECT_TIMEOUT_S"))
