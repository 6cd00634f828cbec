"""SQL of the bot credentials (`bot_credentials`): which company a bot secret belongs to.

Only the SHA-256 digest of a secret (32 bytes) is ever stored or looked up. The lookup runs as the
`fleetops_app` role through the `fleetops_credential(digest)` function (SECURITY DEFINER: the role
cannot read the table itself); issuing and checking a secret are operator statements (owner connection).
`statement_timeout_s`: client-side limit of each statement in seconds (None: the connection's).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

import asyncpg

from backend.db.connect import APP_ROLE, tenant_setting_values, tenant_settings_sql


@dataclass(frozen=True)
class Credential:
    """A live credential whose digest matched: its company and the digest as stored (compare it in
    constant time before trusting it)."""

    company_id: int
    stored_sha256: bytes


async def credentials_for_digest(
    conn: asyncpg.Connection, *, digest: bytes, statement_timeout_s: float | None = None
) -> list[Credential]:
    """The unrevoked credentials whose secret hashes to `digest` (none or one), read in a short
    transaction of its own as the application role (`SET LOCAL ROLE`, nothing carried over)."""
    async with conn.transaction():
        await conn.execute(f"SET LOCAL ROLE {APP_ROLE}", timeout=statement_timeout_s)
        rows = await conn.fetch(
            "SELECT company_id, stored_sha256 FROM fleetops_credential($1)", digest, timeout=statement_timeout_s
        )
    return [Credential(int(r["company_id"]), bytes(r["stored_sha256"])) for r in rows]


async def credentials_as_tenant(
    conn: asyncpg.Connection,
    *,
    digest: bytes,
    today: date | None = None,
    now: datetime | None = None,
    statement_timeout_s: float | None = None,
) -> list[Credential]:
    """Inside a transaction (the caller's): the unrevoked credentials whose secret hashes to `digest`
    (none or one) and, in the same statement, the tenant settings of the company found
    (`backend.db.connect.tenant_settings_sql`: role `fleetops_app`, `fleetops.company_id`, today, now),
    so the statements after it run under row-level security for that company: one round trip where
    `credentials_for_digest` then `tenant_transaction` take six. Nothing is set when no credential
    matches; a caller refusing the credential anyway (its constant-time comparison) must roll back.
    The lookup itself is `fleetops_credential(digest)` (SECURITY DEFINER), called by the connecting
    (owner) role before the switch takes effect."""
    rows = await conn.fetch(
        f"SELECT c.company_id, c.stored_sha256, {tenant_settings_sql('c.company_id', '$2', '$3')}"
        " FROM fleetops_credential($1) c",
        digest,
        *tenant_setting_values(today, now),
        timeout=statement_timeout_s,
    )
    return [Credential(int(r["company_id"]), bytes(r["stored_sha256"])) for r in rows]


async def insert_credential(
    conn: asyncpg.Connection,
    *,
    company_id: int,
    secret_sha256: bytes,
    label: str = "",
    statement_timeout_s: float | None = None,
) -> None:
    """Store a new bot credential of `company_id`: the secret's SHA-256 digest and a free-text label."""
    await conn.execute(
        "INSERT INTO bot_credentials (company_id, label, secret_sha256) VALUES ($1, $2, $3)",
        company_id,
        label,
        secret_sha256,
        timeout=statement_timeout_s,
    )


async def credential_is_live(
    conn: asyncpg.Connection, *, company_id: int, secret_sha256: bytes, statement_timeout_s: float | None = None
) -> bool:
    """True when `company_id` has an unrevoked credential with this digest."""
    found = await conn.fetchval(
        "SELECT 1 FROM bot_credentials WHERE secret_sha256 = $1 AND company_id = $2 AND revoked_at IS NULL",
        secret_sha256,
        company_id,
        timeout=statement_timeout_s,
    )
    return found is not None
