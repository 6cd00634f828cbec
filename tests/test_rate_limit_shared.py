"""Rate limits past one process: a real Redis (Debian's redis-server, started here on a free port) shared
by two `fleetops backend` processes admits exactly the configured rate between them; `--workers N`
needs it, and runs N uvicorn workers over one embedded PostgreSQL started by the parent."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from backend.api.rate_limit import is_shared
from backend.cli.demo import free_port
from backend.core.values import storage_uri
from backend.testing.backend_server import ADMINS, TEST_TODAY, register_callers

REPO = Path(__file__).resolve().parents[1]
REDIS = shutil.which("redis-server") or ("/usr/bin/redis-server" if Path("/usr/bin/redis-server").exists() else None)


def _ping(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@pytest.fixture
def redis_url(tmp_path) -> Iterator[str]:
    if REDIS is None:
        pytest.skip("redis-server not installed (apt-get install redis-server; .ci/run installs it)")
    port = free_port()
    proc = subprocess.Popen(
        [
            REDIS,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(tmp_path),
            "--daemonize",
            "no",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while not _ping(port):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_storage_urls_are_mapped_to_the_async_schemes() -> None:
    assert storage_uri("redis://10.0.0.5:6379/0") == "async+redis://10.0.0.5:6379/0"
    assert storage_uri("rediss://:pw@redis.internal:6380/1") == "async+rediss://:pw@redis.internal:6380/1"
    assert storage_uri("memory://") == "async+memory://"
    assert is_shared("redis://x:1") and not is_shared("memory://")
    with pytest.raises(ValueError, match="no soportado"):
        storage_uri("memcached://x:11211")


@contextlib.contextmanager
def backend_process(env: dict[str, str], *args: str) -> Iterator[tuple[subprocess.Popen, str]]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "backend.cli", "backend", "--port", str(port), *args],
        env={**env, "PYTHONPATH": str(REPO)},
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        yield proc, f"http://127.0.0.1:{port}"
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()


async def wait_healthy(proc: subprocess.Popen, url: str, timeout_s: float = 90) -> dict:
    async with httpx.AsyncClient(timeout=2) as client:
        end = time.monotonic() + timeout_s
        while time.monotonic() < end:
            if proc.poll() is not None:
                raise AssertionError(f"backend exited: {proc.stdout.read()}")
            with contextlib.suppress(httpx.HTTPError):
                response = await client.get(url + "/v1/health")
                if response.status_code == 200:
                    return response.json()
            await asyncio.sleep(0.2)
    raise AssertionError("backend did not become healthy")


def backend_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "ANTHROPIC_API_KEY"}}
    return {**env, "FLEETOPS_TODAY": TEST_TODAY, "FLEETOPS_DATA_DIR": str(tmp_path / "data"), **extra}


async def admitted(urls: list[str], secret: str, user_id: int, n: int) -> list[int]:
    """Status of `n` GET /v1/expiries (a counted request) sent alternately to `urls`."""
    async with httpx.AsyncClient(timeout=10, headers={"Authorization": f"Bearer {secret}"}) as client:
        return [
            (await client.get(urls[i % len(urls)] + "/v1/expiries", params={"user_id": user_id})).status_code
            for i in range(n)
        ]


async def test_two_backend_processes_sharing_redis_admit_exactly_the_rate(tmp_path, fleet_dsn, redis_url) -> None:
    secrets = await register_callers(fleet_dsn)
    env = backend_env(
        # an hour: the sliding window counter weighs the previous window, so a run straddling a window's
        # edge could admit one more; with an hour that happens once in thousands of runs, not once in 60
        tmp_path,
        DATABASE_URL=fleet_dsn,
        FLEETOPS_RATE_LIMIT="5/hour",
        FLEETOPS_RATE_LIMIT_STORAGE=redis_url,
    )
    with backend_process(env) as (one, url_one), backend_process(env) as (two, url_two):
        await wait_healthy(one, url_one)
        await wait_healthy(two, url_two)
        frigo = await admitted([url_one, url_two], secrets["frigorifico-andino"], ADMINS["frigorifico-andino"][0], 12)
        assert frigo.count(200) == 5 and frigo.count(429) == 7, frigo
        assert frigo[:5] == [200] * 5
        # the window is per company: the other company still has its whole rate
        lacteos = await admitted([url_two, url_one], secrets["lacteos-del-valle"], ADMINS["lacteos-del-valle"][0], 7)
        assert lacteos.count(200) == 5, lacteos


async def test_a_redis_that_is_down_admits_and_logs(tmp_path, fleet_dsn) -> None:
    secrets = await register_callers(fleet_dsn)
    env = backend_env(
        tmp_path,
        DATABASE_URL=fleet_dsn,
        FLEETOPS_RATE_LIMIT="5/minute",
        FLEETOPS_RATE_LIMIT_STORAGE=f"redis://127.0.0.1:{free_port()}/0",
    )
    with backend_process(env) as (proc, url):
        await wait_healthy(proc, url)
        statuses = await admitted([url], secrets["frigorifico-andino"], ADMINS["frigorifico-andino"][0], 2)
        assert statuses == [200, 200]
        proc.terminate()
        output, _ = proc.communicate(timeout=30)
    assert "rate limit storage unavailable, request admitted" in output


def test_workers_with_limits_in_memory_are_refused(tmp_path) -> None:
    env = backend_env(tmp_path, FLEETOPS_RATE_LIMIT_STORAGE="memory://")
    proc = subprocess.run(
        [sys.executable, "-m", "backend.cli", "backend", "--workers", "2"],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "FLEETOPS_RATE_LIMIT_STORAGE=redis://" in proc.stderr and "Traceback" not in proc.stderr
    assert not (tmp_path / "data").exists()  # refused before starting any database


@pytest.mark.slow  # uvicorn workers in a subprocess (~10 s); two processes sharing Redis stay in make test
async def test_workers_share_one_embedded_database_and_one_limit(tmp_path, redis_url) -> None:
    env = backend_env(tmp_path, FLEETOPS_RATE_LIMIT_STORAGE=redis_url)
    with backend_process(env, "--workers", "2") as (proc, url):
        health = await wait_healthy(proc, url, timeout_s=180)
        assert health["database"] == "ok"
        pidfile = tmp_path / "data" / "pgdata" / "postmaster.pid"
        assert pidfile.exists()
        workers = [
            p
            for p in Path("/proc").iterdir()
            if p.name.isdigit() and _parent(p) == proc.pid and "python" in _cmdline(p)
        ]
        assert len(workers) >= 2, [_cmdline(p) for p in workers]
        proc.send_signal(signal.SIGTERM)
        output, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0, output
    assert not pidfile.exists()  # the parent stopped the embedded PostgreSQL it started
    assert "Traceback" not in output


def _parent(proc_dir: Path) -> int | None:
    try:
        return int((proc_dir / "stat").read_text().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return None


def _cmdline(proc_dir: Path) -> str:
    try:
        return (proc_dir / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""
