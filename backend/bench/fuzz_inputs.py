"""The inputs of `fleetops bench --fuzz` (`backend.bench.fuzz`): a reproducible generator of hostile requests.

`Generator(seed, secret).next()` -> (method, path, params, headers, content, model_script): which route,
method and headers a request has — /v1/ask with the bodies of `backend.bench.fuzz_bodies`, the GET routes
with generated path segments (slashes and dot segments included) and query values, odd methods, paths and
headers — and a script for the model stand-in from `backend.bench.fuzz_alphabet` (broken 200s, errors,
control characters, replies that stop for a reason other than the end of the answer). The generated
inputs never contain the leak markers of `backend.bench.fuzz_oracle`, so an echo of the input is not
counted as a leak. Changes when a new route, method or header is fuzzed.
"""

from __future__ import annotations

import json
import random
from typing import Any
from urllib.parse import quote

from backend.bench.fuzz_alphabet import BROKEN_MODEL, EDGE_INTS, UNFINISHED_MODEL
from backend.bench.fuzz_bodies import Bodies


class Generator(Bodies):
    """Reproducible request generator; `next()` -> (method, path, params, headers, content, model_script)."""

    def __init__(self, seed: int, secret: str) -> None:
        super().__init__(random.Random(seed))
        self.secret = secret

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
