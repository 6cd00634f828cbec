"""The raw material of `fleetops bench --fuzz` (`backend.bench.fuzz_inputs`): hostile characters (NUL,
control, invisible, bidi and tag characters, lone surrogates), fleet words, ids at and past the int64 edges,
and the model stand-in's broken and unfinished replies. None holds a leak marker of
`backend.bench.fuzz_oracle`. Changes when a new hostile character, word or model reply is added.
"""

from __future__ import annotations

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
