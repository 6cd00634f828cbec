"""A Telegram Bot API stand-in over real HTTP on 127.0.0.1 (a test double, see `backend.testing`).

The stub speaks the Bot API wire format (POST /bot<token>/<method>, form or multipart parameters,
`{"ok": true, "result": ...}` replies with dates in seconds) for getMe, getUpdates (long polling),
deleteWebhook, setMyCommands, sendMessage, sendChatAction, editMessageText, sendDocument, sendPhoto, getFile, and
serves file downloads at /file/bot<token>/<file_path>. Every call is recorded (`calls`); errors can be
scripted per method (`fail_next`). It serves many bots at once: every token in `tokens` (default just
TOKEN; `add_token`) has its own update queue and bot user; `revoke(token)` answers 401 Unauthorized to
every call of that bot, `conflict(token)` answers getUpdates with 409 Conflict (another poller). Updates are
queued with `push(...)` using the builders of `telegram_updates` (`text`, `command`, `voice`, `sticker`, …)
and fetched by the real Application's updater (`backend.testing.bot_runner.run_bot`).

Start it with `stub.thread.start()` and `close()` it afterwards (the pytest fixture `telegram_stub` in
tests/fixtures_telegram.py does both).
"""

from __future__ import annotations

import asyncio
import itertools
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from backend.testing.telegram_updates import UpdateBuilders
from backend.testing.telegram_wire import BOT_USER, TOKEN, Files, JSONDict, QuietServer, handler_for

SHUTDOWN_POLL_S = 0.02  # how often serve_forever checks for shutdown() (socketserver's default: 0.5 s)

__all__ = ["BOT_USER", "TOKEN", "Call", "TelegramStub"]


@dataclass
class Call:
    method: str
    params: dict[str, Any]
    files: Files = field(default_factory=dict)
    token: str = TOKEN


@dataclass
class _Failure:
    status: int
    description: str
    retry_after: int | None
    when: Callable[[JSONDict], bool]
    migrate_to_chat_id: int | None = None


