"""The bodies of `fleetops bench --fuzz` (`backend.bench.fuzz_inputs`): /v1/ask bodies mutated from valid
ones (ids of every type, text of `backend.bench.fuzz_alphabet`'s pieces, history of every shape — turns
with roles and content blocks instead of q/a, nested lists —, a focus whose keys carry control characters)
and raw bodies (bytes, truncated or deeply nested JSON, not UTF-8, over the 64 KiB cap). Changes when a
new shape of body is added.
"""

from __future__ import annotations

import json
import random
from typing import Any

from backend.bench.fuzz_alphabet import EDGE_INTS, FOLLOW_UPS, WEIRD, WORDS


class Bodies:
    """Reproducible pieces of hostile requests, from `rng`."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

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
