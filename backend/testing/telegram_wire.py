"""The Telegram Bot API wire for `TelegramStub`: the test bot's identity, request parsing (form,
JSON or multipart parameters, files) and the HTTP server that routes POST /bot<token>/<method> to
`BotAPI.handle` and GET /file/bot<token>/<file_path> to `BotAPI.download`.
"""

from __future__ import annotations

import contextlib
import json
import socket
import sys
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Protocol
from urllib.parse import parse_qsl, unquote

#: A JSON object as the Bot API sends and receives it (parameters, updates, results).
JSONDict = dict[str, Any]
#: Uploaded files of one request: form field -> (file name, content).
Files = dict[str, tuple[str, bytes]]

TOKEN = "123456789:TEST-token_for-the-stub"
BOT_USER: JSONDict = {
    "id": 7_000_000_001,
    "is_bot": True,
    "first_name": "fleetops",
    "username": "fleetops_test_bot",
    "can_join_groups": True,
    "can_read_all_group_messages": False,
    "supports_inline_queries": False,
}
_RAW_KEYS = {"text", "caption", "file_id", "description", "url"}


class BotAPI(Protocol):
    """What the HTTP handler needs of the stub."""

    tokens: set[str]

    def handle(self, method: str, params: JSONDict, files: Files, token: str = TOKEN) -> tuple[int, JSONDict]: ...

    def download(self, path: str) -> bytes | None: ...


def _decode(key: str, value: str) -> Any:
    """Form values are JSON-encoded unless they are strings; keep text-like keys raw."""
    if key in _RAW_KEYS:
        return value
    try:
        return json.loads(value)
    except ValueError:
        return value


class QuietServer(ThreadingHTTPServer):
    """Clients that close kept-alive connections at shutdown are normal here, not errors to print. The
    listen backlog fits many bots opening connections at once (socketserver's default is 5)."""

    request_queue_size = 1024

    def handle_error(self, request: socket.socket | tuple[bytes, socket.socket], client_address: Any) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def handler_for(stub: BotAPI) -> type[BaseHTTPRequestHandler]:
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
            params, files = parse_body(self.headers.get("Content-Type", ""), raw)
            status, body = stub.handle(found[1], params, files, token=found[0])
            self._reply(status, json.dumps(body).encode())

    return Handler


def parse_body(content_type: str, raw: bytes) -> tuple[JSONDict, Files]:
    """(parameters, files) of a Bot API request body: multipart, JSON or urlencoded form."""
    params: JSONDict = {}
    files: Files = {}
    if content_type.startswith("multipart/form-data"):
        message = BytesParser(policy=HTTP).parsebytes(b"Content-Type: " + content_type.encode() + b"\r\n\r\n" + raw)
        for part in message.iter_parts():
            name = str(part.get_param("name", header="content-disposition"))
            filename = part.get_filename()
            payload = part.get_payload(decode=True)
            data = payload if isinstance(payload, bytes) else b""
            if filename is not None:
                files[name] = (filename, data)
            else:
                params[name] = _decode(name, data.decode())
    elif raw:
        if content_type.startswith("application/json"):
            params = json.loads(raw)
        else:
            params = {k: _decode(k, v) for k, v in parse_qsl(raw.decode(), keep_blank_values=True)}
    return params, files
