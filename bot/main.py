"""`fleetops bot`: builds the python-telegram-bot Application (one wiring block) and runs it.

`build_application(settings, ...)` is also what the demo's terminal chat and the tests use: point the
Bot at any Bot API server with `base_url`/`base_file_url` (or give a `request` object), then either
run it (`run_polling` / `run_webhook`) or use `bot.lifecycle.running(application)` and
`bot.ordering.feed_update`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import sys
import time
from collections.abc import Callable
from typing import Any, TypedDict
from urllib.parse import urlsplit

import httpx
from telegram import Message, Update
from telegram.error import TelegramError
from telegram.ext import (
    AIORateLimiter,
    ApplicationBuilder,
    CommandHandler,
    ContextTypes,
    JobQueue,
    MessageHandler,
    TypeHandler,
    filters,
)
from telegram.request import BaseRequest, HTTPXRequest

from backend.core.values import is_placeholder
from bot import anonymous, charts, commands, conversation, delivery_notes, digest, voice_handler
from bot.app_data import BotApplication, BotContext, BotData, Transcriber
from bot.backend_client import MSG_GENERIC, BackendClient
from bot.config import BotSettings
from bot.memory import WorkingMemory
from bot.ordering import ChatOrderedProcessor
from bot.replies import delivered, topic_of
from bot.tls import shared_ssl_context
from bot.updates import TolerantUpdatesRequest

log = logging.getLogger(__name__)

SWEEP_INTERVAL_S = 60.0
OWN_VOICE: Any = object()  # build_application's default: the bot loads its own voice engine
RETRIES_AFTER_FLOOD = 1  # a RetryAfter is waited out (the time Telegram asks for), then the call is repeated once


def register_handlers(application: BotApplication) -> None:
    """The one wiring block: every handler of the bot, in priority order."""
    new = filters.UpdateType.MESSAGE  # channel posts are ignored; an edited message gets a note (on_edited)
    application.add_handlers(
        [
            MessageHandler(filters.StatusUpdate.MIGRATE, conversation.on_migrate),
            CommandHandler("start", commands.on_start, filters=new),
            CommandHandler(["ayuda", "help"], commands.on_help, filters=new),
            CommandHandler("olvidar", commands.on_forget, filters=new),
            CommandHandler("memoria", commands.on_memory, filters=new),
            CommandHandler("saldo", commands.on_balance, filters=new),
            CommandHandler("vencimientos", commands.on_expiries, filters=new),
            CommandHandler("estado", commands.on_status, filters=new),
            CommandHandler("remision", delivery_notes.on_remision, filters=new),
            CommandHandler("grafica", charts.on_grafica, filters=new),
            CommandHandler("resumen", digest.on_resumen, filters=new),
            CommandHandler("alertas", digest.on_alertas, filters=new),
            MessageHandler(new & (filters.VOICE | filters.AUDIO), voice_handler.on_voice),
            MessageHandler(new & filters.TEXT & ~filters.COMMAND, conversation.on_text),
            MessageHandler(new & filters.ChatType.PRIVATE & filters.COMMAND, commands.on_unknown_command),
            MessageHandler(new & ~filters.COMMAND, conversation.on_unsupported),
            MessageHandler(
                filters.UpdateType.EDITED_MESSAGE & filters.ChatType.PRIVATE & (filters.TEXT | filters.CAPTION),
                conversation.on_edited,
            ),
        ]
    )
    # before the welcome: an admin who had blocked the bot gets the morning digest again
    application.add_handler(CommandHandler("start", digest.on_start_unblock, filters=new), group=-1)
    # before everything: an anonymous group admin or a channel names nobody (bot.anonymous)
    application.add_handler(TypeHandler(Update, anonymous.refuse_shared_sender), group=-2)
    application.add_error_handler(on_error)


async def on_error(update: object, context: BotContext) -> None:
    """The one error handler: log with traceback, tell the user briefly (never the details)."""
    log.error("unhandled error while processing an update", exc_info=context.error)
    if isinstance(update, Update) and update.effective_chat and update.effective_message:
        bot = context.bot

        async def send(chat: int, thread: int | None) -> Message:
            return await bot.send_message(chat, MSG_GENERIC, message_thread_id=thread)

        with contextlib.suppress(TelegramError):
            await delivered(send, update.effective_chat.id, topic_of(update))


async def sweep_memory(context: BotContext) -> None:
    """JobQueue job: free chats whose memory expired."""
    removed = context.bot_data.memory.sweep()
    if removed:
        log.debug("memory sweep freed %d chats", removed)


async def post_init(application: BotApplication) -> None:
    """Publish the command menu, start the memory sweeper, schedule the morning digest (`bot.digest`);
    with `bot_data.preload_voice` (set by `fleetops bot`) load the voice engine now, failing loudly."""
    if application.bot_data.preload_voice:
        await voice_handler.setup_voice(application.bot_data)
    try:
        await application.bot.set_my_commands(commands.COMMANDS)
    except TelegramError as exc:  # the menu is a convenience; answering matters more
        log.warning("set_my_commands failed: %s", exc)
    if application.job_queue is not None:
        application.job_queue.run_repeating(
            sweep_memory, interval=SWEEP_INTERVAL_S, first=SWEEP_INTERVAL_S, name="memory-sweep"
        )
    await digest.schedule_digest(application)


async def post_shutdown(application: BotApplication) -> None:
    """Close the backend client and release the voice engine."""
    await voice_handler.shutdown_voice(application.bot_data)
    await application.bot_data.backend.aclose()


def build_application(
    settings: BotSettings,
    *,
    base_url: str | None = None,
    base_file_url: str | None = None,
    request: BaseRequest | None = None,
    clock: Callable[[], float] | None = None,
    voice: Transcriber | None = OWN_VOICE,
    backend_transport: httpx.AsyncBaseTransport | None = None,
    processor: ChatOrderedProcessor | None = None,
) -> BotApplication:
    """The bot's Application, not started: typed application data (`bot.app_data.BotData`), PTB's
    `AIORateLimiter` (Telegram's global and per-group limits; a `RetryAfter` is waited out, then the
    call repeated once), the per-chat ordered update processor, every handler.

    Args:
        settings: token, backend, memory and timeout settings.
        base_url / base_file_url: Bot API server (e.g. "http://127.0.0.1:8081/bot"; the token is appended);
            default from `settings.telegram_api_url` when set, else api.telegram.org.
        request: a `telegram.request.BaseRequest` used for every Bot API call instead of HTTP.
        clock: monotonic seconds for the working memory (tests move it); default `time.monotonic`.
        voice: a transcriber shared with other bots (`bot.shared_voice.CompanyVoice`, or None for voice
            off); default OWN_VOICE = this bot loads its own engine (`bot.voice_handler.setup_voice`).
        backend_transport: an httpx transport for every backend call instead of the network (tests:
            `httpx.MockTransport`).
        processor: the update processor (the bot host passes its fair one); default
            `ChatOrderedProcessor(settings.max_concurrent_updates)`.
    """
    api = settings.telegram_api_url.rstrip("/")
    base_url = base_url or (f"{api}/bot" if api else None)
    base_file_url = base_file_url or (f"{api}/file/bot" if api else None)
    builder = (
        ApplicationBuilder()
        .token(settings.telegram_bot_token)
        .context_types(ContextTypes(bot_data=BotData))
        .job_queue(JobQueue[BotContext]())
        .rate_limiter(AIORateLimiter(max_retries=RETRIES_AFTER_FLOOD))
        .concurrent_updates(processor or ChatOrderedProcessor(settings.max_concurrent_updates))
        .post_init(post_init)
        .post_shutdown(post_shutdown)
    )
    if base_url:
        builder = builder.base_url(base_url)
    if base_file_url:
        builder = builder.base_file_url(base_file_url)
    if request is not None:
        builder = builder.request(request).get_updates_request(request)
    else:
        t, tls = settings.telegram_timeout_s, {"verify": shared_ssl_context()}  # one TLS context (bot.tls)
        default = HTTPXRequest(  # PTB's default pool and these timeouts
            connection_pool_size=256, connect_timeout=5.0, read_timeout=t, write_timeout=t, pool_timeout=t,
            httpx_kwargs=tls,
        )  # fmt: skip
        builder = builder.request(default)
        # PTB's own getUpdates request (one connection, its default timeouts), minus the batch that never
        # gets confirmed when one update of it does not parse (bot.updates)
        builder = builder.get_updates_request(TolerantUpdatesRequest(connection_pool_size=1, httpx_kwargs=tls))
    application = builder.build()
    data = application.bot_data
    data.settings = settings
    data.memory = WorkingMemory(
        settings.memory_pairs, settings.memory_ttl_s, settings.memory_max_chats, clock=clock or time.monotonic
    )
    data.backend = BackendClient(  # no I/O until the first call; closed by post_shutdown
        settings.backend_url,
        settings.backend_secret,
        timeout_s=settings.backend_timeout_s,
        connect_timeout_s=settings.backend_connect_timeout_s,
        transport=backend_transport,
        busy_base_url=settings.backend_busy_url,  # used only once the bot host sets `busy`
    )
    if voice is not OWN_VOICE:
        data.set_voice(voice)
    register_handlers(application)
    return application


def _webhook_path(settings: BotSettings) -> str:
    return (settings.webhook_path or urlsplit(settings.webhook_url).path).strip("/")


_SECRET_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,256}")
WEBHOOK_SECRET_INVALID = (
    "FLEETOPS_WEBHOOK_SECRET_TOKEN no es válido: debe tener de 1 a 256 caracteres, solo letras A-Z a-z, dígitos "
    "0-9, guion bajo (_) y guion (-), y no un valor de ejemplo (changeme, your-secret…); genera uno con: "
    'python3 -c "import secrets; '
    'print(secrets.token_urlsafe(32))". El bot no arranca en modo webhook sin él.\n'
    "FLEETOPS_WEBHOOK_SECRET_TOKEN is invalid: it must be 1-256 characters of A-Z a-z 0-9 _ - (Telegram's rule), "
    "not a documentation placeholder; "
    "the bot does not start in webhook mode without it."
)


class WebhookOptions(TypedDict):
    """The keyword arguments of `Application.run_webhook` / `Updater.start_webhook`."""

    listen: str
    port: int
    url_path: str
    webhook_url: str
    secret_token: str
    allowed_updates: list[str]


def check_webhook_secret(secret: str) -> str:
    """`secret` when it follows Telegram's rule for X-Telegram-Bot-Api-Secret-Token (1-256 characters
    of A-Z a-z 0-9 _ -), else ValueError(WEBHOOK_SECRET_INVALID): without a secret anyone who learns
    the URL could post forged updates (any user id) to the bot; a malformed one setWebhook refuses.
    Used by `fleetops bot` and, per company, by the bot host."""
    if _SECRET_TOKEN.fullmatch(secret) is None or is_placeholder(secret):
        raise ValueError(WEBHOOK_SECRET_INVALID)
    return secret


def webhook_options(settings: BotSettings) -> WebhookOptions:
    """The keyword arguments of `run_webhook` / `Updater.start_webhook` for webhook mode.

    Raises ValueError(WEBHOOK_SECRET_INVALID) unless `webhook_secret_token` is valid (`check_webhook_secret`).
    """
    secret = check_webhook_secret(settings.webhook_secret_token)
    return WebhookOptions(
        listen=settings.webhook_listen,
        port=settings.webhook_port,
        url_path=_webhook_path(settings),
        webhook_url=settings.webhook_url,
        secret_token=secret,
        allowed_updates=Update.ALL_TYPES,
    )


def cmd_bot(args: object) -> int:
    """`fleetops bot`: long polling, or webhook mode when FLEETOPS_WEBHOOK_URL is set (then
    FLEETOPS_WEBHOOK_SECRET_TOKEN is required and checked before anything starts: exit 2 otherwise);
    `--all`: every company of FLEETOPS_BOT_ENV_DIR in one process (`bot.host`)."""
    if getattr(args, "all", False):
        from bot.host import cmd_host

        return cmd_host(args)
    settings = BotSettings()
    missing = [
        name
        for name, value in (
            ("TELEGRAM_BOT_TOKEN", settings.telegram_bot_token),
            ("FLEETOPS_BACKEND_SECRET", settings.backend_secret),
        )
        if not value
    ]
    if missing:
        print(f"Faltan variables de entorno: {', '.join(missing)} (ver .env.example).", file=sys.stderr)
        return 2
    webhook: WebhookOptions | None = None
    if settings.webhook_url:
        try:
            webhook = webhook_options(settings)
        except ValueError as exc:
            print(exc, file=sys.stderr)
            return 2
    logging.getLogger("httpx").setLevel(logging.WARNING)  # httpx logs every URL, token included
    application = build_application(settings)
    application.bot_data.preload_voice = True
    if webhook is not None:
        from bot.webhook import serve_webhook

        try:
            asyncio.run(serve_webhook(application, webhook))
        except (RuntimeError, TelegramError) as exc:  # the port taken, setWebhook refused (bad token, bad URL)
            print(f"El bot no arrancó en modo webhook: {exc}", file=sys.stderr)
            return 1
    else:
        application.run_polling(allowed_updates=Update.ALL_TYPES)
    return 0
