"""The HTTP server's own refusals in the API's error shape.

uvicorn answers a request its parser cannot read (a raw non-ASCII byte or a space in the target, a
request line or header past the parser's limits, a malformed header) before the app sees it, with
`400 text/plain «Invalid HTTP request received.»`: the one answer of the backend that was not
`{"error", "message", "request_id"}`. `JsonRefusalProtocol` is uvicorn's httptools protocol (the one its
`auto` picks: httptools is a declared dependency) with that answer replaced; servers pass it as `http=`.
"""

from __future__ import annotations

import json
import uuid

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

MESSAGE = "La solicitud HTTP no es válida: su primera línea o sus encabezados no se pueden leer."


def refusal() -> bytes:
    """The whole HTTP/1.1 400 response, `invalid_request` in the API's error body, connection closed."""
    rid = uuid.uuid4().hex
    body = json.dumps({"error": "invalid_request", "message": MESSAGE, "request_id": rid}, ensure_ascii=False).encode()
    head = (
        "HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nx-request-id: {rid}\r\nconnection: close\r\n\r\n"
    )
    return head.encode("ascii") + body


class JsonRefusalProtocol(HttpToolsProtocol):
    """httptools' protocol whose parse-error answer is the API's 400 `invalid_request`."""

    def send_400_response(self, msg: str) -> None:
        self.transport.write(refusal())
        self.transport.close()
