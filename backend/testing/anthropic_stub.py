"""A real HTTP stand-in for the Anthropic Messages API on 127.0.0.1 (a test double, see `backend.testing`).

It answers `POST /v1/messages` in the Messages API wire format (message object with id, type, role,
content blocks, model, stop_reason, stop_sequence, usage), records every request (JSON body and
headers), and replies from a queue; when the queue is empty it uses `default` (a short Spanish text
answer). Queue helpers: `reply_text`, `reply_error` (429/529/500 with the real error body), `reply_slow`,
`reply_raw` (a 200 with any body: truncated JSON, HTML, the wrong shape).
Use with the real SDK: `AsyncAnthropic(base_url=stub.base_url, api_key="test-key")`; `start()` it, and
`stop()` it afterwards (the pytest fixture `anthropic_stub` in tests/fixtures_anthropic.py does both).
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

_ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}
_ids = itertools.count(1)
# how often serve_forever checks for shutdown(): `stop()` waits up to this long (socketserver's default,
# 0.5 s, made every test that used a stand-in wait ~0.25–0.5 s in teardown)
SHUTDOWN_POLL_S = 0.02


class _Server(ThreadingHTTPServer):
    request_queue_size = 1024  # a backend under load opens many connections at once (default backlog: 5)


@dataclass
class Reply:
    """One scripted reply: a message (`text`) or an error (`status` >= 400), after `delay_s`."""

    text: str = "Respuesta de prueba."
    stop_reason: str = "end_turn"
    status: int = 200
    delay_s: float = 0.0
    usage: dict[str, int] = field(
        default_factory=lambda: {
            "input_tokens": 321,
            "output_tokens": 12,
            "cache_read_input_tokens": 0,
            "cache_creation_input_tokens": 0,
        }
    )
    empty_content: bool = False
    error_message: str = "Overloaded (upstream detail 7f3a)"
    raw_body: bytes | None = None  # sent as is with status 200 (a broken or hostile upstream)
    content_type: str = "application/json"


@dataclass
class RecordedRequest:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


def message_json(reply: Reply, model: str) -> dict[str, Any]:
    """A Messages API response object for `reply`."""
    content = [] if reply.empty_content else [{"type": "text", "text": reply.text}]
    return {
        "id": f"msg_stub{next(_ids):06d}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": reply.stop_reason,
        "stop_sequence": None,
        "usage": dict(reply.usage),
    }


class AnthropicStub:
    """The running stand-in. `requests` holds what the SDK sent, oldest first."""

    def __init__(self) -> None:
        self.requests: list[RecordedRequest] = []
        self.queue: deque[Reply] = deque()
        self.default = Reply()
        self._lock = threading.Lock()
        self._server = _Server(("127.0.0.1", 0), self._handler_class())
        self._server.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": SHUTDOWN_POLL_S},
            name="anthropic-stub",
            daemon=True,
        )

    # --- scripting -------------------------------------------------------------------------------
    def reply_text(self, text: str, *, stop_reason: str = "end_turn", **kw: Any) -> None:
        self.queue.append(Reply(text=text, stop_reason=stop_reason, **kw))

    def reply_error(self, status: int, *, times: int = 1, message: str | None = None) -> None:
        for _ in range(times):
            reply = Reply(status=status)
            if message:
                reply.error_message = message
            self.queue.append(reply)

    def reply_raw(self, body: bytes | str, *, content_type: str = "application/json") -> None:
        """A 200 whose body is `body` verbatim: truncated JSON, HTML, a message of the wrong shape."""
        raw = body.encode("utf-8", "surrogatepass") if isinstance(body, str) else body
        self.queue.append(Reply(raw_body=raw, content_type=content_type))

    def reply_slow(self, delay_s: float, text: str = "Respuesta lenta.") -> None:
        self.queue.append(Reply(text=text, delay_s=delay_s))

    def reset(self) -> None:
        with self._lock:
            self.requests.clear()
            self.queue.clear()
            self.default = Reply()

    @property
    def last_body(self) -> dict[str, Any]:
        return self.requests[-1].body

    # --- server ----------------------------------------------------------------------------------
    def _next(self, recorded: RecordedRequest) -> Reply:
        with self._lock:
            self.requests.append(recorded)
            return self.queue.popleft() if self.queue else self.default

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        stub = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # headers and body go out in two writes: without TCP_NODELAY the client's delayed ACK
            # adds ~40 ms to every keep-alive response, which would dwarf what the benchmarks measure
            disable_nagle_algorithm = True

            def log_message(self, *args: Any) -> None:  # keep test output clean
                pass

            def _send(
                self,
                status: int,
                payload: dict[str, Any] | bytes,
                headers: dict[str, str] | None = None,
                content_type: str = "application/json",
            ) -> None:
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("content-type", content_type)
                self.send_header("content-length", str(len(data)))
                self.send_header("request-id", f"req_stub{next(_ids):06d}")
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("content-length") or 0))
                try:
                    body = json.loads(raw or b"{}")
                except ValueError:
                    body = {"_raw": raw.decode("utf-8", "replace")}
                if self.path.split("?")[0] != "/v1/messages":
                    self._send(404, {"type": "error", "error": {"type": "not_found_error", "message": "no"}})
                    return
                reply = stub._next(RecordedRequest(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
                if reply.delay_s:
                    time.sleep(reply.delay_s)
                if reply.status >= 400:
                    self._send(
                        reply.status,
                        {
                            "type": "error",
                            "error": {
                                "type": _ERROR_TYPES.get(reply.status, "api_error"),
                                "message": reply.error_message,
                            },
                        },
                        {"retry-after-ms": "1", "x-should-retry": "true"},
                    )
                    return
                try:
                    if reply.raw_body is not None:
                        self._send(200, reply.raw_body, content_type=reply.content_type)
                        return
                    self._send(200, message_json(reply, str(body.get("model", "stub-model"))))
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout test)
                    pass

        return Handler

    def start(self) -> AnthropicStub:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
