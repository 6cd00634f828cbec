"""`fleetops bench`: run the selected benchmarks, print one table, write the same numbers as JSON."""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import logging
import os
from pathlib import Path
from typing import Any

from backend.bench.options import BenchOptions
from backend.bench.report import machine, skipped, table, write_json
from backend.cli.argparse_es import integer

log = logging.getLogger(__name__)

BENCHMARKS: dict[str, str] = {
    "ask": "backend.bench.ask",  # (1) backend overhead per /v1/ask
    "prompt": "backend.bench.prompt",  # (2) prompt size per turn
    "memory": "backend.bench.memory",  # (3) working memory
    "voice": "backend.bench.voice",  # (4) voice
    "bot": "backend.bench.botload",  # (5) bot under load
    "host": "backend.bench.host",  # (6) many company bots in one process (memory, then the load)
    "host-load": "backend.bench.hostload",  # (6b) the host under load alone: probe latency, where it goes
    "answers": "backend.bench.answers",  # (7) exact answers: bank rate, share without a model call
}


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The `bench` subcommand's options (called from backend/cli/main.py)."""
    p.add_argument("--quick", action="store_true", help="tamaños pequeños (prueba de humo)")
    p.add_argument("--only", default="", help=f"lista separada por comas de: {','.join(BENCHMARKS)}")
    p.add_argument("--runs", type=integer(1), default=None, help="repeticiones por mediana (defecto 3; 2 en --quick)")
    p.add_argument(
        "--json",
        dest="json_path",
        default=None,
        help="archivo JSON de salida (defecto FLEETOPS_DATA_DIR/bench/bench-<fecha>.json)",
    )
    p.add_argument("--work-dir", default=None, help="directorio de trabajo (defecto FLEETOPS_DATA_DIR/bench)")
    p.add_argument("--requests", type=integer(1), default=None, help="peticiones /v1/ask por conjunto de datos")
    p.add_argument("--clients", type=integer(1), default=None, help="clientes de la empresa grande sintética")
    p.add_argument("--vehicles", type=integer(1), default=None, help="vehículos de la empresa grande sintética")
    p.add_argument("--movements", type=integer(0), default=None, help="movimientos de la empresa grande sintética")
    p.add_argument("--chats", type=integer(1), default=None, help="chats de la memoria de trabajo")
    p.add_argument(
        "--voice-clips",
        default=None,
        metavar="DIR",
        help="voz: otro conjunto de clips (manifest.json + .ogg, p. ej. uno reservado hecho con "
        "tests/data/voice/make_human_clips.py --held-out DIR) en lugar de tests/data/voice/human",
    )
    p.add_argument(
        "--fuzz",
        type=integer(1),
        default=None,
        metavar="N",
        help="en lugar de los benchmarks: N peticiones generadas contra un backend real; cuenta respuestas "
        ">= 500 y detalles internos filtrados (backend/bench/fuzz.py)",
    )
    p.add_argument("--seed", type=int, default=11, help="semilla del generador de --fuzz (defecto 11)")


def options_from_args(args: argparse.Namespace, data_dir: Path) -> BenchOptions:
    opts = BenchOptions.quick_sizes() if args.quick else BenchOptions()
    opts.work_dir = Path(args.work_dir) if args.work_dir else data_dir / "bench"
    for attr, value in (
        ("runs", args.runs),
        ("ask_requests", args.requests),
        ("large_clients", args.clients),
        ("large_vehicles", args.vehicles),
        ("large_movements", args.movements),
        ("memory_chats", args.chats),
    ):
        if value is not None:
            setattr(opts, attr, value)
    if args.voice_clips:
        opts.voice_clips = Path(args.voice_clips).resolve()
    opts.host_busy_lane = os.environ.get("FLEETOPS_BENCH_BUSY_LANE", "1") != "0"
    return opts


def run_all(opts: BenchOptions, only: list[str]) -> dict[str, Any]:
    """The report dict (shape in backend.bench.report). A benchmark that fails is recorded as
    status "error" with its exception; the others still run."""
    report: dict[str, Any] = {
        "schema": 1,
        "started_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "quick": opts.quick,
        "runs": opts.runs,
        "benchmarks": {},
    }
    for name in only:
        log.info("bench %s …", name)
        try:
            res = importlib.import_module(BENCHMARKS[name]).run(opts)
        except Exception as exc:  # one broken benchmark must not hide the others' numbers
            log.exception("bench %s failed", name)
            res = skipped(f"{type(exc).__name__}: {exc}"[:300], status="error")
        report["benchmarks"][name] = res
    return report


def cmd_bench(args: argparse.Namespace) -> int:
    """Exit code 0 when every selected benchmark ran (ok or skipped), 1 when one raised."""
    from backend.config import DatabaseSettings

    only = [s.strip() for s in args.only.split(",") if s.strip()] or list(BENCHMARKS)
    unknown = [s for s in only if s not in BENCHMARKS]
    if unknown:
        print(f"benchmark desconocido: {', '.join(unknown)} (opciones: {', '.join(BENCHMARKS)})")
        return 2
    logging.getLogger().setLevel(logging.WARNING)  # per-request INFO lines of httpx/PTB would drown the table
    log.setLevel(logging.INFO)
    data_dir = Path(DatabaseSettings().data_dir)
    if args.fuzz is not None:
        from backend.bench.fuzz import cmd_fuzz

        work_dir = Path(args.work_dir) if args.work_dir else data_dir / "bench"
        work_dir.mkdir(parents=True, exist_ok=True)
        json_path = Path(args.json_path) if args.json_path else data_dir / "bench" / "fuzz.json"
        return cmd_fuzz(args.fuzz, work_dir, json_path, seed=args.seed)
    opts = options_from_args(args, data_dir)
    opts.work_dir.mkdir(parents=True, exist_ok=True)
    report = run_all(opts, only)
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = Path(args.json_path) if args.json_path else data_dir / "bench" / f"bench-{stamp}.json"
    write_json(report, path)
    print(table(report))
    print(f"\nJSON: {path}")
    return 1 if any(r["status"] == "error" for r in report["benchmarks"].values()) else 0
