"""`fleetops bot --all` as a real process: it serves every company file, reloads on SIGHUP, stops cleanly
on SIGTERM (no traceback, no token in the log), and says so when there is no company to serve."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from backend.testing.telegram_stub import TelegramStub
from tests.fixtures_host import REPO, TOKENS, company_files, greeting


def host_env(tmp_path: Path, host_stub: TelegramStub) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "FLEETOPS_BOT_ENV_DIR": str(tmp_path),
        "FLEETOPS_TELEGRAM_API_URL": f"http://127.0.0.1:{host_stub.port}",
        "FLEETOPS_VOICE_ENGINE": "off",
        "FLEETOPS_BOT_POLL_TIMEOUT_S": "1",
        "FLEETOPS_DATA_DIR": str(tmp_path / "data"),
    }


async def test_fleetops_bot_all_serves_reloads_on_sighup_and_stops_on_sigterm(
    tmp_path, host_stub, backend_server
) -> None:
    company_files(tmp_path, backend_server, "frigorifico-andino")
    proc = subprocess.Popen(
        [sys.executable, "-m", "backend.cli", "bot", "--all"],
        env=host_env(tmp_path, host_stub),
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        text = await greeting(host_stub, "frigorifico-andino", 1001)
        assert text.startswith("¡Hola")
        company_files(tmp_path, backend_server, "lacteos-del-valle")
        proc.send_signal(signal.SIGHUP)
        await greeting(host_stub, "lacteos-del-valle", 2001)
        proc.send_signal(signal.SIGTERM)
        output, _ = await asyncio.to_thread(proc.communicate, timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, output
    assert "[frigorifico-andino]" in output and "[lacteos-del-valle]" in output
    assert "Traceback" not in output and TOKENS["frigorifico-andino"] not in output


def test_fleetops_bot_all_without_companies_says_so(tmp_path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO), "FLEETOPS_BOT_ENV_DIR": str(tmp_path / "vacio")}
    proc = subprocess.run(
        [sys.executable, "-m", "backend.cli", "bot", "--all"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "No hay empresas que atender" in proc.stderr and "Traceback" not in proc.stderr
