"""Configuration of the bot host (`fleetops bot --all`): its own settings and one entry per company.

Companies are the files `bot-<company>.env` in `FLEETOPS_BOT_ENV_DIR` (default /etc/fleetops), the very
files the per-company unit `fleetops-bot@<company>` reads. Each must set TELEGRAM_BOT_TOKEN and
FLEETOPS_BACKEND_SECRET itself; any other bot variable it does not set comes from the host's environment
(e.g. FLEETOPS_BACKEND_URL, shared by all). Voice settings are the host's: one model for all companies.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import dotenv_values
from pydantic import AliasChoices, Field, ValidationError
from pydantic_settings import BaseSettings, SettingsConfigDict

from backend.core.env_text import env_text_problems, undecodable
from backend.core.settings_env import DAY_S, env_variable, fields_from_env
from bot.config import BotSettings

ENV_FILE = re.compile(r"bot-([a-z0-9][a-z0-9_-]{0,62})\.env")
REQUIRED = ("TELEGRAM_BOT_TOKEN", "FLEETOPS_BACKEND_SECRET")
MAX_ENV_BYTES = 64 * 1024
BUSY_RATE = 40.0  # FLEETOPS_BOT_HOST_BUSY_RATE's default (deploy/README.md §10, 4 Dec 2026)


class HostSettings(BaseSettings):
    """The host process. Times in seconds.

    env_dir: where the `bot-<company>.env` files are.
    webhook_base_url: public HTTPS base (e.g. "https://bot.example.com"); set = webhook mode, each
      company at `<base>/telegram/<company>` on one listener (`webhook_listen`:`webhook_port`).
      Unset = long polling for every company.
    retry_initial_s / retry_max_s: backoff of a company whose token or backend secret is refused.
    poll_timeout_s: long-polling timeout of getUpdates.
    max_concurrent_updates: updates in progress at once in the whole host; a freed slot goes to the
      company with the fewest in progress (`backend.core.fair_gate.FairGate`); each bot keeps its own
      per-chat order and FLEETOPS_BOT_MAX_CONCURRENT_UPDATES too.
    fetch_ahead: updates one bot holds fetched but unfinished; its next getUpdates waits for room and
      asks for no more than that (long polling only). A company's flood stays with Telegram and comes
      in small batches, so parsing it never holds the event loop long while another company waits.
    active_while_quiet / quiet_priority_s: for the first `quiet_priority_s` of a quiet company's update
      (dispatch and the backend's work; not the model's answer, which takes seconds), the others are
      granted a slot only while fewer than `active_while_quiet` are in progress (0: no such cap).
    busy_rate: updates per second that busy companies (more than one update in progress, the
      `X-Fleetops-Busy` rule) may start in the whole host, one at a time, each 1 / busy_rate after the
      previous one (aiolimiter's leaky bucket, taken with the update slot); a quiet company's update
      never waits for it. 0: no limit. A flood then starts its updates spaced instead of 64 at once,
      so the event loop and the cores have room when a quiet company's message arrives; it takes
      longer when it could go faster than this (deploy/README.md §10).
    """

    model_config = SettingsConfigDict(
        env_file=".env", extra="ignore", populate_by_name=True, env_ignore_empty=True, allow_inf_nan=False
    )

    env_dir: Path = Field(default=Path("/etc/fleetops"), validation_alias=AliasChoices("FLEETOPS_BOT_ENV_DIR"))
    webhook_base_url: str = Field(default="", validation_alias=AliasChoices("FLEETOPS_WEBHOOK_BASE_URL"))
    webhook_listen: str = Field(default="127.0.0.1", validation_alias=AliasChoices("FLEETOPS_WEBHOOK_LISTEN"))
    webhook_port: int = Field(default=8443, ge=1, le=65535, validation_alias=AliasChoices("FLEETOPS_WEBHOOK_PORT"))
    retry_initial_s: float = Field(
        default=5.0, gt=0, le=DAY_S, validation_alias=AliasChoices("FLEETOPS_BOT_RETRY_INITIAL_S")
    )
    retry_max_s: float = Field(default=300.0, gt=0, le=DAY_S, validation_alias=AliasChoices("FLEETOPS_BOT_RETRY_MAX_S"))
    poll_timeout_s: float = Field(
        default=30.0, ge=0, le=DAY_S, validation_alias=AliasChoices("FLEETOPS_BOT_POLL_TIMEOUT_S")
    )
    max_concurrent_updates: int = Field(
        default=64, ge=1, le=1000, validation_alias=AliasChoices("FLEETOPS_BOT_HOST_MAX_CONCURRENT_UPDATES")
    )
    fetch_ahead: int = Field(default=4, ge=1, le=100, validation_alias=AliasChoices("FLEETOPS_BOT_HOST_FETCH_AHEAD"))
    active_while_quiet: int = Field(
        default=8, ge=0, validation_alias=AliasChoices("FLEETOPS_BOT_HOST_ACTIVE_WHILE_QUIET")
    )
    quiet_priority_s: float = Field(
        default=0.5, gt=0, le=60, validation_alias=AliasChoices("FLEETOPS_BOT_HOST_QUIET_PRIORITY_S")
    )
    busy_rate: float = Field(
        default=BUSY_RATE, ge=0, le=10_000, validation_alias=AliasChoices("FLEETOPS_BOT_HOST_BUSY_RATE")
    )


@dataclass(frozen=True)
class CompanyConfig:
    """One company bot: its name (from the file name), settings, and the raw values (to spot changes)."""

    company: str
    settings: BotSettings = field(compare=False)
    values: tuple[tuple[str, str], ...]
    path: Path = field(compare=False)


def load_companies(env_dir: Path, *, webhook: bool = False) -> tuple[dict[str, CompanyConfig], dict[str, str]]:
    """({company: config}, {file name: Spanish reason}) for every `bot-*.env` in `env_dir`.

    A file that cannot be used (unreadable, a required variable missing, a placeholder secret; with
    `webhook`, a FLEETOPS_WEBHOOK_SECRET_TOKEN that `fleetops bot` would refuse) is reported and
    skipped; the other companies still run. A missing directory yields no companies.
    """
    from bot.main import WEBHOOK_SECRET_INVALID, check_webhook_secret

    companies: dict[str, CompanyConfig] = {}
    problems: dict[str, str] = {}
    for path in sorted(env_dir.glob("bot-*.env")) if env_dir.is_dir() else []:
        m = ENV_FILE.fullmatch(path.name)
        if m is None:
            problems[path.name] = "nombre inválido: usa bot-<empresa>.env (minúsculas, números, - o _)"
            continue
        try:
            if not path.is_file() or path.stat().st_size > MAX_ENV_BYTES:  # a FIFO or /dev/zero would never end
                problems[path.name] = f"no es un archivo de variables (un archivo de hasta {MAX_ENV_BYTES // 1024} KB)"
                continue
            data = path.read_bytes()
        except OSError as exc:
            problems[path.name] = f"no se pudo leer: {type(exc).__name__}"
            continue
        unreadable = undecodable(data) or next(iter(env_text_problems(data.decode("utf-8"))), None)
        if unreadable:  # a line dotenv skips would leave its setting at the default, silently
            problems[path.name] = unreadable
            continue
        raw = {k: v for k, v in dotenv_values(stream=io.StringIO(data.decode("utf-8"))).items() if v is not None}
        given = {k.upper(): v for k, v in raw.items()}  # names in any case, as the environment reads them
        missing = [name for name in REQUIRED if not given.get(name, "").strip()]
        if missing:
            problems[path.name] = f"falta {', '.join(missing)}"
            continue
        try:
            settings = BotSettings(_env_file=None, **fields_from_env(BotSettings, raw))
        except ValidationError as exc:
            fields = ", ".join(env_variable(BotSettings, str(e["loc"][0])) for e in exc.errors())
            problems[path.name] = f"valor inválido en {fields}"
            continue
        if webhook and settings.webhook_secret_token:  # unset: the host derives one (bot.host_bot)
            try:
                check_webhook_secret(settings.webhook_secret_token)
            except ValueError:
                problems[path.name] = WEBHOOK_SECRET_INVALID.split("\n")[0]
                continue
        companies[m.group(1)] = CompanyConfig(m.group(1), settings, tuple(sorted(raw.items())), path)
    return companies, problems
