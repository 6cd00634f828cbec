"""A voice question in working memory, through the real bot and the real backend (data-only, real
database): the pair stored is the question as the backend resolved it (`AskResponse.question`), not the
transcript, so a follow-up read against that history names the entity the note was resolved to.

The transcripts are what the bundled Whisper wrote for held-out human clips (seed 71, 2 Dec): «860 y 8»
is client 868 once resolved, but read again as a typed question in the history it named client 860 (a
wrong entity), and «9.8.6.» named none (the follow-up got the whole fleet's total). Only the decoding
is replaced (`_Heard`): what memory keeps is under test, not what Whisper hears on this CPU.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from backend.testing.backend_server import start_backend
from backend.testing.bot_runner import run_bot
from bot.voice.hearing import Heard
from bot.voice.rescore import Settled
from bot.voice.service import VoiceTranscriber
from tests.fixtures_voice import voice_settings


class _Heard(VoiceTranscriber):
    """The bot's transcriber with Whisper's decoding replaced by a fixed transcript, and nothing to
    settle or confirm on the audio (a silent second)."""

    def __init__(self, settings: Any, transcripts: list[str]) -> None:
        super().__init__(settings, engine=None)  # type: ignore[arg-type]
        self._transcripts = transcripts

    async def listen(self, data: bytes, *, expected_seconds: float | None = None) -> Heard:
        return Heard(self._transcripts.pop(0), np.zeros(16_000, dtype=np.float32))

    async def settle(self, heard: Heard, text: str, slots: Any) -> Settled:
        return Settled(None)

    async def confirm(self, heard: Heard, text: str, checks: Any) -> list[Any]:
        return []


@pytest.fixture
async def data_only_backend(fleet_dsn):
    async with start_backend(fleet_dsn, None, rate_limit="1000000/minute") as server:
        yield server


async def _replies(stub, app, chat_id: int, update: dict, count: int) -> list[str]:
    before = len(stub.sent(chat_id))
    stub.push(update)
    texts = await stub.wait_texts(chat_id, before + count)
    await stub.wait_for(lambda: app.update_processor.current_concurrent_updates == 0, "handlers to finish")
    return texts[before:]


@pytest.mark.parametrize(
    ("heard", "client", "name"),
    [
        ("Quantas castillas tienen el cliente. 860 y 8.", "868", "PESCADERÍA VILLA NUEVA"),
        ("9.8.6.", "986", "PESCADERÍA LA MACARENA"),
    ],
)
async def test_a_follow_up_to_a_voice_question_is_about_the_client_it_was_resolved_to(
    telegram_stub, data_only_backend, tmp_path, heard: str, client: str, name: str
) -> None:
    stub, server = telegram_stub, data_only_backend
    admin = server.admin_user_id
    async with run_bot(stub, backend_url=server.base_url, backend_secret=server.secret) as app:
        app.bot_data.set_voice(_Heard(voice_settings(tmp_path, "faster-whisper"), [heard]))
        echo, answer = await _replies(stub, app, admin, stub.voice(b"OggS" + bytes(64), chat_id=admin, duration=4), 2)
        assert echo == f"🎙️ Entendí: «{heard}»"  # the echo stays what was heard
        assert answer.startswith(f"[{client}] {name}")
        [pair] = app.bot_data.memory.history((admin, admin))
        assert client in pair["q"] and pair["a"] == answer  # the question as resolved
        [follow] = await _replies(stub, app, admin, stub.text("¿y cuántas estibas?", chat_id=admin), 1)
    assert follow.startswith(f"[{client}] {name}") and "estibas" in follow, follow
