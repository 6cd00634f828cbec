"""A question of many codes or number words costs in proportion to its length, session 14.

Before: «cuarenta dos» said 16 times (a 216-character question, under the 1,000 of the cap) had 2¹⁶ digit-group
readings (`spoken_numbers._chunkings`), computed on the backend's event loop: /v1/health itself did not answer for
minutes; a run of 1,000 digits («1 1 1 …», a Whisper loop) was a RecursionError. Every code's kind word
(«cliente», «remisión» before it) was looked for by tokenising the whole text before the code again, so a
999-character question of 250 codes («R-1-R-1-…», under the question's cap) took 2 s of the backend's CPU
in `asks_for_document` alone (quadratic: 0.26 s at 250 characters, 0.84 s at 500, 2.2 s at 999)."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from backend.core import spoken, spoken_kinds
from backend.core.spoken import spoken_mentions
from backend.core.spoken_kinds import normalize_spoken_question
from backend.core.spoken_numbers import MAX_CHUNKINGS, number_readings
from tests.test_backend_api import ask_body


@pytest.mark.parametrize("unit", ["R-1-", "cliente 7 ", "12-34 "])
def test_the_kind_words_before_each_code_are_read_in_a_bounded_window(monkeypatch, unit) -> None:
    text = unit * (4000 // len(unit))
    read: list[int] = []
    tokens = spoken.word_tokens

    def counted(piece: str) -> list[spoken.Token]:
        read.append(len(piece))
        return tokens(piece)

    monkeypatch.setattr(spoken_kinds, "word_tokens", counted)
    normalize_spoken_question(text)
    assert sum(read) <= 250 * len(text), (len(read), sum(read))


def test_a_kind_word_just_before_a_code_is_still_its_hint() -> None:
    far = "x" * 300 + " "
    assert normalize_spoken_question(far + "Mándame la remisión. 7, 8, 5, 1.") == far + "Mándame la remisión. 7851."
    assert normalize_spoken_question("la remisión número de hoy 7, 8, 5, 1") == "la remisión número de hoy 7851"


@pytest.mark.parametrize("words", [["cuarenta", "dos"] * 12, ["veinte", "y", "tres"] * 8, ["1"] * 3000])
def test_a_long_run_of_number_words_has_few_readings_and_no_recursion(words) -> None:
    assert len(number_readings(words)) <= MAX_CHUNKINGS + 4
    assert spoken_mentions(" ".join(words)) is not None


def test_short_runs_keep_every_reading() -> None:
    assert number_readings(["cuarenta", "dos"]) == ("402", "42")
    assert number_readings(["cuatro", "12"]) == ("412",)
    assert number_readings(["cuarenta", "dos", "cuarenta", "dos"]) == ("402402", "40242", "42402", "4242")


async def test_a_question_of_number_words_does_not_hold_the_backend(backend_server) -> None:
    question = "cliente " + "cuarenta dos " * 16
    async with httpx.AsyncClient(base_url=backend_server.base_url, headers=backend_server.headers(), timeout=20) as c:
        started = time.monotonic()
        asked = asyncio.create_task(c.post("/v1/ask", json=ask_body(question)))
        await asyncio.sleep(0.2)
        health = await c.get("/v1/health")
        answered = await asked
    assert health.status_code == 200 and answered.status_code == 200, answered.text
    assert time.monotonic() - started < 15
