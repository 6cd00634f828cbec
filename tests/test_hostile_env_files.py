"""Files of variables that python-dotenv cannot read whole: the working directory's `.env` (every
`fleetops` command) and the bot host's `bot-<empresa>.env`.

Before: a `.env` not in UTF-8 stopped every command with a UnicodeDecodeError traceback; a line with its
quote unclosed (`FLEETOPS_RATE_LIMIT="5/minute`) was skipped with an English warning, so the setting kept
its default without a word (the host did the same for a `bot-*.env`, whose token line could be the one).
Now: one Spanish line per problem, naming the line, exit code 2; the host reports the file and skips it.
"""

from __future__ import annotations

import pytest

from backend.cli.demo import free_port
from backend.cli.main import main

GOOD = "TELEGRAM_BOT_TOKEN=123456:AAHdqTcvCH1vGWJxfSeof\nFLEETOPS_BACKEND_SECRET=fo_x1Y2z3x1Y2z3x1Y2z3\n"


@pytest.mark.parametrize(
    "content, line",
    [
        (b"FLEETOPS_TODAY=2026-11-30\nFLEETOPS_DEMO_COMPANY=caf\xe9\n", ".env, línea 2: no está en UTF-8 (byte 0xe9)"),
        (b'FLEETOPS_RATE_LIMIT="5/minute\n', ".env, línea 1: no es NOMBRE=valor (¿una comilla sin cerrar?)"),
        (b"# ok\nFLEETOPS_TODAY=2026-11-30\n=5/minute\n", ".env, línea 3: no es NOMBRE=valor"),
        (b"FLEETOPS_RATE_LIMIT=5/minute\x00\n", ".env, línea 1: FLEETOPS_RATE_LIMIT tiene un carácter NUL"),
    ],
)
def test_an_env_file_that_cannot_be_read_whole_is_one_spanish_line(content, line, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", f"postgresql://fleetops@127.0.0.1:{free_port()}/fleetops")
    (tmp_path / ".env").write_bytes(content)
    assert main(["prompt", "--company", "frigorifico-andino", "--question", "hola"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(line) and err.count("\n") == 1 and "Traceback" not in err, err


def test_an_env_file_with_a_bom_crlf_export_and_comments_is_read(tmp_path, monkeypatch):
    from backend.cli.env_file import env_file_problems
    from backend.config import BackendSettings

    monkeypatch.chdir(tmp_path)
    text = "\ufeff# comentario\r\nexport FLEETOPS_RATE_LIMIT=5/minute\r\nFLEETOPS_TODAY='2026-11-30' # hoy\r\n"
    (tmp_path / ".env").write_text(text, encoding="utf-8")
    assert env_file_problems() == []
    settings = BackendSettings()
    assert settings.rate_limit == "5/minute" and str(settings.today) == "2026-11-30"


def test_a_bot_host_env_file_with_an_unreadable_line_is_reported_not_half_read(tmp_path):
    from bot.host_config import load_companies

    (tmp_path / "bot-quote.env").write_text(GOOD + 'FLEETOPS_BOT_MEMORY_PAIRS="3\n')
    (tmp_path / "bot-latin.env").write_bytes(GOOD.encode() + b"FLEETOPS_DEMO_COMPANY=caf\xe9\n")
    (tmp_path / "bot-ok.env").write_text(GOOD)
    companies, problems = load_companies(tmp_path)
    assert list(companies) == ["ok"]
    assert problems == {
        "bot-latin.env": "línea 3: no está en UTF-8 (byte 0xe9); guárdelo como UTF-8",
        "bot-quote.env": "línea 3: no es NOMBRE=valor (¿una comilla sin cerrar?); no se leyó",
    }
