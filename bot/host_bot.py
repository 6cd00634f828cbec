"""One company bot inside the bot host (`bot.host`): `CompanyBot` starts its Application and serves it.

- start: `Application.initialize` (getMe: a revoked token is 401 `InvalidToken`), then one backend call
  with the bot's secret (401 = secret refused), then `post_init` and `start`. A refusal is logged once
  with the company, retried with exponential backoff (FLEETOPS_BOT_RETRY_INITIAL_S … _MAX_S), and never
  touches the other companies.
- serve: long polling with the host's own getUpdates loop (PTB's Updater retries a 409 Conflict by itself
  but cannot tell its owner that a token was revoked: its loop just dies), feeding the Application's
  update queue like the Updater does; or, in webhook mode, `setWebhook` to `<base>/telegram/<company>`
  and updates arrive through `bot.host_webhook`. 401, 409 and network errors while serving are logged
  once per kind, backed off and retried; the first good answer logs the recovery.

Every task the Application spawns runs with `company_var` set to the company (log lines show it).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import hashlib
import logging

from telegram import Update
from telegram.error import Conflict, InvalidToken, RetryAfter, TelegramError, TimedOut

from bot.app_data import BotApplication
from bot.backend_client import BackendClient, BackendError, NotAuthorized
from bot.host_config import CompanyConfig, HostSettings
from bot.host_updates import FairUpdates

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

    def __init__(self, config: CompanyConfig, application: BotApplication, settings: HostSettings) -> None:
        self.config = config
        self.company = config.company
        self.application = application
        self.secret_token = webhook_secret(config)
        self.problem: str | None = None
        self.serving = False  # started: webhook updates are accepted
        self._settings = settings
        self._initialized = self._started = False
        self._offset: int | None = None
        self._fetched = 0  # updates this poll loop put in the queue
        self._task: asyncio.Task[None] | None = None

    # -- logging once ---------------------------------------------------------------------------
    def _report(self, kind: str, detail: str = "") -> None:
        if kind != self.problem:
            log.error(
                "empresa %s: %s%s; reintento con espera creciente",
                self.company,
                PROBLEMS[kind],
                f" ({detail})" if detail else "",
            )
            self.problem = kind

    def _recovered(self) -> None:
        if self.problem is not None:
            log.info("empresa %s: recuperado (%s resuelto)", self.company, self.problem)
            self.problem = None

    # -- lifecycle ------------------------------------------------------------------------------
    def start(self) -> None:
        context = contextvars.copy_context()
        context.run(company_var.set, self.company)  # every task the Application spawns inherits it
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"bot-{self.company}", context=context)

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
        """One call authenticated by the bot secret alone (GET /v1/bot/admins): 401 = refused. An
        unreachable backend does not block the start: users get the usual «no disponible» reply."""
        s = self.config.settings
        client = BackendClient(
            s.backend_url,
            s.backend_secret,
            timeout_s=s.backend_connect_timeout_s * 2,
            connect_timeout_s=s.backend_connect_timeout_s,
        )
        try:
            await client.bot_admins()
        except NotAuthorized as exc:
            if exc.status == 401:
                await self.application.shutdown()
                self._initialized = False
                raise _Refused("backend_secret") from None
        except BackendError as exc:
            log.warning(
                "empresa %s: backend no disponible al iniciar (%s); el bot arranca igual", self.company, exc.code
            )
        finally:
            await client.aclose()

    async def _set_webhook(self) -> None:
        backoff = Backoff(self._settings.retry_initial_s, self._settings.retry_max_s)
        url = f"{self._settings.webhook_base_url.rstrip('/')}/telegram/{self.company}"
        while True:
            try:
                await self.application.bot.set_webhook(
                    url, secret_token=self.secret_token, allowed_updates=Update.ALL_TYPES
                )
                self._recovered()
                return
            except TelegramError as exc:
                self._problem_from(exc)
            await asyncio.sleep(backoff.next())

    async def feed(self, update: Update) -> None:
        """Queue one update for the Application (polled or received by the webhook listener)."""
        processor = self.application.update_processor
        if isinstance(processor, FairUpdates):
            processor.arrive()
        await self.application.update_queue.put(update)

    def _problem_from(self, exc: TelegramError) -> None:
        kind = "token" if isinstance(exc, InvalidToken) else "conflict" if isinstance(exc, Conflict) else "telegram"
        self._report(kind, "" if kind != "telegram" else type(exc).__name__)

    async def _room(self) -> int:
        """How many updates the next getUpdates may ask for, once there is room for at least one: at
        most FLEETOPS_BOT_HOST_FETCH_AHEAD fetched and neither finished nor waiting for their chat's
        turn (a chat's own backlog does not hold back the company's other chats)."""
        ahead = self._settings.fetch_ahead
        processor = self.application.update_processor
        if not isinstance(processor, FairUpdates):
            return ahead
        while (held := self._fetched - processor.finished - processor.behind) >= ahead:
            await processor.wait_progress()
        return ahead - held

    async def _poll(self) -> None:
        """getUpdates long polling into the Application's update queue (what PTB's Updater does), at
        most `fetch_ahead` updates fetched and unfinished at a time."""
        bot = self.application.bot
        backoff = Backoff(self._settings.retry_initial_s, self._settings.retry_max_s)
        timeout = self._settings.poll_timeout_s
        webhook_cleared = False
        while True:
            try:
                if not webhook_cleared:  # a webhook left by webhook mode would make getUpdates fail
                    await bot.delete_webhook()
                    webhook_cleared = True
                limit = await self._room()
                updates = await bot.get_updates(
                    offset=self._offset,
                    limit=limit,
                    timeout=int(timeout),  # whole seconds, as the Bot API takes it
                    read_timeout=timeout + self.config.settings.telegram_timeout_s,
                    allowed_updates=Update.ALL_TYPES,
                )
            except RetryAfter as exc:
                await asyncio.sleep(
                    exc.retry_after if isinstance(exc.retry_after, int) else exc.retry_after.total_seconds()
                )
                continue
            except TimedOut:
                continue
            except TelegramError as exc:
                self._problem_from(exc)
                await asyncio.sleep(backoff.next())
                continue
            backoff.reset()
            self._recovered()
            self._fetched += len(updates)
            for update in updates:
                await self.feed(update)
            if updates:
                self._offset = updates[-1].update_id + 1
