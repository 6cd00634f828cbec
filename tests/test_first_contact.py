"""What a newcomer meets first: Spanish --help for every command, Spanish usage errors, settings errors
as one Spanish line per variable (empty = unset), and Ctrl-D ending the demo like Ctrl-C."""

from __future__ import annotations

import argparse
import csv
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from backend.cli.main import DEMO_COMPANIES, _parser, main

ROOT = Path(__file__).resolve().parent.parent


def subcommands(parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()):
    """(words, parser) for every command and nested command of `parser`."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, child in action.choices.items():
                yield (*prefix, name), child
                yield from subcommands(child, (*prefix, name))


def help_of(words: tuple[str, ...], capsys) -> str:
    with pytest.raises(SystemExit) as done:
        main([*words, "--help"])
    assert done.value.code == 0
    return capsys.readouterr().out


ALL = [words for words, _ in subcommands(_parser())]


@pytest.mark.parametrize("words", [(), *ALL], ids=lambda w: " ".join(w) or "fleetops")
def test_every_help_is_spanish_and_describes_every_option(words, capsys) -> None:
    out = help_of(words, capsys)
    assert out.startswith("uso: fleetops")
    assert "\nopciones:\n" in out and re.search(r"-h, --help\s+muestra este mensaje de ayuda y sale", out)
    for english in ("usage:", "options:", "show this help", "positional arguments", "optional arguments"):
        assert english not in out
    parser = dict(subcommands(_parser())).get(words) or _parser()
    undocumented = [a.dest for a in parser._actions if not a.help]
    assert undocumented == []


def test_demo_help_names_the_variables_and_companies(capsys) -> None:
    out = help_of(("demo",), capsys)
    for word in (
        "FLEETOPS_TODAY",
        "ANTHROPIC_API_KEY",
        "TELEGRAM_BOT_TOKEN",
        *DEMO_COMPANIES,
        "make demo COMPANY=lacteos-del-valle",
    ):
        assert word in out, word


def test_demo_companies_are_the_fixture_companies() -> None:
    with (ROOT / "demo-data" / "fleet" / "companies.csv").open(encoding="utf-8") as f:
        assert tuple(row["slug"] for row in csv.DictReader(f)) == DEMO_COMPANIES


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["nada"], "argumento COMANDO: valor no válido: 'nada' (se espera uno de:"),
        (
            ["admins", "add", "--company", "x", "--telegram-id", "doce"],
            "argumento --telegram-id: se espera un número entero, no 'doce'",
        ),
        (
            ["admins", "add", "--company", "x", "--telegram-id", "0"],
            "se espera un número entero entre 1 y 9223372036854775807, no 0",
        ),
        (["admins", "add", "--company", "x"], "faltan argumentos obligatorios: --telegram-id"),
        (["import"], "faltan argumentos obligatorios: DIRECTORIO"),
        (["prompt", "--company"], "argumento --company: falta el valor"),
        (["voice", "--engine", "whisper.cpp"], "valor no válido: 'whisper.cpp'"),
        (["backend", "--port", "70000"], "entre 1 y 65535"),
        (["db", "migrate", "--sin-esto"], "argumentos no reconocidos: --sin-esto"),
    ],
)
def test_usage_errors_are_spanish(argv, expected, capsys) -> None:
    with pytest.raises(SystemExit) as done:
        main(argv)
    err = capsys.readouterr().err
    assert done.value.code == 2
    assert err.startswith("uso: fleetops") and "error: " in err
    assert expected in err


def run_cli(args: list[str], cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`fleetops ARGS` with only PATH/HOME and `env`, in `cwd` (an empty directory: no .env)."""
    base = {k: v for k, v in os.environ.items() if k in {"PATH", "HOME", "LANG"}}
    base["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "backend.cli", *args],
        capture_output=True,
        text=True,
        env={**base, **env},
        timeout=60,
        cwd=cwd,
    )


SETTINGS_ERRORS = [
    ({"FLEETOPS_TODAY": "2026-13-45"}, "FLEETOPS_TODAY debe ser una fecha AAAA-MM-DD (por ejemplo 2026-12-01)"),
    (
        {"FLEETOPS_DB_CONNECT_TIMEOUT_S": "diez"},
        "FLEETOPS_DB_CONNECT_TIMEOUT_S debe ser un número mayor que 0 y de como máximo 86400 (segundos)",
    ),
    ({"FLEETOPS_DB_CONNECT_TIMEOUT_S": "-1"}, "FLEETOPS_DB_CONNECT_TIMEOUT_S debe ser un número mayor que 0"),
    ({"DATABASE_URL": "mysql://x"}, "DATABASE_URL debe ser una URL postgresql://"),
    ({"FLEETOPS_BACKEND_PORT": "ochenta"}, "FLEETOPS_BACKEND_PORT debe ser un número entero entre 1 y 65535"),
    ({"FLEETOPS_MAX_TOKENS": "5"}, "FLEETOPS_MAX_TOKENS debe ser un número entero entre 16 y 8192"),
    ({"FLEETOPS_BACKEND_ALLOW_PUBLIC_BIND": "quizás"}, "FLEETOPS_BACKEND_ALLOW_PUBLIC_BIND debe ser true o false"),
    ({"FLEETOPS_RATE_LIMIT": "muchas"}, "FLEETOPS_RATE_LIMIT debe ser un límite como 30/minute"),
    ({"ANTHROPIC_API_KEY": "changeme"}, "ANTHROPIC_API_KEY tiene un valor de ejemplo copiado de la documentación"),
    ({"ANTHROPIC_BASE_URL": "api.anthropic.com"}, "ANTHROPIC_BASE_URL debe ser una URL http:// o https://"),
]


