"""What the bot-host benchmark stands on: N synthetic companies (database rows, bot secrets, admins, one
`bot-<company>.env` each), bot processes (`fleetops bot --all` or `fleetops bot`) pointed at the
Telegram stand-in, their resident memory, and traffic helpers.

Company i is `bench-NN`, its bot token `<9000+i>:bench-token-NN`, its chat users FIRST_USER + 100·i + j
(j < 99) and its probe user FIRST_USER + 100·i + 99.
"""

from __future__ import annotations

import asyncio
import contextlib
import csv
import importlib.util
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import asyncpg

from backend.bench import env
from backend.bench.options import BenchOptions
from backend.testing.backend_server import imported_company
from backend.testing.telegram_stub import TelegramStub

FIRST_USER = 600_000
PROBE = 99


def slug(i: int) -> str:
    return f"bench-{i:02d}"


def token(i: int) -> str:
    return f"{9000 + i}:bench-token-{i:02d}"


def user(i: int, chat: int) -> int:
    return FIRST_USER + 100 * i + chat


def companies_csv(out: Path, n: int) -> Path:
    """Import CSVs of `n` small companies (3 clients, one asset type, an opening balance each)."""
    out.mkdir(parents=True, exist_ok=True)
    rows: dict[str, list[tuple[str, ...]]] = {
        "companies.csv": [("slug", "name", "timezone")],
        "asset_types.csv": [("company", "code", "name", "plural_name")],
        "clients.csv": [("company", "code", "name", "city")],
        "movements.csv": [
            (
                "company",
                "occurred_at",
                "kind",
                "delivery_note",
                "client_code",
                "asset_type",
                "quantity",
                "vehicle_plate",
                "driver_document",
            )
        ],
    }
    for i in range(n):
        rows["companies.csv"].append((slug(i), f"Empresa de prueba {i:02d} S.A.S.", "America/Bogota"))
        rows["asset_types.csv"].append((slug(i), "CAN", "canastilla", "canastillas"))
        for c in range(3):
            code = str(400 + c)
            rows["clients.csv"].append((slug(i), code, f"CLIENTE {c} DE {i:02d}", "Medellín"))
            rows["movements.csv"].append(
                (slug(i), "2026-11-01T08:00:00", "opening", "", code, "CAN", str(100 + 10 * c), "", "")
            )
    for name, lines in rows.items():
        with (out / name).open("w", newline="", encoding="utf-8") as f:
            csv.writer(f).writerows(lines)
    return out


async def register_companies(dsn: str, n: int, chats: int) -> dict[int, str]:
    """Issue each company's bot secret and register its chat users and probe as admins; {i: secret}."""
    from backend.cli.admin import add_admin, issue_bot_secret

    conn = await asyncpg.connect(dsn, timeout=30)
    try:
        secrets = {}
        for i in range(n):
            cid = await imported_company(conn, slug(i))
            secrets[i] = await issue_bot_secret(conn, cid, "bench")
            for chat in [*range(chats), PROBE]:
                await add_admin(conn, cid, user(i, chat), f"Bench {i}-{chat}")
        return secrets
    finally:
        await conn.close()


def write_env_files(env_dir: Path, secrets: dict[int, str], n: int, backend_url: str, busy_url: str = "") -> Path:
    """`bot-<company>.env` for the first `n` companies (any others removed); returns the directory as an
    absolute path, since the bot processes run with the work directory as their cwd (a relative
    `.fleetops/...` would name a folder that is not there: the host then finds no company). `busy_url`:
    the backend's busy lane, when it runs."""
    env_dir.mkdir(parents=True, exist_ok=True)
    for old in env_dir.glob("bot-*.env"):
        old.unlink()
    for i in range(n):
        (env_dir / f"bot-{slug(i)}.env").write_text(
            f"TELEGRAM_BOT_TOKEN={token(i)}\nFLEETOPS_BACKEND_SECRET={secrets[i]}\nFLEETOPS_BACKEND_URL={backend_url}\n"
            + (f"FLEETOPS_BACKEND_BUSY_URL={busy_url}\n" if busy_url else "")
        )
    return env_dir.resolve()


