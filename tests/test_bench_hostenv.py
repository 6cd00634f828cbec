"""The bench's bot-host environment: env files the host processes (run with another cwd) can find, and how
its load tells an answer from a refusal."""

from __future__ import annotations

from pathlib import Path

import pytest

from backend.bench.hostenv import write_env_files
from bot.host_config import load_companies

SECRET = "fo_" + "k" * 43


def test_env_files_written_under_a_relative_data_dir_are_found_from_the_bots_cwd(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The default data dir is the relative `.fleetops`; the bots run with the work dir as cwd, so a relative
    FLEETOPS_BOT_ENV_DIR named nothing there and the host exited («No hay empresas que atender»)."""
    monkeypatch.chdir(tmp_path)
    env_dir = write_env_files(Path(".fleetops/bench/host/env"), {0: SECRET, 1: SECRET}, 2, "http://127.0.0.1:9")
    monkeypatch.chdir(tmp_path / ".fleetops/bench/host")
    companies, problems = load_companies(env_dir)
    assert not problems and len(companies) == 2


def test_a_backend_refusal_shown_by_the_bot_is_counted_as_an_error_not_an_answer():
    """The bot shows the backend's own message for a 503 (`overloaded` after the admission wait, the
    database or the model down): the load's count took such a reply for an answer (and its chat for out
    of order, as it carries no reference)."""
    from backend.api.admission import OVERLOADED
    from backend.api.deps import DB_UNAVAILABLE
    from backend.api.routes.ask import LLM_DOWN
    from backend.bench.hosttraffic import ECHO, is_answer
    from bot.backend_client import MSG_TIMEOUT

    for refusal in (OVERLOADED, DB_UNAVAILABLE[1], LLM_DOWN, MSG_TIMEOUT):
        assert not is_answer(refusal)
    assert is_answer("Respuesta para ref600000n1: 298 canastillas.") and is_answer(f"{ECHO}: «saldo del 400»")
