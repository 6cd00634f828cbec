"""The `fleetops` console script: one subcommand per job, each implemented in its own module.

Subcommand functions take the parsed arguments and return an exit code; they are imported only when
chosen, so `fleetops --help` loads nothing heavy.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys

from pydantic import ValidationError


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="fleetops", description="Asistente de operaciones de flota por Telegram.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMANDO")

    db = sub.add_parser("db", help="base de datos").add_subparsers(dest="db_command", required=True)
    db.add_parser("migrate", help="aplica las migraciones pendientes de sql/").set_defaults(
        run="backend.admin_cli:cmd_migrate")

    imp = sub.add_parser("import", help="importa los CSV de un directorio (formato en el README)")
    imp.add_argument("directory")
    imp.set_defaults(run="backend.admin_cli:cmd_import")

    bots = sub.add_parser("bots", help="secretos de los bots").add_subparsers(dest="bots_command", required=True)
    add_bot = bots.add_parser("add", help="emite el secreto de backend de un bot (se muestra una sola vez)")
    add_bot.add_argument("--company", required=True, help="slug de la empresa")
    add_bot.add_argument("--label", default="", help="nombre para reconocerlo")
    add_bot.set_defaults(run="backend.admin_cli:cmd_bots_add")

    admins = sub.add_parser("admins", help="administradores").add_subparsers(dest="admins_command", required=True)
    add_admin = admins.add_parser("add", help="registra a un administrador por su id de Telegram")
    add_admin.add_argument("--company", required=True)
    add_admin.add_argument("--telegram-id", type=int, required=True)
    add_admin.add_argument("--name", default="")
    add_admin.set_defaults(run="backend.admin_cli:cmd_admins_add")
    gen = sub.add_parser("demo-data", help="genera una empresa sintética grande en formato CSV (benchmarks)")
    gen.add_argument("--out", required=True, help="directorio de salida")
    gen.add_argument("--clients", type=int, default=2000)
    gen.add_argument("--vehicles", type=int, default=300)
    gen.add_argument("--movements", type=int, default=200_000)
    gen.add_argument("--company", default="empresa-grande", help="slug de la empresa generada")
    gen.add_argument("--seed", type=int, default=7)
    gen.set_defaults(run="backend.demo_data:cmd_demo_data")
    bot = sub.add_parser("bot", help="bot de Telegram (long polling; webhook si FLEETOPS_WEBHOOK_URL está definido)")
    bot.add_argument("--all", action="store_true",
                     help="todas las empresas (cada bot-*.env de FLEETOPS_BOT_ENV_DIR) en un solo proceso")
    bot.set_defaults(run="bot.main:cmd_bot")
    demo = sub.add_parser("demo", help="demo completa: base embebida, datos, backend y chat de terminal o bot real")
    demo.add_argument("--company", default=os.environ.get("FLEETOPS_DEMO_COMPANY", "frigorifico-andino"),
                      help="empresa con la que habla el chat (por defecto frigorifico-andino)")
    demo.set_defaults(run="backend.demo_cli:cmd_demo")
    bench = sub.add_parser("bench", help="mide el rendimiento (tabla + JSON); ver README, Performance")
    from backend.bench.runner import add_arguments as _bench_arguments
    _bench_arguments(bench)
    bench.set_defaults(run="backend.bench.runner:cmd_bench")
    backend = sub.add_parser("backend", help="sirve la API del backend (por defecto en 127.0.0.1)")
    backend.add_argument("--host", default=None, help="dirección (por defecto FLEETOPS_BACKEND_HOST=127.0.0.1)")
    backend.add_argument("--port", type=int, default=None, help="puerto (por defecto FLEETOPS_BACKEND_PORT)")
    backend.add_argument("--allow-public-bind", action="store_true",
                         help="permite una dirección que no es local (exponer el backend es una decisión explícita)")
    backend.add_argument("--workers", type=int, default=1,
                         help="procesos de uvicorn (más de 1 exige FLEETOPS_RATE_LIMIT_STORAGE=redis://…)")
    backend.set_defaults(run="backend.server_cli:cmd_backend")

    prompt = sub.add_parser("prompt", help="muestra lo que vería el modelo para una pregunta (sin llamar a la red)")
    prompt.add_argument("--company", required=True, help="slug de la empresa")
    prompt.add_argument("--question", required=True, help="la pregunta")
    prompt.add_argument("--history", default=None, help='archivo JSON: [{"q": ..., "a": ...}, ...] del más antiguo al más reciente')
    prompt.add_argument("--today", default=None, help="fecha de hoy YYYY-MM-DD (por defecto FLEETOPS_TODAY o la real)")
    prompt.set_defaults(run="backend.prompt_cli:cmd_prompt")

    voice = sub.add_parser("voice", help="transcribe archivos de audio como el bot (y prepara el modelo de voz)")
    voice.add_argument("files", nargs="*", help="archivos de audio (OGG/Opus, MP3, WAV, ...)")
    voice.add_argument("--engine", choices=["openai-whisper", "faster-whisper"], default=None,
                       help="motor (por defecto FLEETOPS_VOICE_ENGINE)")
    voice.set_defaults(run="bot.voice.cli:cmd_voice")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    module, _, func = args.run.partition(":")
    try:
        return int(getattr(importlib.import_module(module), func)(args) or 0)
    except ValidationError as exc:  # settings from the environment: say which variable, no traceback
        print(f"Configuración inválida ({exc.title}):", file=sys.stderr)
        for error in exc.errors():
            print(f"  {'.'.join(str(p) for p in error['loc']).upper()}: {error['msg']}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