def rss_mb(pid: int) -> float:
    """Resident memory (VmRSS) of a process, in MB (1e6 bytes)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024 / 1e6
    raise RuntimeError(f"no VmRSS for {pid}")


@contextlib.contextmanager
def bot_processes(
    commands: list[dict[str, str]], work_dir: Path, stub_port: int, engine: str, host: bool
) -> Iterator[list[subprocess.Popen[bytes]]]:
    """Start one bot process per entry of `commands` (extra environment each): `fleetops bot --all`
    when `host`, else `fleetops bot`. Output goes to <work_dir>/bot-<k>.log. Stopped with SIGTERM."""
    from bot.voice.config import VoiceSettings

    base = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "FLEETOPS_BACKEND"))}
    base.update(
        {
            "PYTHONPATH": str(env.REPO),
            "FLEETOPS_TELEGRAM_API_URL": f"http://127.0.0.1:{stub_port}",
            "FLEETOPS_VOICE_ENGINE": engine,
            "FLEETOPS_DATA_DIR": str(VoiceSettings().data_dir.resolve()),
            "FLEETOPS_BOT_POLL_TIMEOUT_S": "10",
        }
    )
    argv = [sys.executable, "-m", "backend.cli", "bot", *(["--all"] if host else [])]
    procs: list[subprocess.Popen[bytes]] = []
    try:
        for k, extra in enumerate(commands):
            log = (work_dir / f"bot-{k}.log").open("w")
            procs.append(
                subprocess.Popen(argv, env={**base, **extra}, cwd=work_dir, stdout=log, stderr=subprocess.STDOUT)
            )
            log.close()
        yield procs
    finally:
        for p in procs:
            p.terminate()
        for p in procs:
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()


async def wait_polling(tg: TelegramStub, procs: list[subprocess.Popen[bytes]], n: int, timeout_s: float = 300) -> float:
    """Wait until the first `n` companies' bots all poll (getUpdates seen); returns the seconds it took."""
    t0 = time.monotonic()
    while not all(tg.calls_of("getUpdates", token(i)) for i in range(n)):
        if any(p.poll() is not None for p in procs):
            raise RuntimeError("a bot process exited during start-up (see its log in the bench work dir)")
        if time.monotonic() - t0 > timeout_s:
            raise RuntimeError(f"bots not polling after {timeout_s:.0f} s")
        await asyncio.sleep(0.1)
    return time.monotonic() - t0


def _label(pid: int, cmdline: str, comm: str, nice: int) -> str:
    if pid == os.getpid():
        return "bench (load generator, stand-ins)"
    if "bot --all" in cmdline or cmdline.endswith(" bot"):
        return "bot host"
    if "backend.cli backend" in cmdline:
        return "backend busy lane" if nice > os.nice(0) else "backend"
    if comm.startswith("postgres") and nice > os.nice(0):
        return f"{comm} (niced)"
    return comm


def cpu_seconds(root_marker: str = "") -> dict[str, float]:
    """CPU seconds (user + system) used so far by this process and its descendants, and by processes
    whose command line contains `root_marker` and theirs (the embedded PostgreSQL, which detaches),
    summed by role ("bench …", "bot host", "backend", "postgres", …), plus "machine" (every process of
    the machine, from /proc/stat): differences of two readings give each role's share of a phase."""
    tick = os.sysconf("SC_CLK_TCK")
    procs: dict[int, tuple[int, str, str, float, int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace").strip()
        except OSError:
            continue
        comm = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        # after the comm: state ppid … utime (14th field overall = index 11 here), stime, cutime, cstime
        cpu = (int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])) / tick
        procs[int(entry.name)] = (int(fields[1]), cmdline, comm, cpu, int(fields[16]))
    mine = {os.getpid()} | {pid for pid, p in procs.items() if root_marker and root_marker in p[1]}
    grew = True
    while grew:
        grew = False
        for pid, (ppid, *_rest) in procs.items():
            if ppid in mine and pid not in mine:
                mine.add(pid)
                grew = True
    out: dict[str, float] = {}
    for pid in mine:
        if pid in procs:
            _ppid, cmdline, comm, cpu, nice = procs[pid]
            label = _label(pid, cmdline, comm, nice)
            out[label] = out.get(label, 0.0) + cpu
    busy = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(x) for x in busy[:8])
    out["machine"] = (user + nice + system + irq + softirq + steal) / tick
    return out


_MODULES = {"openai-whisper": "whisper", "faster-whisper": "faster_whisper", "off": "telegram"}


def engines(opts: BenchOptions) -> list[str]:
    """The voice engines to measure (`opts.host_engines`, default all) that are installed."""
    wanted = opts.host_engines or ["off", "openai-whisper", "faster-whisper"]
    return [e for e in wanted if importlib.util.find_spec(_MODULES[e]) is not None]
