"""The busy lane (issue 15): a second `fleetops backend` process for the bot host's busy companies, at a
lower CPU priority, so that on a machine whose cores a flood keeps busy a quiet company's request is
served first by the operating system's scheduler, not only by the order inside one process.

With FLEETOPS_BACKEND_BUSY_LANE_PORT set, `fleetops backend` starts this process beside itself on that
port (same address, same database: the embedded PostgreSQL, when used, is the parent's), running at
niceness FLEETOPS_BACKEND_BUSY_LANE_NICE (10) with its PostgreSQL server processes reniced to it too
(`FLEETOPS_BACKEND_NICE` in the child, `backend.db.priority`). A bot host whose companies set
FLEETOPS_BACKEND_BUSY_URL sends there the requests of a company with more updates in progress than the
one asking (`bot.backend_client.BackendClient`); everything else, and every single-company bot, uses
the normal one. At niceness 10 a process gets about a tenth of a core's share against one at 0 while
both want the CPU, and all of it when the other is idle: a flood still gets the machine, a quiet
company's work goes first.

The two processes share the database, so every answer is the same in either; the rate limits in
memory (the default) are counted per process, so a company could get up to twice FLEETOPS_RATE_LIMIT
between the two (FLEETOPS_RATE_LIMIT_STORAGE=redis://… counts them together). The lane is stopped
with its parent (SIGTERM, then SIGKILL after 15 s), and on Linux it gets SIGTERM when its parent
exits in any way (killed too: `prctl(PR_SET_PDEATHSIG)`), so no lane outlives its backend.
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import os
import signal
import subprocess
import sys
from collections.abc import Iterator

from backend.config import BackendSettings

log = logging.getLogger(__name__)
STOP_TIMEOUT_S = 15.0
LANE_PARENT = "FLEETOPS_BACKEND_LANE_PARENT"  # set by the parent in the lane's environment (internal)
PR_SET_PDEATHSIG = 1


def lane_environment(settings: BackendSettings, dsn: str, host: str, allow_public_bind: bool) -> dict[str, str]:
    """The busy lane's environment: this one, on the lane's port and database, at the lane's niceness,
    starting no lane of its own (and no second, busy pool: every connection of it is already niced)."""
    env = {
        **os.environ,
        "DATABASE_URL": dsn,
        "FLEETOPS_BACKEND_HOST": host,
        "FLEETOPS_BACKEND_PORT": str(settings.busy_lane_port),
        "FLEETOPS_BACKEND_BUSY_LANE_PORT": "0",
        "FLEETOPS_BACKEND_NICE": str(max(settings.busy_lane_nice, settings.process_nice)),
        "FLEETOPS_DB_BUSY_NICE": "0",
        LANE_PARENT: str(os.getpid()),
    }
    if allow_public_bind:
        env["FLEETOPS_BACKEND_ALLOW_PUBLIC_BIND"] = "true"
    return env


@contextlib.contextmanager
def busy_lane(
    settings: BackendSettings, dsn: str, host: str, allow_public_bind: bool = False
) -> Iterator[subprocess.Popen[bytes] | None]:
    """Run the busy lane (None when FLEETOPS_BACKEND_BUSY_LANE_PORT is 0) for the `with` block."""
    if not settings.busy_lane_port:
        yield None
        return
    env = lane_environment(settings, dsn, host, allow_public_bind)
    proc = subprocess.Popen([sys.executable, "-m", "backend.cli", "backend"], env=env)
    log.info(
        "busy lane: pid %d on %s:%d, niceness %s", proc.pid, host, settings.busy_lane_port, env["FLEETOPS_BACKEND_NICE"]
    )
    try:
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=STOP_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def lower_own_priority(nice: int) -> None:
    """Raise this process's niceness to `nice` (FLEETOPS_BACKEND_NICE); never lowers it."""
    if nice and hasattr(os, "getpriority") and os.getpriority(os.PRIO_PROCESS, 0) < nice:
        os.setpriority(os.PRIO_PROCESS, 0, nice)


def follow_parent() -> None:
    """In the busy lane (LANE_PARENT set): stop (SIGTERM, a clean shutdown) when the backend that
    started it exits, however it exits; a parent already gone stops it now. Elsewhere, nothing."""
    parent = os.environ.pop(LANE_PARENT, "")
    if not parent.isdigit():
        return
    with contextlib.suppress(OSError, AttributeError):  # not Linux / no libc: the parent's stop only
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() != int(parent):
        os.kill(os.getpid(), signal.SIGTERM)
