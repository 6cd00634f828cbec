"""A bad row of the CSV fixture is refused with its file, line and reason and loads nothing, in the
importer and through `fleetops import`, on a real PostgreSQL."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from backend.importer.load import ImportFailed, import_dir
from tests.conftest import FIXTURE_DIR
from tests.test_db_foundation import TABLES, table_counts


def _bad_copy(tmp_path: Path, file: str, line_no: int, transform) -> Path:
    target = tmp_path / "csv"
    shutil.copytree(FIXTURE_DIR, target)
    path = target / file
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[line_no - 1] = transform(lines[line_no - 1])
    path.write_text("".join(lines), encoding="utf-8")
    return target


def _set_col(index: int, value: str):
    def transform(line: str) -> str:
        cols = line.rstrip("\n").split(",")
        cols[index] = value
        return ",".join(cols) + "\n"

    return transform


BAD_ROWS = [
    ("movements.csv", 120, _set_col(4, "99999"), "cliente (código) desconocido: '99999'"),
    ("movements.csv", 300, _set_col(1, "2026-13-45T10:00:00"), "fecha y hora inválida"),
    ("movements.csv", 5000, _set_col(6, "doce"), "valor no numérico en 'quantity'"),
    ("vehicle_documents.csv", 7, _set_col(2, "REVISION"), "valor desconocido en 'doc_type'"),
    ("drivers.csv", 4, _set_col(4, "31/12/2027"), "fecha inválida en 'license_expires_on'"),
    ("clients.csv", 1, lambda header: header.replace(",city", ""), "falta la columna 'city'"),
]


@pytest.mark.parametrize(("file", "line", "transform", "reason"), BAD_ROWS, ids=[r[3][:24] for r in BAD_ROWS])
async def test_bad_rows_are_rejected_with_line_and_load_nothing(empty_conn, tmp_path, file, line, transform, reason):
    directory = _bad_copy(tmp_path, file, line, transform)
    with pytest.raises(ImportFailed) as excinfo:
        await import_dir(empty_conn, directory)
    assert len(excinfo.value.errors) == 1
    error = excinfo.value.errors[0]
    assert (error.file, error.line) == (file, line)
    assert reason in error.reason
    assert await table_counts(empty_conn) == {t: 0 for t in TABLES}


def test_cli_import_reports_counts_and_bad_rows(empty_dsn, tmp_path):
    env = {**os.environ, "DATABASE_URL": empty_dsn}
    good = subprocess.run(
        [sys.executable, "-m", "backend.cli", "import", str(FIXTURE_DIR)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert good.returncode == 0, good.stderr
    assert "movements.csv: 24876 filas (24876 nuevas)" in good.stdout
    bad_dir = _bad_copy(tmp_path, "movements.csv", 42, _set_col(6, "1O"))
    bad = subprocess.run(
        [sys.executable, "-m", "backend.cli", "import", str(bad_dir)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert bad.returncode == 1
    assert "movements.csv, línea 42: valor no numérico en 'quantity': '1O'" in bad.stderr
    assert "Traceback" not in bad.stderr
