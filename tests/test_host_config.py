"""The bot host's configuration: each `bot-<company>.env` needs its own token and secret, webhook mode
refuses a secret token `fleetops bot` would refuse, and every host setting is documented in `.env.example`."""

from __future__ import annotations

import re

from bot.host_config import HostSettings, load_companies
from bot.main import WEBHOOK_SECRET_INVALID
from tests.fixtures_host import REPO, write_env


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


def test_every_host_variable_is_documented_in_env_example() -> None:
    text = (REPO / ".env.example").read_text(encoding="utf-8")
    section = text.split("# --- Bot host", 1)[1].split("\n# ---", 1)[0]
    documented = set(re.findall(r"^#? ?([A-Z][A-Z0-9_]+)=", section, re.MULTILINE))
    aliases = {name for f in HostSettings.model_fields.values() for name in f.validation_alias.choices}
    assert aliases - documented <= {"FLEETOPS_WEBHOOK_LISTEN", "FLEETOPS_WEBHOOK_PORT"}  # in the Bot section
    assert documented <= aliases
