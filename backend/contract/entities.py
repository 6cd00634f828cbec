"""The scalar types every `/v1` body shares: Telegram ids, an entity's natural key and label as they
may come from an untrusted peer, and the focus entity (what an answer was about)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, Strict

from backend.core.text import clean_text
from backend.core.values import FIRST_DAY, LAST_DAY

INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1

#: Telegram user id: 1 … 2⁶³−1, a JSON integer (strict: no bool, float or numeric string).
UserId = Annotated[int, Strict(), Field(ge=1, le=INT64_MAX)]
#: Telegram chat id: any signed 64-bit integer (group and channel chats are negative); strict as UserId.
ChatId = Annotated[int, Strict(), Field(ge=INT64_MIN, le=INT64_MAX)]

_ISO_DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _day_text(value: object) -> object:
    """Only the text `YYYY-MM-DD` (or a `date`, built in-process) may become a Day: pydantic's lax mode
    also took a Unix timestamp (1764547200 → 2025-12-01) and a datetime text ("2026-11-02T00:00:00")."""
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return value
    if isinstance(value, str) and _ISO_DAY.fullmatch(value):
        return value
    raise ValueError("a day is written YYYY-MM-DD")


#: A calendar day from a peer (the JSON text `YYYY-MM-DD`), within the import's range 1900-01-01 …
#: 2100-12-31 (`backend.core.values`): no company has data outside it.
Day = Annotated[dt.date, BeforeValidator(_day_text), Field(ge=FIRST_DAY, le=LAST_DAY)]

EntityKind = Literal["client", "vehicle", "driver", "delivery_note"]


def _plain_key(value: str) -> str:
    """A natural key as it may reach a query: stripped; refused (ValueError) when blank or carrying a NUL,
    another control or an invisible character, or is not NFC — the import refuses such keys, so no
    company has one, and PostgreSQL refuses a NUL outright."""
    key = value.strip()
    if not key or clean_text(key, single_line=True) != key:
        raise ValueError("the key is blank or carries control or invisible characters")
    return key


#: An entity's natural key from an untrusted peer: 1–64 characters, nothing `clean_text` would change.
EntityKey = Annotated[str, Field(min_length=1, max_length=64), AfterValidator(_plain_key)]
#: Longest entity label kept: «[code] name» with a 64-character key and a 200-character name (the import's
#: limits) and room to spare.
LABEL_MAX = 300


def _label(value: str) -> str:
    """A display label cleaned to one line and cut at LABEL_MAX characters: a label is only shown, so a
    long one is shortened, never a reason to refuse the entity (a client whose imported name has 200
    characters has a 206-character label: refused, its own answer was a 500)."""
    return clean_text(value[: 4 * LABEL_MAX], single_line=True)[:LABEL_MAX].rstrip()


#: A display label from an untrusted peer (or built from the company's data): cleaned, at most LABEL_MAX.
EntityLabel = Annotated[str, AfterValidator(_label)]


class FocusEntity(BaseModel):
    """One entity a conversation is about: kind, its natural key within the company (client code,
    canonical plate, driver document number, delivery-note number) and a display label
    (e.g. `[412] DISTRIBUIDORA PUERTO CLARO`). Untrusted when it comes from the bot."""

    model_config = ConfigDict(extra="ignore")
    kind: EntityKind
    key: EntityKey
    label: EntityLabel = ""


SpokenKind = Literal["client", "vehicle", "delivery_note"]
"""What a voice transcript's code or plate may name (`SpokenDoubt`, the voice candidates)."""