class TelegramStub(UpdateBuilders):
    """The running stand-in. Thread-safe; the HTTP server runs in its own thread.

    `long_poll_cap_s`: the longest a getUpdates with nothing to return is held (the bot's `timeout`, at
    most this). Short by default so tests stop quickly; the bench holds polls as long as Telegram does."""

    long_poll_cap_s = 0.5

    def __init__(self, tokens: tuple[str, ...] = (TOKEN,)) -> None:
        self.calls: list[Call] = []
        # how long `wait_for` waits by default, seconds: tests that run Whisper raise it (a loaded 2-vCPU
        # machine took 7.7 s to transcribe a 7-s clip; these tests assert outcomes, not times)
        self.wait_s = 20.0
        self.files: Files = {}  # file_id -> (file_path, content)
        self.tokens: set[str] = set(tokens)
        self.revoked: set[str] = set()
        self.conflicted: set[str] = set()
        self._updates: dict[str, list[JSONDict]] = {}
        self._failures: dict[str, list[_Failure]] = {}
        self._lock = threading.RLock()
        self._cond = threading.Condition(self._lock)  # guards everything; one waiting condition per token:
        self._arrived: dict[str, threading.Condition] = {}
        self._ids = itertools.count(1)
        self._update_ids = itertools.count(1)
        self.server = QuietServer(("127.0.0.1", 0), handler_for(self))
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(
            target=self.server.serve_forever,
            kwargs={"poll_interval": SHUTDOWN_POLL_S},  # close() waits up to this long
            name="telegram-stub",
            daemon=True,
        )

    # -- addresses ------------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    # -- scripting -------------------------------------------------------------------------------
    def push(self, update: JSONDict, token: str = TOKEN) -> JSONDict:
        """Queue one update (as built by the helpers below) for the getUpdates of `token`; returns it."""
        with self._cond:
            self._updates.setdefault(token, []).append(update)
            self._arrival(token).notify_all()  # wakes only that bot's long poll
        return update

    def add_token(self, token: str) -> None:
        with self._cond:
            self.tokens.add(token)

    def revoke(self, token: str, revoked: bool = True) -> None:
        """Every call with `token` gets 401 Unauthorized (as after /revoke in BotFather) until undone."""
        with self._cond:
            (self.revoked.add if revoked else self.revoked.discard)(token)

    def conflict(self, token: str, on: bool = True) -> None:
        """getUpdates of `token` gets 409 Conflict (another process is polling it) until undone."""
        with self._cond:
            (self.conflicted.add if on else self.conflicted.discard)(token)

    @staticmethod
    def bot_user(token: str) -> JSONDict:
        """The getMe result of `token`: BOT_USER for TOKEN, else an id and username from the token."""
        if token == TOKEN:
            return BOT_USER
        bot_id = int(token.split(":", 1)[0])
        return {**BOT_USER, "id": bot_id, "username": f"fleetops{bot_id}_bot"}

    def fail_next(
        self,
        method: str,
        status: int,
        description: str,
        *,
        retry_after: int | None = None,
        when: Callable[[JSONDict], bool] = lambda params: True,
        migrate_to_chat_id: int | None = None,
    ) -> None:
        """The next call of `method` whose params satisfy `when` gets this Bot API error (`retry_after`,
        `migrate_to_chat_id`: the `parameters` Telegram adds for flood control and a group that became a
        supergroup)."""
        failure = _Failure(status, description, retry_after, when, migrate_to_chat_id)
        with self._cond:
            self._failures.setdefault(method, []).append(failure)

    def add_file(self, content: bytes, suffix: str = ".oga") -> str:
        """Make `content` downloadable through getFile; returns its file_id."""
        n = next(self._ids)
        file_id = f"FILE{n:06d}"
        with self._cond:
            self.files[file_id] = (f"voice/file_{n}{suffix}", content)
        return file_id

    # -- what the bot did ------------------------------------------------------------------------
    def calls_of(self, method: str, token: str | None = None) -> list[Call]:
        with self._cond:
            return [c for c in self.calls if c.method == method and (token is None or c.token == token)]

    def sent(self, chat_id: int | None = None, token: str | None = None) -> list[JSONDict]:
        """Params of every successful sendMessage (optionally to one chat, of one bot), in order."""
        with self._cond:
            return [
                c.params
                for c in self.calls
                if c.method == "sendMessage"
                and c.params.get("_ok")
                and (chat_id is None or c.params.get("chat_id") == chat_id)
                and (token is None or c.token == token)
            ]

    def texts(self, chat_id: int | None = None, token: str | None = None) -> list[str]:
        return [p["text"] for p in self.sent(chat_id, token)]

    async def wait_for(
        self, predicate: Callable[[], bool], what: str = "condition", timeout_s: float | None = None
    ) -> None:
        """Wait (without blocking the loop) until `predicate()` holds; AssertionError after `timeout_s`
        (default `wait_s`)."""
        end = time.monotonic() + (self.wait_s if timeout_s is None else timeout_s)
        while not predicate():
            if time.monotonic() > end:
                raise AssertionError(f"timed out waiting for {what}; sent: {self.texts()!r}")
            await asyncio.sleep(0.02)

    async def wait_texts(self, chat_id: int, count: int) -> list[str]:
        """Wait until `count` messages were sent to `chat_id`; returns them all."""
        await self.wait_for(lambda: len(self.sent(chat_id)) >= count, f"{count} messages to {chat_id}")
        return self.texts(chat_id)

    # -- Bot API methods -------------------------------------------------------------------------
    def _sent_message(self, params: JSONDict, **extra: Any) -> JSONDict:
        chat_id = params.get("chat_id")
        return {
            "message_id": next(self._ids),
            "date": int(time.time()),
            "from": BOT_USER,
            "chat": {"id": chat_id, "type": "private" if isinstance(chat_id, int) and chat_id > 0 else "group"},
            **extra,
        }

    def handle(self, method: str, params: JSONDict, files: Files, token: str = TOKEN) -> tuple[int, JSONDict]:
        with self._cond:
            call = Call(method, params, files, token)
            self.calls.append(call)
            if token in self.revoked:
                return 401, {"ok": False, "error_code": 401, "description": "Unauthorized"}
            if method == "getUpdates" and token in self.conflicted:
                return 409, {
                    "ok": False,
                    "error_code": 409,
                    "description": "Conflict: terminated by other "
                    "getUpdates request; make sure that only one bot instance is running",
                }
            for failure in self._failures.get(method, []):
                if failure.when(params):
                    self._failures[method].remove(failure)
                    body: dict[str, Any] = {
                        "ok": False,
                        "error_code": failure.status,
                        "description": failure.description,
                    }
                    if failure.retry_after is not None:
                        body["parameters"] = {"retry_after": failure.retry_after}
                    if failure.migrate_to_chat_id is not None:  # «Bad Request: group chat was upgraded…»
                        body["parameters"] = {"migrate_to_chat_id": failure.migrate_to_chat_id}
                    return failure.status, body
        if method == "getUpdates":
            return 200, {"ok": True, "result": self._get_updates(token, params)}
        result: Any = True
        if method == "getMe":
            result = self.bot_user(token)
        elif method in ("sendMessage", "editMessageText"):
            result = self._sent_message(params, text=params.get("text", ""))
        elif method == "sendDocument":
            name, content = next(iter(files.values()), ("documento", b""))
            result = self._sent_message(
                params,
                document={
                    "file_id": f"DOC{next(self._ids)}",
                    "file_unique_id": "D",
                    "file_name": name,
                    "file_size": len(content),
                },
            )
        elif method == "sendPhoto":
            name, content = next(iter(files.values()), ("photo", b""))
            result = self._sent_message(
                params,
                photo=[
                    {
                        "file_id": f"PH{next(self._ids)}",
                        "file_unique_id": "P",
                        "width": 1200,
                        "height": 800,
                        "file_size": len(content),
                    }
                ],
            )
        elif method == "getFile":
            file_id = str(params.get("file_id"))
            if file_id not in self.files:
                return 400, {"ok": False, "error_code": 400, "description": "Bad Request: invalid file_id"}
            path, content = self.files[file_id]
            result = {"file_id": file_id, "file_unique_id": "U" + file_id, "file_size": len(content), "file_path": path}
        params["_ok"] = True
        return 200, {"ok": True, "result": result}

    def _get_updates(self, token: str, params: JSONDict) -> list[JSONDict]:
        offset = int(params.get("offset") or 0)
        wait = min(float(params.get("timeout") or 0), self.long_poll_cap_s)
        limit = int(params.get("limit") or 100)
        with self._cond:
            queue = self._updates[token] = [u for u in self._updates.get(token, []) if u["update_id"] >= offset]
            if not queue and wait:
                self._arrival(token).wait(wait)
            return list(self._updates[token][:limit])

    def _arrival(self, token: str) -> threading.Condition:
        """The condition a long poll of `token` waits on (caller holds the lock)."""
        if token not in self._arrived:
            self._arrived[token] = threading.Condition(self._lock)
        return self._arrived[token]

    def download(self, path: str) -> bytes | None:
        with self._cond:
            files = list(self.files.values())
        for file_path, content in files:
            if file_path == path:
                return content
        return None

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
