"""One-shot operator commands: migrate, import, issue bot secrets, register admins.

Each starts the embedded PostgreSQL if needed (and stops it after, if it started it), connects as the
owner role (not subject to row-level security) and prints Spanish messages; exit code 1 on any error.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import secrets
import sys
from collections.abc import Awaitable, Callable
from datetime import date
from pathlib import Path

import asyncpg

from backend.config import DatabaseSettings
from backend.db.connect import database_url
from backend.db.migrate import MigrationsMissing, migrate
from backend.importer.load import ImportFailed, import_dir
from backend.store.admins import upsert_admin
from backend.store.auth import insert_credential
from backend.store.companies import company_id_for_slug


def _with_connection(work: Callable[[asyncpg.Connection], Awaitable[int]]) -> int:
    settings = DatabaseSettings()
    with database_url(settings) as dsn:

        async def run() -> int:
            conn = await asyncpg.connect(dsn, timeout=settings.db_connect_timeout_s)
            try:
                return await work(conn)
            finally:
                await conn.close()

        return asyncio.run(run())


def cmd_migrate(args: argparse.Namespace) -> int:
    async def work(conn: asyncpg.Connection) -> int:
        try:
            applied = await migrate(conn)
        except MigrationsMissing as exc:
            print(str(exc), file=sys.stderr)
            return 1
        print("Migraciones aplicadas: " + ", ".join(applied) if applied else "La base de datos ya está al día.")
        return 0

    return _with_connection(work)


def cmd_import(args: argparse.Namespace) -> int:
    directory = Path(args.directory)
    if not directory.is_dir():
        problem = "no es un directorio (se espera la carpeta con los CSV)" if directory.exists() else "no existe"
        print(f"{directory} {problem}", file=sys.stderr)
        return 1

    today = DatabaseSettings().today or date.today()  # FLEETOPS_TODAY, as the answers' «today»

    async def work(conn: asyncpg.Connection) -> int:
        await migrate(conn)
        try:
            report = await import_dir(conn, directory, today=today)
        except ImportFailed as exc:
            print(str(exc), file=sys.stderr)
            return 1
        print("\n".join(report.lines()))
        return 0

    return _with_connection(work)


async def company_id(conn: asyncpg.Connection, slug: str) -> int | None:
    """Company id for a slug, or None."""
    return await company_id_for_slug(conn, slug=slug)


def secret_digest(secret: str) -> bytes:
    """The SHA-256 digest (32 bytes) of a bot secret: all that `bot_credentials` stores of it."""
    return hashlib.sha256(secret.encode()).digest()


async def issue_bot_secret(conn: asyncpg.Connection, company: int, label: str = "") -> str:
    """Create a bot credential for `company`; return the secret (only its SHA-256 is stored)."""
    secret = "fo_" + secrets.token_urlsafe(32)
    await insert_credential(conn, company_id=company, secret_sha256=secret_digest(secret), label=label)
    return secret


async def add_admin(conn: asyncpg.Connection, company: int, telegram_user_id: int, name: str = "") -> None:
    """Register (or rename) an admin of `company` by Telegram user id."""
    await upsert_admin(conn, company_id=company, user_id=telegram_user_id, name=name)


def cmd_bots_add(args: argparse.Namespace) -> int:
    async def work(conn: asyncpg.Connection) -> int:
        cid = await company_id(conn, args.company)
        if cid is None:
            print(f"Empresa desconocida: {args.company}", file=sys.stderr)
            return 1
        secret = await issue_bot_secret(conn, cid, args.label)
        print("Secreto del bot (guárdalo ahora, no se vuelve a mostrar):")
        print(secret)
        return 0

    return _with_connection(work)


def cmd_admins_add(args: argparse.Namespace) -> int:
    async def work(conn: asyncpg.Connection) -> int:
        cid = await company_id(conn, args.company)
        if cid is None:
            print(f"Empresa desconocida: {args.company}", file=sys.stderr)
            return 1
        await add_admin(conn, cid, args.telegram_id, args.name)
        print(f"Administrador {args.telegram_id} registrado en {args.company}.")
        return 0

    return _with_connection(work)
