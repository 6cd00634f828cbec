"""Conversations through the real Application, the Telegram stand-in, the real backend and database, and
the Anthropic stand-in: what the model receives is read from the Anthropic stand-in's recorded requests."""

from __future__ import annotations

import asyncio

import pytest

from backend.testing.bot_runner import run_bot
from bot.replies import LIMIT, utf16_len

ADMIN = 1001


class Clock:
    def __init__(self) -> None:
        self.now = 50_000.0

    def __call__(self) -> float:
        return self.now


def _text(content) -> str:
    if isinstance(content, str):
        return content
    return "".join(block.get("text", "") for block in content if isinstance(block, dict))


def model_turns(request) -> list[tuple[str, str]]:
    """(role, text) of every message the model received in one recorded request."""
    return [(m["role"], _text(m["content"])) for m in request.body["messages"]]


def questions_seen(request) -> list[int]:
    """Numbers N of the "(pregunta N)" markers in the user turns the model received, in order."""
    import re

    return [
        int(n) for role, text in model_turns(request) if role == "user" for n in re.findall(r"\(pregunta (\d+)\)", text)
    ]


async def settled(stub, app) -> None:
    """Wait until no update is being processed (the handler that replied has also stored its pair)."""
    await stub.wait_for(lambda: app.update_processor.current_concurrent_updates == 0, "handlers to finish")


async def _ask(
    stub, app, chat_id: int, question: str, *, user_id: int | None = None, chat_type: str = "private"
) -> str:
    """Send one message and return the bot's last reply, once its handler has finished."""
    before = len(stub.sent(chat_id))
    stub.push(stub.text(question, chat_id=chat_id, user_id=user_id, chat_type=chat_type))
    texts = await stub.wait_texts(chat_id, before + 1)
    await settled(stub, app)
    return texts[-1]


@pytest.mark.parametrize(
    ("size", "turn", "expected"),
    [
        (5, 7, [2, 3, 4, 5, 6, 7]),
        (3, 5, [2, 3, 4, 5]),
        (6, 9, [3, 4, 5, 6, 7, 8, 9]),
    ],
)
async def test_window_the_model_receives(telegram_stub, backend_server, size, turn, expected) -> None:
    """size 5, turn 7 -> turns 2–6 (+ the question); size 3, turn 5 -> 2–4; default 6, 9th -> 3–8."""
    stub, anthropic = telegram_stub, backend_server.anthropic
    async with run_bot(
        stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret, memory_pairs=size
    ) as app:
        for n in range(1, turn + 1):
            anthropic.reply_text(f"Respuesta {n}.")
            assert await _ask(stub, app, ADMIN, f"¿Saldo del cliente 412? (pregunta {n})") == f"Respuesta {n}."
    assert questions_seen(anthropic.requests[-1]) == expected
    roles = [role for role, _ in model_turns(anthropic.requests[-1])]
    assert roles == ["user", "assistant"] * (len(expected) - 1) + ["user"]
    answers = [text for role, text in model_turns(anthropic.requests[-1]) if role == "assistant"]
    assert answers == [f"Respuesta {n}." for n in expected[:-1]]


async def test_ttl_with_a_moved_clock_and_the_sweeper(telegram_stub, backend_server) -> None:
    stub, anthropic, clock = telegram_stub, backend_server.anthropic, Clock()
    async with run_bot(
        stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret, clock=clock
    ) as app:
        memory = app.bot_data.memory
        await _ask(stub, app, ADMIN, "¿Cuántas canastillas tiene el 412? (pregunta 1)")
        clock.now += 14 * 60 + 59
        await _ask(stub, app, ADMIN, "¿Y estibas? (pregunta 2)")
        assert questions_seen(anthropic.requests[-1]) == [1, 2]  # 14:59: history sent
        clock.now += 15 * 60 + 1
        memoria = await _ask(stub, app, ADMIN, "/memoria")
        assert "No tengo nada en memoria" in memoria
        assert memory.held() == 1  # expired, not yet freed
        (job,) = app.job_queue.get_jobs_by_name("memory-sweep")
        await job.run(app)
        assert memory.held() == 0  # the sweeper freed the chat
        await _ask(stub, app, ADMIN, "¿Y el 007? (pregunta 3)")
        assert questions_seen(anthropic.requests[-1]) == [3]  # 15:01: empty


