"""The import rules of pyproject.toml ([tool.importlinter], README section Architecture) hold for the tree.

`make check` and `.ci/run` run `lint-imports` too; this test makes a broken rule fail the suite that every
landing runs, with import-linter's report (which import chain breaks which contract) as the message.
"""

from __future__ import annotations

import os
import re
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


def test_the_readme_architecture_names_modules_that_exist() -> None:
    """Every path the README's Architecture section links to exists (a moved module moves its link)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Architecture") :]
    section = section[: section.index("\n## ", 1)]
    links = re.findall(r"\]\(((?:bot|backend|sql)/[^)]*)\)", section)
    assert len(links) >= 10
    assert [link for link in links if not (ROOT / link).exists()] == []
