"""Morning digest in the real bot Application (Telegram stand-in over HTTP, real backend and PostgreSQL):
scheduling in the company's timezone, claim-before-send across a restart, a blocked admin, /alertas,
/resumen (also in the terminal chat), and nothing entering the working memory."""

from __future__ import annotations

import datetime as dt
import logging
from zoneinfo import ZoneInfo

import asyncpg
import pytest

from backend.cli.admin import add_admin, company_id
from backend.contract import DigestCompany
from backend.testing.bot_runner import run_bot
from bot.backend_client import MSG_NOT_AUTHORIZED
from bot.digest import JOB_NAME, catch_up_due, digest_time, parse_choice

UTC = dt.UTC
FORBIDDEN = "Forbidden: bot was blocked by the user"


async def _sql(dsn: str, query: str, *args: object) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(dsn)
    try:
        return await conn.fetch(query, *args)
    finally:
        await conn.close()


async def _add_admins(dsn: str, *user_ids: int) -> None:
    conn = await asyncpg.connect(dsn)
    try:
        cid = await company_id(conn, "frigorifico-andino")
        for uid in user_ids:
            await add_admin(conn, cid, uid, f"Admin {uid}")
    finally:
        await conn.close()


def _job(app):
    [job] = app.job_queue.get_jobs_by_name(JOB_NAME)
    return job


async def _run_digest(app) -> None:
    await _job(app).run(app)


def test_digest_time_is_timezone_aware() -> None:
    at = digest_time(DigestCompany(slug="x", name="X", timezone="America/Bogota", digest_time="07:00"))
    assert at.tzinfo == ZoneInfo("America/Bogota")
    bogota_7 = dt.datetime(2026, 12, 1, 12, 30, tzinfo=UTC)  # 07:30 in Bogotá
    assert catch_up_due(bogota_7, at, dt.timedelta(hours=2))
    assert not catch_up_due(bogota_7, at, dt.timedelta(minutes=20))
    assert not catch_up_due(dt.datetime(2026, 12, 1, 11, 59, tzinfo=UTC), at, dt.timedelta(hours=2))


@pytest.mark.parametrize(
    "text, choice",
    [
        ("todos", "daily"),
        ("todos los días", "daily"),
        ("sí", "daily"),
        ("diario", "daily"),
        ("algo", "if_any"),
        ("solo si hay algo", "if_any"),
        ("Sólo si hay algo pendiente", "if_any"),
        ("no", "off"),
        ("nunca", "off"),
        ("quizás", None),
        ("", None),
    ],
)
def test_alert_choices(text: str, choice: str | None) -> None:
    assert parse_choice(text) == choice


async def test_scheduled_at_the_company_time_in_its_timezone(backend_server, telegram_stub) -> None:
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        job = _job(app)
        assert job.next_t.astimezone(UTC).time() == dt.time(12, 0)  # 07:00 in Bogotá (UTC-5)
        assert job.next_t.astimezone(ZoneInfo("America/Bogota")).time() == dt.time(7, 0)
        naive = app.job_queue.run_daily(lambda ctx: None, time=dt.time(7, 0), name="naive")
        assert naive.next_t.astimezone(UTC).time() == dt.time(7, 0)  # why the time must carry its zone
        naive.schedule_removal()
        menu = telegram_stub.calls_of("setMyCommands")[0].params["commands"]
        assert {"grafica", "resumen", "alertas"} <= {c["command"] for c in menu}

    # each company its own time and zone
    await _sql(
        backend_server.dsn,
        "UPDATE companies SET digest_time = '06:30', timezone = 'America/Mexico_City' WHERE slug = 'lacteos-del-valle'",
    )
    async with run_bot(
        telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secrets["lacteos-del-valle"]
    ) as app:
        assert _job(app).next_t.astimezone(UTC).time() == dt.time(12, 30)  # 06:30 in Mexico City (UTC-6)


