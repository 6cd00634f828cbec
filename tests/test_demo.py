"""`fleetops demo` as a newcomer runs it: scripted standard input, no terminal, no API key, no token."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

SCRIPT = (
    "\n".join(
        [
            "¿cuántas canastillas tiene el 412?",
            "¿y en qué ciudad está?",
            "/memoria",
            "/vencimientos",
            "/saldo 77",
            "/remision 7851",
            "/voz no-existe.ogg",
            # a scripted burst above production's 30 a minute: the demo has its own limit
            *["¿cuántas estibas tiene el 310?"] * 30,
        ]
    )
    + "\n"
)


def run_demo(dsn: str, data_dir, stdin: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in {"ANTHROPIC_API_KEY", "TELEGRAM_BOT_TOKEN"}}
    env.update(DATABASE_URL=dsn, FLEETOPS_DATA_DIR=str(data_dir))
    return subprocess.run(
        [sys.executable, "-m", "backend.cli", "demo"], input=stdin, capture_output=True, text=True, env=env, timeout=300
    )


def test_scripted_terminal_chat_answers_from_the_data(empty_dsn, tmp_path):
    proc = run_demo(empty_dsn, tmp_path, SCRIPT)
    out = proc.stdout
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert "SIN IA" in out  # the banner says answers come from the data only
    assert "tú> ¿cuántas canastillas tiene el 412?" in out
    assert "bot> [412] DISTRIBUIDORA PUERTO CLARO tiene 298 canastillas." in out
    answers = out.split("tú> ")
    assert "bot> [412] DISTRIBUIDORA PUERTO CLARO está en Rionegro." in answers[2]  # the follow-up, exactly
    assert "Recuerdo 2 de 6" in answers[3] and "¿cuántas canastillas tiene el 412?" in answers[3]
    assert "KLM482 · sin póliza RC" not in answers[4]  # a motocarro needs none (backend.core.vehicle_documents)
    assert "(hoy 1 de diciembre de 2026)" in answers[4]
    assert "[77] MINIMERCADO EL_SOL *24H* (Itagüí)" in answers[5]
    pdf = tmp_path / "documentos" / "remision-frigorifico-andino-7851.pdf"
    assert str(pdf) in answers[6] and pdf.read_bytes().startswith(b"%PDF")
    assert "No encuentro el archivo no-existe.ogg" in answers[7]
    burst = answers[8:]
    assert len(burst) == 30 and all("tiene 388 estibas." in a for a in burst), burst[-1]
    assert "Traceback" not in proc.stderr
    assert proc.stderr.rstrip().endswith("\nDemo detenida.")  # end of input closes like Ctrl-C


@pytest.mark.slow  # two whole demo runs (~20 s); the scripted chat above covers one in the fast tests
def test_running_again_reuses_the_data_and_secret(empty_dsn, tmp_path):
    first = run_demo(empty_dsn, tmp_path, "/saldo 412\n")
    second = run_demo(empty_dsn, tmp_path, "/saldo 412\n")
    assert first.returncode == 0 and second.returncode == 0, second.stderr[-2000:]
    assert "movements 24876" in second.stdout  # re-import is idempotent: same rows, nothing doubled
    assert second.stdout.count("298 canastillas") == 1
    assert (tmp_path / "demo" / "bot-secret-frigorifico-andino").stat().st_mode & 0o777 == 0o600


def test_ctrl_c_stops_everything_including_the_embedded_database(tmp_path):
    import signal
    import time

    env = {k: v for k, v in os.environ.items() if k not in {"ANTHROPIC_API_KEY", "TELEGRAM_BOT_TOKEN", "DATABASE_URL"}}
    env["FLEETOPS_DATA_DIR"] = str(tmp_path)
    proc = subprocess.Popen(
        [sys.executable, "-m", "backend.cli", "demo"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        seen = ""
        deadline = time.monotonic() + 120
        while "Chat de terminal" not in seen and time.monotonic() < deadline:
            seen += proc.stdout.readline()
        assert "Chat de terminal" in seen
        pidfile = tmp_path / "pgdata" / "postmaster.pid"
        postgres_pid = int(pidfile.read_text().splitlines()[0])
        proc.send_signal(signal.SIGINT)  # what Ctrl-C sends; stdin stays open, as at a terminal
        rest, _ = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, rest  # what the demo said, when it did not stop cleanly
    assert rest.rstrip().endswith("\nDemo detenida.")
    assert not pidfile.exists()
    assert _gone_within(postgres_pid, seconds=10)


def _gone_within(pid: int, seconds: float) -> bool:
    """True once `pid` no longer runs (absent or a zombie waiting to be reaped)."""
    import time
    from pathlib import Path

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (FileNotFoundError, ProcessLookupError):
            return True
        if state in {"Z", "X"}:
            return True
        time.sleep(0.1)
    return False


def test_backend_stops_its_embedded_database_on_sigterm(tmp_path):
    import signal
    import time

    import httpx

    from backend.cli.demo import free_port

    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"ANTHROPIC_API_KEY", "DATABASE_URL"}}
    env.update(FLEETOPS_DATA_DIR=str(tmp_path), FLEETOPS_BACKEND_PORT=str(port))
    proc = subprocess.Popen(
        [sys.executable, "-m", "backend.cli", "backend"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/v1/health", timeout=2).json()["database"] == "ok":
                    break
            except httpx.HTTPError:
                time.sleep(0.3)
        pidfile = tmp_path / "pgdata" / "postmaster.pid"
        postgres_pid = int(pidfile.read_text().splitlines()[0])
        proc.send_signal(signal.SIGTERM)  # what systemd sends
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert "Traceback" not in err
    assert not pidfile.exists()
    assert _gone_within(postgres_pid, seconds=10)


@pytest.mark.slow  # a pty and a whole demo; the end of piped input (the scripted chat) closes the same way
def test_ctrl_d_at_a_terminal_ends_the_demo_like_ctrl_c(empty_dsn, tmp_path):
    """At a real terminal (a pseudo-terminal here) Ctrl-D on the empty prompt ends the chat with the
    same closing line as Ctrl-C, on a line of its own."""
    import pty
    import select
    import time

    env = {k: v for k, v in os.environ.items() if k not in {"ANTHROPIC_API_KEY", "TELEGRAM_BOT_TOKEN"}}
    env.update(DATABASE_URL=empty_dsn, FLEETOPS_DATA_DIR=str(tmp_path), TERM="dumb")
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "backend.cli", "demo"],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=env,
        close_fds=True,
    )
    os.close(follower)
    seen = b""

    def read_until(marker: bytes, seconds: float) -> bool:
        nonlocal seen
        deadline = time.monotonic() + seconds
        while marker not in seen and time.monotonic() < deadline:
            if select.select([leader], [], [], 0.5)[0]:
                try:
                    chunk = os.read(leader, 4096)
                except OSError:  # the other side closed: the process ended
                    return marker in seen
                if not chunk:
                    break
                seen += chunk
        return marker in seen

    try:
        assert read_until("tú> ".encode(), 180), seen.decode(errors="replace")[-2000:]
        os.write(leader, b"\x04")  # Ctrl-D
        assert read_until(b"Demo detenida.", 60), seen.decode(errors="replace")[-2000:]
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(leader)
    text = seen.decode(errors="replace").replace("\r\n", "\n")
    assert "\nDemo detenida." in text and "Traceback" not in text


def test_the_demo_has_its_own_rate_limit_unless_the_environment_sets_one(monkeypatch, tmp_path):
    from backend.cli.demo import DEMO_RATE_LIMIT, DEMO_TODAY, demo_backend_settings
    from backend.config import BackendSettings

    dsn = "postgresql://demo:demo@localhost:5432/demo"
    monkeypatch.chdir(tmp_path)  # no .env here
    monkeypatch.delenv("FLEETOPS_RATE_LIMIT", raising=False)
    monkeypatch.delenv("FLEETOPS_TODAY", raising=False)
    settings = demo_backend_settings(dsn)
    assert settings.rate_limit == DEMO_RATE_LIMIT != BackendSettings.model_fields["rate_limit"].default
    assert settings.today == DEMO_TODAY
    monkeypatch.setenv("FLEETOPS_RATE_LIMIT", "5/minute")
    assert demo_backend_settings(dsn).rate_limit == "5/minute"


async def test_banner_examples_are_each_companys_own_clients(fleet_conn):
    from backend.cli.demo import banner_examples

    for slug in ("frigorifico-andino", "lacteos-del-valle"):
        company = await fleet_conn.fetchval("SELECT id FROM companies WHERE slug = $1", slug)
        examples = await banner_examples(fleet_conn, company)
        own = {r["code"] for r in await fleet_conn.fetch("SELECT code FROM clients WHERE company_id = $1", company)}
        assert len(set(examples)) == 2 and set(examples) <= own, (slug, examples)
    lacteos = await fleet_conn.fetchval("SELECT id FROM companies WHERE slug = 'lacteos-del-valle'")
    assert not {"77", "310"} & set(await banner_examples(fleet_conn, lacteos))  # the old fixed examples
