"""The bench's PostgreSQL server at the bench session's own scheduling weight (`--only host-load`).

With autogroups (`kernel.sched_autogroup_enabled`, Debian's and Ubuntu's default) the kernel shares the
cores between sessions first, and every PostgreSQL server process leads a session of its own. A bench
started in a session whose autogroup niceness was lowered (to measure fleetops as if it had the machine
to itself, beside other work) runs the host, the backend and its busy lane at that weight, but not the
server processes answering them: those stay at niceness 0, so the quiet company's own statements waited
behind the bench's flood. Traced on 3 Dec: the probe's `BEGIN`, its first round trip after 2 s idle,
waited 32–402 ms under the flood (0.1–0.2 ms idle). `SessionWeight` gives every process of the bench's
server whose autogroup is at niceness 0 the bench session's niceness, while the load runs; the busy
lane's processes keep theirs (it raises them to FLEETOPS_BACKEND_BUSY_LANE_NICE). A bench session at
niceness 0 (the default) changes nothing.
"""

from __future__ import annotations

import threading
from pathlib import Path

PROC = Path("/proc")


def autogroup_nice(pid: int | str = "self") -> int | None:
    """The autogroup niceness of `pid` (None without autogroups or when it is gone)."""
    try:
        return int((PROC / str(pid) / "autogroup").read_text().split()[-1])  # "/autogroup-123 nice 0"
    except (OSError, ValueError, IndexError):
        return None


def server_processes(marker: str) -> list[int]:
    """The postmaster whose command line holds `marker` (its data directory) and its children."""
    parents: dict[int, int] = {}
    masters: set[int] = set()
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        parents[int(entry.name)] = int(stat[stat.rindex(")") + 2 :].split()[1])
        if marker in cmdline and "postgres" in cmdline:
            masters.add(int(entry.name))
    return sorted(masters | {pid for pid, ppid in parents.items() if ppid in masters})


class SessionWeight:
    """A thread giving the server's nice-0 autogroups the bench session's niceness every `period_s`
    (`stop()` ends it and returns how many it changed). Does nothing unless that niceness is negative."""

    def __init__(self, marker: str, period_s: float = 0.05) -> None:
        self.marker, self.period_s, self.changed = marker, period_s, 0
        self.nice = autogroup_nice()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="bench-pg-weight", daemon=True)
        if self.nice is not None and self.nice < 0:
            self._thread.start()

    def _run(self) -> None:
        while not self._stop.is_set():
            for pid in server_processes(self.marker):
                if autogroup_nice(pid) == 0:
                    try:
                        (PROC / str(pid) / "autogroup").write_text(str(self.nice))
                        self.changed += 1
                    except OSError:
                        pass
            self._stop.wait(self.period_s)

    def stop(self) -> int:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)
        return self.changed
