"""The wheel is complete: built from the tree, installed on its own, `fleetops db migrate` applies every
migration of sql/ (shipped as the package data `backend.db.sql`) to a throwaway embedded PostgreSQL.

Slow (a build, a venv and an initdb: about half a minute); `.ci/run` runs it with the other slow tests.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.slow


def run(cmd: list[str | os.PathLike[str]], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"{cmd}: exit {done.returncode}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_installed_wheel_migrates_an_empty_database() -> None:
    # Not under pytest's basetemp: a concurrent pytest run prunes old basetemps (see tests/conftest.py).
    work = Path(tempfile.mkdtemp(prefix="fleetops-wheel-"))
    try:
        env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "DATABASE_URL"}}
        # A copy of what the build reads, so the build's own files (build/, *.egg-info) stay out of the tree.
        src = work / "src"
        for name in ("bot", "backend", "sql"):
            shutil.copytree(ROOT / name, src / name, symlinks=True, ignore=shutil.ignore_patterns("__pycache__"))
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(ROOT / name, src / name)
        run(
            [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", work, src],
            work,
            env,
        )
        [wheel] = work.glob("fleetops-*.whl")

        # The new venv sees the project's dependencies through a .pth line (a venv made from a venv's
        # interpreter with --system-site-packages would see the base interpreter's packages, not these),
        # and fleetops itself only from the wheel: .pth files in that directory (the editable install's)
        # are not processed.
        venv = work / "venv"
        run([sys.executable, "-m", "venv", venv], work, env)
        python = venv / "bin" / "python"
        site = Path(run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], work, env).strip())
        (site / "fleetops_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
        run([python, "-m", "pip", "install", "-q", "--no-deps", "--no-index", wheel], work, env)
        where = run([python, "-c", "import backend.db.migrate as m; print(m.__file__)"], work, env).strip()
        assert Path(where).is_relative_to(site), where

        env["FLEETOPS_DATA_DIR"] = str(work / "data")
        first = run([venv / "bin" / "fleetops", "db", "migrate"], work, env)
        expected = sorted(p.name for p in (ROOT / "sql").glob("*.sql"))
        assert first.strip() == "Migraciones aplicadas: " + ", ".join(expected)
        assert (
            run([venv / "bin" / "fleetops", "db", "migrate"], work, env).strip() == "La base de datos ya está al día."
        )
    finally:
        shutil.rmtree(work, ignore_errors=True)
