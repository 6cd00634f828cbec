"""The `fleetops` console script: one subcommand per job, each implemented in its own module.

Subcommand functions take the parsed arguments and return an exit code; they are imported only when
chosen, so `fleetops --help` loads nothing heavy. Help and usage errors are in Spanish
(`backend.cli.argparse_es`); invalid settings print one Spanish line per variable (`backend.cli.settings_errors`).
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from typing import Any

from pydantic import ValidationError

from backend.cli import argparse_es
from backend.cli.argparse_es import day, integer, label, slug, telegram_id
from backend.core.log_levels import quiet_chatty_loggers

# The companies of the demo fixture (demo-data/fleet/companies.csv; a test keeps this list in step).
DEMO_COMPANIES = ("frigorifico-andino", "lacteos-del-valle")
DEMO_EPILOG = f"""\
empresas de la demo: {", ".join(DEMO_COMPANIES)} (make demo COMPANY=lacteos-del-valle).

variables de entorno:
  FLEETOPS_TODAY=AAAA-MM-DD   fecha de «hoy» para vencimientos y semáforo (por defecto 2026-12-01, la del fixture)
  ANTHROPIC_API_KEY           con clave: respuestas del modelo; sin ella: respuestas solo con los datos
  TELEGRAM_BOT_TOKEN          con token: el bot real en Telegram (long polling); sin él: chat en la terminal
  FLEETOPS_DEMO_ADMIN_ID      tu id de Telegram, para que el bot real te reconozca como administrador
  FLEETOPS_DEMO_COMPANY       empresa por defecto (en vez de --company)
  DATABASE_URL                PostgreSQL propio; sin ella, la base embebida en FLEETOPS_DATA_DIR (./.fleetops)

fleetops import sin DATABASE_URL escribe en esa misma base embebida: lo importado queda en la demo
(también al relanzarla) hasta fleetops demo --reset (o make demo-reset).

