"""CPU priority of the PostgreSQL server processes serving this backend (issue 15, probe latency).

PostgreSQL serves each connection with one server process. When that process runs on this machine,
the backend can lower its CPU priority (raise its niceness) so that, on a machine whose cores are all
busy, the statements of other connections — a quiet company's — run first. `renice_server(conn,
nice)` does it for one connection, and only when it can tell the process is that connection's, here:
the process `conn.get_server_pid()` names must exist in this machine's /proc and its title (which
PostgreSQL keeps as `postgres: [cluster: ]<user> <database> <client> <state>`) must name the
connection's user, database and client (`[local]` for a Unix socket, `(<port>)` for TCP, the port the
server saw). A managed or remote server, a pooler (PgBouncer) in between, a server in another PID
namespace (a container) or `update_process_title = off` fail that check: nothing is changed.
Raising a process's niceness needs no privilege for a process of the same user (the embedded server)
or root; anything else is refused by the kernel and reported as not done.

Autogroups: with `kernel.sched_autogroup_enabled` (the default of Debian's and Ubuntu's kernels) the
scheduler first shares the CPU between sessions, each with the same weight, and a process's niceness
counts only against the other processes of its own session. Every PostgreSQL server process starts its
own session (`setsid`), so on such a machine renicing it alone changes nothing against a quiet
connection's process: when the process leads a session of its own (not this backend's), its session's
autogroup niceness (`/proc/<pid>/autogroup`) is raised to the same value too.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import asyncpg

log = logging.getLogger(__name__)


async def server_process_here(conn: asyncpg.Connection, *, proc: Path = Path("/proc")) -> int | None:
    """The pid of `conn`'s server process when it is visibly on this machine (module docstring), else
    None. One round trip (the session's user, database and client port)."""
    row = await conn.fetchrow("SELECT session_user AS u, current_database() AS d, inet_client_port() AS p")
    if row is None:
        return None
    pid = conn.get_server_pid()
    try:
        title = (proc / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return None
    client = "[local]" if row["p"] is None else f"({row['p']})"
    if not title.startswith("postgres:") or f" {row['u']} {row['d']} " not in title or client not in title:
        return None
    return pid


async def renice_server(conn: asyncpg.Connection, nice: int) -> bool:
    """Raise the niceness of `conn`'s server process to `nice` (0–19) when it is on this machine;
    True when done (or already at least `nice`), False when the process is not visibly here or the
    kernel refused (the connection works the same either way)."""
    pid = await server_process_here(conn)
    if pid is None or not hasattr(os, "setpriority"):
        return False
    try:
        if os.getpriority(os.PRIO_PROCESS, pid) < nice:
            os.setpriority(os.PRIO_PROCESS, pid, nice)
        if os.getsid(pid) == pid and os.getsid(pid) != os.getsid(0):
            renice_autogroup(pid, nice)
    except OSError:  # PermissionError (another user's process), ProcessLookupError (it just exited)
        return False
    return True


def renice_autogroup(pid: int, nice: int, *, proc: Path = Path("/proc")) -> bool:
    """Raise the niceness of the autogroup of `pid` (a session leader) to `nice`; never lowers it. False
    where the kernel has no autogroups (no `/proc/<pid>/autogroup`: nothing to do) or refused."""
    path = proc / str(pid) / "autogroup"
    try:
        current = int(path.read_text().split()[-1])  # "/autogroup-123 nice 0"
        if current < nice:
            path.write_text(str(nice))
    except (OSError, ValueError, IndexError):
        return False
    return True


class ReniceOnConnect:
    """An asyncpg pool `init`: every new connection's server process gets niceness `nice`
    (`renice_server`); the first connection it cannot renice is logged once, with the reason."""

    def __init__(self, nice: int, setting: str = "FLEETOPS_DB_BUSY_NICE") -> None:
        self.nice = nice
        self.setting = setting
        self.reniced = 0
        self._warned = False

    async def __call__(self, conn: asyncpg.Connection) -> None:
        if await renice_server(conn, self.nice):
            self.reniced += 1
        elif not self._warned:
            self._warned = True
            log.warning(
                "%s=%d: the PostgreSQL server process of a connection is not on this machine (or may not "
                "be reniced): those connections keep normal priority",
                self.setting,
                self.nice,
            )
