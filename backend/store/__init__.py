"""Every SQL statement of the product, by subject (issue 12).

Each function takes a connection inside `backend.db.connect.tenant_transaction` (row-level security scopes
every statement to the caller's company; "today" is `fleetops_today(timezone)`, so FLEETOPS_TODAY holds),
keyword-only arguments and an optional `statement_timeout_s` (seconds, asyncpg's per-statement `timeout`;
None: the pool's default). Rows come back as frozen dataclasses, never as asyncpg records; nothing returned
carries text the user wrote, only what the database holds.
"""
