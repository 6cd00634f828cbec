"""Property test (hypothesis): generated bodies against the real backend never give a 5xx, every error has
exactly the error shape, and every request the model stand-in receives keeps the history contract.

The backend runs in its own thread (uvicorn), so the examples are sent with a synchronous httpx client.
"""

from __future__ import annotations

import json
import unicodedata
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backend.core.history import MAX_TURN_CHARS, MAX_TURNS
from backend.testing.backend_server import start_backend

ERROR_KEYS = {"error", "message", "request_id"}
# Any code point, lone surrogates and control characters included (JSON escapes them).
ANY_CHAR = st.characters(codec=None, categories=None)
TEXT = st.one_of(
    st.text(ANY_CHAR, max_size=60),
    st.text(max_size=500),
    st.sampled_from(
        [
            "¿Cuánto debe el 412?",
            "KLM482",
            "bahía solana",
            "remisión 1094",
            "\u200b\u2060",
            "\x00\x1b[2J",
            "\ud800",
            " ",
            "",
            "412\x00",
            "\U000e0041\u202e412",
        ]
    ),
)
INTS = st.one_of(
    st.integers(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, 1, 1001, 2001, 2**63 - 1, 2**63, -(2**63), -(2**63) - 1, 10**30]),
)
JSON_SCALAR = st.one_of(st.none(), st.booleans(), INTS, st.floats(allow_nan=False), TEXT)
JSON = st.recursive(
    JSON_SCALAR,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)),
    max_leaves=12,
)
TURN = st.one_of(st.fixed_dictionaries({"q": TEXT, "a": TEXT}), JSON)
QUESTION = st.one_of(
    st.sampled_from(["¿y qué opinas del clima?", "cuéntame algo de la flota", "¿y ese?"]),
    st.text(min_size=1, max_size=80),
    TEXT,
)


def mostly(good: st.SearchStrategy, *bad: st.SearchStrategy) -> st.SearchStrategy:
    """`good` about 85 % of the time, else one of `bad` (one_of alone would weigh them equally)."""
    return st.integers(0, 19).flatmap(lambda i: good if i < 17 else st.one_of(*bad))


TURNS = st.lists(TURN, max_size=14)
ASK = st.fixed_dictionaries(  # mostly well-formed where it matters, so that many bodies reach the model
    {
        "question": mostly(QUESTION, JSON),
        "chat_id": mostly(st.integers(-(2**63), 2**63 - 1), INTS, JSON),
        "user_id": mostly(st.just(1001), INTS, JSON),
        "history": mostly(TURNS, JSON),
    },
    optional={
        "focus": st.one_of(st.lists(st.fixed_dictionaries({"kind": TEXT, "key": TEXT}), max_size=3), JSON),
        "source": mostly(st.sampled_from(["text", "voice"]), JSON),
        "extra": JSON,
    },
)
RAW_BODY = st.one_of(st.binary(max_size=200), st.just(b"[" * 1000), st.just(b'{"question": "\xff\xfe"}'))


def has_control(text: str) -> bool:
    return any(unicodedata.category(ch) in ("Cc", "Cs") and ch != "\n" for ch in text)


def check_model_request(body: dict, question_max_chars: int) -> None:
    """The history contract of one Messages API request body."""
    messages = body["messages"]
    assert 1 <= len(messages) <= 2 * MAX_TURNS + 1 and len(messages) % 2 == 1
    assert [m["role"] for m in messages] == ["user", "assistant"] * (len(messages) // 2) + ["user"]
    for i, message in enumerate(messages):
        text = message["content"]
        assert isinstance(text, str) and text.strip(), message
        assert not has_control(text), repr(text)
        assert any(unicodedata.category(ch)[0] not in "CZ" for ch in text), repr(text)  # not invisible-only
        assert len(text) <= (question_max_chars if i == len(messages) - 1 else MAX_TURN_CHARS)


def check_response(response: httpx.Response) -> None:
    assert response.status_code < 500, (response.status_code, response.text)
    if response.status_code >= 400:
        assert set(response.json()) == ERROR_KEYS, response.text


@pytest.fixture
async def fuzz_backend(fleet_dsn, anthropic_stub):
    async with start_backend(fleet_dsn, anthropic_stub, rate_limit="100000/minute") as server:
        yield server


PROPERTY = settings(
    max_examples=120,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.mark.slow  # 120 generated requests over HTTP; `make test-slow` and `fleetops bench --fuzz`
def test_generated_ask_bodies(fuzz_backend):
    stub = fuzz_backend.anthropic
    limit = fuzz_backend.settings.question_max_chars
    seen = [0]
    with httpx.Client(base_url=fuzz_backend.base_url, headers=fuzz_backend.headers(), timeout=30) as client:

        @PROPERTY
        @given(
            body=st.one_of(ASK, ASK, ASK, JSON),
            raw=st.one_of(st.none(), st.none(), st.none(), RAW_BODY),
            content_type=st.sampled_from(["application/json", "text/plain", None]),
        )
        def send(body, raw, content_type):
            content = raw if raw is not None else json.dumps(body).encode()
            headers = {"content-type": content_type} if content_type else {}
            check_response(client.post("/v1/ask", content=content, headers=headers))
            for request in stub.requests[seen[0] :]:
                check_model_request(request.body, limit)
            seen[0] = len(stub.requests)

        send()
    print(f"\n{len(stub.requests)} generated asks reached the model stand-in")
    assert stub.requests, "no generated body reached the model: the history contract was not exercised"


@pytest.mark.slow  # 120 generated requests over HTTP; `make test-slow` and `fleetops bench --fuzz`
def test_generated_get_requests(fuzz_backend):
    with httpx.Client(base_url=fuzz_backend.base_url, headers=fuzz_backend.headers(), timeout=30) as client:

        @PROPERTY
        @given(
            term=TEXT,
            user_id=st.one_of(st.just("1001"), INTS.map(str), TEXT),
            days=st.one_of(INTS.map(str), TEXT),
            route=st.sampled_from(["me", "clients", "expiries", "delivery-notes"]),
        )
        def send(term, user_id, days, route):
            segment = quote(term.encode("utf-8", "surrogatepass"), safe="") or "x"
            path = {
                "me": "/v1/me",
                "clients": f"/v1/clients/{segment}",
                "expiries": "/v1/expiries",
                "delivery-notes": f"/v1/delivery-notes/{segment}.pdf",
            }[route]
            params = {
                "user_id": user_id.encode("utf-8", "surrogatepass"),
                "within_days": days.encode("utf-8", "surrogatepass"),
            }
            check_response(client.get(path, params=params))

        send()
