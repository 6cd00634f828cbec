"""`telegram_stub`: a Telegram Bot API stand-in over real HTTP on 127.0.0.1, plus helpers to run the bot.

The stub speaks the Bot API wire format (POST /bot<token>/<method>, form or multipart parameters,
`{"ok": true, "result": ...}` replies with dates in seconds) for getMe, getUpdates (long polling),
deleteWebhook, setMyCommands, sendMessage, sendChatAction, editMessageText, sendDocument, sendPhoto, getFile, and
serves file downloads at /file/bot<token>/<file_path>. Every call is recorded (`calls`); errors can be
scripted per method (`fail_next`). It serves many bots at once: every token in `tokens` (default just
TOKEN; `add_token`) has its own update queue and bot user; `revoke(token)` answers 401 Unauthorized to
every call of that bot, `conflict(token)` answers getUpdates with 409 Conflict (another poller). Updates are queued
with `push(...)` using the builders
(`text`, `command`, `voice`, `sticker`, …) and fetched by the real Application's updater.

`run_bot(stub, backend_url=..., backend_secret=...)` builds the real Application with
`bot.main.build_application`, points it at the stub and polls it; use it as an async context manager.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import threading
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, unquote

import pytest

TOKEN = "123456789:TEST-token_for-the-stub"
BOT_USER = {
    "id": 7_000_000_001,
    "is_bot": True,
    "first_name": "fleetops",
    "username": "fleetops_test_bot",
    "can_join_groups": True,
    "can_read_all_group_messages": False,
    "supports_inline_queries": False,
}
_RAW_KEYS = {"text", "caption", "file_id", "description", "url"}


def _decode(key: str, value: str) -> Any:
    """Form values are JSON-encoded unless they are strings; keep text-like keys raw."""
    if key in _RAW_KEYS:
        return value
    try:
        return json.loads(value)
    except ValueError:
        return value


@dataclass
class Call:
    method: str
    params: dict[str, Any]
    files: dict[str, tuple[str, bytes]] = field(default_factory=dict)
    token: str = TOKEN


@dataclass
class _Failure:
    status: int
    description: str
    retry_after: int | None
    when: Callable[[dict], bool]


class TelegramStub:
    """The running stand-in. Thread-safe; the HTTP server runs in its own thread."""

    def __init__(self, tokens: tuple[str, ...] = (TOKEN,)) -> None:
        self.calls: list[Call] = []
        self.files: dict[str, tuple[str, bytes]] = {}  # file_id -> (file_path, content)
        self.tokens: set[str] = set(tokens)
        self.revoked: set[str] = set()
        self.conflicted: set[str] = set()
        self._updates: dict[str, list[dict]] = {}
        self._failures: dict[str, list[_Failure]] = {}
        self._lock = threading.RLock()
        self._cond = threading.Condition(self._lock)  # guards everything; one waiting condition per token:
        self._arrived: dict[str, threading.Condition] = {}
        self._ids = itertools.count(1)
        self._update_ids = itertools.count(1)
        self.server = _QuietServer(("127.0.0.1", 0), _handler_for(self))
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, name="telegram-stub", daemon=True)

    # -- addresses ------------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    # -- scripting -------------------------------------------------------------------------------
    def push(self, update: dict, token: str = TOKEN) -> dict:
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
    def bot_user(token: str) -> dict:
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
        when: Callable[[dict], bool] = lambda params: True,
    ) -> None:
        """The next call of `method` whose params satisfy `when` gets this Bot API error."""
        with self._cond:
            self._failures.setdefault(method, []).append(_Failure(status, description, retry_after, when))

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

    def sent(self, chat_id: int | None = None, token: str | None = None) -> list[dict]:
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

    async def wait_for(self, predicate: Callable[[], bool], what: str = "condition", timeout_s: float = 20.0) -> None:
        """Wait (without blocking the loop) until `predicate()` holds; AssertionError after `timeout_s`."""
        end = time.monotonic() + timeout_s
        while not predicate():
            if time.monotonic() > end:
                raise AssertionError(f"timed out waiting for {what}; sent: {self.texts()!r}")
            await asyncio.sleep(0.02)

    async def wait_texts(self, chat_id: int, count: int) -> list[str]:
        """Wait until `count` messages were sent to `chat_id`; returns them all."""
        await self.wait_for(lambda: len(self.sent(chat_id)) >= count, f"{count} messages to {chat_id}")
        return self.texts(chat_id)

    # -- update builders (real Bot API shapes; dates in seconds) ---------------------------------
    def _message(self, chat_id: int, user_id: int, chat_type: str, **extra: Any) -> dict:
        user = {"id": user_id, "is_bot": False, "first_name": f"Usuario{user_id}", "language_code": "es"}
        chat = {"id": chat_id, "type": chat_type}
        chat.update({"first_name": user["first_name"]} if chat_type == "private" else {"title": "Flota"})
        return {"message_id": next(self._ids), "date": int(time.time()), "chat": chat, "from": user, **extra}

    def _update(self, kind: str, message: dict) -> dict:
        return {"update_id": next(self._update_ids), kind: message}

    def text(
        self,
        text: str,
        *,
        chat_id: int,
        user_id: int | None = None,
        chat_type: str = "private",
        reply_to_bot: bool = False,
    ) -> dict:
        user_id = chat_id if user_id is None else user_id
        extra: dict[str, Any] = {"text": text}
        if text.startswith("/"):
            extra["entities"] = [{"type": "bot_command", "offset": 0, "length": len(text.split()[0])}]
        if reply_to_bot:
            extra["reply_to_message"] = {
                "message_id": next(self._ids),
                "date": int(time.time()) - 60,
                "chat": {"id": chat_id, "type": chat_type},
                "from": BOT_USER,
                "text": "respuesta anterior",
            }
        return self._update("message", self._message(chat_id, user_id, chat_type, **extra))

    def command(self, command: str, *, chat_id: int, user_id: int | None = None, chat_type: str = "private") -> dict:
        return self.text(
            command if command.startswith("/") else "/" + command, chat_id=chat_id, user_id=user_id, chat_type=chat_type
        )

    def voice(
        self,
        content: bytes,
        *,
        chat_id: int,
        user_id: int | None = None,
        duration: int = 3,
        mime_type: str = "audio/ogg",
    ) -> dict:
        file_id = self.add_file(content)
        voice = {
            "file_id": file_id,
            "file_unique_id": "U" + file_id,
            "duration": duration,
            "mime_type": mime_type,
            "file_size": len(content),
        }
        return self._update(
            "message", self._message(chat_id, chat_id if user_id is None else user_id, "private", voice=voice)
        )

    def sticker(self, *, chat_id: int) -> dict:
        sticker = {
            "file_id": "STK1",
            "file_unique_id": "USTK1",
            "type": "regular",
            "width": 512,
            "height": 512,
            "is_animated": False,
            "is_video": False,
            "emoji": "👍",
        }
        return self._update("message", self._message(chat_id, chat_id, "private", sticker=sticker))

    def photo(self, *, chat_id: int) -> dict:
        photo = [{"file_id": "PH1", "file_unique_id": "UPH1", "width": 90, "height": 90, "file_size": 1000}]
        return self._update("message", self._message(chat_id, chat_id, "private", photo=photo))

    def location(self, *, chat_id: int) -> dict:
        return self._update(
            "message", self._message(chat_id, chat_id, "private", location={"latitude": 6.25, "longitude": -75.56})
        )

    def in_forum(self, update: dict, topic: int | None, *, reply_to_bot: bool = True) -> dict:
        """`update`'s message moved into a forum supergroup: into topic `topic` (`message_thread_id`,
        `is_topic_message`), or into the General topic with `topic=None` (no thread id, as Telegram
        sends it); `reply_to_bot` makes it a reply to the bot, so a group message is addressed to it."""
        message = next(v for k, v in update.items() if k != "update_id")
        message["chat"] = {"id": message["chat"]["id"], "type": "supergroup", "title": "Flota", "is_forum": True}
        if topic is not None:
            message.update(message_thread_id=topic, is_topic_message=True)
        if reply_to_bot:
            message["reply_to_message"] = {
                "message_id": next(self._ids),
                "date": int(time.time()) - 60,
                "chat": message["chat"],
                "from": BOT_USER,
                "text": "respuesta anterior",
                **({"message_thread_id": topic, "is_topic_message": True} if topic is not None else {}),
            }
        return update

    def edited_text(self, text: str, *, chat_id: int) -> dict:
        message = self._message(chat_id, chat_id, "private", text=text, edit_date=int(time.time()))
        return self._update("edited_message", message)

    def channel_post(self, text: str, *, chat_id: int = -100777) -> dict:
        post = {
            "message_id": next(self._ids),
            "date": int(time.time()),
            "text": text,
            "chat": {"id": chat_id, "type": "channel", "title": "Canal"},
        }
        return self._update("channel_post", post)

    # -- Bot API methods -------------------------------------------------------------------------
    def _sent_message(self, params: dict, **extra: Any) -> dict:
        chat_id = params.get("chat_id")
        return {
            "message_id": next(self._ids),
            "date": int(time.time()),
            "from": BOT_USER,
            "chat": {"id": chat_id, "type": "private" if isinstance(chat_id, int) and chat_id > 0 else "group"},
            **extra,
        }

    def handle(
        self, method: str, params: dict, files: dict[str, tuple[str, bytes]], token: str = TOKEN
    ) -> tuple[int, dict]:
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

    def _get_updates(self, token: str, params: dict) -> list[dict]:
        offset = int(params.get("offset") or 0)
        wait = min(float(params.get("timeout") or 0), 0.5)  # short long-poll: quick shutdown
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


class _QuietServer(ThreadingHTTPServer):
    """Clients that close kept-alive connections at shutdown are normal here, not errors to print. The
    listen backlog fits many bots opening connections at once (socketserver's default is 5)."""

    request_queue_size = 1024

    def handle_error(self, request: object, client_address: object) -> None:
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def _handler_for(stub: TelegramStub) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        # headers and body go out in two writes: without TCP_NODELAY the client's delayed ACK
        # adds ~40 ms to every keep-alive response, which would dwarf what the benchmarks measure
        disable_nagle_algorithm = True

        def log_message(self, *args: Any) -> None:
            pass

        def _reply(self, status: int, body: bytes, content_type: str = "application/json") -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # the client gave up mid long-poll
                self.wfile.write(body)

        def _token_path(self, prefix: str) -> tuple[str, str] | None:
            """(token, rest) of /<prefix><token>/<rest> for a token the stub serves."""
            path = unquote(self.path)  # httpx sends the token's ":" as "%3A" in file URLs
            if not path.startswith(prefix):
                return None
            token, _, rest = path[len(prefix) :].partition("/")
            return (token, rest) if token in stub.tokens else None

        def do_GET(self) -> None:
            found = self._token_path("/file/bot")
            content = stub.download(found[1]) if found else None
            if content is None:
                self._reply(404, b'{"ok":false,"error_code":404,"description":"Not Found"}')
            else:
                self._reply(200, content, "application/octet-stream")

        def do_POST(self) -> None:
            raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            found = self._token_path("/bot")
            if found is None:
                self._reply(404, b'{"ok":false,"error_code":404,"description":"Not Found"}')
                return
            params, files = _parse_body(self.headers.get("Content-Type", ""), raw)
            status, body = stub.handle(found[1], params, files, token=found[0])
            self._reply(status, json.dumps(body).encode())

    return Handler


def _parse_body(content_type: str, raw: bytes) -> tuple[dict, dict[str, tuple[str, bytes]]]:
    params: dict[str, Any] = {}
    files: dict[str, tuple[str, bytes]] = {}
    if content_type.startswith("multipart/form-data"):
        message = BytesParser(policy=HTTP).parsebytes(b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + raw)
        for part in message.iter_parts():
            name = part.get_param("name", header="content-disposition")
            filename = part.get_filename()
            payload = part.get_payload(decode=True) or b""
            if filename is not None:
                files[name] = (filename, payload)
            else:
                params[name] = _decode(name, payload.decode())
    elif raw:
        if content_type.startswith("application/json"):
            params = json.loads(raw)
        else:
            params = {k: _decode(k, v) for k, v in parse_qsl(raw.decode(), keep_blank_values=True)}
    return params, files


@pytest.fixture
def telegram_stub():
    stub = TelegramStub()
    stub.thread.start()
    try:
        yield stub
    finally:
        stub.close()


@contextlib.asynccontextmanager
async def run_bot(
    stub: TelegramStub,
    *,
    backend_url: str,
    backend_secret: str,
    clock: Callable[[], float] | None = None,
    backend_transport: Any = None,
    **settings: Any,
) -> AsyncIterator[Any]:
    """The real Application (bot.main.build_application) polling `stub`; yields the Application.

    `backend_transport`: an httpx transport for the backend calls (see tests/fixtures_fake_backend.py).
    Extra keyword arguments are BotSettings fields (e.g. memory_pairs=5, memory_ttl_s=900).
    """
    from bot.config import BotSettings
    from bot.lifecycle import running
    from bot.main import build_application

    config = BotSettings(telegram_bot_token=TOKEN, backend_url=backend_url, backend_secret=backend_secret, **settings)
    application = build_application(
        config,
        base_url=stub.base_url,
        base_file_url=stub.base_file_url,
        clock=clock,
        backend_transport=backend_transport,
    )
    async with running(application):
        await application.updater.start_polling(poll_interval=0.0, timeout=1)
        yield application
