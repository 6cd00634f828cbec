"""`backend.bench.pgweight`: the host-load bench gives its PostgreSQL server's processes the bench session's
autogroup niceness (traced on 3 Dec: a bench session at −19 left the quiet probe's own statements at 0,
waiting behind the bench's flood). A real embedded server; the session is a child started with setsid."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

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
