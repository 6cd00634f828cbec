"""`host_stub`: a running Telegram stand-in serving the companies of TOKENS, and the helpers the bot host
tests share (company env files, host settings with short retries, a running `BotHost`, a greeting round
trip). The host tests: tests/test_host_isolation.py (broken bots, reload), tests/test_host_config.py
(env files, settings), tests/test_host_webhook.py, tests/test_host_process.py (`fleetops bot --all` as a
process), tests/test_host_slots.py (update slots and fetch-ahead)."""

from __future__ import annotations

import contextlib
import logging
from pathlib import Path

import httpx
import pytest

from backend.testing.telegram_stub import TelegramStub
from bot.host import BotHost
from bot.host_config import HostSettings

REPO = Path(__file__).resolve().parents[1]
TOKENS = {
    "frigorifico-andino": "111:AAA-frigo",
    "lacteos-del-valle": "222:BBB-lacteos",
    "revocada": "333:CCC-revocada",
    "doble": "444:DDD-doble",
    "secreto-malo": "555:EEE-secreto",
}


@pytest.fixture
def host_stub():
    server = TelegramStub(tuple(TOKENS.values()))
    server.thread.start()
    try:
        yield server
    finally:
        server.close()


def write_env(env_dir: Path, company: str, token: str, secret: str, **extra: str) -> Path:
    path = env_dir / f"bot-{company}.env"
    lines = [
        f"TELEGRAM_BOT_TOKEN={token}",
        f"FLEETOPS_BACKEND_SECRET={secret}",
        *(f"{k}={v}" for k, v in extra.items()),
    ]
    path.write_text("\n".join(lines) + "\n")
    return path


def company_files(env_dir: Path, backend_server, *names: str) -> None:
    for name in names:
        secret = backend_server.secrets.get(name, backend_server.secret)
        if name == "secreto-malo":
            secret = "no-es-un-secreto-valido-0123456789"
        write_env(env_dir, name, TOKENS[name], secret, FLEETOPS_BACKEND_URL=backend_server.base_url)


def host_settings(env_dir: Path, **kw) -> HostSettings:
    return HostSettings(_env_file=None, env_dir=env_dir, retry_initial_s=0.05, retry_max_s=0.2, poll_timeout_s=1, **kw)


@contextlib.asynccontextmanager
async def running_host(host_stub: TelegramStub, settings: HostSettings, voice=None):
    host = BotHost(settings, voice, base_url=host_stub.base_url, base_file_url=host_stub.base_file_url)
    try:
        yield host
    finally:
        await host.stop()


async def greeting(host_stub: TelegramStub, company: str, admin: int) -> str:
    token = TOKENS[company]
    before = len(host_stub.sent(admin, token))
    host_stub.push(host_stub.command("/start", chat_id=admin), token=token)
    await host_stub.wait_for(lambda: len(host_stub.sent(admin, token)) > before, f"/start answered by {company}")
    return host_stub.texts(admin, token)[-1]


def errors_about(caplog, company: str) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.ERROR and r.name == "bot.host_bot" and f"empresa {company}:" in r.getMessage()
    ]


BACKEND_PORT, LANE_PORT = 9, 10


def host_over(
    tmp_path: Path, host_stub: TelegramStub, backend, companies: tuple[str, ...], lane: bool = False, **settings
) -> BotHost:
    """A host of `companies` whose backend calls go to the async handler `backend` (no network): to port
    BACKEND_PORT, or with `lane` a busy company's to LANE_PORT (FLEETOPS_BACKEND_BUSY_URL)."""
    busy = {"FLEETOPS_BACKEND_BUSY_URL": f"http://127.0.0.1:{LANE_PORT}"} if lane else {}
    for company in companies:
        write_env(
            tmp_path,
            company,
            TOKENS[company],
            f"fake-secret-{company}",
            FLEETOPS_BACKEND_URL=f"http://127.0.0.1:{BACKEND_PORT}",
            FLEETOPS_BOT_BACKEND_CONNECT_TIMEOUT_S="0.5",
            **busy,
        )
    return BotHost(
        host_settings(tmp_path, **settings),
        None,
        base_url=host_stub.base_url,
        base_file_url=host_stub.base_file_url,
        backend_transport=httpx.MockTransport(backend),
    )
