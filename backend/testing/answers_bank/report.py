"""Print the bank's exact-answer rate and every miss, against the real backend in data-only mode.

    PYTHONPATH=$PWD .venv/bin/python -m backend.testing.answers_bank.report [--hits] [--only ID_OR_CATEGORY ...]
        [--company SLUG] [--style STYLE]

Uses TEST_DATABASE_URL / DATABASE_URL when set (a scratch database is created and dropped there),
otherwise a throwaway embedded PostgreSQL. No API key is used whatever the environment says.
Exit status 0 when the rate reaches `runner.REQUIRED_EXACT_RATE`, else 1.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import asyncpg

from backend.db.connect import dsn_for
from backend.db.embedded import EmbeddedPostgres
from backend.db.migrate import migrate
from backend.importer.load import import_dir
from backend.testing.answers_bank.oracle import FIXTURE
from backend.testing.answers_bank.questions import BANK, Item
from backend.testing.answers_bank.runner import REQUIRED_EXACT_RATE, exact_rate, report, run_bank
from backend.testing.backend_server import start_backend


def select(args: argparse.Namespace) -> list[Item]:
    items = BANK
    if args.only:
        items = [i for i in items if any(i.id == o or i.category == o or i.id.startswith(o) for o in args.only)]
    if args.company:
        items = [i for i in items if i.company == args.company]
    if args.style:
        items = [i for i in items if i.style == args.style]
    return items


async def run(base_dsn: str, items: list[Item], hits: bool) -> float:
    name = f"answers_bank_{os.getpid()}"
    admin = await asyncpg.connect(dsn_for(base_dsn, "postgres"))
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.execute(f'CREATE DATABASE "{name}"')
        dsn = dsn_for(base_dsn, name)
        conn = await asyncpg.connect(dsn)
        try:
            await migrate(conn)
            await import_dir(conn, FIXTURE)
        finally:
            await conn.close()
        async with start_backend(dsn, None, rate_limit="1000000/minute") as server:
            started = time.monotonic()
            results = await run_bank(server.base_url, server.secrets, server.admin_ids, items)
            took = time.monotonic() - started
        print(report(results, show_hits=hits))
        print(f"{len(results)} chains in {took:.1f} s")
        return exact_rate(results)
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hits", action="store_true", help="print exact answers too")
    parser.add_argument("--only", nargs="*", help="item ids, id prefixes or categories")
    parser.add_argument("--company", help="frigorifico-andino or lacteos-del-valle")
    parser.add_argument("--style", help="plain, typo, spoken or followup")
    args = parser.parse_args(argv)
    items = select(args)
    if not items:
        print("no item matches", file=sys.stderr)
        return 2
    for var in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"):
        os.environ.pop(var, None)
    url = os.environ.get("TEST_DATABASE_URL") or os.environ.get("DATABASE_URL")
    if url:
        rate = asyncio.run(run(url, items, args.hits))
    else:
        data_dir = Path(tempfile.mkdtemp(prefix="fleetops-bank-pg-"))
        server = EmbeddedPostgres(data_dir, fast_unsafe=True)
        server.start()
        try:
            rate = asyncio.run(run(server.dsn(), items, args.hits))
        finally:
            server.stop()
            shutil.rmtree(data_dir, ignore_errors=True)
    print(f"required: {REQUIRED_EXACT_RATE:.1%}")
    return 0 if rate >= REQUIRED_EXACT_RATE else 1


if __name__ == "__main__":
    sys.exit(main())