async def test_two_chats_never_see_each_other_and_forget_is_immediate(telegram_stub, backend_server) -> None:
    stub, anthropic = telegram_stub, backend_server.anthropic
    other = 1002
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        await _ask(stub, app, ADMIN, "¿Saldo del 412? (pregunta 1)")
        # same user in a group chat (addressed by mention): its own memory
        await _ask(stub, app, -300, "@fleetops_test_bot ¿saldo del 007? (pregunta 2)", user_id=ADMIN, chat_type="group")
        assert questions_seen(anthropic.requests[-1]) == [2]
        assert "@fleetops_test_bot" not in model_turns(anthropic.requests[-1])[-1][1]
        await _ask(stub, app, ADMIN, "¿Y cuántas estibas? (pregunta 3)")
        assert questions_seen(anthropic.requests[-1]) == [1, 3]
        memoria = await _ask(stub, app, ADMIN, "/memoria")
        assert memoria.startswith("Recuerdo 2 de 6") and "(pregunta 1)" in memoria and "se borra en 15 min" in memoria
        assert "(pregunta 2)" not in memoria
        assert await _ask(stub, app, ADMIN, "/olvidar") == "Listo, olvidé nuestra conversación."
        assert app.bot_data.memory.pairs((ADMIN, ADMIN)) == []
        await _ask(stub, app, ADMIN, "¿Saldo del 77? (pregunta 4)")
        assert questions_seen(anthropic.requests[-1]) == [4]
        stub.push(
            stub.text(
                "¿y cuántas estibas? (pregunta 5)", chat_id=-300, user_id=ADMIN, chat_type="group", reply_to_bot=True
            )
        )  # a reply to the bot in the group is addressed to it too
        await stub.wait_texts(-300, 2)
        await settled(stub, app)
        assert questions_seen(anthropic.requests[-1]) == [2, 5]
        assert [p.q for p in app.bot_data.memory.pairs((-300, ADMIN))] == [
            "¿saldo del 007? (pregunta 2)",
            "¿y cuántas estibas? (pregunta 5)",
        ]
    assert other not in {p.get("chat_id") for p in stub.sent()}


async def test_per_chat_order_under_concurrency(telegram_stub, backend_server) -> None:
    """Two messages sent together: (Q1,A1),(Q2,A2) in order, and Q2 goes out with Q1's pair."""
    stub, anthropic = telegram_stub, backend_server.anthropic
    anthropic.reply_slow(0.8, "Respuesta 1.")
    anthropic.reply_text("Respuesta 2.")
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        stub.push(stub.text("¿Saldo del 412? (pregunta 1)", chat_id=ADMIN))
        stub.push(stub.text("¿Y del 007? (pregunta 2)", chat_id=ADMIN))
        texts = await stub.wait_texts(ADMIN, 2)
        await settled(stub, app)
        pairs = [(p.q, p.a) for p in app.bot_data.memory.pairs((ADMIN, ADMIN))]
    assert texts == ["Respuesta 1.", "Respuesta 2."]
    assert questions_seen(anthropic.requests[1]) == [1, 2]
    assert pairs == [("¿Saldo del 412? (pregunta 1)", "Respuesta 1."), ("¿Y del 007? (pregunta 2)", "Respuesta 2.")]


