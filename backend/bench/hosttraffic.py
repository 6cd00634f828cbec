"""Traffic of the bot-host benchmark: the recording Telegram stand-in, the messages it queues, the checks
on what came back, and the probe's stamps along its path.

The probe's path (one probe message at a time, so stamps are keyed by its reference):
queued (the stand-in holds the update) → fetched (a getUpdates answer carries it) → handler (the
probe chat's «typing» action arrives: the host's handler runs) → model (the backend's call for it
reaches the Anthropic stand-in: admission, authentication, database and context are done) → sent (its
sendMessage arrives). All stamps are `time.perf_counter()` in the bench process, taken when the
stand-in handles the call, so each segment includes the HTTP hop that ends it.
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict

from backend.bench import env, hostenv
from backend.bench.botload import _QUESTIONS, _REF, EchoAnthropic, StampedTelegram
from backend.testing.anthropic_stub import RecordedRequest, Reply
from backend.testing.telegram_stub import TOKEN
from backend.testing.telegram_wire import Files, JSONDict

ECHO = "🎙️ Entendí"
SEGMENTS = ("fetched", "handler", "model", "sent")


class ProbeClock:
    """Stamps of the probe in flight: `start(ref, chat)`, then each stand-in calls `stamp`."""

    def __init__(self) -> None:
        self.ref: str | None = None
        self.chat: int | None = None
        self.stamps: dict[str, dict[str, float]] = {}

    def start(self, ref: str, chat: int) -> None:
        self.ref, self.chat = ref, chat
        self.stamps[ref] = {"queued": time.perf_counter()}

    def stamp(self, what: str, ref: str | None = None) -> None:
        ref = ref or self.ref
        if ref is not None and ref in self.stamps:
            self.stamps[ref].setdefault(what, time.perf_counter())

    def segments_ms(self, refs: list[str]) -> dict[str, list[float]]:
        """Per segment (queued→fetched, fetched→handler, handler→model, model→sent), the milliseconds of
        each probe of `refs` that has both ends. A probe answered before its «typing» was due has no
        handler stamp: its fetched→model time is under "handler→model" (host dispatch included)."""
        out: dict[str, list[float]] = {s: [] for s in SEGMENTS}
        for ref in refs:
            s = self.stamps.get(ref, {})
            prev = "queued"
            for seg in SEGMENTS:
                if seg not in s:
                    continue
                if prev in s:
                    out[seg].append((s[seg] - s[prev]) * 1000)
                prev = seg
        return out


class RecordingTelegram(StampedTelegram):
    """The stand-in keeping every sent message per (token, chat) as (arrival time, text), so waits and
    probes look at one chat instead of scanning every call; it stamps the probe's fetch and handler.
    It holds an empty getUpdates for the bot's whole `timeout`, as Telegram does (the tests' stand-in
    answers after 0.5 s: 51 idle bots would poll 100 times a second, CPU a real host never spends)."""

    long_poll_cap_s = 60.0

    def __init__(self, tokens: tuple[str, ...]) -> None:
        super().__init__(tokens)
        self.answers: dict[tuple[str, int], list[tuple[float, str]]] = defaultdict(list)
        self.clock = ProbeClock()

    def handle(self, method: str, params: JSONDict, files: Files, token: str = TOKEN) -> tuple[int, JSONDict]:
        status, body = super().handle(method, params, files, token)
        clock = self.clock
        if method == "sendMessage" and status == 200:
            self.answers[(token, params["chat_id"])].append((params["_t"], params.get("text", "")))
            if clock.ref and clock.ref in params.get("text", ""):
                clock.stamp("sent")
        elif method == "sendChatAction" and params.get("chat_id") == clock.chat:
            clock.stamp("handler")
        elif method == "getUpdates" and clock.chat is not None and _carries(body, clock.chat):
            clock.stamp("fetched")
        return status, body


def _carries(body: JSONDict, chat: int) -> bool:
    return any(u.get("message", {}).get("chat", {}).get("id") == chat for u in body.get("result") or ())


class ProbeAnthropic(EchoAnthropic):
    """The echoing model stand-in that stamps the probe's model call (`clock` set after start)."""

    clock: ProbeClock | None = None

    def _next(self, recorded: RecordedRequest) -> Reply:
        reply = super()._next(recorded)
        if self.clock is not None and self.clock.ref and self.clock.ref in reply.text:
            self.clock.stamp("model")
        return reply


