"""Settings and start-up with bad values: placeholders copied from the docs are refused at start, a
database that cannot be reached is one Spanish line. Each case failed before its fix: the placeholders
started the backend (or reached PostgreSQL as a password), the unreachable database printed uvicorn's
startup traceback."""

from __future__ import annotations

import random
import string

import pytest

from backend.cli.demo import free_port
from backend.cli.main import main
from backend.core.values import is_placeholder
from bot.main import WEBHOOK_SECRET_INVALID, check_webhook_secret
from tests.test_first_contact import run_cli

PLACEHOLDERS = [
    ({"DATABASE_URL": "postgresql://fleetops:CHANGE_ME@127.0.0.1:5432/fleetops"}, "DATABASE_URL tiene una contraseña"),
    (  # deploy/README.md's example
        {"DATABASE_URL": "postgresql://fleetops:a-long-random-password@127.0.0.1:5432/fleetops"},
        "DATABASE_URL tiene una contraseña de ejemplo",
    ),
    ({"ANTHROPIC_API_KEY": "sk-ant-xxxx"}, "ANTHROPIC_API_KEY tiene un valor de ejemplo"),
    ({"ANTHROPIC_API_KEY": "sk-ant-api03-XXXXXXXXXXXXXXXXXXXXXXXX"}, "ANTHROPIC_API_KEY tiene un valor de ejemplo"),
    ({"ANTHROPIC_API_KEY": "<tu clave de Anthropic>"}, "ANTHROPIC_API_KEY tiene un valor de ejemplo"),
    ({"ANTHROPIC_API_KEY": "your-api-key-here"}, "ANTHROPIC_API_KEY tiene un valor de ejemplo"),
]


@pytest.mark.parametrize(("env", "line"), PLACEHOLDERS, ids=[next(iter(e.values())) for e, _ in PLACEHOLDERS])
def test_placeholders_are_refused_at_start_with_one_spanish_line(env, line, tmp_path):
    commands = [["backend", "--port", str(free_port())]] + ([["db", "migrate"]] if "DATABASE_URL" in env else [])
    for argv in commands:
        done = run_cli(argv, tmp_path, env)
        assert done.returncode == 2, (argv, done.stderr)
        assert done.stderr.strip().splitlines()[-1].startswith(line), done.stderr
        assert "Traceback" not in done.stderr


def test_real_looking_secrets_are_not_taken_for_placeholders():
    rng = random.Random(20261201)
    alphabet = string.ascii_letters + string.digits + "-_"
    for _ in range(20_000):
        token = "".join(rng.choice(alphabet) for _ in range(43))  # secrets.token_urlsafe(32)'s shape
        assert not is_placeholder(token), token
        assert not is_placeholder("sk-ant-api03-" + token + token[:40]), token
        assert not is_placeholder(f"{rng.randint(10**8, 10**10)}:AA{token[:33]}"), token  # a bot token's shape


@pytest.mark.parametrize("secret", ["changeme", "your-webhook-secret", "XXXXXXXX"])
def test_a_placeholder_webhook_secret_is_refused(secret):
    with pytest.raises(ValueError) as refused:
        check_webhook_secret(secret)
    assert str(refused.value) == WEBHOOK_SECRET_INVALID


def test_the_backend_with_an_unreachable_database_is_one_spanish_line(tmp_path):
    env = {"DATABASE_URL": f"postgresql://fleetops:pw@127.0.0.1:{free_port()}/fleetops"}
    done = run_cli(["backend", "--port", str(free_port())], tmp_path, env)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith("No se pudo conectar con la base de datos")
    assert "Traceback" not in done.stderr and "startup failed" not in done.stderr


# -- the fleetops command's arguments ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("today", "said"),
    [
        ("2026-02-30", "la fecha '2026-02-30' no existe en el calendario"),
        ("30/11/2026", "se espera una fecha AAAA-MM-DD"),
    ],
)
def test_a_bad_today_for_prompt_is_a_usage_error_not_a_traceback(today, said, monkeypatch, capsys):
    """Before: `ValueError: day is out of range for month` with its traceback, after connecting."""
    monkeypatch.setenv("DATABASE_URL", f"postgresql://fleetops@127.0.0.1:{free_port()}/fleetops")
    with pytest.raises(SystemExit) as exit_:
        main(["prompt", "--company", "frigorifico-andino", "--question", "hola", "--today", today])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and f"argumento --today: {said}" in err and "Traceback" not in err


def test_importing_a_file_instead_of_a_directory_says_so(tmp_path, capsys):
    """Before: «No existe el directorio clients.csv» for a file that exists."""
    path = tmp_path / "clients.csv"
    path.write_text("company,code,name,city\n")
    assert main(["import", str(path)]) == 1
    assert capsys.readouterr().err.strip() == f"{path} no es un directorio (se espera la carpeta con los CSV)"


