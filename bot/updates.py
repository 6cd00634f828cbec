"""getUpdates' HTTP request, tolerant of one update python-telegram-bot cannot parse.

PTB parses a getUpdates batch as a whole: one update it cannot build (a field its version requires
and the payload lacks, a value of an unexpected type) fails the batch, which its Updater then never
confirms — it logs the whole batch, message texts included, at CRITICAL and asks for the same batch at
once, forever, so every later message of every chat waits behind it (measured with a poll lacking
`persistent_id`, required by PTB 22.8). `TolerantUpdatesRequest` is that request with each update of
the batch checked first: one that does not parse is replaced by the bare `{"update_id": N}`, which PTB
confirms and no handler answers; the log names the update id and the error type, never the content.
"""

from __future__ import annotations

import logging
from typing import Any

from telegram import Update
from telegram.request import HTTPXRequest

log = logging.getLogger(__name__)


def _parseable(item: Any) -> Any:
    """`item` when PTB can build an Update from it; else `{"update_id": N}` (or `item` as it was when it
    has no integer update_id: nothing could confirm it anyway)."""
    try:
        Update.de_json(item, None)
    except Exception as exc:  # noqa: BLE001 — whatever the parser raises for untrusted JSON
        update_id = item.get("update_id") if isinstance(item, dict) else None
        if type(update_id) is not int:
            return item
        log.warning("update %s skipped: python-telegram-bot cannot parse it (%s)", update_id, type(exc).__name__)
        return {"update_id": update_id}
    return item


class TolerantUpdatesRequest(HTTPXRequest):
    """`HTTPXRequest` for getUpdates whose batches never hold an update PTB cannot parse (module doc)."""

    @staticmethod
    def parse_json_payload(payload: bytes) -> dict[str, Any]:
        data = HTTPXRequest.parse_json_payload(payload)
        result = data.get("result") if isinstance(data, dict) else None
        if isinstance(result, list):
            data["result"] = [_parseable(item) for item in result]
        return data