async def wait_sent(tg: RecordingTelegram, expected: dict[tuple[str, int], int], timeout_s: float) -> bool:
    """Wait until each (token, chat) got at least its expected number of messages; True if all did."""
    end = time.monotonic() + timeout_s
    while any(len(tg.answers[k]) < v for k, v in expected.items()):
        if time.monotonic() > end:
            return False
        await asyncio.sleep(0.05)
    return True


def is_answer(text: str) -> bool:
    """Not one of the bot's "try again" replies (backend unreachable, timed out, busy, unavailable,
    generic error) nor a backend refusal the bot shows as it came (503 `overloaded`: too long at the
    admission door; the database or the model unavailable): an answer (model or data-only), or a voice
    note's echo."""
    from backend.api.admission import OVERLOADED
    from backend.api.deps import DB_UNAVAILABLE
    from backend.api.routes.ask import LLM_DOWN
    from bot import backend_client as bc

    refusals = {bc.MSG_UNREACHABLE, bc.MSG_TIMEOUT, bc.MSG_BUSY, bc.MSG_UNAVAILABLE, bc.MSG_GENERIC}
    return text not in refusals | {OVERLOADED, DB_UNAVAILABLE[1], LLM_DOWN}


def _clip() -> bytes:
    return (env.REPO / "tests" / "data" / "voice" / "canastillas_5s.ogg").read_bytes()


def text(tg: RecordingTelegram, i: int, chat: int, m: int) -> None:
    uid = hostenv.user(i, chat)
    tg.push(
        tg.text(f"{_QUESTIONS[(i + chat + m) % len(_QUESTIONS)]} ref{uid}n{m}", chat_id=uid), token=hostenv.token(i)
    )


def voice(tg: RecordingTelegram, i: int, chat: int) -> None:
    tg.push(tg.voice(_clip(), chat_id=hostenv.user(i, chat), duration=5), token=hostenv.token(i))


def chat_order_ok(texts: list[tuple[float, str]], msgs: int, voice_at: int | None) -> bool:
    """Answers of one chat in question order (a voice note: its echo then its answer, in its place)."""
    seen = []
    for _, t in texts:
        m = _REF.search(t)
        seen.append(int(m.group(2)) if m else voice_at if voice_at is not None else -1)
    expected = sorted([*range(msgs), *([voice_at] if voice_at is not None else [])])
    return seen == expected and (voice_at is None or texts[expected.index(voice_at)][1].startswith(ECHO))


async def probe(tg: RecordingTelegram, bot: int, k: int, timeout_s: float = 60) -> float | None:
    """One probe text to `bot`; ms from queueing it to the stand-in receiving the answer (None: no
    answer within `timeout_s`). Its stamps stay in `tg.clock` under `probe_ref(bot, k)`."""
    key = (hostenv.token(bot), hostenv.user(bot, hostenv.PROBE))
    ref = probe_ref(bot, k)
    seen = len(tg.answers[key])
    tg.clock.start(ref, key[1])
    t = tg.clock.stamps[ref]["queued"]
    tg.push(tg.text(f"¿Cuántas canastillas tiene el cliente 400? {ref}", chat_id=key[1]), token=key[0])
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        for at, answer in tg.answers[key][seen:]:
            if ref in answer:
                return (at - t) * 1000
        await asyncio.sleep(0.002)
    return None


def probe_ref(bot: int, k: int) -> str:
    return f"ref{hostenv.user(bot, hostenv.PROBE)}n{k}"