# -- times in seconds: finite, at most a day (backend.core.settings_env.DAY_S) ------------------------


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "Infinity", "1e308", "86401"])
@pytest.mark.parametrize(
    "model, variable",
    [
        ("backend.config:BackendSettings", "FLEETOPS_DB_STATEMENT_TIMEOUT_S"),
        ("backend.config:BackendSettings", "FLEETOPS_MODEL_TIMEOUT_S"),
        ("bot.config:BotSettings", "FLEETOPS_BOT_MEMORY_TTL_S"),
        ("bot.config:BotSettings", "FLEETOPS_BOT_BACKEND_TIMEOUT_S"),
        ("bot.host_config:HostSettings", "FLEETOPS_BOT_RETRY_MAX_S"),
        ("bot.voice.config:VoiceSettings", "FLEETOPS_VOICE_TIMEOUT_S"),
    ],
)
def test_a_time_setting_is_a_finite_number_of_at_most_a_day(model, variable, value, monkeypatch):
    """Before: «inf» and «1e308» were accepted (a memory that never forgets, a model call without a
    timeout), and FLEETOPS_DB_STATEMENT_TIMEOUT_S=inf stopped `fleetops backend` with an OverflowError
    traceback (int(inf * 1000))."""
    import importlib

    from pydantic import ValidationError

    from backend.cli.settings_errors import settings_messages

    module, name = model.split(":")
    monkeypatch.setenv(variable, value)
    with pytest.raises(ValidationError) as refused:
        getattr(importlib.import_module(module), name)(_env_file=None)
    [line] = settings_messages(refused.value)
    assert line.startswith(f"{variable} debe ser un número") and "86400" in line, line


def test_the_backend_refuses_an_infinite_statement_timeout_with_one_spanish_line(tmp_path):
    done = run_cli(["backend", "--port", str(free_port())], tmp_path, {"FLEETOPS_DB_STATEMENT_TIMEOUT_S": "inf"})
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().splitlines()[-1].startswith("FLEETOPS_DB_STATEMENT_TIMEOUT_S debe ser un número")
    assert "Traceback" not in done.stderr


# -- the bot's token and backend secret travel in every request: no space, line break or NUL -----------


@pytest.mark.parametrize(
    "variable, value",
    [
        ("TELEGRAM_BOT_TOKEN", "123456:AAH dqTc"),
        ("TELEGRAM_BOT_TOKEN", "123456:AAH\nX"),
        ("TELEGRAM_BOT_TOKEN", "123456:AAH\x00"),
        ("TELEGRAM_BOT_TOKEN", "AAHdqTcvCH1vGWJxfSeof"),
        ("FLEETOPS_BACKEND_SECRET", "fo_abc def"),
        ("FLEETOPS_BACKEND_SECRET", "fo_abc\r\nX-Evil: 1"),
    ],
)
def test_a_token_or_secret_with_a_space_or_line_break_is_refused(variable, value):
    """Before: accepted; every Bot API call then failed as a NetworkError (httpx InvalidURL), retried as
    if Telegram were down, and a secret with a line break failed every backend call."""
    from pydantic import ValidationError

    from backend.cli.settings_errors import settings_messages
    from bot.config import BotSettings

    field = {"TELEGRAM_BOT_TOKEN": "telegram_bot_token", "FLEETOPS_BACKEND_SECRET": "backend_secret"}[variable]
    with pytest.raises(ValidationError) as refused:
        BotSettings(_env_file=None, **{field: value})  # a NUL cannot even be put in the environment
    [line] = settings_messages(refused.value)
    assert line.startswith(f"{variable} debe ser ") and "sin espacios ni saltos de línea" in line, line


def test_bot_host_env_files_that_are_no_files_or_odd_are_reported_not_read(tmp_path):
    """Before: a FIFO named bot-x.env blocked the host's start (and every reload) forever; a directory was
    «falta TELEGRAM_BOT_TOKEN»; lower-case variable names, which the environment reads, were «falta …»."""
    import os

    from bot.host_config import load_companies

    good = "TELEGRAM_BOT_TOKEN=123456:AAHdqTcvCH1vGWJxfSeof\nFLEETOPS_BACKEND_SECRET=fo_x1Y2z3x1Y2z3x1Y2z3\n"
    (tmp_path / "bot-lower.env").write_text(good.lower().replace("fo_x1y2z3", "fo_X1y2z3"))
    (tmp_path / "bot-space.env").write_text(good.replace("AAHdq", "AAH dq"))
    (tmp_path / "bot-dir.env").mkdir()
    os.mkfifo(tmp_path / "bot-fifo.env")
    (tmp_path / "bot-big.env").write_text(good + "X=" + "y" * 70_000 + "\n")
    companies, problems = load_companies(tmp_path)
    assert list(companies) == ["lower"]
    assert problems == {
        "bot-big.env": "no es un archivo de variables (un archivo de hasta 64 KB)",
        "bot-dir.env": "no es un archivo de variables (un archivo de hasta 64 KB)",
        "bot-fifo.env": "no es un archivo de variables (un archivo de hasta 64 KB)",
        "bot-space.env": "valor inválido en TELEGRAM_BOT_TOKEN",
    }


