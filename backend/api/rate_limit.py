"""The per-company rate limit (`RateLimiter`) and where it counts: in this process (default) or in a shared Redis.

FLEETOPS_RATE_LIMIT_STORAGE takes `memory://` or a Redis URL as operators write it (`redis://host:6379/0`,
`rediss://…` for TLS, `redis+unix:///run/redis.sock`); `storage_uri` (in backend.core.values, where the
settings check it too) maps it to the scheme of the `limits` library's async storage (`async+redis://…`,
served by coredis: the `limits[async-redis]` extra). With Redis, every backend process (uvicorn workers,
several hosts) counts against the same window counters.
"""

from __future__ import annotations

import logging
import math
import time

from limits import parse
from limits.aio.storage import Storage
from limits.aio.strategies import SlidingWindowCounterRateLimiter
from limits.errors import StorageError
from limits.storage import storage_from_string

from backend.api.errors import ApiError
from backend.core import spanish
from backend.core.values import MEMORY, storage_uri

log = logging.getLogger(__name__)


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


_PER = {"second": ("segundo", "segundos"), "minute": ("minuto", "minutos"), "hour": ("hora", "horas")}
_PER |= {"day": ("día", "días"), "month": ("mes", "meses"), "year": ("año", "años")}


class RateLimiter:
    """Per-company limit, e.g. "30/minute", counted in `storage` (`backend.api.rate_limit`: this process's
    memory, or a Redis shared by every backend process).

    The `limits` library's sliding window counter: two counters per company (this window and the last,
    weighted by how much of it still overlaps), so a check costs the same whatever the rate. Its moving
    window kept every request's timestamp and, in memory, re-sorted each company's log in a worker thread
    after each request (10–20 % of the backend's CPU under a flood of 50 companies)."""

    def __init__(self, spec: str, storage: str = MEMORY):
        self._item = parse(spec)
        self._limiter = SlidingWindowCounterRateLimiter(build_storage(storage))

    def describe(self) -> str:
        """The limit in Spanish: «30 consultas por minuto», «100 consultas cada 5 minutos»."""
        one, many = _PER.get(self._item.GRANULARITY.name, (self._item.GRANULARITY.name,) * 2)
        n = self._item.multiples
        return spanish.plural(self._item.amount, "consulta", "consultas") + (
            f" por {one}" if n == 1 else f" cada {n} {many}"
        )

    async def check(self, company_id: int) -> None:
        """Count one request; raise 429 `rate_limited` with Retry-After (seconds) when over. A shared
        storage that is down admits the request (logged): the limit guards cost, answering matters more."""
        key = str(company_id)
        try:
            if await self._limiter.hit(self._item, key):
                return
        except StorageError as exc:
            log.warning("rate limit storage unavailable, request admitted: %s", type(exc.storage_error).__name__)
            return
        stats = await self._limiter.get_window_stats(self._item, key)
        retry_after = max(1, math.ceil(stats.reset_time - time.time()))
        raise ApiError(
            429,
            "rate_limited",
            f"Tu empresa llegó a su límite de {self.describe()}. Intenta de nuevo en {retry_after} segundos.",
            headers={"Retry-After": str(retry_after)},
        )
