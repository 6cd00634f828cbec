"""Bot settings: documented variables match the code; `fleetops bot` refuses to start half-configured."""

from __future__ import annotations

import re
from pathlib import Path

from backend.core.settings_env import env_names
from bot.config import BotSettings
from bot.main import _webhook_path, cmd_bot

REPO = Path(__file__).resolve().parents[1]


def _aliases() -> set[str]:
    return {name for field in BotSettings.model_fields for name in env_names(BotSettings, field)}


def test_every_bot_variable_is_documented_in_env_example() -> None:
    text = (REPO / ".env.example").read_text(encoding="utf-8")
    section = text.split("# --- Bot", 1)[1].split("\n# ---", 1)[0]
    documented = set(re.findall(r"^#? ?([A-Z][A-Z0-9_]+)=", section, re.MULTILINE))
    assert documented == _aliases()


def test_environment_sets_memory_and_webhook(monkeypatch, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)  # no stray .env
    monkeypatch.setenv("FLEETOPS_BOT_MEMORY_PAIRS", "4")
    monkeypatch.setenv("FLEETOPS_BOT_MEMORY_TTL_S", "60")
    monkeypatch.setenv("FLEETOPS_WEBHOOK_URL", "https://bot.example.com/telegram/frigorifico-andino")
    settings = BotSettings()
    assert (settings.memory_pairs, settings.memory_ttl_s) == (4, 60.0)
    assert _webhook_path(settings) == "telegram/frigorifico-andino"
    monkeypatch.setenv("FLEETOPS_WEBHOOK_PATH", "/otra/ruta/")
    assert _webhook_path(BotSettings()) == "otra/ruta"


def test_bot_refuses_to_start_without_token_or_secret(monkeypatch, tmp_path, capsys) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TELEGRAM_BOT_TOKEN", raising=False)
    monkeypatch.setenv("FLEETOPS_BACKEND_SECRET", "s")
    assert cmd_bot(None) == 2
    assert "TELEGRAM_BOT_TOKEN" in capsys.readouterr().err


def test_placeholder_secrets_are_refused_without_a_traceback(monkeypatch, tmp_path) -> None:
    import os
    import subprocess
    import sys

    monkeypatch.chdir(tmp_path)
    env = {**os.environ, "TELEGRAM_BOT_TOKEN": "123456:ABC...", "FLEETOPS_BACKEND_SECRET": "fo_..."}
    proc = subprocess.run(
        [sys.executable, "-m", "backend.cli", "bot"], capture_output=True, text=True, env=env, timeout=60, cwd=REPO
    )
    assert proc.returncode == 2
    assert "TELEGRAM_BOT_TOKEN tiene un valor de ejemplo copiado de la documentación" in proc.stderr
    assert "FLEETOPS_BACKEND_SECRET" in proc.stderr and "Traceback" not in proc.stderr
