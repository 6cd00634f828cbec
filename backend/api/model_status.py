"""What this backend process last saw of the model, for `GET /v1/health` (the bot's /estado).

`/v1/ask` records every model call's outcome here (`answered()` / `failed(outcome)`); `report()` turns it
into the contract's `ModelHealth` without calling the model. State is per process and starts empty
("unused") at every start; times are UTC.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from backend.contract import ModelHealth


def _utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class ModelStatus:
    """The last answered call, the last failed one (its outcome code: "connection", "timeout",
    "http_401", "bad_response"…) and the failures since the last answer. `clock` (UTC) for tests."""

    def __init__(self, clock: Callable[[], dt.datetime] = _utc_now) -> None:
        self._clock = clock
        self._last_ok_at: dt.datetime | None = None
        self._last_failure_at: dt.datetime | None = None
        self._last_failure: str | None = None
        self._failures_in_a_row = 0

    def answered(self) -> None:
        """A call returned a reply (whatever its stop_reason)."""
        self._last_ok_at = self._clock()
        self._failures_in_a_row = 0

    def failed(self, outcome: str) -> None:
        """A call gave no usable reply; `outcome` is `ModelUnavailable.outcome`."""
        self._last_failure_at, self._last_failure = self._clock(), outcome
        self._failures_in_a_row += 1

    def report(self, *, configured: bool) -> ModelHealth:
        """ "unconfigured" without an API key; else "unused" (no call yet), "ok" or "failing" by the last call."""
        if not configured:
            state = "unconfigured"
        elif self._last_ok_at is None and self._last_failure_at is None:
            state = "unused"
        elif self._failures_in_a_row:
            state = "failing"
        else:
            state = "ok"
        return ModelHealth(
            state=state,
            last_ok_at=self._last_ok_at,
            last_failure_at=self._last_failure_at,
            last_failure=self._last_failure,
            failures_in_a_row=self._failures_in_a_row,
        )
