"""Smoke run of `fleetops bench --quick`: the command runs end to end and writes the documented JSON.

No timing assertions: only structure, and that every metric of every benchmark that ran has a number.
"""

from __future__ import annotations

import importlib.util
import json
import os

import pytest

from backend.bench.report import percentile, table
from backend.cli.main import main

RUNNABLE = ["memory", "prompt", "ask", "voice", "bot", "host", "answers"]


def _check_report(report: dict, expected: list[str]) -> None:
    assert report["schema"] == 1 and report["quick"] is True and report["runs"] >= 1
    assert isinstance(report["machine"]["cores"], int) and report["machine"]["cores"] >= 1
    assert list(report["benchmarks"]) == expected
    for name, res in report["benchmarks"].items():
        if name == "voice" and importlib.util.find_spec("faster_whisper") is None:
            assert res["status"] == "skipped" and "voice extra" in res["reason"]
            continue
        assert res["status"] == "ok", (name, res["reason"])
        assert res["metrics"], name
        for m in res["metrics"]:
            assert set(m) == {"metric", "value", "unit", "target"}
            assert isinstance(m["value"], (int, float)) and m["value"] >= 0, (name, m)


def test_percentile_interpolates() -> None:
    assert percentile([1, 2, 3, 4], 50) == 2.5
    assert percentile([5], 99) == 5
    assert percentile(list(range(101)), 95) == 95
    with pytest.raises(ValueError):
        percentile([], 50)


@pytest.mark.slow  # every benchmark once, voice models included (minutes); `.ci/run` runs it with `make test-slow`
def test_quick_bench_writes_json_and_table(tmp_path, pg_base_dsn, monkeypatch, capsys) -> None:
    monkeypatch.setenv("DATABASE_URL", pg_base_dsn)
    monkeypatch.setenv("FLEETOPS_DATA_DIR", str(tmp_path / "data"))
    out = tmp_path / "bench.json"
    code = main(
        ["bench", "--quick", "--only", ",".join(RUNNABLE), "--json", str(out), "--work-dir", str(tmp_path / "work")]
    )
    assert code == 0
    report = json.loads(out.read_text(encoding="utf-8"))
    _check_report(report, RUNNABLE)
    printed = capsys.readouterr().out
    assert printed.strip().startswith(table(report).splitlines()[0])
    for name in RUNNABLE:
        assert f"\n{name} " in printed


def test_unknown_benchmark_is_refused(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("FLEETOPS_DATA_DIR", str(tmp_path))
    assert main(["bench", "--only", "nope"]) == 2
    assert not os.listdir(tmp_path)
