"""Bot settings from the environment and `.env` (built in `main`, never at import time).

Every variable is documented in `.env.example` (section "Bot").
"""

from __future__ import annotations

import re

from pydantic import AliasChoices, Field, ValidationInfo, field_validator
from pydantic_settings import BaseSettings

from backend.core.settings_env import DAY_S, env_config
from backend.core.values import http_url, is_placeholder

_BOT_TOKEN = re.compile(r"[0-9]{1,20}:[A-Za-z0-9_-]{1,200}")
_SECRET = re.compile(r"[\x21-\x7e]{1,512}")  # printable ASCII, no space


class BotSettings(BaseSettings):
    """Telegram bot configuration: each field from `FLEETOPS_` + its name (`FLEETOPS_BACKEND_URL`), or from
    the variable its alias names (`TELEGRAM_BOT_TOKEN`, the `FLEETOPS_BOT_…` tuning variables).

    Times are in seconds. `backend_timeout_s` must exceed the backend's own model timeout so the
    backend, not the bot, decides when the model took too long.
    """

    # An empty variable (FLEETOPS_WEBHOOK_URL=) means unset, as in .env.example.
    model_config = env_config()

    telegram_bot_token: str = Field(default="", validation_alias=AliasChoices("TELEGRAM_BOT_TOKEN"))
    backend_url: str = "http://127.0.0.1:8087"
    backend_secret: str = ""
    # The backend's busy lane (bot host only: a company with more updates in progress than the one asking
    # is served there; backend/cli/busy_lane.py), e.g. http://127.0.0.1:8088. Empty: every request to backend_url.
    backend_busy_url: str = ""
    backend_timeout_s: float = Field(
        default=120.0, gt=0, le=DAY_S, validation_alias=AliasChoices("FLEETOPS_BOT_BACKEND_TIMEOUT_S")
    )
    backend_connect_timeout_s: float = Field(
        default=5.0, gt=0, le=DAY_S, validation_alias=AliasChoices("FLEETOPS_BOT_BACKEND_CONNECT_TIMEOUT_S")
    )
    memory_pairs: int = Field(default=6, ge=1, le=50, validation_alias=AliasChoices("FLEETOPS_BOT_MEMORY_PAIRS"))
    memory_ttl_s: float = Field(
        default=900.0, gt=0, le=DAY_S, validation_alias=AliasChoices("FLEETOPS_BOT_MEMORY_TTL_S")
    )
    memory_max_chats: int = Field(
        default=10_000, ge=1, le=1_000_000, validation_alias=AliasChoices("FLEETOPS_BOT_MEMORY_MAX_CHATS")
    )
    max_concurrent_updates: int = Field(
        default=32, ge=1, le=1000, validation_alias=AliasChoices("FLEETOPS_BOT_MAX_CONCURRENT_UPDATES")
    )
    typing_interval_s: float = Field(
        default=4.0, gt=0, le=DAY_S, validation_alias=AliasChoices("FLEETOPS_BOT_TYPING_INTERVAL_S")
    )
    typing_delay_s: float = Field(
        default=1.0, ge=0, le=DAY_S, validation_alias=AliasChoices("FLEETOPS_BOT_TYPING_DELAY_S")
    )
    # Bot API server, e.g. a local telegram-bot-api or a test stand-in; empty = https://api.telegram.org
    telegram_api_url: str = ""
    telegram_timeout_s: float = Field(
        default=20.0, gt=0, le=DAY_S, validation_alias=AliasChoices("FLEETOPS_BOT_TELEGRAM_TIMEOUT_S")
    )
    # Morning digest: scheduled at each company's digest time (from the backend). Off: only /resumen.
    digest_enabled: bool = True
    # Started (or restarted) at most this many minutes after today's digest time: send it now (claims
    # keep it at most once per admin and day). 0 (default): never catch up.
    digest_catch_up_min: int = Field(default=0, ge=0, le=1440)
    # Webhook mode (unset URL = long polling; `bot.webhook`, served by uvicorn).
    webhook_url: str = ""
    webhook_listen: str = "127.0.0.1"
    webhook_port: int = Field(default=8443, ge=1, le=65535)
    webhook_path: str = ""
    webhook_secret_token: str = ""

    @field_validator("telegram_bot_token", "backend_secret")
    @classmethod
    def _refuse_placeholder(cls, value: str, info: ValidationInfo) -> str:
        if value and is_placeholder(value):
            raise ValueError("tiene un valor de ejemplo copiado de la documentación: ponga el valor real")
        value = value.strip()
        # Both travel in every request (the token in the Bot API's URL path, the secret in a header): a
        # space, line break or NUL inside made each call fail with an HTTP library error, not a Spanish line.
        if value and info.field_name == "telegram_bot_token" and not _BOT_TOKEN.fullmatch(value):
            raise ValueError(
                "debe ser el token que da @BotFather: dígitos, dos puntos y letras, dígitos, _ o - "
                "(123456789:AAH…), sin espacios ni saltos de línea"
            )
        if value and not _SECRET.fullmatch(value):
            raise ValueError("debe ser el secreto que imprimió `fleetops bots add`, sin espacios ni saltos de línea")
        return value

    @field_validator("backend_url")
    @classmethod
    def _backend_url(cls, value: str) -> str:
        return http_url(value, "http://127.0.0.1:8087")

    @field_validator("backend_busy_url")
    @classmethod
    def _backend_busy_url(cls, value: str) -> str:
        return http_url(value, "http://127.0.0.1:8088") if value else value

    @field_validator("webhook_url")
    @classmethod
    def _webhook_url(cls, value: str) -> str:
        if value and not value.strip().startswith("https://"):
            raise ValueError("debe ser la URL pública https:// del bot (Telegram solo envía webhooks por HTTPS)")
        return http_url(value, "https://bot.example.com/telegram") if value else value
