"""The inputs of `fleetops bench --fuzz` (`backend.bench.fuzz`): a reproducible generator of hostile requests.

`Generator(seed, secret).next()` -> (method, path, params, headers, content, model_script): /v1/ask bodies
mutated from valid ones (ids at and past the int64 edges, bools, floats, strings; text with NUL, control,
invisible, bidi and tag characters, lone surrogates, 1,000-character words; history of every shape —
turns with roles and content blocks instead of q/a, nested lists; a focus whose keys carry control
characters), raw bodies (bytes, truncated or deeply nested JSON, not UTF-8, over the 64 KiB cap), the GET
routes with generated path segments (slashes and dot segments included) and query values, odd methods,
paths and headers; and a script for the model stand-in: broken 200s (truncated JSON, HTML, the wrong
shape), errors, control characters, and replies that stop for a reason other than the end of the answer
(refusal, pause_turn, tool_use). The generated inputs never contain the leak markers of
`backend.bench.fuzz_oracle`, so an echo of the input is not counted as a leak. Changes when a new kind of
hostile input is added.
"""

from __future__ import annotations

import json
import random
from typing import Any
from urllib.parse import quote

WEIRD = [
    "\x00",
    "\x01",
    "\x1b[2J",
    "\x7f",
    "\u0085",
    "\u200b",
    "\u200d",
    "\u2060",
    "\u00ad",
    "\u202e",
    "\u2066",
    "\ufeff",
    "\U000e0041",
    "\U000e007f",
    "\ud800",
    "\udfff",
    "\ufffd",
    "\U0010ffff",
    "\ue000",
    "🍕",
    "👨\u200d👩",
    "e\u0301",
    "ñ",
    "\n",
    "\r\n",
    "\t",
    " ",
    "%",
    "_",
    "\\",
    "'",
    '"',
    "<",
    "&",
    "--",
    ";",
    "/",
    "..",
    "?",
    "#",
]
WORDS = [
    "¿cuánto",
    "debe",
    "el",
    "412",
    "cliente",
    "KLM482",
    "klm 482",
    "bahía",
    "solana",
    "remisión",
    "1094",
    "vence",
    "SOAT",
    "tecnomecánica",
    "canastillas",
    "cuatrocientos doce",
    "007",
    "77",
    "y",
    "ese",
    "?",
    "0",
]
#: Questions about whatever the conversation's focus is: they make the backend resolve the request focus.
FOLLOW_UPS = ["¿y cuántas tapas tiene?", "¿quién la llevó?", "¿y su licencia?", "¿en qué ciudad queda?"]
EDGE_INTS = [0, 1, -1, 1001, 2001, 2**31, 2**53 + 1, 2**63 - 1, 2**63, -(2**63), -(2**63) - 1, 10**30, -(10**30)]
BROKEN_MODEL = [
    (b'{"id": "msg_x", "type": "message", "content": [{"type": "te', "application/json"),
    (b"<html><body>502 Bad Gateway</body></html>", "text/html"),
    (b'{"completion": "hola"}', "application/json"),
    (b"[1, 2]", "application/json"),
    (b"", "application/json"),
]
#: (text, stop_reason) replies that are not a finished answer: never shown as one, never remembered.
UNFINISHED_MODEL = [("Lo siento, no puedo ayudar con", reason) for reason in ("refusal", "pause_turn", "tool_use")]


