"""Text normalisation shared by the import and the entity resolution."""

from __future__ import annotations

import re
import unicodedata

_SPACES = re.compile(r"\s+")
_PLATE_JUNK = re.compile(r"[\s\-.]")


def fold(text: str) -> str:
    """Lower-case, accents removed, whitespace collapsed: 'Bahía  SOLANA' -> 'bahia solana'.

    Only combining marks are dropped (ñ -> n too); symbols such as & < > ' _ * are kept as they are.
    """
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _SPACES.sub(" ", stripped).strip().lower()


def normalize_plate(text: str) -> str:
    """Colombian plate in canonical form: 'klm-482' / 'KLM 482' -> 'KLM482'."""
    return _PLATE_JUNK.sub("", text).upper()
