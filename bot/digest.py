"""The morning digest in the bot: /resumen, /alertas, the daily job, and the blocked-admin flag.

Scheduling: `schedule_digest(application)` (from post_init) reads the company's timezone and digest time
from the backend (GET /v1/bot/admins) and registers one `JobQueue.run_daily` job at that local time
(timezone-aware `datetime.time`: a naive one would be read as UTC). If the bot starts within
`digest_catch_up_min` after today's digest time, it also runs once now; claims make that safe. Backend down at
startup: retried every `SETUP_RETRY_S`.

Sending (`send_digests`): the digest is read once, then for each admin who wants it (alerts
daily, or if_any when something is due) and has not blocked the bot: claim (admin, date) on the
backend, send, record the outcome. A claim that already exists is never sent again; a claim never
confirmed (crash between claim and send) is logged as lost. Telegram `Forbidden` → the admin is
marked blocked and skipped until they write /start. Sends are paced at `SEND_INTERVAL_S`.
A digest is not a question: nothing goes to the working memory.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, time, timedelta
from typing import Any, Literal
from zoneinfo import ZoneInfo

from telegram import Update
from telegram.error import Forbidden, TelegramError
from telegram.ext import Application

from backend.contract import AdminEntry, AlertChoice, DigestCompany, DigestResponse
from backend.core.text import clean_text, echoed, fold
from bot.app_data import BotContext, BotData
from bot.backend_client import BackendError, NotFound
from bot.replies import send_text, target

log = logging.getLogger(__name__)

Outcome = Literal["sent", "blocked", "failed"]
JOB_NAME = "digest"
SETUP_RETRY_S = 60.0
SEND_INTERVAL_S = 0.05  # at most 20 digests a second: under Telegram's ~30 messages/s per bot

CHOICES_ES = {
    "daily": "todos los días",
    "if_any": "solo los días que haya algo pendiente",
    "off": "desactivado (no te lo envío)",  # «Resumen de la mañana: no enviarte el resumen» read oddly
}
ALERTS_USAGE = (
    "Cámbialo con:\n"
    "/alertas todos — todos los días\n"
    "/alertas algo — solo si hay algo pendiente\n"
    "/alertas no — no enviarme el resumen\n"
    "/resumen muestra el resumen ahora."
)


def digest_time(company: DigestCompany) -> time:
    """The company's digest time as a timezone-aware `time` (its IANA zone)."""
    hours, minutes = (int(part) for part in company.digest_time.split(":")[:2])
    return time(hours, minutes, tzinfo=ZoneInfo(company.timezone))


def catch_up_due(now: datetime, at: time, window: timedelta) -> bool:
    """True when `now` (aware) is within `window` after today's `at` in `at`'s timezone."""
    local = now.astimezone(at.tzinfo)
    scheduled = datetime.combine(local.date(), at.replace(tzinfo=None), tzinfo=at.tzinfo)
    return scheduled <= local < scheduled + window


def parse_choice(text: str) -> AlertChoice | None:
    """/alertas argument -> "daily" | "if_any" | "off", or None when not understood."""
    words = fold(text).split()
    if not words:
        return None
    if {"algo", "pendiente", "pendientes"} & set(words):
        return "if_any"
    if words[0] in {"no", "nunca", "ninguno", "ninguna", "apagar", "apagado", "desactivar", "off"}:
        return "off"
    if {"todos", "todo", "diario", "diaria", "siempre", "si", "activar", "on"} & set(words):
        return "daily"
    return None


async def on_resumen(update: Update, context: BotContext) -> None:
    """/resumen: the digest now (not stored in the working memory)."""
    if (to := target(update)) is None:
        return
    try:
        digest = await context.bot_data.backend.digest(to.user_id)
    except BackendError as exc:
        await to.say(context.bot, exc.message)
        return
    await to.say(context.bot, digest.text)


async def _when(context: BotContext) -> str:
    """« a las 07:00 (hora de America/Bogota)», from the schedule or read once; "" if unknown."""
    data = context.bot_data
    company = data.digest_company
    if company is None:
        try:
            company = data.digest_company = (await data.backend.bot_admins()).company
        except BackendError:
            return ""
    return f" a las {company.digest_time} (hora de {company.timezone})"


async def on_alertas(update: Update, context: BotContext) -> None:
    """/alertas [todos|algo|no]: show or change the admin's digest choice (stored by the backend)."""
    if (to := target(update)) is None:
        return
    arg = clean_text(" ".join(context.args or []), single_line=True)  # echoed below: no control characters
    choice = parse_choice(arg) if arg else None
    if arg and choice is None:
        await to.say(context.bot, f"No entendí «{echoed(arg, 40)}». " + ALERTS_USAGE)
        return
    try:
        current = (await context.bot_data.backend.alerts(to.user_id, choice)).alerts
    except BackendError as exc:
        await to.say(context.bot, exc.message)
        return
    when = await _when(context) if current != "off" else ""
    if choice is None:
        await to.say(context.bot, f"🔔 Resumen de la mañana: {CHOICES_ES[current]}{when}.\n" + ALERTS_USAGE)
    else:
        await to.say(context.bot, f"Listo. Resumen de la mañana: {CHOICES_ES[current]}{when}.")


