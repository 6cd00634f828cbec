"""Shared test fixtures: one real PostgreSQL per test session, a database per test.

The server is the embedded one (throwaway data directory, fsync off) unless TEST_DATABASE_URL or
DATABASE_URL names a server to use. Two templates are built once: `empty` (migrated) and `fleet`
(migrated + the demo-data fixture imported); each test gets its own copy, dropped afterwards.
"""

from __future__ import annotations

import itertools
import os
import shutil
import tempfile
from pathlib import Path

import asyncpg
import pytest

from backend.db.connect import dsn_for
from backend.db.embedded import EmbeddedPostgres
from backend.db.migrate import migrate
from backend.importer.load import import_dir

REPO = Path(__file__).resolve().parents[1]
FIXTURE_DIR = REPO / "demo-data" / "fleet"
SHARED_FIXTURE_DIR = REPO.parent / "shared" / "fixtures" / "fleet"
_counter = itertools.count()

pytest_plugins = [
    "tests.fixtures_anthropic",
    "tests.fixtures_backend",
    "tests.fixtures_fake_backend",
    "tests.fixtures_host",
    "tests.fixtures_telegram",
    "tests.fixtures_voice",
]


@pytest.fixture(scope="session")
def pg_base_dsn():
    url = os.environ.get("TEST_DATABASE_URL") or os.environ.get("DATABASE_URL")
    if url:
        yield url
        return
    # Not under pytest's basetemp: a concurrent pytest run prunes old basetemps, which would pull the
    # data directory from under a running server.
    data_dir = Path(tempfile.mkdtemp(prefix="fleetops-test-pg-"))
    server = EmbeddedPostgres(data_dir, fast_unsafe=True)
    server.start()
    try:
        yield server.dsn()
    finally:
        server.stop()
        shutil.rmtree(data_dir, ignore_errors=True)


async def _create_db(base: str, name: str, template: str | None = None) -> str:
    admin = await asyncpg.connect(dsn_for(base, "postgres"))
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if template:
            version = admin.get_server_version()
            strategy = " STRATEGY FILE_COPY" if version.major >= 15 else ""
            await admin.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"{strategy}')
        else:
            await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    return dsn_for(base, name)


async def _drop_db(base: str, name: str) -> None:
    admin = await asyncpg.connect(dsn_for(base, "postgres"))
    try:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await admin.close()


@pytest.fixture(scope="session")
async def db_templates(pg_base_dsn: str) -> dict[str, str]:
    """Names of the template databases: {'empty': migrated, 'fleet': migrated + fixture}."""
    tag = os.getpid()
    names = {"empty": f"tpl_empty_{tag}", "fleet": f"tpl_fleet_{tag}"}
    for kind, name in names.items():
        dsn = await _create_db(pg_base_dsn, name)
        conn = await asyncpg.connect(dsn)
        try:
            await migrate(conn)
            if kind == "fleet":
                await import_dir(conn, FIXTURE_DIR)
        finally:
            await conn.close()
    yield names
    for name in names.values():
        await _drop_db(pg_base_dsn, name)


async def _db_from(pg_base_dsn: str, template: str):
    name = f"t_{os.getpid()}_{next(_counter)}"
    dsn = await _create_db(pg_base_dsn, name, template)
    try:
        yield dsn
    finally:
        await _drop_db(pg_base_dsn, name)


@pytest.fixture
async def fleet_dsn(pg_base_dsn: str, db_templates: dict[str, str]):
    """DSN of a fresh database holding the migrated schema and the fleet fixture (owner role)."""
    async for dsn in _db_from(pg_base_dsn, db_templates["fleet"]):
        yield dsn


@pytest.fixture
async def empty_dsn(pg_base_dsn: str, db_templates: dict[str, str]):
    """DSN of a fresh database holding the migrated schema and no data."""
    async for dsn in _db_from(pg_base_dsn, db_templates["empty"]):
        yield dsn


@pytest.fixture
async def fleet_conn(fleet_dsn: str):
    conn = await asyncpg.connect(fleet_dsn)
    try:
        yield conn
    finally:
        await conn.close()


@pytest.fixture
async def empty_conn(empty_dsn: str):
    conn = await asyncpg.connect(empty_dsn)
    try:
        yield conn
    finally:
        await conn.close()
