"""The import rules of pyproject.toml ([tool.importlinter], README section Architecture) hold for the tree.

`make check` and `.ci/run` run `lint-imports` too; this test makes a broken rule fail the suite that every
landing runs, with import-linter's report (which import chain breaks which contract) as the message.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent


def test_import_contracts_are_kept(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    exit_code = lint_imports(config_filename=os.fspath(ROOT / "pyproject.toml"), no_cache=True, no_logo=True)
    report = capsys.readouterr().out
    assert "Contracts:" in report and " 0 broken" in report, report
    assert exit_code == 0, report