@pytest.mark.parametrize(
    "variable, value, line",
    [
        ("FLEETOPS_TODAY", "9999-12-31", "FLEETOPS_TODAY debe ser una fecha AAAA-MM-DD entre 1900-01-01 y 2100-12-31"),
        ("FLEETOPS_TODAY", "0001-01-01", "FLEETOPS_TODAY debe ser una fecha AAAA-MM-DD entre 1900-01-01 y 2100-12-31"),
        ("FLEETOPS_RATE_LIMIT", "0/minute", "FLEETOPS_RATE_LIMIT debe permitir al menos 1 consulta, como 30/minute"),
    ],
)
def test_a_today_or_rate_limit_no_answer_survives_is_refused(variable, value, line, monkeypatch):
    """Before: FLEETOPS_TODAY=9999-12-31 or 0001-01-01 made «¿qué vence la próxima semana?» a 500 (date
    overflow); FLEETOPS_RATE_LIMIT=0/minute refused every question of every company."""
    from pydantic import ValidationError

    from backend.cli.settings_errors import settings_messages
    from backend.config import BackendSettings

    monkeypatch.setenv(variable, value)
    with pytest.raises(ValidationError) as refused:
        BackendSettings(_env_file=None)
    [message] = settings_messages(refused.value)
    assert message.startswith(line), message


@pytest.mark.parametrize(
    "model, variable, value, bounds",
    [
        ("bot.voice.config:VoiceSettings", "FLEETOPS_VOICE_MAX_SECONDS", "1000000000", "entre 1 y 600"),
        ("backend.config:BackendSettings", "FLEETOPS_QUESTION_MAX_CHARS", "99999999", "entre 10 y 16000"),
        ("backend.config:BackendSettings", "FLEETOPS_CONTEXT_BUDGET_TOKENS", "10000000", "entre 100 y 100000"),
        ("backend.config:BackendSettings", "FLEETOPS_PROMPT_BUDGET_TOKENS", "10000000", "entre 500 y 200000"),
        ("backend.config:BackendSettings", "FLEETOPS_DB_POOL_MAX", "100000", "entre 1 y 100"),
        ("backend.config:BackendSettings", "FLEETOPS_DB_POOL_MIN", "5000", "entre 0 y 100"),
        ("backend.config:BackendSettings", "FLEETOPS_BACKEND_ACTIVE_REQUESTS", "1000000", "entre 1 y 1000"),
        ("backend.config:BackendSettings", "FLEETOPS_BACKEND_ACTIVE_WHILE_QUIET", "1000000", "entre 0 y 1000"),
        ("bot.config:BotSettings", "FLEETOPS_BOT_MEMORY_MAX_CHATS", "10000000000", "entre 1 y 1000000"),
        ("bot.config:BotSettings", "FLEETOPS_BOT_MAX_CONCURRENT_UPDATES", "10000000", "entre 1 y 1000"),
        ("bot.host_config:HostSettings", "FLEETOPS_BOT_HOST_MAX_CONCURRENT_UPDATES", "10000000", "entre 1 y 1000"),
    ],
)
def test_a_count_or_size_setting_is_bounded(model, variable, value, bounds, monkeypatch):
    """Before: no upper bound — FLEETOPS_VOICE_MAX_SECONDS=1000000000 let an hour-long note be decoded
    and transcribed (the voice worker held for minutes, every company's notes behind it), a pool of
    100,000 connections was attempted at start."""
    import importlib

    from pydantic import ValidationError

    from backend.cli.settings_errors import settings_messages

    module, name = model.split(":")
    monkeypatch.setenv(variable, value)
    with pytest.raises(ValidationError) as refused:
        getattr(importlib.import_module(module), name)(_env_file=None)
    [line] = settings_messages(refused.value)
    assert line.startswith(f"{variable} debe ser un número entero") and bounds in line, line


def test_a_pool_smaller_than_its_minimum_is_one_spanish_line(monkeypatch):
    """Before: FLEETOPS_DB_POOL_MIN=20 with FLEETOPS_DB_POOL_MAX=10 passed, and asyncpg's ValueError
    stopped `fleetops backend` with a traceback."""
    from pydantic import ValidationError

    from backend.cli.settings_errors import settings_messages
    from backend.config import BackendSettings

    monkeypatch.setenv("FLEETOPS_DB_POOL_MIN", "20")
    monkeypatch.setenv("FLEETOPS_DB_POOL_MAX", "10")
    with pytest.raises(ValidationError) as refused:
        BackendSettings(_env_file=None)
    assert settings_messages(refused.value) == ["FLEETOPS_DB_POOL_MAX debe ser al menos FLEETOPS_DB_POOL_MIN (20)"]