async def test_restart_never_sends_twice_and_a_lost_claim_is_logged(backend_server, telegram_stub, caplog) -> None:
    admin = backend_server.admin_user_id
    await _add_admins(backend_server.dsn, 1002)
    bot = dict(backend_url=backend_server.base_url, backend_secret=backend_server.secret)
    async with run_bot(telegram_stub, **bot) as app:
        # 1002's claim exists but was never confirmed: as if the bot died between claim and send
        await app.bot_data.backend.claim_digest(1002, "2026-12-01")
        with caplog.at_level(logging.INFO, logger="bot.digest"):
            await _run_digest(app)
        [text] = telegram_stub.texts(admin)
        assert text.startswith("☀️ Buenos días. Resumen del martes 1 de diciembre de 2026")
        assert "KLM482 · tecnomecánica · vence el 4 de diciembre (en 3 días)" in text
        assert telegram_stub.texts(1002) == []
        assert "never confirmed sent" in caplog.text and "1002" in caplog.text
        assert app.bot_data.memory.history((admin, admin)) == []  # a digest is not a question
    async with run_bot(telegram_stub, **bot) as app:  # restarted: runs again the same day
        await _run_digest(app)
        await _run_digest(app)
    assert len(telegram_stub.texts(admin)) == 1 and telegram_stub.texts(1002) == []
    rows = await _sql(
        backend_server.dsn,
        "SELECT a.telegram_user_id, l.outcome FROM digest_log l JOIN admins a ON a.id = l.admin_id ORDER BY 1",
    )
    assert [tuple(r) for r in rows] == [(admin, "sent"), (1002, "claimed")]


async def test_blocked_admin_is_skipped_until_start(backend_server, telegram_stub) -> None:
    admin = backend_server.admin_user_id
    await _add_admins(backend_server.dsn, 1002, 1003)
    telegram_stub.fail_next("sendMessage", 403, FORBIDDEN, when=lambda p: p.get("chat_id") == 1002)
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        await _run_digest(app)
        assert len(telegram_stub.texts(admin)) == 1 and len(telegram_stub.texts(1003)) == 1  # the others got it
        listed = {a.user_id: a for a in (await app.bot_data.backend.bot_admins()).admins}
        assert listed[1002].blocked and not listed[admin].blocked

        await _sql(backend_server.dsn, "DELETE FROM digest_log")  # as if it were the next day
        attempts = len(telegram_stub.calls_of("sendMessage"))
        await _run_digest(app)
        to_1002 = [c for c in telegram_stub.calls_of("sendMessage")[attempts:] if c.params["chat_id"] == 1002]
        assert to_1002 == [] and len(telegram_stub.texts(1003)) == 2

        telegram_stub.push(telegram_stub.command("/start", chat_id=1002))
        await telegram_stub.wait_texts(1002, 1)
        listed = {a.user_id: a for a in (await app.bot_data.backend.bot_admins()).admins}
        assert not listed[1002].blocked
        await _sql(backend_server.dsn, "DELETE FROM digest_log")
        await _run_digest(app)
        assert len(telegram_stub.texts(1002)) == 2  # welcome, then the digest again
    rows = await _sql(backend_server.dsn, "SELECT count(*) FROM digest_log WHERE outcome = 'sent'")
    assert rows[0][0] == 3


async def test_alertas_and_resumen(backend_server, telegram_stub) -> None:
    admin = backend_server.admin_user_id
    async with run_bot(telegram_stub, backend_url=backend_server.base_url, backend_secret=backend_server.secret) as app:
        for n, command in enumerate(["/alertas", "/alertas algo", "/alertas quizás", "/resumen"], 1):
            telegram_stub.push(telegram_stub.command(command, chat_id=admin))
            await telegram_stub.wait_texts(admin, n)
        shown, changed, unknown, digest = telegram_stub.texts(admin)
        assert shown.startswith("🔔 Resumen de la mañana: todos los días a las 07:00 (hora de America/Bogota).")
        assert "/alertas algo — solo si hay algo pendiente" in shown
        assert changed == (
            "Listo. Resumen de la mañana: solo los días que haya algo pendiente a las 07:00 (hora de America/Bogota)."
        )
        assert unknown.startswith("No entendí «quizás».")
        assert digest.startswith("☀️ Buenos días.") and "/vencimientos 7" in digest
        assert app.bot_data.memory.history((admin, admin)) == []

        # if_any with something due: still sent; off: not sent
        await _run_digest(app)
        assert len(telegram_stub.texts(admin)) == 5
        telegram_stub.push(telegram_stub.command("/alertas no", chat_id=admin))
        [*_, off] = await telegram_stub.wait_texts(admin, 6)
        assert off == "Listo. Resumen de la mañana: desactivado (no te lo envío)."
        await _sql(backend_server.dsn, "DELETE FROM digest_log")
        await _run_digest(app)
        assert len(telegram_stub.texts(admin)) == 6
        assert (await _sql(backend_server.dsn, "SELECT alerts FROM admins WHERE telegram_user_id = $1", admin))[0][
            0
        ] == "off"

        telegram_stub.push(telegram_stub.command("/resumen", chat_id=4242))  # not an admin
        [refusal] = await telegram_stub.wait_texts(4242, 1)
        assert refusal == MSG_NOT_AUTHORIZED and "4242" not in refusal and "Buenos días" not in refusal


