"""`fleetops bot --all`: every company bot in one process, on one event loop, sharing one voice model.

Each company gets the very Application `fleetops bot` builds (`bot.main.build_application`: own token,
backend secret, working memory, per-chat ordering, command menu, every handler), with the host's
`CompanyVoice` instead of its own engine. A `CompanyBot` supervises one of them:

- start: `Application.initialize` (getMe: a revoked token is 401 `InvalidToken`), then one backend call
  with the bot's secret (401 = secret refused), then `post_init` and `start`. A refusal is logged once
  with the company, retried with exponential backoff (FLEETOPS_BOT_RETRY_INITIAL_S … _MAX_S), and never
  touches the other companies.
- serve: long polling with the host's own getUpdates loop (PTB's Updater retries a 409 Conflict by itself
  but cannot tell its owner that a token was revoked: its loop just dies), feeding the Application's
  update queue like the Updater does; or, in webhook mode, `setWebhook` to `<base>/telegram/<company>`
  and updates arrive through `bot.host_webhook`. 401, 409 and network errors while serving are logged
  once per kind, backed off and retried; the first good answer logs the recovery.

SIGHUP re-reads FLEETOPS_BOT_ENV_DIR: new companies start, removed ones stop, changed ones restart; the
others keep running (and keep their working memory). Log lines carry the company: `[frigorifico-andino]`.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import hashlib
import logging
import signal
import sys
from typing import Any

from telegram import Update
from telegram.error import Conflict, InvalidToken, RetryAfter, TelegramError, TimedOut
from telegram.ext import Application

from bot.backend_client import BackendClient, BackendError, NotAuthorized
from bot.host_config import CompanyConfig, HostSettings, load_companies
from bot.main import build_application
from bot.shared_voice import SharedVoice

log = logging.getLogger(__name__)
company_var: contextvars.ContextVar[str] = contextvars.ContextVar("fleetops_company", default="host")

PROBLEMS = {
    "token": "Telegram rechazó el token del bot (401: revocado o mal copiado); revisa TELEGRAM_BOT_TOKEN",
    "conflict": "otro proceso está leyendo las actualizaciones de este bot (409 Conflict); "
                "cada bot debe correr en un solo lugar",
    "backend_secret": "el backend rechazó FLEETOPS_BACKEND_SECRET (401); emite uno con `fleetops bots add`",
    "telegram": "no hay conexión con Telegram",
}


class _Refused(Exception):
    def __init__(self, kind: str, detail: str = "") -> None:
        super().__init__(kind)
        self.kind, self.detail = kind, detail


class Backoff:
    """Exponential delays: initial, 2×, 4×, … capped at `maximum` seconds; `reset()` after a success."""

    def __init__(self, initial: float, maximum: float) -> None:
        self.initial, self.maximum, self._next = initial, maximum, initial

    def next(self) -> float:
        delay, self._next = self._next, min(self._next * 2, self.maximum)
        return delay

    def reset(self) -> None:
        self._next = self.initial


def webhook_secret(config: CompanyConfig) -> str:
    """The bot's X-Telegram-Bot-Api-Secret-Token: FLEETOPS_WEBHOOK_SECRET_TOKEN, else derived from its
    token (64 hex characters, stable across restarts, different per bot)."""
    configured = config.settings.webhook_secret_token
    if configured:
        return configured
    return hashlib.sha256(b"fleetops-webhook\0" + config.settings.telegram_bot_token.encode()).hexdigest()


class CompanyBot:
    """One company's Application and the task that starts and serves it (see module docstring)."""

    def __init__(self, config: CompanyConfig, application: Application, settings: HostSettings) -> None:
        self.config = config
        self.company = config.company
        self.application = application
        self.secret_token = webhook_secret(config)
        self.problem: str | None = None
        self.serving = False  # started: webhook updates are accepted
        self._settings = settings
        self._initialized = self._started = False
        self._offset: int | None = None
        self._task: asyncio.Task[None] | None = None

    # -- logging once ---------------------------------------------------------------------------
    def _report(self, kind: str, detail: str = "") -> None:
        if kind != self.problem:
            log.error("empresa %s: %s%s; reintento con espera creciente", self.company, PROBLEMS[kind],
                      f" ({detail})" if detail else "")
            self.problem = kind

    def _recovered(self) -> None:
        if self.problem is not None:
            log.info("empresa %s: recuperado (%s resuelto)", self.company, self.problem)
            self.problem = None

    # -- lifecycle ------------------------------------------------------------------------------
    def start(self) -> None:
        context = contextvars.copy_context()
        context.run(company_var.set, self.company)  # every task the Application spawns inherits it
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"bot-{self.company}",
                                                            context=context)

    async def stop(self) -> None:
        """Stop serving (acknowledging fetched updates), then the Application's own shutdown hooks."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self.serving = False
        app = self.application
        if self._offset is not None:
            with contextlib.suppress(TelegramError):  # so a restart does not fetch them again
                await app.bot.get_updates(offset=self._offset, timeout=0, limit=1)
        if self._started:
            await app.stop()
            if app.post_stop:
                await app.post_stop(app)
        if self._initialized:
            await app.shutdown()
            if app.post_shutdown:
                await app.post_shutdown(app)
        else:
            await app.bot.shutdown()  # initialize may have opened the HTTP clients before getMe failed
        self._initialized = self._started = False

    async def _run(self) -> None:
        backoff = Backoff(self._settings.retry_initial_s, self._settings.retry_max_s)
        while True:
            try:
                await self._start()
                break
            except _Refused as exc:
                self._report(exc.kind, exc.detail)
            await asyncio.sleep(backoff.next())
        self._recovered()
        if self._settings.webhook_base_url:
            await self._set_webhook()
            await asyncio.Event().wait()  # updates come through bot.host_webhook until stop()
        else:
            await self._poll()

    async def _start(self) -> None:
        app = self.application
        try:
            await app.initialize()
        except InvalidToken:
            await app.bot.shutdown()
            raise _Refused("token") from None  # never str(exc): PTB puts the token in it
        except TelegramError as exc:
            await app.bot.shutdown()
            raise _Refused("telegram", type(exc).__name__) from None
        self._initialized = True
        await self._check_backend_secret()
        if app.post_init:
            await app.post_init(app)
        await app.start()
        self._started = self.serving = True
        log.info("empresa %s: bot @%s en marcha", self.company, app.bot.username)

    async def _check_backend_secret(self) -> None:
        """One authenticated call (GET /v1/me for user 0): 401 = refused; 403 (no such admin) = accepted.
        An unreachable backend does not block the start: users get the usual «no disponible» reply."""
        s = self.config.settings
        client = BackendClient(s.backend_url, s.backend_secret, timeout_s=s.backend_connect_timeout_s * 2,
                               connect_timeout_s=s.backend_connect_timeout_s)
        try:
            await client.me(0)
        except NotAuthorized as exc:
            if exc.status == 401:
                await self.application.shutdown()
                self._initialized = False
                raise _Refused("backend_secret") from None
        except BackendError as exc:
            log.warning("empresa %s: backend no disponible al iniciar (%s); el bot arranca igual", self.company,
                        exc.code)
        finally:
            await client.aclose()

    async def _set_webhook(self) -> None:
        backoff = Backoff(self._settings.retry_initial_s, self._settings.retry_max_s)
        url = f"{self._settings.webhook_base_url.rstrip('/')}/telegram/{self.company}"
        while True:
            try:
                await self.application.bot.set_webhook(url, secret_token=self.secret_token,
                                                       allowed_updates=Update.ALL_TYPES)
                self._recovered()
                return
            except TelegramError as exc:
                self._problem_from(exc)
            await asyncio.sleep(backoff.next())

    def _problem_from(self, exc: TelegramError) -> None:
        kind = "token" if isinstance(exc, InvalidToken) else "conflict" if isinstance(exc, Conflict) else "telegram"
        self._report(kind, "" if kind != "telegram" else type(exc).__name__)

    async def _poll(self) -> None:
        """getUpdates long polling into the Application's update queue (what PTB's Updater does)."""
        bot = self.application.bot
        backoff = Backoff(self._settings.retry_initial_s, self._settings.retry_max_s)
        timeout = self._settings.poll_timeout_s
        webhook_cleared = False
        while True:
            try:
                if not webhook_cleared:  # a webhook left by webhook mode would make getUpdates fail
                    await bot.delete_webhook()
                    webhook_cleared = True
                updates = await bot.get_updates(offset=self._offset, timeout=timeout,
                                                read_timeout=timeout + self.config.settings.telegram_timeout_s,
                                                allowed_updates=Update.ALL_TYPES)
            except RetryAfter as exc:
                await asyncio.sleep(exc.retry_after if isinstance(exc.retry_after, int)
                                    else exc.retry_after.total_seconds())
                continue
            except TimedOut:
                continue
            except TelegramError as exc:
                self._problem_from(exc)
                await asyncio.sleep(backoff.next())
                continue
            backoff.reset()
            self._recovered()
            for update in updates:
                await self.application.update_queue.put(update)
            if updates:
                self._offset = updates[-1].update_id + 1


class BotHost:
    """The running companies. `apply(companies)` starts, stops and restarts bots to match them.

    `base_url` / `base_file_url` (tests, bench) point every bot at another Bot API server.
    """

    def __init__(self, settings: HostSettings, voice: SharedVoice | None, *, base_url: str | None = None,
                 base_file_url: str | None = None, **build: Any) -> None:
        self.settings = settings
        self.voice = voice
        self.bots: dict[str, CompanyBot] = {}
        self._build = {"base_url": base_url, "base_file_url": base_file_url, **build}

    def _new_bot(self, config: CompanyConfig) -> CompanyBot:
        voice = self.voice.for_company(config.company) if self.voice is not None else None
        application = build_application(config.settings, voice=voice, **self._build)
        return CompanyBot(config, application, self.settings)

    async def apply(self, companies: dict[str, CompanyConfig]) -> None:
        gone = [name for name, bot in self.bots.items() if companies.get(name) != bot.config]
        await asyncio.gather(*(self.bots.pop(name).stop() for name in gone))
        for name in gone:
            log.info("empresa %s: detenida", name)
        for name, config in companies.items():
            if name not in self.bots:
                self.bots[name] = bot = self._new_bot(config)
                bot.start()

    async def reload(self) -> dict[str, str]:
        """Re-read the env directory and apply it; returns the unusable files ({name: reason})."""
        companies, problems = load_companies(self.settings.env_dir)
        for name, reason in problems.items():
            log.error("%s: %s; esa empresa no se atiende", name, reason)
        await self.apply(companies)
        return problems

    async def stop(self) -> None:
        await self.apply({})

    def serving(self, company: str) -> CompanyBot | None:
        """The bot of `company` if it is started (for the webhook listener)."""
        bot = self.bots.get(company)
        return bot if bot is not None and bot.serving else None


def install_company_logging() -> None:
    """Every log record gets `company` (from `company_var`), shown as `[company]` by the root handlers."""
    previous = logging.getLogRecordFactory()
    if getattr(previous, "fleetops_company", False):
        return

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        record.company = company_var.get()
        return record

    factory.fleetops_company = True  # type: ignore[attr-defined]
    logging.setLogRecordFactory(factory)
    for handler in logging.getLogger().handlers:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s [%(company)s] %(name)s: %(message)s"))


async def serve(settings: HostSettings, host: BotHost) -> None:
    """Run `host` until SIGTERM/SIGINT; SIGHUP reloads the companies. Serves the webhook listener in
    webhook mode. Stops every bot before returning."""
    loop = asyncio.get_running_loop()
    stop, reload = asyncio.Event(), asyncio.Event()
    for sig, event in ((signal.SIGTERM, stop), (signal.SIGINT, stop), (signal.SIGHUP, reload)):
        loop.add_signal_handler(sig, event.set)
    listener = None
    if settings.webhook_base_url:
        from bot.host_webhook import WebhookListener

        listener = WebhookListener(host, settings.webhook_listen, settings.webhook_port)
        await listener.start()
    try:
        await host.reload()
        while not stop.is_set():
            waiters = [asyncio.ensure_future(stop.wait()), asyncio.ensure_future(reload.wait())]
            await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
            for waiter in waiters:
                waiter.cancel()
            if reload.is_set() and not stop.is_set():
                reload.clear()
                log.info("SIGHUP: releyendo %s", settings.env_dir)
                await host.reload()
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            loop.remove_signal_handler(sig)
        await host.stop()
        if listener is not None:
            await listener.stop()


async def _main(settings: HostSettings) -> None:
    from bot.voice.config import VoiceSettings

    voice = await SharedVoice.start(VoiceSettings())
    try:
        await serve(settings, BotHost(settings, voice))
    finally:
        if voice is not None:
            voice.close()


def cmd_host(args: object) -> int:
    """`fleetops bot --all`: exit 2 when the env directory holds no usable company."""
    settings = HostSettings()
    companies, problems = load_companies(settings.env_dir)
    for name, reason in problems.items():
        print(f"{settings.env_dir / name}: {reason}", file=sys.stderr)
    if not companies:
        print(f"No hay empresas que atender: ningún bot-<empresa>.env utilizable en {settings.env_dir} "
              "(FLEETOPS_BOT_ENV_DIR).", file=sys.stderr)
        return 2
    logging.getLogger("httpx").setLevel(logging.WARNING)  # httpx logs every URL, token included
    install_company_logging()
    asyncio.run(_main(settings))
    return 0