En el chat: /salir, Ctrl-D o Ctrl-C para terminar."""


def _command(
    sub: argparse._SubParsersAction[argparse.ArgumentParser], name: str, text: str, **kwargs: Any
) -> argparse.ArgumentParser:
    """A subcommand whose one-line help is also the description its own --help shows."""
    return sub.add_parser(name, help=text, description=text[0].upper() + text[1:] + ".", **kwargs)


def _actions(parser: argparse.ArgumentParser, dest: str) -> argparse._SubParsersAction[argparse.ArgumentParser]:
    """The nested commands of `parser` (`fleetops db migrate`, `fleetops bots add` …)."""
    return parser.add_subparsers(
        dest=dest,
        required=True,
        metavar="ACCIÓN",
        title="acciones",
        help="una de estas; añada --help para ver su ayuda",
    )


def _parser() -> argparse.ArgumentParser:
    argparse_es.install()
    p = argparse.ArgumentParser(
        prog="fleetops",
        description="Asistente de operaciones de flota por Telegram.",
        epilog="Ayuda de cada comando: fleetops COMANDO --help",
    )
    sub = p.add_subparsers(
        dest="command",
        required=True,
        metavar="COMANDO",
        title="comandos",
        help="uno de estos; fleetops COMANDO --help muestra su ayuda",
    )

    db = _actions(_command(sub, "db", "base de datos"), "db_command")
    _command(db, "migrate", "aplica las migraciones pendientes de sql/").set_defaults(
        run="backend.cli.admin:cmd_migrate"
    )

    imp = _command(sub, "import", "importa los CSV de un directorio en una transacción (formato en el README)")
    imp.add_argument(
        "directory",
        metavar="DIRECTORIO",
        help="directorio con companies.csv, clients.csv, … movements.csv (todos opcionales)",
    )
    imp.set_defaults(run="backend.cli.admin:cmd_import")

    bots = _actions(_command(sub, "bots", "secretos de los bots"), "bots_command")
    add_bot = _command(bots, "add", "emite el secreto de backend de un bot (se muestra una sola vez)")
    add_bot.add_argument("--company", required=True, type=slug, metavar="SLUG", help="slug de la empresa")
    add_bot.add_argument("--label", default="", type=label(), metavar="NOMBRE", help="nombre para reconocerlo")
    add_bot.set_defaults(run="backend.cli.admin:cmd_bots_add")

    admins = _actions(_command(sub, "admins", "administradores"), "admins_command")
    add_admin = _command(admins, "add", "registra a un administrador por su id de Telegram")
    add_admin.add_argument("--company", required=True, type=slug, metavar="SLUG", help="slug de la empresa")
    add_admin.add_argument(
        "--telegram-id",
        type=telegram_id,
        required=True,
        metavar="ID",
        help="id numérico de Telegram del administrador (el bot se lo muestra con /start)",
    )
    add_admin.add_argument("--name", default="", type=label(), metavar="NOMBRE", help="nombre para mostrar")
    add_admin.set_defaults(run="backend.cli.admin:cmd_admins_add")

    gen = _command(sub, "demo-data", "genera una empresa sintética grande en formato CSV (benchmarks)")
    gen.add_argument("--out", required=True, metavar="DIRECTORIO", help="directorio de salida")
    # bounded by what `fleetops import` takes (a file ≤ 64 MiB: ≈ 800,000 movement lines) and by the
    # generator's plates (3 letters + 3 digits, each once): `--vehicles 20000000` looped forever
    gen.add_argument(
        "--clients", type=integer(1, 1_000_000), default=2000, metavar="N", help="clientes (por defecto 2000)"
    )
    gen.add_argument(
        "--vehicles", type=integer(1, 100_000), default=300, metavar="N", help="vehículos (por defecto 300)"
    )
    gen.add_argument(
        "--movements", type=integer(0, 800_000), default=200_000, metavar="N", help="movimientos (por defecto 200000)"
    )
    gen.add_argument(
        "--company", type=slug, default="empresa-grande", metavar="SLUG", help="slug de la empresa generada"
    )
    gen.add_argument(
        "--seed",
        type=integer(),
        default=7,
        metavar="N",
        help="semilla del generador: la misma semilla da los mismos archivos",
    )
    gen.set_defaults(run="backend.cli.demo_data:cmd_demo_data")

    bot = _command(sub, "bot", "bot de Telegram (long polling; webhook si FLEETOPS_WEBHOOK_URL está definido)")
    bot.add_argument(
        "--all",
        action="store_true",
        help="todas las empresas (cada bot-*.env de FLEETOPS_BOT_ENV_DIR) en un solo proceso",
    )
    bot.set_defaults(run="bot.main:cmd_bot")

    demo = _command(
        sub,
        "demo",
        "demo completa: base embebida, datos, backend y chat de terminal o bot real",
        epilog=DEMO_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    demo.add_argument(
        "--company",
        default=os.environ.get("FLEETOPS_DEMO_COMPANY") or DEMO_COMPANIES[0],
        metavar="SLUG",
        help=f"empresa con la que habla el chat: {' o '.join(DEMO_COMPANIES)} "
        f"(por defecto {DEMO_COMPANIES[0]} o FLEETOPS_DEMO_COMPANY)",
    )
    demo.add_argument(
        "--reset",
        action="store_true",
        help="borra antes la base embebida de la demo (lo importado con fleetops import incluido; no toca .venv)"
        " y carga de nuevo los datos de demostración",
    )
    demo.set_defaults(run="backend.cli.demo:cmd_demo")

    bench = _command(sub, "bench", "mide el rendimiento (tabla + JSON); ver README, Performance")
    from backend.bench.runner import add_arguments as _bench_arguments

    _bench_arguments(bench)
    bench.set_defaults(run="backend.bench.runner:cmd_bench")

    backend = _command(sub, "backend", "sirve la API del backend (por defecto en 127.0.0.1)")
    backend.add_argument("--host", default=None, help="dirección (por defecto FLEETOPS_BACKEND_HOST=127.0.0.1)")
    backend.add_argument(
        "--port", type=integer(1, 65535), default=None, help="puerto (por defecto FLEETOPS_BACKEND_PORT=8087)"
    )
    backend.add_argument(
        "--allow-public-bind",
        action="store_true",
        help="permite una dirección que no es local (exponer el backend es una decisión explícita)",
    )
    backend.add_argument(
        "--workers",
        type=integer(1),
        default=1,
        metavar="N",
        help="procesos de uvicorn (más de 1 exige FLEETOPS_RATE_LIMIT_STORAGE=redis://…)",
    )
    backend.set_defaults(run="backend.cli.server:cmd_backend")

    prompt = _command(sub, "prompt", "muestra lo que vería el modelo para una pregunta (sin llamar a la red)")
    prompt.add_argument("--company", required=True, metavar="SLUG", help="slug de la empresa")
    prompt.add_argument("--question", required=True, metavar="TEXTO", help="la pregunta")
    prompt.add_argument(
        "--history",
        default=None,
        metavar="ARCHIVO.json",
        help='archivo JSON: [{"q": ..., "a": ...}, ...] del más antiguo al más reciente',
    )
    prompt.add_argument(
        "--today",
        default=None,
        type=day,
        metavar="AAAA-MM-DD",
        help="fecha de hoy (por defecto FLEETOPS_TODAY o la real)",
    )
    prompt.set_defaults(run="backend.cli.prompt:cmd_prompt")

    voice = _command(sub, "voice", "transcribe archivos de audio como el bot (y prepara el modelo de voz)")
    voice.add_argument(
        "files",
        nargs="*",
        metavar="ARCHIVO",
        help="archivos de audio (OGG/Opus, MP3, WAV, ...); sin archivos solo prepara el modelo",
    )
    voice.add_argument(
        "--engine",
        choices=["openai-whisper", "faster-whisper"],
        default=None,
        help="motor (por defecto FLEETOPS_VOICE_ENGINE)",
    )
    voice.set_defaults(run="bot.voice.cli:cmd_voice")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    quiet_chatty_loggers()
    module, _, func = args.run.partition(":")
    from backend.cli.env_file import env_file_problems  # local: `fleetops --help` stays light

    if problems := env_file_problems():  # read by every settings class: refuse it before any
        for line in problems:
            print(line, file=sys.stderr)
        return 2
    try:
        return int(getattr(importlib.import_module(module), func)(args) or 0)
    except ValidationError as exc:  # settings from the environment: say which variable, no traceback
        from backend.cli.settings_errors import settings_messages

        for line in settings_messages(exc):
            print(line, file=sys.stderr)
        return 2
    except (KeyboardInterrupt, Exception) as exc:  # the process's one boundary: known kinds, one line
        from backend.cli.failures import operator_message

        failure = operator_message(exc)
        if failure is None:
            raise  # a bug: its traceback is what is needed
        print(failure.message, file=sys.stderr)
        return failure.exit_code


if __name__ == "__main__":
    sys.exit(main())
