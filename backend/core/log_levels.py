"""Library loggers that say too much at INFO for an operator's log."""

from __future__ import annotations

import logging

# fontTools.subset logs a dozen INFO lines per PDF (fpdf2 subsets the embedded font for every delivery note):
# in the demo's log they were 560 of 1,000 lines after an hour's use, burying the product's own lines.
CHATTY_AT_INFO = ("fontTools", "httpx")  # httpx: one line per request, with a bot's token in the URL


def quiet_chatty_loggers() -> None:
    """Raise the level of `CHATTY_AT_INFO` to WARNING (their warnings and errors still show)."""
    for name in CHATTY_AT_INFO:
        logging.getLogger(name).setLevel(logging.WARNING)
