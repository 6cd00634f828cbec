"""The bot host (`fleetops bot --all`): many company bots in one process against the Telegram stand-in
(serving many tokens) and the real backend; broken bots (revoked token, another poller, refused backend
secret) are logged once, retried, and never stop the others."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from backend.testing.telegram_stub import TelegramStub
from bot.host import BotHost
from bot.host_bot import webhook_secret
from bot.host_config import HostSettings, load_companies
from bot.main import WEBHOOK_SECRET_INVALID
from tests.fixtures_fake_backend import FakeBackend

REPO = Path(__file__).resolve().parents[1]
TOKENS = {
    "frigorifico-andino": "111:AAA-frigo",
    "lacteos-del-valle": "222:BBB-lacteos",
    "revocada": "333:CCC-revocada",
    "doble": "444:DDD-doble",
    "secreto-malo": "555:EEE-secreto",
}


@pytest.fixture
def stub():
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
async def running_host(stub: TelegramStub, settings: HostSettings, voice=None):
    host = BotHost(settings, voice, base_url=stub.base_url, base_file_url=stub.base_file_url)
    try:
        yield host
    finally:
        await host.stop()


async def greeting(stub: TelegramStub, company: str, admin: int) -> str:
    token = TOKENS[company]
    before = len(stub.sent(admin, token))
    stub.push(stub.command("/start", chat_id=admin), token=token)
    await stub.wait_for(lambda: len(stub.sent(admin, token)) > before, f"/start answered by {company}")
    return stub.texts(admin, token)[-1]


def errors_about(caplog, company: str) -> list[str]:
    return [
        r.getMessage()
        for r in caplog.records
        if r.levelno >= logging.ERROR and r.name == "bot.host_bot" and f"empresa {company}:" in r.getMessage()
    ]


async def test_broken_bots_are_logged_once_retried_and_never_stop_the_others(
    tmp_path, stub, backend_server, caplog
) -> None:
    caplog.set_level(logging.INFO, logger="bot.host_bot")
    company_files(tmp_path, backend_server, *TOKENS)
    stub.revoke(TOKENS["revocada"])
    stub.conflict(TOKENS["doble"])
    async with running_host(stub, host_settings(tmp_path)) as host:
        assert await host.reload() == {}
        frigo = await greeting(stub, "frigorifico-andino", 1001)
        lacteos = await greeting(stub, "lacteos-del-valle", 2001)
        assert "Frigorífico Andino" in frigo or "frigorifico" in frigo.lower()
        assert "Lácteos" in lacteos or "lacteos" in lacteos.lower()
        # each bot answered with its own token and reached the backend with its own secret
        assert (
            stub.sent(1001, TOKENS["lacteos-del-valle"]) == [] and stub.sent(2001, TOKENS["frigorifico-andino"]) == []
        )

        await stub.wait_for(lambda: len(stub.calls_of("getMe", TOKENS["revocada"])) >= 3, "getMe retried")
        await stub.wait_for(lambda: len(stub.calls_of("getUpdates", TOKENS["doble"])) >= 3, "getUpdates retried")
        await stub.wait_for(lambda: len(stub.calls_of("getMe", TOKENS["secreto-malo"])) >= 3, "start retried")
        for company, words in (
            ("revocada", "401"),
            ("doble", "409 Conflict"),
            ("secreto-malo", "FLEETOPS_BACKEND_SECRET"),
        ):
            [line] = errors_about(caplog, company)  # once, however many retries
            assert words in line
        assert TOKENS["revocada"] not in caplog.text and "CCC" not in caplog.text  # never the token
        assert not host.bots["secreto-malo"].serving and not stub.calls_of("setMyCommands", TOKENS["secreto-malo"])

        # the others kept answering meanwhile; the revoked one recovers once its token works again
        await greeting(stub, "frigorifico-andino", 1001)
        stub.revoke(TOKENS["revocada"], False)
        stub.conflict(TOKENS["doble"], False)
        await stub.wait_for(lambda: host.bots["revocada"].serving, "revocada started")
        stub.push(stub.command("/ayuda", chat_id=77), token=TOKENS["doble"])
        await stub.wait_for(lambda: stub.sent(77, TOKENS["doble"]), "doble answers after the conflict ends")
        recovered = [r.getMessage() for r in caplog.records if "recuperado" in r.getMessage()]
        assert any("revocada" in m for m in recovered) and any("doble" in m for m in recovered)


async def test_reload_starts_new_stops_removed_and_keeps_the_rest(tmp_path, stub, backend_server) -> None:
    company_files(tmp_path, backend_server, "frigorifico-andino")
    async with running_host(stub, host_settings(tmp_path)) as host:
        await host.reload()
        await greeting(stub, "frigorifico-andino", 1001)
        kept = host.bots["frigorifico-andino"].application
        kept.bot_data.memory.store((1001, 1001), "¿pregunta?", "respuesta")

        company_files(tmp_path, backend_server, "lacteos-del-valle")
        (tmp_path / "bot-mal.env").write_text("TELEGRAM_BOT_TOKEN=\n")
        problems = await host.reload()
        assert problems == {"bot-mal.env": "falta TELEGRAM_BOT_TOKEN, FLEETOPS_BACKEND_SECRET"}
        await greeting(stub, "lacteos-del-valle", 2001)
        assert host.bots["frigorifico-andino"].application is kept
        assert kept.bot_data.memory.history((1001, 1001)) == [{"q": "¿pregunta?", "a": "respuesta"}]

        (tmp_path / "bot-frigorifico-andino.env").unlink()
        await host.reload()
        assert set(host.bots) == {"lacteos-del-valle"}
        polls = len(stub.calls_of("getUpdates", TOKENS["frigorifico-andino"]))
        await greeting(stub, "lacteos-del-valle", 2001)
        await asyncio.sleep(0.3)
        assert len(stub.calls_of("getUpdates", TOKENS["frigorifico-andino"])) <= polls + 1  # the stop acknowledgement


def test_env_files_need_their_own_token_and_secret(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", "999:from-the-host-environment")
    monkeypatch.setenv("FLEETOPS_BACKEND_URL", "http://127.0.0.1:9999")
    write_env(tmp_path, "buena", "1:tok", "s3cr3t-value-long-enough")
    (tmp_path / "bot-sin-token.env").write_text("FLEETOPS_BACKEND_SECRET=s3cr3t-value-long-enough\n")
    write_env(tmp_path, "ejemplo", "2:tok", "changeme")
    (tmp_path / "bot-Mayus.env").write_text("TELEGRAM_BOT_TOKEN=3:tok\nFLEETOPS_BACKEND_SECRET=x1234567\n")
    (tmp_path / "backend.env").write_text("ANTHROPIC_API_KEY=nada\n")
    companies, problems = load_companies(tmp_path)
    assert list(companies) == ["buena"]
    settings = companies["buena"].settings
    assert settings.telegram_bot_token == "1:tok" and settings.backend_url == "http://127.0.0.1:9999"
    assert problems["bot-sin-token.env"] == "falta TELEGRAM_BOT_TOKEN"
    assert "FLEETOPS_BACKEND_SECRET" in problems["bot-ejemplo.env"]
    assert "nombre inválido" in problems["bot-Mayus.env"]
    assert load_companies(tmp_path / "no-existe") == ({}, {})


def test_webhook_mode_refuses_a_secret_token_fleetops_bot_would_refuse(tmp_path) -> None:
    write_env(tmp_path, "buena", "1:tok", "s3cr3t-value-long-enough", FLEETOPS_WEBHOOK_SECRET_TOKEN="abc_DEF-123")
    write_env(tmp_path, "mala", "2:tok", "s3cr3t-value-long-enough", FLEETOPS_WEBHOOK_SECRET_TOKEN="con espacios!")
    write_env(tmp_path, "derivada", "3:tok", "s3cr3t-value-long-enough")
    companies, problems = load_companies(tmp_path, webhook=True)
    assert sorted(companies) == ["buena", "derivada"]
    assert problems == {"bot-mala.env": WEBHOOK_SECRET_INVALID.split("\n")[0]}
    assert "FLEETOPS_WEBHOOK_SECRET_TOKEN no es válido" in problems["bot-mala.env"]
    assert "mala" in load_companies(tmp_path)[0]  # long polling never sends the secret: not checked


async def test_webhook_mode_one_listener_one_path_and_secret_per_bot(tmp_path, stub, backend_server) -> None:
    company_files(tmp_path, backend_server, "frigorifico-andino", "lacteos-del-valle")
    settings = host_settings(tmp_path, webhook_base_url="https://bot.example.com/")
    from bot.host_webhook import WebhookListener

    async with running_host(stub, settings) as host:
        listener = WebhookListener.for_host(host, "127.0.0.1", 0)
        await listener.start()
        try:
            await host.reload()
            await stub.wait_for(lambda: all(b.serving for b in host.bots.values()), "bots started")
            await stub.wait_for(lambda: len(stub.calls_of("setWebhook")) == 2, "webhooks set")
            hooks = {c.token: c.params for c in stub.calls_of("setWebhook")}
            frigo = host.bots["frigorifico-andino"]
            assert hooks[TOKENS["frigorifico-andino"]]["url"] == "https://bot.example.com/telegram/frigorifico-andino"
            assert hooks[TOKENS["frigorifico-andino"]]["secret_token"] == webhook_secret(frigo.config)
            assert frigo.secret_token != host.bots["lacteos-del-valle"].secret_token
            assert not stub.calls_of("getUpdates")

            base = f"http://127.0.0.1:{listener.port}/telegram/"
            update = stub.command("/start", chat_id=1001)
            async with httpx.AsyncClient(timeout=10) as client:
                header = {"X-Telegram-Bot-Api-Secret-Token": frigo.secret_token}
                assert (await client.post(base + "frigorifico-andino", json=update, headers=header)).status_code == 200
                await stub.wait_for(lambda: stub.sent(1001, TOKENS["frigorifico-andino"]), "webhook update answered")
                other = {"X-Telegram-Bot-Api-Secret-Token": host.bots["lacteos-del-valle"].secret_token}
                assert (await client.post(base + "frigorifico-andino", json=update, headers=other)).status_code == 403
                assert (await client.post(base + "frigorifico-andino", json=update)).status_code == 403
                # an unknown company is refused like a wrong secret: the answers never tell which slugs exist
                assert (await client.post(base + "nadie", json=update, headers=header)).status_code == 403
                assert (await client.post(base + "nadie", json=update)).status_code == 403
                bad = await client.post(base + "frigorifico-andino", content=b"{no json", headers=header)
                assert bad.status_code == 400
            await asyncio.sleep(0.2)
            assert len(stub.sent(1001)) == 1  # refused posts reached no bot
        finally:
            await listener.stop()


def _host_env(tmp_path: Path, stub: TelegramStub) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "FLEETOPS_BOT_ENV_DIR": str(tmp_path),
        "FLEETOPS_TELEGRAM_API_URL": f"http://127.0.0.1:{stub.port}",
        "FLEETOPS_VOICE_ENGINE": "off",
        "FLEETOPS_BOT_POLL_TIMEOUT_S": "1",
        "FLEETOPS_DATA_DIR": str(tmp_path / "data"),
    }


async def test_fleetops_bot_all_serves_reloads_on_sighup_and_stops_on_sigterm(tmp_path, stub, backend_server) -> None:
    company_files(tmp_path, backend_server, "frigorifico-andino")
    proc = subprocess.Popen(
        [sys.executable, "-m", "backend.cli", "bot", "--all"],
        env=_host_env(tmp_path, stub),
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        text = await greeting(stub, "frigorifico-andino", 1001)
        assert text.startswith("¡Hola")
        company_files(tmp_path, backend_server, "lacteos-del-valle")
        proc.send_signal(signal.SIGHUP)
        await greeting(stub, "lacteos-del-valle", 2001)
        proc.send_signal(signal.SIGTERM)
        output, _ = await asyncio.to_thread(proc.communicate, timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, output
    assert "[frigorifico-andino]" in output and "[lacteos-del-valle]" in output
    assert "Traceback" not in output and TOKENS["frigorifico-andino"] not in output


def test_fleetops_bot_all_without_companies_says_so(tmp_path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO), "FLEETOPS_BOT_ENV_DIR": str(tmp_path / "vacio")}
    proc = subprocess.run(
        [sys.executable, "-m", "backend.cli", "bot", "--all"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "No hay empresas que atender" in proc.stderr and "Traceback" not in proc.stderr


def test_every_host_variable_is_documented_in_env_example() -> None:
    import re

    text = (REPO / ".env.example").read_text(encoding="utf-8")
    section = text.split("# --- Bot host", 1)[1].split("\n# ---", 1)[0]
    documented = set(re.findall(r"^#? ?([A-Z][A-Z0-9_]+)=", section, re.MULTILINE))
    aliases = {name for f in HostSettings.model_fields.values() for name in f.validation_alias.choices}
    assert aliases - documented <= {"FLEETOPS_WEBHOOK_LISTEN", "FLEETOPS_WEBHOOK_PORT"}  # in the Bot section
    assert documented <= aliases


def _host_over(tmp_path: Path, stub: TelegramStub, backend, companies: tuple[str, ...], **settings) -> BotHost:
    """A host of `companies` whose backend calls go to the async handler `backend` (no network)."""
    for company in companies:
        write_env(
            tmp_path,
            company,
            TOKENS[company],
            f"fake-secret-{company}",
            FLEETOPS_BACKEND_URL="http://127.0.0.1:9",
            FLEETOPS_BOT_BACKEND_CONNECT_TIMEOUT_S="0.5",
        )
    return BotHost(
        host_settings(tmp_path, **settings),
        None,
        base_url=stub.base_url,
        base_file_url=stub.base_file_url,
        backend_transport=httpx.MockTransport(backend),
    )


async def test_host_gives_a_quiet_company_the_next_free_update_slot(tmp_path, stub) -> None:
    """One host-wide update slot, held by frigorifico's first question (its backend call waits); its
    other chats queue, then lacteos writes once: lacteos is answered next, every message is answered."""
    frigo, lacteos = TOKENS["frigorifico-andino"], TOKENS["lacteos-del-valle"]
    fake, release = FakeBackend(), asyncio.Event()

    async def held(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/ask" and not fake.asks:
            await release.wait()
        return fake._handle(request)

    host = _host_over(tmp_path, stub, held, ("frigorifico-andino", "lacteos-del-valle"), max_concurrent_updates=1)
    try:
        await host.reload()
        await stub.wait_for(lambda: stub.calls_of("getUpdates", frigo) and stub.calls_of("getUpdates", lacteos))
        for chat in (11, 12, 13):
            stub.push(stub.text(f"pregunta del chat {chat}", chat_id=chat), token=frigo)
        await stub.wait_for(lambda: host.update_slots.waiting("frigorifico-andino") == 2, "frigo's chats queued")
        stub.push(stub.text("pregunta de lácteos", chat_id=21), token=lacteos)
        await stub.wait_for(lambda: host.update_slots.waiting("lacteos-del-valle") == 1, "lacteos queued")
        release.set()
        await stub.wait_for(lambda: len(stub.sent()) == 4, "every message answered")
    finally:
        await host.stop()
    assert [a.question for a in fake.asks][:2] == ["pregunta del chat 11", "pregunta de lácteos"]
    assert sorted(a.chat_id for a in fake.asks) == [11, 12, 13, 21]


async def test_host_fetches_ahead_at_most_its_limit_beyond_each_chats_own_backlog(tmp_path, stub) -> None:
    """FLEETOPS_BOT_HOST_FETCH_AHEAD=2, every backend call held: chat 11's three questions (one running,
    two waiting for their turn) do not use up the room, chat 12's question does; chat 13's stays at
    Telegram until one finishes. Then everything is answered, chat 11 in order."""
    frigo = TOKENS["frigorifico-andino"]
    fake, release = FakeBackend(), asyncio.Event()

    async def held(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/v1/ask":
            await release.wait()
        return fake._handle(request)

    host = _host_over(tmp_path, stub, held, ("frigorifico-andino",), fetch_ahead=2)
    try:
        await host.reload()
        await stub.wait_for(lambda: stub.calls_of("getUpdates", frigo), "polling")
        processor = host.bots["frigorifico-andino"].application.update_processor
        for m in range(3):
            stub.push(stub.text(f"chat 11 pregunta {m}", chat_id=11), token=frigo)
        stub.push(stub.text("chat 12 pregunta", chat_id=12), token=frigo)
        stub.push(stub.text("chat 13 pregunta", chat_id=13), token=frigo)
        await stub.wait_for(
            lambda: host.update_slots.held("frigorifico-andino") == 2 and processor.behind == 2, "11 and 12 running"
        )
        polls = len(stub.calls_of("getUpdates", frigo))
        await asyncio.sleep(1.5)  # three of the stand-in's long polls: a bot with room would have polled
        assert len(stub.calls_of("getUpdates", frigo)) == polls  # no room: chat 13 waits at Telegram
        assert host.update_slots.held("frigorifico-andino") == 2 and processor.behind == 2
        assert all(c.params.get("limit", 100) <= 2 for c in stub.calls_of("getUpdates", frigo))
        release.set()
        await stub.wait_for(lambda: len(stub.sent()) == 5, "every message answered")
    finally:
        release.set()  # a failed check must not leave the held calls (and host.stop) waiting forever
        await host.stop()
    chat_11 = [a.question for a in fake.asks if a.chat_id == 11]
    assert chat_11 == [f"chat 11 pregunta {m}" for m in range(3)]
    assert sorted(a.chat_id for a in fake.asks) == [11, 11, 11, 12, 13]
