"""`fleetops demo`: the whole product on embedded defaults, in one process.

Starts (or reuses) the embedded PostgreSQL, migrates, loads the demo fixture (idempotent), registers a
demo bot secret and a demo admin, serves the backend on 127.0.0.1, then either runs the real bot (long
polling, with TELEGRAM_BOT_TOKEN) or a terminal chat that feeds typed lines into the same Application.
Ctrl-C or end of input stops everything it started, the database included; data is kept for next time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import socket
import sys
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import asyncpg

from backend.cli.admin import add_admin, company_id, issue_bot_secret, secret_digest
from backend.cli.demo_reset import reset_demo_data
from backend.config import BackendSettings
from backend.core.log_levels import quiet_chatty_loggers
from backend.db.connect import database_url
from backend.db.migrate import migrate
from backend.importer.load import import_dir
from backend.store.auth import credential_is_live
from backend.store.companies import busiest_client_codes

if TYPE_CHECKING:
    import uvicorn

    from bot.config import BotSettings

DEMO_DATA = Path(__file__).resolve().parents[2] / "demo-data" / "fleet"
DEMO_TODAY = date(2026, 12, 1)  # the fixture's "as of" date, unless FLEETOPS_TODAY says otherwise
DEMO_ADMIN_ID = 1001
DEMO_ADMIN_NAME = "Admin Demo"
# One local user, often scripting the chat (`printf … | make demo`): far above production's per-company
# default (BackendSettings.rate_limit, 30/minute); FLEETOPS_RATE_LIMIT, when set, still wins.
DEMO_RATE_LIMIT = "600/minute"


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now (for a server started just after)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


async def _demo_secret(conn: asyncpg.Connection, company: int, slug: str, data_dir: Path) -> str:
    """The demo bot's backend secret, kept in the data directory (mode 600) and reused across runs."""
    path = data_dir / "demo" / f"bot-secret-{slug}"
    if path.is_file():
        secret = path.read_text().strip()
        if await credential_is_live(conn, company_id=company, secret_sha256=secret_digest(secret)):
            return secret
    secret = await issue_bot_secret(conn, company, label="demo")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.touch(mode=0o600)
    path.write_text(secret)
    return secret


async def banner_examples(conn: asyncpg.Connection, company: int) -> tuple[str, str]:
    """Two of the company's own client codes for the banner's /saldo and /grafica examples: the two with
    the most movements (each company's codes differ: Lácteos del Valle has no client 77 or 310)."""
    codes = await busiest_client_codes(conn, company) + ["412", "412"]  # no movements yet: the usual example
    return codes[0], codes[1]


async def _prepare(dsn: str, slug: str, data_dir: Path, extra_admin: int | None) -> tuple[str, tuple[str, str]]:
    conn = await asyncpg.connect(dsn, timeout=10)
    try:
        await migrate(conn)
        report = await import_dir(conn, DEMO_DATA)
        state = "cargados" if any(report.new.values()) else "ya estaban cargados, sin cambios"
        print(
            f"Datos de demostración {state}: "
            + ", ".join(f"{name.removesuffix('.csv')} {n}" for name, n in report.rows.items())
        )
        company = await company_id(conn, slug)
        if company is None:
            raise SystemExit(f"Empresa desconocida: {slug} (usa frigorifico-andino o lacteos-del-valle)")
        await add_admin(conn, company, DEMO_ADMIN_ID, DEMO_ADMIN_NAME)
        if extra_admin:
            await add_admin(conn, company, extra_admin, "Admin Telegram")
        return await _demo_secret(conn, company, slug, data_dir), await banner_examples(conn, company)
    finally:
        await conn.close()


async def _serve_backend(settings: BackendSettings) -> tuple[uvicorn.Server, asyncio.Task[None]]:
    import uvicorn

    from backend.api.app import create_app
    from backend.api.http_protocol import JsonRefusalProtocol

    config = uvicorn.Config(
        create_app(settings),
        http=JsonRefusalProtocol,
        host="127.0.0.1",
        port=settings.port,
        log_level="warning",
        lifespan="on",
        # no handlers of uvicorn's own: its records (a bug's «Exception in ASGI application» and its
        # traceback) go to the demo's log file with the rest, never to the terminal, which is the chat
        log_config=None,
    )
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi"):  # set up by an earlier server
        uvicorn_log = logging.getLogger(name)
        uvicorn_log.handlers.clear()
        uvicorn_log.propagate = True
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        if task.done():
            task.result()  # raises the startup error
            raise SystemExit("El backend no pudo arrancar.")
        await asyncio.sleep(0.05)
    return server, task