@pytest.mark.parametrize(
    ("env", "line"), SETTINGS_ERRORS, ids=[" ".join(f"{k}={v}" for k, v in e.items()) for e, _ in SETTINGS_ERRORS]
)
def test_backend_settings_errors_are_one_spanish_line(env, line, tmp_path) -> None:
    done = run_cli(["prompt", "--company", "x", "--question", "hola"], tmp_path, env)
    assert done.returncode == 2
    assert done.stderr.strip() == line or done.stderr.strip().startswith(line), done.stderr
    assert "Settings" not in done.stderr and "Traceback" not in done.stderr and "pydantic" not in done.stderr


def settings_lines(monkeypatch, cls, **env: str) -> list[str]:
    """The Spanish lines for building `cls` with `env` set (no .env file); [] when it is valid."""
    from pydantic import ValidationError

    from backend.cli.settings_errors import settings_messages

    with monkeypatch.context() as m:
        for name, value in env.items():
            m.setenv(name, value)
        try:
            cls(_env_file=None)
        except ValidationError as exc:
            return settings_messages(exc)
    return []


def test_bot_and_voice_settings_errors_are_spanish(monkeypatch) -> None:
    from bot.config import BotSettings
    from bot.voice.config import VoiceSettings

    assert settings_lines(
        monkeypatch,
        BotSettings,
        FLEETOPS_BACKEND_URL="127.0.0.1:8087",
        FLEETOPS_BOT_MEMORY_PAIRS="cien",
        FLEETOPS_WEBHOOK_URL="http://bot.example.com",
        FLEETOPS_WEBHOOK_PORT="0",
        TELEGRAM_BOT_TOKEN="changeme",
    ) == [
        "TELEGRAM_BOT_TOKEN tiene un valor de ejemplo copiado de la documentación: ponga el valor real",
        "FLEETOPS_BACKEND_URL debe ser una URL http:// o https:// (por ejemplo http://127.0.0.1:8087)",
        "FLEETOPS_BOT_MEMORY_PAIRS debe ser un número entero entre 1 y 50",
        "FLEETOPS_WEBHOOK_URL debe ser la URL pública https:// del bot (Telegram solo envía webhooks por HTTPS)",
        "FLEETOPS_WEBHOOK_PORT debe ser un número entero entre 1 y 65535",
    ]
    assert settings_lines(
        monkeypatch,
        VoiceSettings,
        FLEETOPS_VOICE_ENGINE="whisper.cpp",
        FLEETOPS_VOICE_TIMEOUT_S="0",
        FLEETOPS_VOICE_NO_SPEECH_THRESHOLD="2",
    ) == [
        "FLEETOPS_VOICE_ENGINE debe ser uno de: openai-whisper, faster-whisper, off",
        "FLEETOPS_VOICE_TIMEOUT_S debe ser un número mayor que 0 y de como máximo 86400 (segundos)"
        " (con punto decimal: 2.5)",
        "FLEETOPS_VOICE_NO_SPEECH_THRESHOLD debe ser un número entre 0 y 1 (con punto decimal: 2.5)",
    ]


def test_an_empty_variable_means_unset(monkeypatch) -> None:
    from backend.config import BackendSettings
    from bot.config import BotSettings
    from bot.voice.config import VoiceSettings

    for name in (
        "FLEETOPS_TODAY",
        "FLEETOPS_BACKEND_PORT",
        "DATABASE_URL",
        "ANTHROPIC_API_KEY",
        "FLEETOPS_BACKEND_URL",
        "FLEETOPS_BOT_MEMORY_PAIRS",
        "FLEETOPS_VOICE_ENGINE",
        "FLEETOPS_VOICE_TIMEOUT_S",
        "FLEETOPS_WEBHOOK_PORT",
        "FLEETOPS_DIGEST_TIME",
    ):
        monkeypatch.setenv(name, "")
    backend, bot, voice = BackendSettings(_env_file=None), BotSettings(_env_file=None), VoiceSettings(_env_file=None)
    assert (backend.today, backend.port, backend.database_url, backend.anthropic_api_key) == (None, 8087, None, None)
    assert (bot.backend_url, bot.memory_pairs, bot.webhook_port) == ("http://127.0.0.1:8087", 6, 8443)
    assert (voice.engine, voice.timeout_s) == (VoiceSettings.model_fields["engine"].default, 180.0)


def test_demo_admin_id_is_checked_before_anything_starts(tmp_path) -> None:
    done = run_cli(["demo"], tmp_path, {"FLEETOPS_DEMO_ADMIN_ID": "mi-id", "FLEETOPS_DATA_DIR": str(tmp_path / "d")})
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "FLEETOPS_DEMO_ADMIN_ID debe ser tu id numérico de Telegram (por ejemplo "
        "123456789; el bot te lo muestra con /start)"
    )
    assert not (tmp_path / "d").exists()
