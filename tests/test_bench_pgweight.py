"""`backend.bench.pgweight`: the host-load bench gives its PostgreSQL server's processes the bench session's
autogroup niceness (traced on 3 Dec: a bench session at −19 left the quiet probe's own statements at 0,
waiting behind the bench's flood). A real embedded server; the session is a child started with setsid."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from backend.bench.hostload import metrics
from backend.bench.hosttraffic import SEGMENTS
from backend.bench.pgweight import SessionWeight, autogroup_nice, server_processes
from backend.db.embedded import EmbeddedPostgres

REPO = Path(__file__).resolve().parents[1]
CHILD = """
import sys, time
from backend.bench.pgweight import SessionWeight
open("/proc/self/autogroup", "w").write(sys.argv[2])
weight = SessionWeight(sys.argv[1], period_s=0.02)
time.sleep(0.5)
print(weight.stop())
"""


@pytest.fixture
def server(tmp_path: Path):
    pg = EmbeddedPostgres(tmp_path / "pg", fast_unsafe=True)
    pg.start()
    try:
        yield pg
    finally:
        pg.stop()


def _session(marker: str, nice: int) -> int:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, marker, str(nice)],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        start_new_session=True,  # a session of its own: its autogroup is not the test run's
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return int(out.stdout.split()[-1])


@pytest.mark.skipif(os.geteuid() != 0 or autogroup_nice() is None, reason="needs root and autogroups")
def test_the_servers_processes_get_the_bench_sessions_niceness(server) -> None:
    marker = str(server.data_dir)
    pids = server_processes(marker)
    assert len(pids) >= 3  # the postmaster and its background processes
    assert _session(marker, 0) == 0  # a session at 0: nothing to do
    assert {autogroup_nice(pid) for pid in pids} == {0}
    changed = _session(marker, -2)
    assert changed >= len(pids)
    assert {autogroup_nice(pid) for pid in server_processes(marker)} == {-2}


def test_a_session_at_zero_changes_nothing(server) -> None:
    weight = SessionWeight(str(server.data_dir))
    if weight.nice is not None and weight.nice < 0:
        pytest.skip("this test run's own session is at a negative niceness")
    assert weight.stop() == 0


def _load(**over: object) -> dict:
    """A host-load result as `hostload.run_load` returns it, with no probe under the text flood."""
    ld: dict = {
        "bots": 2, "chats": 4, "messages": 1, "voice_notes": 0, "answered": 4, "expected": 4,
        "error_replies": 0, "chats_in_order": 4, "load_s": 2.0, "text_s": 1.0, "rss_after_mb": 90.0,
        "engine": "faster-whisper", "probe_idle_ms": [20.0], "probe_load_ms": [30.0, None],
        "probe_text_ms": [], "probe_idle_segments_ms": {s: [] for s in SEGMENTS},
        "probe_load_segments_ms": {s: [] for s in SEGMENTS}, "bench_wake_lag_ms": [],
        "cpu_s": {"machine": 3.0, "host": 1.0}, "session_nice": None, "postgres_reniced": 0,
    }  # fmt: skip
    return {**ld, **over}


@pytest.mark.parametrize("nice", [None, 0, -19])
def test_every_host_row_has_a_number_whatever_the_kernel(nice: int | None) -> None:
    """The CI machine has no autogroups (niceness None) and a bench session may sit at −19: the row is
    the count of processes given the niceness, never the niceness itself (a `fleetops bench` row's value
    is a number ≥ 0); rows of samples that never came (no probe during the flood) are left out."""
    rows = metrics(_load(session_nice=nice, postgres_reniced=7 if nice == -19 else 0))
    assert all(isinstance(r["value"], (int, float)) and r["value"] >= 0 for r in rows), rows
    weight = next(r for r in rows if "autogroup niceness" in r["metric"])
    assert weight["value"] == (7 if nice == -19 else 0)
    assert ("no autogroups" in weight["unit"]) == (nice is None)
    assert not any("text flood" in r["metric"] for r in rows)
