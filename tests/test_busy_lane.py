"""The backend's busy lane (`backend.cli.busy_lane`): `fleetops backend` with FLEETOPS_BACKEND_BUSY_LANE_PORT
runs a second backend process on that port at a lower CPU priority (its PostgreSQL server processes
too), stopped with its parent; the bot client sends a busy company's requests there, the others (and
every request when the lane refuses the connection) to the normal backend. Real processes and a real
PostgreSQL; the bot client's routing over an httpx transport that records where each request went."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import asyncpg
import httpx

from backend.cli.demo import free_port
from backend.testing.backend_server import ADMINS, register_callers
from bot.backend_client import BackendClient
from bot.config import BotSettings
from bot.main import build_application
from tests.test_rate_limit_shared import REPO, backend_env, backend_process, wait_healthy


def _children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    return [int(p) for p in out]


async def test_the_busy_lane_serves_at_its_niceness_with_its_database_processes_and_stops_with_the_backend(
    tmp_path, fleet_dsn
) -> None:
    secrets = await register_callers(fleet_dsn)
    lane_port, nice = free_port(), 7
    env = backend_env(
        tmp_path,
        DATABASE_URL=fleet_dsn,
        FLEETOPS_BACKEND_BUSY_LANE_PORT=str(lane_port),
        FLEETOPS_BACKEND_BUSY_LANE_NICE=str(nice),
    )
    want = max(nice, os.getpriority(os.PRIO_PROCESS, 0))  # a niced test run: never lowered
    with backend_process(env) as (proc, url):
        lane_url = f"http://127.0.0.1:{lane_port}"
        await wait_healthy(proc, url)
        await wait_healthy(proc, lane_url)
        [lane] = [p for p in _children(proc.pid) if b"backend.cli" in Path(f"/proc/{p}/cmdline").read_bytes()]
        assert os.getpriority(os.PRIO_PROCESS, lane) == want
        assert os.getpriority(os.PRIO_PROCESS, proc.pid) == os.getpriority(os.PRIO_PROCESS, 0)
        headers = {"Authorization": f"Bearer {secrets['frigorifico-andino']}"}
        params = {"user_id": ADMINS["frigorifico-andino"][0]}
        async with httpx.AsyncClient(timeout=10, headers=headers) as client:
            on_lane = await client.get(lane_url + "/v1/expiries", params=params)
            on_main = await client.get(url + "/v1/expiries", params=params)
        assert on_lane.status_code == on_main.status_code == 200 and on_lane.json() == on_main.json()
        conn = await asyncpg.connect(fleet_dsn)
        try:
            rows = await conn.fetch(
                "SELECT pid FROM pg_stat_activity WHERE application_name = 'fleetops-backend'"
                " AND pid <> pg_backend_pid()"
            )
        finally:
            await conn.close()
        niceness = sorted(os.getpriority(os.PRIO_PROCESS, r["pid"]) for r in rows)
        assert niceness[-1] >= want  # the lane's connections were reniced with it
        proc.send_signal(signal.SIGTERM)
        output, _ = proc.communicate(timeout=60)
    assert proc.returncode == 0, output
    assert not Path(f"/proc/{lane}").exists()  # stopped and reaped by its parent
    assert "Traceback" not in output


async def test_the_busy_lane_stops_when_its_backend_is_killed(tmp_path, fleet_dsn) -> None:
    lane_port = free_port()
    env = backend_env(tmp_path, DATABASE_URL=fleet_dsn, FLEETOPS_BACKEND_BUSY_LANE_PORT=str(lane_port))
    with backend_process(env) as (proc, url):
        await wait_healthy(proc, f"http://127.0.0.1:{lane_port}")
        [lane] = [p for p in _children(proc.pid) if b"backend.cli" in Path(f"/proc/{p}/cmdline").read_bytes()]
        proc.kill()  # no clean stop: the parent cannot stop its lane itself
        proc.wait(timeout=30)
        for _ in range(600):  # the lane's clean shutdown (a 0.1-s poll, 60 s at most)
            state = Path(f"/proc/{lane}/stat")
            if not state.exists() or state.read_text().rsplit(")", 1)[1].split()[0] == "Z":
                break
            await asyncio.sleep(0.1)
        else:
            os.kill(lane, signal.SIGKILL)
            raise AssertionError("the busy lane outlived its backend")


def test_a_busy_lane_on_the_backends_own_port_is_refused(tmp_path) -> None:
    port = free_port()
    env = {**backend_env(tmp_path), "PYTHONPATH": str(REPO), "FLEETOPS_BACKEND_BUSY_LANE_PORT": str(port)}
    proc = subprocess.run(
        [sys.executable, "-m", "backend.cli", "backend", "--port", str(port)],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2 and "FLEETOPS_BACKEND_BUSY_LANE_PORT" in proc.stderr
    assert "Traceback" not in proc.stderr and not (tmp_path / "data").exists()


async def test_the_bot_client_sends_busy_requests_to_the_lane_and_falls_back_when_it_is_down(caplog) -> None:
    seen: list[tuple[int, bool]] = []
    lane_down = False

    def handle(request: httpx.Request) -> httpx.Response:
        if request.url.port == 8088 and lane_down:
            raise httpx.ConnectError("refused", request=request)
        seen.append((request.url.port or 0, request.headers.get("X-Fleetops-Busy") == "1"))
        return httpx.Response(200, json={"status": "ok", "database": "ok", "model_configured": False})

    client = BackendClient(
        "http://127.0.0.1:8087", "s3cr3t", transport=httpx.MockTransport(handle), busy_base_url="http://127.0.0.1:8088"
    )
    busy = False
    try:
        await client.health()  # `busy` unset (a single-company bot): never the lane
        client.busy = lambda: busy
        await client.health()
        busy = True
        await client.health()
        lane_down = True
        with caplog.at_level(logging.WARNING, logger="bot.backend_client"):
            await client.health()
            await client.health()
    finally:
        await client.aclose()
    assert seen == [(8087, False), (8087, False), (8088, True), (8087, True), (8087, True)]
    assert [r.getMessage() for r in caplog.records].count(
        "backend busy lane http://127.0.0.1:8088 unreachable: busy requests go to the backend"
    ) == 1


async def test_every_backend_client_of_the_process_shares_one_tls_context() -> None:
    """An httpx client loads the CA bundle into a TLS context of its own (≈ 0.9 MB): the bot host's
    51 clients, 102 with the lane, and PTB's 102 share one instead (bot.tls)."""
    clients = [
        BackendClient("http://127.0.0.1:8087", "s3cr3t", busy_base_url="http://127.0.0.1:8088") for _ in range(3)
    ]
    apps = [
        build_application(BotSettings(_env_file=None, telegram_bot_token=f"{i}:tok", backend_secret="s3cr3t-value"))
        for i in (1, 2)
    ]  # PTB's own two clients per bot (getUpdates and the other calls) too
    try:
        http = [h for c in clients for h in (c._http, c._busy_http) if h is not None]
        http += [r._client for a in apps for r in (a.bot._request[0], a.bot._request[1])]  # type: ignore[attr-defined]
        contexts = {id(h._transport._pool._ssl_context) for h in http}  # type: ignore[attr-defined]
        assert len(http) == 10 and len(contexts) == 1
    finally:
        for c in clients:
            await c.aclose()
