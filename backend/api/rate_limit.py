"""Where the per-company rate limit counts: in this process (default) or in a shared Redis.

FLEETOPS_RATE_LIMIT_STORAGE takes `memory://` or a Redis URL as operators write it (`redis://host:6379/0`,
`rediss://…` for TLS, `redis+unix:///run/redis.sock`); `storage_uri` (in backend.core.values, where the
settings check it too) maps it to the scheme of the `limits` library's async storage (`async+redis://…`,
served by coredis: the `limits[async-redis]` extra). With Redis, every backend process (uvicorn workers,
several hosts) counts against the same moving window.
"""

from __future__ import annotations

from limits.aio.storage import Storage
from limits.storage import storage_from_string

from backend.core.values import storage_uri


def is_shared(url: str) -> bool:
    """True when the storage is shared between processes (not `memory://`)."""
    return not storage_uri(url).startswith("async+memory")


def build_storage(url: str) -> Storage:
    """The async storage for `url`. Connects lazily: an unreachable Redis shows up on the first hit as
    `limits.errors.StorageError` (wrap_exceptions)."""
    storage = storage_from_string(storage_uri(url), wrap_exceptions=True)
    if not isinstance(storage, Storage):  # an `async+` scheme always gives an async storage
        raise TypeError(f"not an async storage: {type(storage).__name__}")
    return storage