async def on_start_unblock(update: Update, context: BotContext) -> None:
    """/start (runs before the welcome): an admin who had blocked the bot gets digests again."""
    user = update.effective_user
    if user is None:
        return
    try:
        await context.bot_data.backend.set_blocked(user.id, False)
    except NotFound:
        pass  # not an admin: the welcome handler tells them their id
    except BackendError as exc:
        log.warning("could not clear the blocked flag of %s: %s", user.id, exc)


def wants(admin: AdminEntry, digest: DigestResponse) -> bool:
    """Whether `admin` gets today's `digest`."""
    if admin.blocked or admin.alerts == "off":
        return False
    return admin.alerts == "daily" or digest.has_items


async def _deliver(context: BotContext, user_id: int, text: str) -> Outcome:
    """Send the digest in the admin's private chat -> "sent" | "blocked" | "failed"."""
    try:
        await send_text(context.bot, user_id, text)
    except Forbidden as exc:
        log.warning("digest: admin %s blocked the bot (%s); skipped until /start", user_id, exc.message)
        return "blocked"
    except TelegramError as exc:
        log.error("digest: sending to admin %s failed: %s", user_id, exc)
        return "failed"
    return "sent"


async def _send_one(context: BotContext, admin: AdminEntry, digest: DigestResponse) -> str:
    backend = context.bot_data.backend
    day = digest.date.isoformat()
    claim = await backend.claim_digest(admin.user_id, day)
    if not claim.claimed:
        if claim.outcome == "claimed":
            log.error(
                "digest %s for admin %s was claimed but never confirmed sent (the sender stopped "
                "between claim and send): lost for that day, not resent",
                day,
                admin.user_id,
            )
        return "already"
    log.info("digest %s claimed for admin %s", day, admin.user_id)
    outcome = await _deliver(context, admin.user_id, digest.text)
    await backend.claim_digest(admin.user_id, day, outcome)
    if outcome == "blocked":
        await backend.set_blocked(admin.user_id, True)
    log.info("digest %s for admin %s: %s", day, admin.user_id, outcome)
    return outcome


async def send_digests(context: BotContext) -> dict[int, str]:
    """JobQueue callback: send today's digest to every admin who wants it; {user_id: outcome}
    ("sent", "blocked", "failed", "already", "skipped", "error")."""
    backend = context.bot_data.backend
    try:
        admins = await backend.bot_admins()
        digest = await backend.bot_digest()
    except BackendError as exc:
        log.error("digest: backend unavailable, no digest sent this run: %s", exc)
        return {}
    outcomes: dict[int, str] = {}
    for admin in admins.admins:
        if not wants(admin, digest):
            outcomes[admin.user_id] = "skipped"
            continue
        try:
            outcomes[admin.user_id] = await _send_one(context, admin, digest)
        except BackendError as exc:
            log.error("digest for admin %s: backend error: %s", admin.user_id, exc)
            outcomes[admin.user_id] = "error"
        await asyncio.sleep(SEND_INTERVAL_S)
    return outcomes


async def _retry_setup(context: BotContext) -> None:
    await schedule_digest(context.application)


async def schedule_digest(
    application: Application[Any, Any, Any, Any, BotData, Any], *, now: datetime | None = None
) -> None:
    """Register the daily digest job at the company's local digest time (see module docstring).
    `application`: the bot's (`bot.app_data.BotApplication`), also as a job's `context.application`."""
    data = application.bot_data
    settings = data.settings
    queue = application.job_queue
    if queue is None or not settings.digest_enabled:
        return
    try:
        company = (await data.backend.bot_admins()).company
    except BackendError as exc:
        log.warning("digest: cannot read the digest time yet (%s); retrying in %.0f s", exc, SETUP_RETRY_S)
        queue.run_once(_retry_setup, SETUP_RETRY_S, name=f"{JOB_NAME}-setup")
        return
    at = digest_time(company)
    for job in queue.get_jobs_by_name(JOB_NAME):
        job.schedule_removal()
    data.digest_company = company
    queue.run_daily(send_digests, time=at, name=JOB_NAME)
    log.info("digest scheduled daily at %s %s", company.digest_time, company.timezone)
    window = timedelta(minutes=settings.digest_catch_up_min)
    if window and catch_up_due(now or datetime.now(ZoneInfo("UTC")), at, window):
        queue.run_once(send_digests, 0, name=f"{JOB_NAME}-catch-up")
