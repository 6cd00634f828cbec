"""The Makefile a newcomer meets first, and the pinned voice-engine versions it installs."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent

needs_make = pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed (.ci/run installs it)")


def make(*args: str) -> str:
    """`make -n` (print, run nothing) in the repository, with a venv path that does not exist."""
    done = subprocess.run(
        ["make", "-n", "--no-print-directory", "-C", str(ROOT), "VENV=/nonexistent-venv", *args],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    return done.stdout


@needs_make
def test_demo_takes_the_company_as_a_make_variable() -> None:
    with_company = make("demo", "COMPANY=lacteos-del-valle")
    assert re.search(r"fleetops demo --company lacteos-del-valle\s*$", with_company)
    assert re.search(r"fleetops demo\s*$", make("demo"))


@needs_make
def test_help_lists_every_target() -> None:
    out = subprocess.run(
        ["make", "-s", "--no-print-directory", "-C", str(ROOT), "help"],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    ).stdout
    for target in ("help", "install", "demo", "test", "bench", "clean"):
        assert re.search(rf"^\s+make {target}\s+\S", out, re.M), target
    assert "COMPANY=lacteos-del-valle" in out


@needs_make
def test_first_install_says_what_it_does_and_uses_the_constraints() -> None:
    out = make("install")
    steps = [line for line in out.splitlines() if line.startswith("echo")]
    assert len(steps) >= 3, out
    assert "-c constraints.txt" in out


def pins() -> dict[str, str]:
    reqs = [
        Requirement(line.split("#")[0])
        for line in (ROOT / "constraints.txt").read_text().splitlines()
        if line.split("#")[0].strip()
    ]
    return {r.name: next(iter(r.specifier)).version for r in reqs}


def test_constraints_pin_what_is_installed() -> None:
    """constraints.txt must hold the versions the suite runs with (here: the installed ones)."""
    pinned = pins()
    assert {"openai-whisper", "faster-whisper", "ctranslate2", "torch", "av", "numpy"} <= set(pinned)
    differ = {}
    for name, version in pinned.items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            continue  # an extra that is not installed here
        if installed.split("+")[0] != version:
            differ[name] = (version, installed)
    assert differ == {}, "constraints.txt vs installed: " + repr(differ)


@needs_make
def test_the_editable_install_is_one_line_silencing_only_setuptools_notice() -> None:
    """The install step sets a warnings filter for setuptools' «Editable installation» notice (a multi-line box
    pip ≥ 25 shows from the build backend); checked against setuptools' own warning, while another is kept."""
    pytest.importorskip("setuptools.warnings")
    line = next(line for line in make("install").splitlines() if " -e " in line)
    found = re.match(r'PYTHONWARNINGS="([^"]+)" ', line)
    assert found, line
    emit = (
        "from setuptools.warnings import InformationOnly, SetuptoolsWarning\n"
        "InformationOnly.emit('Editable installation.', 'Please be careful with folders in your working directory')\n"
        "SetuptoolsWarning.emit('Something else.', 'still shown')\n"
    )

    def stderr(env: dict[str, str]) -> str:
        done = subprocess.run([sys.executable, "-c", emit], capture_output=True, text=True, timeout=60, env=env)
        return done.stderr

    base = {k: v for k, v in os.environ.items() if k != "PYTHONWARNINGS"}
    assert "Editable installation" in stderr(base)  # what a newcomer saw
    quiet = stderr({**base, "PYTHONWARNINGS": found.group(1)})
    assert "Editable installation" not in quiet and "Something else." in quiet