async def test_feed_update_keeps_the_same_order_without_polling(telegram_stub, backend_server) -> None:
    """The path the demo's terminal chat can use: Updates handed to the same Application."""
    from telegram import Update

    from backend.testing.telegram_stub import TOKEN
    from bot.config import BotSettings
    from bot.lifecycle import running
    from bot.main import build_application
    from bot.ordering import feed_update

    stub, anthropic = telegram_stub, backend_server.anthropic
    anthropic.reply_slow(0.8, "Respuesta 1.")
    anthropic.reply_text("Respuesta 2.")
    settings = BotSettings(
        telegram_bot_token=TOKEN, backend_url=backend_server.base_url, backend_secret=backend_server.secret
    )
    app = build_application(settings, base_url=stub.base_url, base_file_url=stub.base_file_url)
    async with running(app):
        first, second = (
            Update.de_json(stub.text(q, chat_id=ADMIN), app.bot)
            for q in ("¿Saldo del 412? (pregunta 1)", "¿Y del 007? (pregunta 2)")
        )
        await asyncio.gather(feed_update(app, first), feed_update(app, second))
        assert stub.texts(ADMIN) == ["Respuesta 1.", "Respuesta 2."]
        assert questions_seen(anthropic.requests[1]) == [1, 2]
        assert len(app.bot_data.memory.pairs((ADMIN, ADMIN))) == 2


async def test_failures_cut_answers_and_trivial_messages_leave_memory_unchanged(telegram_stub, backend_server) -> None:
    stub, anthropic = telegram_stub, backend_server.anthropic
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        memory = app.bot_data.memory
        anthropic.reply_text("Tiene 298 canastillas.")
        await _ask(stub, app, ADMIN, "¿Saldo del 412? (pregunta 1)")
        before = memory.pairs((ADMIN, ADMIN))
        anthropic.reply_error(529)  # and no exact answer to give instead: 503
        failed = await _ask(stub, app, ADMIN, "Cuéntame un chiste")
        assert "Intenta" in failed or "intenta" in failed
        assert memory.pairs((ADMIN, ADMIN)) == before
        anthropic.reply_text("Los saldos son", stop_reason="max_tokens")
        await _ask(stub, app, ADMIN, "Dame todos los saldos (pregunta 3)")
        assert memory.pairs((ADMIN, ADMIN)) == before
        calls = len(anthropic.requests)
        assert await _ask(stub, app, ADMIN, "gracias") and len(anthropic.requests) == calls
        assert await _ask(stub, app, ADMIN, "👍") == "👍"
        assert memory.pairs((ADMIN, ADMIN)) == before
        await _ask(stub, app, ADMIN, "¿Y el 77? (pregunta 4)")
    assert questions_seen(anthropic.requests[-1]) == [1, 4]


async def test_long_answers_with_emoji_and_names_with_symbols(telegram_stub, backend_server) -> None:
    stub, anthropic = telegram_stub, backend_server.anthropic
    names = "[77] MINIMERCADO EL_SOL *24H*\n[1050] SUPERMERCADO LA <ECONOMÍA>\n[007] CARNES D'LUCA & HERMANOS"
    lines = [f"🚚 Línea {n:03d}: [412] DISTRIBUIDORA PUERTO CLARO — 298 canastillas ✅" for n in range(250)]
    long_answer = "\n".join(lines)
    anthropic.reply_text(names)
    anthropic.reply_text(long_answer)
    async with run_bot(stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        assert await _ask(stub, app, ADMIN, "¿Qué clientes tienen símbolos en el nombre?") == names
        stub.push(stub.text("Dame el detalle largo", chat_id=ADMIN))
        await stub.wait_for(lambda: "\n".join(stub.texts(ADMIN)[1:]) == long_answer, "the long answer")
        parts = stub.sent(ADMIN)[1:]
    assert utf16_len(long_answer) > 3 * LIMIT and len(long_answer) > 2 * LIMIT
    assert len(parts) >= 4 and all(utf16_len(p["text"]) <= LIMIT for p in parts)
    assert all(p.get("parse_mode") is None for p in stub.sent(ADMIN))
