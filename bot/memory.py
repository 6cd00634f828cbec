"""Working memory: the last N question–answer pairs per (chat, user) and the conversation's focus,
forgotten together after a quiet TTL.

Backed by `cachetools.TTLCache` (LRU beyond `max_chats`), driven by an injectable monotonic clock so
tests can move time. The TTL counts from the chat's last *completed* exchange: only `store()` resets
it; reading does not. `sweep()` frees expired chats (the bot runs it from the JobQueue every minute).

The focus (what the conversation is about: at most one client, vehicle, driver and delivery note, as
the backend's `AskResponse.focus` gives them) lives beside the window, not in a pair: it stays after
the pair that set it leaves the window, until the chat's TTL or `forget()`.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from cachetools import Cache, TTLCache

from backend.contract import FocusEntity, HistoryTurn
from backend.core.history import MAX_TURN_CHARS, shorten

ChatKey = tuple[int, int]
"""(chat_id, user_id): memory is per chat and, in groups, per person."""

TRIM_CHARS = MAX_TURN_CHARS
"""Same per-field limit the backend applies to history turns (it still sanitizes on its side)."""


_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def trim(text: str, limit: int = TRIM_CHARS) -> str:
    """`text` without control characters, cut as the backend cuts a history turn (`backend.core.history.
    shorten`: at most `limit` characters, at a word boundary, ending with "…"). The backend's full
    `clean_text` is ~10× slower and runs there anyway; the bot is not trusted."""
    return shorten(_CONTROL.sub("", text).strip(), limit)


@dataclass(frozen=True, slots=True)
class Pair:
    """One completed exchange. `at` is the memory clock's reading (seconds) when it was stored.

    The texts are kept UTF-8 encoded: a trimmed text ends with "…", which would make Python store the
    whole str at 2 bytes per character; `q` and `a` decode on access."""

    q_utf8: bytes
    a_utf8: bytes
    at: float

    @classmethod
    def of(cls, q: str, a: str, at: float) -> Pair:
        return cls(q.encode(), a.encode(), at)

    @property
    def q(self) -> str:
        return self.q_utf8.decode()

    @property
    def a(self) -> str:
        return self.a_utf8.decode()


# ASCII unit / record separators: control characters, never in a field (`FocusEntity` refuses them in a
# key and cleans them out of a label).
_FIELD, _ENTITY = "\x1f", "\x1e"


def _pack_focus(focus: Iterable[FocusEntity]) -> str:
    """The focus as one compact string, "kind␟key␟label" records joined by "␞", at most one entity
    per kind (the first given wins): a few dozen bytes instead of a model per entity."""
    seen: dict[str, str] = {}
    for entity in focus:
        seen.setdefault(entity.kind, _FIELD.join((entity.kind, entity.key, entity.label)))
    return _ENTITY.join(seen.values())


def _unpack_focus(packed: str) -> list[FocusEntity]:
    if not packed:
        return []
    return [
        FocusEntity.model_validate(dict(zip(("kind", "key", "label"), record.split(_FIELD), strict=True)))
        for record in packed.split(_ENTITY)
    ]


@dataclass(frozen=True, slots=True)
class _Chat:
    """One chat's memory: its window of pairs (oldest first), its packed focus ("" when none) and the latest
    exchange when it failed (`WorkingMemory.fail`)."""

    pairs: tuple[Pair, ...]
    focus: str = ""
    failed: Pair | None = None


class WorkingMemory:
    """Per-chat window of the last `size` pairs, expiring `ttl_s` seconds after the last store.

    Args:
        size: pairs kept per chat (the size+1-th pushes out the oldest, whole).
        ttl_s: seconds of quiet after which a chat starts empty.
        max_chats: chats held at most; beyond it the least recently used chat is dropped.
        clock: monotonic seconds; defaults to `time.monotonic`.
        trim_chars: per-field limit applied when storing.
    """

    def __init__(
        self,
        size: int = 6,
        ttl_s: float = 900.0,
        max_chats: int = 10_000,
        *,
        clock: Callable[[], float] = time.monotonic,
        trim_chars: int = TRIM_CHARS,
    ) -> None:
        if size < 1 or ttl_s <= 0 or max_chats < 1:
            raise ValueError("size, ttl_s and max_chats must be positive")
        self.size = size
        self.ttl_s = ttl_s
        self.clock = clock
        self.trim_chars = trim_chars
        self._chats: TTLCache[ChatKey, _Chat] = TTLCache(maxsize=max_chats, ttl=ttl_s, timer=clock)

    def history(self, key: ChatKey) -> list[dict[str, str]]:
        """The chat's pairs as JSON: [{"q", "a"}, ...] oldest first; [] if none."""
        return [turn.model_dump() for turn in self.turns(key)]

    def turns(self, key: ChatKey) -> list[HistoryTurn]:
        """The chat's pairs as the contract's `AskRequest.history` turns, oldest first; [] if none. A failed
        latest exchange (`fail`) comes last, so the next question is read after it, not after the topic
        before it («saldo del 413» → «No tengo un cliente con el código 413.» → «¿y estibas?»)."""
        chat = self._chats.get(key)
        if chat is None:
            return []
        return [HistoryTurn(q=p.q, a=p.a) for p in (*chat.pairs, *((chat.failed,) if chat.failed else ()))]

    def pairs(self, key: ChatKey) -> list[Pair]:
        """The chat's live pairs, oldest first (reading does not extend the TTL)."""
        chat = self._chats.get(key)
        return list(chat.pairs) if chat is not None else []

    def focus(self, key: ChatKey) -> list[FocusEntity]:
        """The chat's latest focus (at most one entity per kind); [] when none or expired."""
        chat = self._chats.get(key)
        if chat is None:
            return []
        return _unpack_focus(chat.focus)

    def store(self, key: ChatKey, question: str, answer: str, *, focus: Iterable[FocusEntity] | None = None) -> None:
        """Append one completed exchange (trimmed) and restart the chat's TTL.

        `focus`: None keeps the chat's focus as it is; entities replace it (at most one per kind, the
        first of a kind wins). Empty question or answer (after trimming): nothing is stored, the focus
        included (the backend would drop such a pair anyway).
        """
        q, a = trim(question, self.trim_chars), trim(answer, self.trim_chars)
        if not q or not a:
            return
        chat = self._chats.get(key)
        pairs, kept = (chat.pairs, chat.focus) if chat is not None else ((), "")
        # a tuple, rebuilt on store: far smaller than a deque for 6 items, and evicts the oldest whole
        ring = (*pairs, Pair.of(q, a, self.clock()))[-self.size :]
        self._chats[key] = _Chat(ring, kept if focus is None else _pack_focus(focus))  # restarts the TTL

    def fail(self, key: ChatKey, question: str, answer: str) -> None:
        """Keep a failed exchange (not found, not understood) beside the window until the next one: sent as
        the latest history turn of the next question only, it pushes no pair out and leaves the focus."""
        q, a = trim(question, self.trim_chars), trim(answer, self.trim_chars)
        chat = self._chats.get(key)
        if not q or not a:
            return
        pairs, kept = (chat.pairs, chat.focus) if chat is not None else ((), "")
        self._chats[key] = _Chat(pairs, kept, Pair.of(q, a, self.clock()))

    def move_chat(self, old_chat: int, new_chat: int) -> int:
        """Every user's memory of chat `old_chat` moved to chat `new_chat` (a group that became a
        supergroup gets a new id from Telegram); how many users' memories moved. A memory already held
        under the new id is kept; the moved ones restart their TTL."""
        moved = 0
        for key in [k for k in list(self._chats.keys()) if k[0] == old_chat]:
            chat = self._chats.pop(key, None)
            if chat is not None and (new_chat, key[1]) not in self._chats:
                self._chats[(new_chat, key[1])] = chat
                moved += 1
        return moved

    def forget(self, key: ChatKey) -> bool:
        """Drop the chat's memory (pairs and focus) now; True if there was something to drop."""
        return self._chats.pop(key, None) is not None

    def expires_in(self, key: ChatKey) -> float | None:
        """Seconds until the chat's memory expires, or None when it holds nothing."""
        chat = self._chats.get(key)
        if chat is None or not chat.pairs:
            return None
        return max(0.0, chat.pairs[-1].at + self.ttl_s - self.clock())

    def sweep(self) -> int:
        """Free expired chats; returns how many were removed."""
        return len(self._chats.expire())

    def held(self) -> int:
        """Entries physically held, including expired ones the sweeper has not freed yet."""
        return Cache.__len__(self._chats)

    def __len__(self) -> int:
        """Chats with live (unexpired) memory."""
        return len(self._chats)

    def __contains__(self, key: object) -> bool:
        return key in self._chats