async def test_resumen_in_the_terminal_chat(backend_server, tmp_path) -> None:
    from bot.config import BotSettings
    from bot.lifecycle import running
    from bot.main import build_application
    from bot.terminal_api import TerminalBotAPI
    from bot.terminal_chat import TerminalChat

    said: list[str] = []
    api = TerminalBotAPI(said.append, documents_dir=tmp_path)
    settings = BotSettings(
        telegram_bot_token="123456:DEMO",
        backend_url=backend_server.base_url,
        backend_secret=backend_server.secret,
        digest_enabled=False,
    )
    app = build_application(settings, request=api)
    async with running(app):
        assert app.job_queue.get_jobs_by_name(JOB_NAME) == ()
        chat = TerminalChat(app, api, user_id=backend_server.admin_user_id, first_name="Ana", out=said.append)
        await chat.send_line("/resumen")
        await chat.send_line("muéstrame la gráfica del 310")
        await chat.send_line("/alertas no")
    assert said[0].startswith("☀️ Buenos días. Resumen del martes 1 de diciembre de 2026")
    assert said[1].startswith("🖼️ Imagen guardada en ")
    assert said[1].endswith("— [310] COMERCIAL BAHÍA SOLANA — saldo diario, últimos 90 días")
    assert said[2] == "Listo. Resumen de la mañana: desactivado (no te lo envío)."
    saved = tmp_path / "grafica-frigorifico-andino-310.png"
    assert saved.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_who_gets_the_digest() -> None:
    from backend.contract import AdminEntry, DigestResponse
    from bot.digest import wants

    busy = DigestResponse(date=dt.date(2026, 12, 1), has_items=True, text="…")
    quiet = DigestResponse(date=dt.date(2026, 12, 1), has_items=False, text="✅ …")
    table = {
        ("daily", False): (True, True),
        ("if_any", False): (True, False),
        ("off", False): (False, False),
        ("daily", True): (False, False),
    }
    for (alerts, blocked), expected in table.items():
        admin = AdminEntry(user_id=1, alerts=alerts, blocked=blocked)
        assert (wants(admin, busy), wants(admin, quiet)) == expected


async def test_catch_up_after_a_restart_sends_once(backend_server, telegram_stub) -> None:
    from bot.digest import schedule_digest

    admin = backend_server.admin_user_id
    after_seven = dt.datetime(2026, 12, 1, 12, 40, tzinfo=UTC)  # 07:40 in Bogotá
    bot = dict(backend_url=backend_server.base_url, backend_secret=backend_server.secret, digest_catch_up_min=120)
    for _restart in range(2):
        async with run_bot(telegram_stub, **bot) as app:
            await schedule_digest(app, now=after_seven)  # what post_init does, at a known time
            await telegram_stub.wait_texts(admin, 1)
            await schedule_digest(app, now=dt.datetime(2026, 12, 1, 15, 0, tzinfo=UTC))  # 10:00: too late
            assert len(app.job_queue.get_jobs_by_name(JOB_NAME)) == 1
            await _run_digest(app)
    assert len(telegram_stub.texts(admin)) == 1
