"""`fleetops demo --reset`: the trial's import beside the demo wrote into the demo's embedded database
and stayed there across restarts, and the only documented reset, `make clean`, also deletes .venv. The
reset removes the embedded database only (never .venv, the log or the saved documents), and refuses
someone's own PostgreSQL (DATABASE_URL)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.import_cases_common import CLIENTS, FA


def _fleetops(args: list[str], data_dir, stdin: str = "", dsn: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"ANTHROPIC_API_KEY", "TELEGRAM_BOT_TOKEN", "DATABASE_URL"}}
    env["FLEETOPS_DATA_DIR"] = str(data_dir)
    if dsn:
        env["DATABASE_URL"] = dsn
    return subprocess.run(
        [sys.executable, "-m", "backend.cli", *args], input=stdin, capture_output=True, text=True, env=env, timeout=300
    )


def test_reset_refuses_a_database_of_ones_own(empty_dsn, tmp_path):
    proc = _fleetops(["demo", "--reset"], tmp_path, "/salir\n", dsn=empty_dsn)
    assert proc.returncode == 2
    assert "con DATABASE_URL la base es tuya" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "pgdata").exists()


@pytest.mark.slow  # three runs of the demo on its embedded PostgreSQL (~1 min)
def test_an_import_stays_in_the_demo_until_reset(tmp_path):
    data = tmp_path / "data"
    first = _fleetops(["demo"], data, "/salir\n")
    assert first.returncode == 0, first.stderr[-2000:]
    (tmp_path / "csv").mkdir()
    (tmp_path / "csv" / "clients.csv").write_text(CLIENTS + f"{FA},9001,TIENDA PRUEBA UNO,Cali\n", encoding="utf-8")
    imported = _fleetops(["import", str(tmp_path / "csv")], data)
    assert imported.returncode == 0 and "clients.csv: 1 filas (1 nuevas)" in imported.stdout, imported.stderr
    kept = _fleetops(["demo"], data, "/saldo 9001\n")
    assert "[9001] TIENDA PRUEBA UNO" in kept.stdout  # the imported row is the demo's now
    assert "ya estaban cargados, sin cambios" in kept.stdout
    (data / "documentos").mkdir(exist_ok=True)
    (data / "documentos" / "kept.pdf").write_bytes(b"%PDF")
    reset = _fleetops(["demo", "--reset"], data, "/saldo 9001\n")
    assert reset.returncode == 0, reset.stderr[-2000:]
    assert "Datos de la demo borrados" in reset.stdout and "Datos de demostración cargados" in reset.stdout
    assert "[9001] TIENDA PRUEBA UNO" not in reset.stdout and "9001" in reset.stdout
    assert (data / "documentos" / "kept.pdf").is_file()