class Generator:
    """Reproducible request generator; `next()` -> (method, path, params, headers, content, model_script)."""

    def __init__(self, seed: int, secret: str) -> None:
        self.rng = random.Random(seed)
        self.secret = secret

    # -- pieces ----------------------------------------------------------------------------------------
    def text(self, max_words: int = 12) -> str:
        r = self.rng
        parts = []
        for _ in range(r.randint(0, max_words)):
            roll = r.random()
            if roll < 0.45:
                parts.append(r.choice(WORDS))
            elif roll < 0.75:
                parts.append(r.choice(WEIRD))
            elif roll < 0.9:
                parts.append("".join(chr(r.randint(0x20, 0x2FFF)) for _ in range(r.randint(1, 8))))
            elif roll < 0.97:
                parts.append(
                    chr(
                        r.choice(
                            [
                                r.randint(0, 0x1F),
                                r.randint(0xD800, 0xDFFF),
                                r.randint(0xE0000, 0xE007F),
                                r.randint(0x10000, 0x10FFFF),
                            ]
                        )
                    )
                )
            else:
                parts.append(r.choice(WORDS) * r.randint(50, 400))
        return r.choice([" ", "", "\n"]).join(parts)

    def scalar(self) -> Any:
        r = self.rng
        return r.choice(
            [
                None,
                True,
                False,
                r.choice(EDGE_INTS),
                r.randint(-(10**6), 10**6),
                r.random() * 1e6,
                1001.0,
                -0.0,
                1e308,
                self.text(3),
                str(r.choice(EDGE_INTS)),
                "",
                [],
                {},
            ]
        )

    def junk(self, depth: int = 0) -> Any:
        r = self.rng
        if depth > 3 or r.random() < 0.5:
            return self.scalar()
        if r.random() < 0.5:
            return [self.junk(depth + 1) for _ in range(r.randint(0, 4))]
        return {self.text(2): self.junk(depth + 1) for _ in range(r.randint(0, 4))}

    def history(self) -> Any:
        r = self.rng
        roll = r.random()
        if roll < 0.8:
            return [
                {"q": self.text(), "a": self.text()} if r.random() < 0.8 else self.junk()
                for _ in range(r.randint(0, 20))
            ]
        if roll < 0.85:
            return [{"q": r.choice(WORDS) * 300, "a": "x" * 5000}] * r.randint(1, 9)
        if roll < 0.93:  # the Messages API's shape instead of the contract's: roles, blocks, assistant first
            role = r.choice(["assistant", "user", "system", "tool", ""])
            content = r.choice([self.text(), [{"type": "text", "text": self.text()}], None])
            return [{"role": role, "content": content} for _ in range(r.randint(1, 8))]
        return self.junk()

    def ask_body(self) -> dict[str, Any]:
        r = self.rng
        chat_id = r.randint(-(2**63), 2**63 - 1) if r.random() < 0.9 else r.choice(EDGE_INTS)
        body: dict[str, Any] = {
            "question": self.text(),
            "history": self.history(),
            "chat_id": chat_id,
            "user_id": 1001,
            "source": r.choice(["text", "voice"]),
        }
        for key in ("question", "history", "chat_id", "user_id", "focus", "source"):
            if r.random() < 0.05:
                body[key] = self.junk()
            if r.random() < 0.02:
                body.pop(key, None)
        if r.random() < 0.1:
            body["user_id"] = r.choice(EDGE_INTS + [True, 1001.0, "1001", None, -1001])
        if r.random() < 0.15:
            body["focus"] = [
                {
                    "kind": r.choice(["client", "vehicle", "driver", "delivery_note", "x", 1]),
                    "key": r.choice([self.text(2), r.choice(WEIRD) + r.choice(["412", "KLM482", "1094"])]),
                    "label": self.text(4),
                }
                for _ in range(r.randint(0, 4))
            ]
            if r.random() < 0.5:  # a question that names nothing, so the focus is what gets looked up
                body["question"] = r.choice(FOLLOW_UPS)
        if r.random() < 0.1:
            body[self.text(1)] = self.junk()
        return body

    def raw_body(self) -> bytes:
        r = self.rng
        valid = json.dumps(self.ask_body()).encode()
        return r.choice(
            [
                bytes(r.randint(0, 255) for _ in range(r.randint(0, 300))),
                valid[: r.randint(0, len(valid))],
                b"[" * r.choice([100, 1000, 5000, 60000]),
                b'{"question": ' * r.choice([10, 1000]),
                self.text(5).encode("utf-8", "surrogatepass"),
                valid.replace(b'"', b"'"),
                b"\xef\xbb\xbf" + valid,
                valid.decode().replace("1001", "1e400").encode(),
                b'{"question": NaN, "user_id": Infinity, "chat_id": 1}',
                b'{"question": "a", "question": "b", "user_id": 1001, "user_id": 1001, "chat_id": 1}',
                json.dumps({"question": "x" * r.choice([70_000, 200_000]), "user_id": 1001, "chat_id": 1}).encode(),
            ]
        )

    # -- one request -------------------------------------------------------------------------------------
    def next(self) -> tuple[str, str, dict[str, Any], dict[str, str], bytes | None, Any]:
        r = self.rng
        headers = {"Authorization": f"Bearer {self.secret}"}
        roll = r.random()
        if roll < 0.03:
            printable = "".join(ch for ch in self.text(2) if 32 <= ord(ch) < 127)  # what HTTP lets a header carry
            headers["Authorization"] = r.choice(
                ["", "Bearer", "Basic eA==", "Bearer " + "x" * 5000, ("Bearer " + printable).strip()]
            )
        elif roll < 0.05:
            headers["X-Real-IP"] = "203.0.113.9"
        model = None
        kind = r.random()
        if kind < 0.55:
            content = json.dumps(self.ask_body()).encode() if r.random() < 0.8 else self.raw_body()
            headers["Content-Type"] = r.choice(
                ["application/json"] * 6
                + [
                    "text/plain",
                    "application/x-www-form-urlencoded",
                    "multipart/form-data",
                    "application/json; charset=latin-1",
                ]
            )
            if r.random() < 0.05:
                del headers["Content-Type"]
            if r.random() < 0.15:
                model = r.choice(
                    BROKEN_MODEL
                    + UNFINISHED_MODEL
                    + [429, 500, 529, "\x00 texto \x1b con control", "Hola\u200b\u202e [412]"]
                )
            return "POST", "/v1/ask", {}, headers, content, model
        if kind < 0.93:
            route = r.choice(["me", "clients", "expiries", "delivery-notes"])
            segment = quote(self.text(4).encode("utf-8", "surrogatepass"), safe="") or "x"
            if r.random() < 0.1:  # a search term with slashes and dot segments: searched, never routed
                segment = r.choice(["..%2F..%2Fetc%2Fpasswd", "S%2FA", "412%2F", "%2E%2E", quote("../me", safe="")])
            path = {
                "me": "/v1/me",
                "clients": f"/v1/clients/{segment}",
                "expiries": "/v1/expiries",
                "delivery-notes": f"/v1/delivery-notes/{r.choice([segment, '1094', '7851'])}.pdf",
            }[route]
            params: dict[str, Any] = {}
            if r.random() < 0.9:
                params["user_id"] = r.choice(["1001"] * 12 + [str(r.choice(EDGE_INTS)), self.text(1), "1001.0", "true"])
            if route == "expiries" and r.random() < 0.8:
                params["within_days"] = r.choice([str(r.choice(EDGE_INTS)), "30", "-1", "366", "367", self.text(1)])
            return "GET", path, {k: v.encode("utf-8", "surrogatepass") for k, v in params.items()}, headers, None, None
        method = r.choice(["PUT", "DELETE", "PATCH", "OPTIONS", "GET", "POST", "HEAD"])
        path = r.choice(
            [
                "/",
                "/v1",
                "/v1/ask",
                "/v1/health",
                "/openapi.json",
                "/docs",
                "/v1/clients/",
                "/v1/../etc/passwd",
                "/v1/clients/%2e%2e%2f",
                "/" + quote(self.text(2).encode("utf-8", "surrogatepass")),
            ]
        )
        return method, path, {}, headers, self.raw_body() if r.random() < 0.3 else None, None