def _banner(settings: BackendSettings, slug: str, today: date, terminal: bool, examples: tuple[str, str]) -> None:
    ai = (
        f"con IA (modelo {settings.model})"
        if settings.anthropic_api_key
        else "SIN IA: no hay ANTHROPIC_API_KEY, las respuestas salen solo de los datos"
    )
    print(f"\nfleetops demo — empresa {slug}, hoy = {today.isoformat()}, respuestas {ai}.")
    print(f"Backend en http://127.0.0.1:{settings.port} (solo local). Registro: {settings.data_dir / 'demo.log'}")
    if terminal:
        print(
            "Chat de terminal: escribe como en Telegram. Prueba «¿cuántas canastillas tiene el 412?»,\n"
            f"luego «¿y en qué ciudad está?», /memoria, /vencimientos, /saldo {examples[0]}, /remision NÚMERO,\n"
            f"/resumen, /grafica {examples[1]}, /voz RUTA.ogg para una nota de voz, /ayuda. /salir o Ctrl-D para"
            " terminar.\n"
        )


def demo_backend_settings(dsn: str) -> BackendSettings:
    """The demo backend's settings: the environment's (`FLEETOPS_*`, `.env`), on a free local port, with
    the demo's "today" (DEMO_TODAY) and rate limit (DEMO_RATE_LIMIT) unless the environment sets them."""
    settings = BackendSettings(database_url=dsn, port=free_port())
    if settings.today is None:
        settings.today = DEMO_TODAY
    if "rate_limit" not in settings.model_fields_set:
        settings.rate_limit = DEMO_RATE_LIMIT
    return settings


async def _run(args: argparse.Namespace, dsn: str, data_dir: Path) -> int:
    from bot.config import BotSettings

    token = os.environ.get("TELEGRAM_BOT_TOKEN", "").strip()
    secret, examples = await _prepare(dsn, args.company, data_dir, _extra_admin())
    backend_settings = demo_backend_settings(dsn)
    server, server_task = await _serve_backend(backend_settings)
    bot_settings = BotSettings(
        backend_url=f"http://127.0.0.1:{backend_settings.port}",
        backend_secret=secret,
        telegram_bot_token=token or "123456:DEMO",
    )
    _banner(backend_settings, args.company, backend_settings.today or DEMO_TODAY, not token, examples)
    try:
        if token:
            await _run_telegram(bot_settings)
        else:
            await _run_terminal(bot_settings, data_dir)
    finally:
        server.should_exit = True
        await server_task
    return 0


async def _run_telegram(bot_settings: BotSettings) -> None:
    from bot.lifecycle import running
    from bot.main import build_application

    application = build_application(bot_settings)
    async with running(application):
        if application.updater is None:  # build_application always makes one; PTB types it optional
            raise RuntimeError("the bot application has no updater")
        await application.updater.start_polling()
        print(
            f"Bot en Telegram: https://t.me/{application.bot.username} — escríbele /start.\n"
            f"Si no eres admin, /start te muestra tu id: vuelve a lanzar con FLEETOPS_DEMO_ADMIN_ID=<id>.\n"
            "Ctrl-C para terminar."
        )
        await asyncio.Event().wait()


async def _run_terminal(bot_settings: BotSettings, data_dir: Path) -> None:
    from bot.lifecycle import running
    from bot.main import build_application
    from bot.terminal_api import TerminalBotAPI
    from bot.terminal_chat import TerminalChat

    def say(text: str) -> None:
        print("bot> " + text.replace("\n", "\n     "), flush=True)

    api = TerminalBotAPI(say, documents_dir=data_dir / "documentos")
    # no scheduled digest in the terminal (it would interrupt the chat); /resumen shows it
    application = build_application(bot_settings.model_copy(update={"digest_enabled": False}), request=api)
    async with running(application):
        await TerminalChat(application, api, user_id=DEMO_ADMIN_ID, first_name="Admin", out=say).run()


def _log_to_file(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    quiet_chatty_loggers()


def _extra_admin() -> int | None:
    """FLEETOPS_DEMO_ADMIN_ID as a Telegram user id; None when unset or empty. ValueError (Spanish) otherwise."""
    raw = os.environ.get("FLEETOPS_DEMO_ADMIN_ID", "").strip()
    if not raw:
        return None
    if not (raw.isascii() and raw.isdigit() and 0 < int(raw) < 2**63):
        raise ValueError(
            "FLEETOPS_DEMO_ADMIN_ID debe ser tu id numérico de Telegram (por ejemplo 123456789; "
            "el bot te lo muestra con /start)"
        )
    return int(raw)


def cmd_demo(args: argparse.Namespace) -> int:
    from backend.config import DatabaseSettings

    try:
        _extra_admin()
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    db_settings = DatabaseSettings()
    data_dir = db_settings.data_dir
    if getattr(args, "reset", False) and (refused := reset_demo_data(db_settings)) is not None:
        print(refused, file=sys.stderr)
        return 2
    _log_to_file(data_dir / "demo.log")  # the terminal is the chat: logs go to a file
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # `kill` stops it like Ctrl-C, database too
    code = 0
    with database_url(db_settings) as dsn, contextlib.suppress(KeyboardInterrupt):
        code = asyncio.run(_run(args, dsn, data_dir.resolve()))
    # Ctrl-C, Ctrl-D, /salir or the end of scripted input: the same closing line.
    print("\nDemo detenida.", file=sys.stderr)
    return code
