"""The bench's bot-host environment: env files the host processes (run with another cwd) can find."""

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
